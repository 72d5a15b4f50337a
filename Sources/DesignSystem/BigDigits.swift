import TerminalUI

/// Hero numbers three rows tall, drawn with half blocks ("12,408" reads at a
/// glance across the room). ASCII terminals get a seven-segment font of `_` and
/// `|` in which every digit keeps its own shape.
public struct BigDigits {
    public var text: String
    public var tone: ColorToken

    public init(_ text: String, tone: ColorToken = .textPrimary) {
        self.text = text
        self.tone = tone
    }

    static let glyphs: [Character: [String]] = [
        "0": ["█▀█", "█ █", "▀▀▀"], "1": ["▀█ ", " █ ", "▀▀▀"], "2": ["▀▀█", "█▀▀", "▀▀▀"],
        "3": ["▀▀█", " ▀█", "▀▀▀"], "4": ["█ █", "▀▀█", "  ▀"], "5": ["█▀▀", "▀▀█", "▀▀▀"],
        "6": ["█▀▀", "█▀█", "▀▀▀"], "7": ["▀▀█", "  █", "  ▀"], "8": ["█▀█", "█▀█", "▀▀▀"],
        "9": ["█▀█", "▀▀█", "▀▀▀"], ",": [" ", " ", "▄"], ".": [" ", " ", "▀"], " ": ["  ", "  ", "  "],
        "\u{202F}": [" ", " ", " "], "\u{00A0}": [" ", " ", " "], "%": ["▀ █", " █ ", "█ ▄"],
    ]

    /// The ASCII font (a non-UTF-8 terminal): seven-segment shapes, a different one
    /// for every digit, each exactly as wide as its block twin so layouts hold.
    static let asciiGlyphs: [Character: [String]] = [
        "0": [" _ ", "| |", "|_|"], "1": ["   ", "  |", "  |"], "2": [" _ ", " _|", "|_ "],
        "3": [" _ ", " _|", " _|"], "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _|"],
        "6": [" _ ", "|_ ", "|_|"], "7": [" _ ", "  |", "  |"], "8": [" _ ", "|_|", "|_|"],
        "9": [" _ ", "|_|", " _|"], ",": [" ", " ", ","], ".": [" ", " ", "."], " ": ["  ", "  ", "  "],
        "\u{202F}": [" ", " ", " "], "\u{00A0}": [" ", " ", " "], "%": ["o /", " / ", "/ o"],
    ]

    /// Columns needed, or nil when the text has characters without a big glyph.
    public var width: Int? {
        var w = 0
        for ch in text {
            guard let g = Self.glyphs[ch] else { return nil }
            w += TextWidth.of(g[0]) + 1
        }
        return max(0, w - 1)
    }

    public static let height = 3

    public func render(at point: Point, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let style = ctx.theme.text(tone, .bold)
        var x = point.x
        for ch in text {
            guard let g = Self.glyphs[ch] else { continue }
            let shape = ctx.glyphs.isUnicode ? g : (Self.asciiGlyphs[ch] ?? g)
            for (row, line) in shape.enumerated() {
                buffer.write(line, x: x, y: point.y + row, style: style)
            }
            x += TextWidth.of(g[0]) + 1
        }
    }
}
