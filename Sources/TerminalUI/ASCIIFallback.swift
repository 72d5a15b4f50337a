import Foundation

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

    public static func text(for symbol: String, width: Int) -> String {
        let width = max(1, width)
        if symbol.allSatisfy(\.isASCII) && symbol.count == 1 && width == 1 { return symbol }
        let first = symbol.first ?? " "
        let plain: Character
        if let mapped = table[first] {
            plain = mapped
        } else if let folded = String(first).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).first,
                  folded.isASCII {
            plain = folded
        } else {
            plain = "?"
        }
        return String(plain) + String(repeating: " ", count: width - 1)
    }
}
