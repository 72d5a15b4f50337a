import TerminalUI

/// A card centered in its area that says what a screen cannot show yet or
/// at all (loading, nothing recorded, access denied, a failure): an icon and
/// a title in the message's tone, then paragraphs that wrap — the first as
/// body text, the rest (hints, what to press) as captions.
public struct MessageCard {
    public var icon: String
    public var title: String
    public var lines: [String]
    public var tone: ColorToken

    public init(icon: String, title: String, lines: [String], tone: ColorToken) {
        self.icon = icon
        self.title = title
        self.lines = lines
        self.tone = tone
    }

    public func render(in area: Rect, _ r: RenderContext, _ buffer: inout Buffer) {
        let width = min(60, area.width - 4)
        let wrapped = lines.map { TextWidth.wrap($0, to: width - 4) }
        let height = min(area.height, 4 + wrapped.reduce(0) { $0 + $1.count + 1 })
        let inner = Card(title: nil).render(in: area.centered(width: width, height: height), r, &buffer)
        guard inner.height >= 1 else { return }
        buffer.write(TextWidth.truncate(icon + " " + title, to: inner.width), x: inner.x, y: inner.y, style: r.theme.text(tone, .bold))
        var y = inner.y + 2
        for (i, block) in wrapped.enumerated() {
            for line in block where y < inner.maxY {
                buffer.write(line, x: inner.x, y: y, style: i == 0 ? Typography.body.style(r.theme) : Typography.caption.style(r.theme))
                y += 1
            }
            y += 1
        }
    }
}
