/// Text from outside the program — a file, an export, a path, a typed name —
/// made safe to draw or print: C0 controls (U+0000–U+001F, ESC among them),
/// DEL, C1 controls (U+0080–U+009F) and the bidirectional overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069) each become U+FFFD "�", so no such
/// text can move the cursor, retitle the window or reorder what is shown.
/// `Buffer.write` applies it to every cell; printed output applies it at the
/// edge (messages, summaries) with `keepingLineBreaks` for multi-line text.
public enum TerminalSafeText {
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    @inline(__always)
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        return (v >= 0x202A && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
    }

    /// The text with every unsafe scalar replaced; `keepingLineBreaks` keeps "\n" and "\t".
    public static func clean(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func allowed(_ s: Unicode.Scalar) -> Bool { keepingLineBreaks && (s == "\n" || s == "\t") }
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && !allowed($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(isUnsafe(scalar) && !allowed(scalar) ? replacement : scalar)
        }
        return String(out)
    }
}
