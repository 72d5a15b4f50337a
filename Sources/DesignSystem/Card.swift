import TerminalUI

/// A rounded surface with an optional title in its top border. Focus is shown
/// by the border color (and bold in monochrome).
public struct Card {
    public var title: String?
    public var trailing: String?
    public var focused: Bool
    public var fill: ColorToken

    public init(title: String? = nil, trailing: String? = nil, focused: Bool = false, fill: ColorToken = .surface) {
        self.title = title
        self.trailing = trailing
        self.focused = focused
        self.fill = fill
    }

    /// Draws the card and returns the content area inside the border and padding.
    @discardableResult
    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else {
            buffer.fill(rect, style: ctx.theme.fill(fill))
            return Rect(x: rect.x, y: rect.y, width: 0, height: 0)
        }
        let t = ctx.theme, g = ctx.glyphs
        buffer.fill(rect, style: t.fill(fill))
        let border = focused ? t.text(.focus, .bold) : t.text(.border)
        let inner = rect.width - 2
        buffer.write(g.topLeft, repeating: g.horizontal, count: inner, g.topRight, x: rect.x, y: rect.y, style: border)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.write(g.vertical, x: rect.x, y: y, style: border)
            buffer.write(g.vertical, x: rect.maxX - 1, y: y, style: border)
        }
        buffer.write(g.bottomLeft, repeating: g.horizontal, count: inner, g.bottomRight, x: rect.x, y: rect.maxY - 1, style: border)
        if let title, inner > 4 {
            let label = " " + TextWidth.truncate(title, to: inner - 4) + " "
            buffer.write(label, x: rect.x + 2, y: rect.y, style: focused ? t.text(.focus, .bold) : Typography.label.style(t))
        }
        if let trailing, inner > 8 {
            if Self.trailingFits(title: title, trailing: trailing, width: rect.width) {
                let label = " " + trailing + " "
                buffer.write(label, x: rect.maxX - 2 - TextWidth.of(label), y: rect.y, style: Typography.caption.style(t))
            }
        }
        return rect.inset(top: 1, left: 2, bottom: 1, right: 2)
    }

    /// Writes `text` at the right of the bottom border of a card drawn in `rect` (as the top border
    /// carries `trailing`), when it fits whole with a rule either side; returns whether it did.
    @discardableResult
    public static func writeInBottomBorder(_ text: String, of rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) -> Bool {
        let label = " " + text + " "
        guard rect.height >= 2, TextWidth.of(label) <= rect.width - 6 else { return false }
        buffer.write(label, x: rect.maxX - 2 - TextWidth.of(label), y: rect.maxY - 1, style: Typography.caption.style(ctx.theme))
        return true
    }

    /// True when `trailing` shows in the top border beside `title` on a card `width` wide.
    public static func trailingFits(title: String?, trailing: String, width: Int) -> Bool {
        let inner = width - 2
        let used = title.map { TextWidth.of($0) + 6 } ?? 2
        return inner > 8 && inner - used - 2 >= TextWidth.of(trailing) + 2
    }
}
