/// What the environment says about the terminal: whether its locale writes UTF-8 and how
/// many colours it shows. One reading for the full-screen app, `glance`, `import` and the
/// walkthrough, so they never disagree about the same terminal.
///
/// Searched byte by byte: the standard library's `String.contains(_: String)` first builds
/// a generic searcher whose type metadata the runtime instantiates on the spot, about
/// 0.1 ms of every launch (README "Performance", fourteenth round).
public enum TerminalEnvironment {
    /// A locale name that writes UTF-8 ("C.UTF-8", "en_US.utf8"), in any case.
    public static func isUTF8(localeName: String) -> Bool {
        containsIgnoringASCIICase(localeName, "utf-8") || containsIgnoringASCIICase(localeName, "utf8")
    }

    /// The locale that decides the character set, as `setlocale(LC_CTYPE, "")` picks it:
    /// the first of LC_ALL, LC_CTYPE and LANG that is set and not empty, writes UTF-8.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[key], !value.isEmpty { return isUTF8(localeName: value) }
        }
        return false
    }

    /// The colours the terminal announces: 24-bit where COLORTERM says so ("truecolor",
    /// "24bit"), 256 where TERM names them ("xterm-256color"), else 16. NO_COLOR is the
    /// caller's to apply (some output keeps its attributes without colour).
    public static func colorDepth(_ environment: [String: String]) -> ColorDepth {
        let colorterm = environment["COLORTERM"] ?? ""
        if containsIgnoringASCIICase(colorterm, "truecolor") || containsIgnoringASCIICase(colorterm, "24bit") { return .trueColor }
        return containsIgnoringASCIICase(environment["TERM"] ?? "", "256") ? .palette256 : .ansi16
    }

    /// True when `needle` occurs in `text`, ASCII letters compared without case.
    static func containsIgnoringASCIICase(_ text: String, _ needle: String) -> Bool {
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        let bytes = Array(text.utf8), pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) {
            var i = 0
            while i < pattern.count, lower(bytes[start + i]) == lower(pattern[i]) { i += 1 }
            if i == pattern.count { return true }
        }
        return false
    }
}
