/// Text from a file (a theme's name, a path, a notice) made safe to print: C0
/// controls (U+0000–U+001F), DEL, C1 controls (U+0080–U+009F) and the bidi
/// controls (U+202A–U+202E, U+2066–U+2069) become U+FFFD, so nothing printed
/// can move the cursor, change colours or reorder the line. Glance's output
/// edge; to be unified with the shared text sanitizer.
public enum TerminalSafeText {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `text` with every control replaced (unchanged, and not copied, when it has none).
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars { out.append(isControl(s) ? "\u{FFFD}" : s) }
        return String(out)
    }
}
