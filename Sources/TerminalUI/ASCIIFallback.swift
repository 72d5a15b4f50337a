import FoundationEssentials

/// What a cell shows on a terminal that only speaks ASCII (a non-UTF-8 locale):
/// typographic punctuation becomes its plain twin, accented letters lose the
/// accent, anything else becomes `?` — always exactly as wide as the cell, so
/// the layout computed for Unicode stays intact.
public enum ASCIIFallback {
    private static let table: [Character: Character] = [
        "—": "-", "–": "-", "‒": "-", "−": "-", "‘": "'", "’": "'", "‚": "'", "“": "\"", "”": "\"", "„": "\"",
        "…": ".", "·": "-", "•": "*", "×": "x", "÷": "/", "°": "o", "«": "<", "»": ">", "\u{00A0}": " ", "\u{202F}": " ",
        "←": "<", "→": ">", "↑": "^", "↓": "v", "✓": "v", "✔": "v", "✗": "x", "★": "*", "☆": "*", "▸": ">", "◂": "<",
        "│": "|", "─": "-", "┃": "|", "━": "-", "╭": "+", "╮": "+", "╰": "+", "╯": "+", "┌": "+", "┐": "+", "└": "+", "┘": "+",
        "█": "#", "▓": "#", "▒": ":", "░": ".", "●": "o", "○": "o", "◆": "*", "◇": "*",
    ]

    /// Text as an ASCII terminal shows it, character by character, each as wide as before (a layout
    /// made for Unicode stays intact); `keepingWidths: false` is for running text, where "…" reads "...".
    public static func plain(_ text: String, keepingWidths: Bool = true) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        return text.map { c -> String in
            if c.isASCII { return String(c) }
            if !keepingWidths, c == "…" { return "..." }
            return Self.text(for: String(c), width: max(1, TextWidth.of(String(c))))
        }.joined()
    }

    public static func text(for symbol: String, width: Int) -> String {
        let width = max(1, width)
        if symbol.allSatisfy(\.isASCII) && symbol.count == 1 && width == 1 { return symbol }
        let first = symbol.first ?? " "
        let plain: Character
        if let mapped = table[first] {
            plain = mapped
        } else if let folded = Self.folded(first) {
            plain = folded
        } else {
            plain = "?"
        }
        return String(plain) + String(repeating: " ", count: width - 1)
    }

    /// The ASCII letter or sign under accents and full width: "é" → "e", "Ａ" → "A", "Ø" → "O".
    /// Read from the scalar's Unicode name ("LATIN SMALL LETTER E WITH ACUTE"), which the
    /// standard library carries, so no normalization tables are needed.
    static func folded(_ c: Character) -> Character? {
        guard let scalar = c.unicodeScalars.first else { return nil }
        if (0xFF01...0xFF5E).contains(scalar.value), let narrow = Unicode.Scalar(scalar.value - 0xFEE0) {
            return Character(narrow)
        }
        guard let name = scalar.properties.name else { return nil }
        let parts = name.split(separator: " ")
        guard parts.count >= 4, parts[0] == "LATIN", parts[2] == "LETTER", parts[3].count == 1,
              let letter = parts[3].first, letter.isASCII, letter.isLetter else { return nil }
        return parts[1] == "SMALL" ? Character(letter.lowercased()) : letter
    }
}
