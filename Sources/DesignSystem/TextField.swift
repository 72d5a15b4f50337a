import TerminalUI

/// The editing state of a single-line text field. The cursor counts grapheme
/// clusters, so an emoji or an accented letter is one step.
public struct TextFieldState: Sendable, Equatable {
    public private(set) var characters: [Character]
    public private(set) var cursor: Int
    public var maxLength: Int

    public init(_ text: String = "", maxLength: Int = 200) {
        self.maxLength = maxLength
        self.characters = Array(text.prefix(maxLength))
        self.cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Handles an editing key; returns false for keys a field does not use.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let c): insert(String(c))
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = characters.count
        case .backspace:
            if cursor > 0 { characters.remove(at: cursor - 1); cursor -= 1 }
        case .delete, .ctrl("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .ctrl("u"): characters.removeFirst(cursor); cursor = 0
        case .ctrl("k"): characters.removeLast(characters.count - cursor)
        default: return false
        }
        return true
    }

    /// Inserts text at the cursor. Line breaks and tabs become spaces and other
    /// control characters are dropped, so a pasted paragraph stays one line.
    public mutating func insert(_ text: String) {
        var cleaned: [Character] = []
        for ch in text {
            if ch == "\n" || ch == "\r" || ch == "\r\n" || ch == "\t" { cleaned.append(" "); continue }
            if ch.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) { continue }
            cleaned.append(ch)
        }
        let room = max(0, maxLength - characters.count)
        let accepted = cleaned.prefix(room)
        characters.insert(contentsOf: accepted, at: cursor)
        cursor += accepted.count
    }

    public mutating func setText(_ text: String) {
        characters = []
        cursor = 0
        insert(text)
    }
}

/// Draws a labelled text field: the label, the input line with a cursor when
/// focused, and below it either a calm error message or a hint.
public struct TextFieldView {
    public var label: String
    public var state: TextFieldState
    public var focused: Bool
    public var placeholder: String
    public var message: String?
    public var isError: Bool

    public init(label: String, state: TextFieldState, focused: Bool, placeholder: String = "",
                message: String? = nil, isError: Bool = false) {
        self.label = label
        self.state = state
        self.focused = focused
        self.placeholder = placeholder
        self.message = message
        self.isError = isError
    }

    /// Renders into one line: `label  [input.....]` (messages are drawn by the caller's layout).
    /// Returns the screen position of the cursor when focused.
    @discardableResult
    public func render(in rect: Rect, labelWidth: Int, _ ctx: RenderContext, _ buffer: inout Buffer) -> Point? {
        guard rect.height >= 1, rect.width > 2 else { return nil }
        let t = ctx.theme
        let lw = min(labelWidth, rect.width / 2)
        buffer.write(TextWidth.pad(label, to: lw), x: rect.x, y: rect.y,
                     style: focused ? t.text(.textPrimary, .bold) : Typography.caption.style(t))
        let field = Rect(x: rect.x + lw + 1, y: rect.y, width: rect.width - lw - 1, height: 1)
        guard field.width >= 3 else { return nil }
        let base: Style = focused ? t.fill(.surfaceRaised, text: .textPrimary) : t.fill(.surfaceRaised, text: .textPrimary)
        buffer.fill(field, style: base)
        if focused {
            let edge = t.text(.focus, .bold)
            buffer.write(ctx.glyphs.isUnicode ? "▏" : "[", x: field.x, y: field.y, style: edge)
        } else if isError, message != nil {
            // "!", not the focused field's edge: two fields with errors read as two focused ones (and
            // without colour they could not be told apart).
            buffer.write("!", x: field.x, y: field.y, style: t.text(.danger, .bold))
        }
        let inner = field.inset(left: 1, right: 1)
        if state.characters.isEmpty {
            buffer.write(TextWidth.truncate(placeholder, to: inner.width), x: inner.x, y: inner.y,
                         style: t.text(.textSecondary, t.isMonochrome ? [.dim] : []), clip: inner)
            if focused {
                let first = placeholder.first.map { TextWidth.of($0) == 1 ? String($0) : " " } ?? " "
                drawCursor(at: Point(x: inner.x, y: inner.y), symbol: first, ctx, &buffer)
            }
            return focused ? Point(x: inner.x, y: inner.y) : nil
        }
        // Not being edited: its start, as a list shows a name, with "…" where it is cut (the cursor's
        // scroll showed the end of a long name once focus moved on).
        guard focused else {
            buffer.write(TextWidth.truncate(state.text, to: inner.width, ellipsis: ctx.glyphs.ellipsis), x: inner.x, y: inner.y,
                         style: t.text(.textPrimary), clip: inner)
            return nil
        }
        // Scroll horizontally so the cursor stays visible.
        let widths = state.characters.map(TextWidth.of)
        let cursorColumn = widths.prefix(state.cursor).reduce(0, +)
        let scroll = max(0, cursorColumn - (inner.width - 1))
        var col = 0, x = inner.x
        var cursorPoint = Point(x: inner.x + cursorColumn - scroll, y: inner.y)
        for (i, ch) in state.characters.enumerated() {
            let w = widths[i]
            defer { col += w }
            if col < scroll { continue }
            if x + w > inner.maxX { break }
            if focused && i == state.cursor {
                cursorPoint = Point(x: x, y: inner.y)
                drawCursor(at: cursorPoint, symbol: String(ch), ctx, &buffer)
            } else {
                buffer.write(String(ch), x: x, y: inner.y, style: t.text(.textPrimary), clip: inner)
            }
            x += w
        }
        if focused && state.cursor == state.characters.count, cursorPoint.x < inner.maxX {
            drawCursor(at: cursorPoint, symbol: " ", ctx, &buffer)
        }
        return focused ? cursorPoint : nil
    }

    private func drawCursor(at p: Point, symbol: String, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let style = ctx.theme.isMonochrome ? Style(attributes: [.reverse]) : Style(fg: ctx.theme[.onAccent], bg: ctx.theme[.focus])
        buffer.write(symbol, x: p.x, y: p.y, style: style)
    }
}
