import TerminalUI

/// Hero numbers three rows tall, drawn with half blocks ("12,408" reads at a
/// glance across the room). Falls back to '#' blocks on ASCII terminals.
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
            for (row, line) in g.enumerated() {
                let drawn = ctx.glyphs.isUnicode ? line : String(line.map { $0 == " " ? " " : "#" })
                buffer.write(drawn, x: x, y: point.y + row, style: style)
            }
            x += TextWidth.of(g[0]) + 1
        }
    }
}
