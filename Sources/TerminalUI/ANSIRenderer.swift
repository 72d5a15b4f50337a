/// Turns successive frames into the bytes a terminal needs to show them:
/// cursor moves, SGR colors and attributes, and only the cells that changed
/// since the previous frame (from `Buffer.diff`). The first frame, or one of a
/// new size, clears the screen and draws everything.
public struct ANSIRenderer: Sendable {
    public let depth: ColorDepth
    private var previous: Buffer?
    private var pen: Style?
    private var cursor: Point?

    public init(depth: ColorDepth = .trueColor) {
        self.depth = depth
    }

    static let esc = "\u{1B}["

    /// Bytes that prepare the screen: hide the cursor, reset the pen, clear.
    public static let start = "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"
    /// Bytes that hand the screen back: reset the pen, show the cursor on the last row (the last frame stays as it was).
    public static func finish(rows: Int) -> String { "\u{1B}[0m\u{1B}[\(max(1, rows));1H\u{1B}[?25h" }

    /// The output for `buffer`, given everything drawn before; "" when nothing changed.
    public mutating func frame(_ buffer: Buffer) -> String {
        var out = ""
        if previous?.size != buffer.size {
            out += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
            pen = nil
            cursor = nil
        }
        let changes = previous.map { buffer.diff(from: $0) } ?? buffer.diff(from: Buffer(size: Size(width: 0, height: 0)))
        for (point, cell) in changes where !cell.isContinuation {
            if cursor != point { out += moveCursor(to: point) }
            if pen != cell.style {
                out += Self.sgr(cell.style, depth: depth)
                pen = cell.style
            }
            out += cell.symbol.isEmpty ? " " : cell.symbol
            let advance = max(1, Int(cell.width))
            // Past the last column the terminal's cursor position is not reliable: move explicitly next time.
            cursor = point.x + advance < buffer.size.width ? Point(x: point.x + advance, y: point.y) : nil
        }
        previous = buffer
        return out
    }

    private func moveCursor(to p: Point) -> String {
        if let c = cursor, c.y == p.y, p.x > c.x {
            let n = p.x - c.x
            return n == 1 ? "\(Self.esc)C" : "\(Self.esc)\(n)C"
        }
        return "\(Self.esc)\(p.y + 1);\(p.x + 1)H"
    }

    /// One SGR sequence that sets exactly this style (from a reset).
    public static func sgr(_ style: Style, depth: ColorDepth) -> String {
        var codes = ["0"]
        let a = style.attributes
        if a.contains(.bold) { codes.append("1") }
        if a.contains(.dim) { codes.append("2") }
        if a.contains(.italic) { codes.append("3") }
        if a.contains(.underline) { codes.append("4") }
        if a.contains(.reverse) { codes.append("7") }
        if let fg = style.fg, let c = colorCode(fg, foreground: true, depth: depth) { codes.append(c) }
        if let bg = style.bg, let c = colorCode(bg, foreground: false, depth: depth) { codes.append(c) }
        return esc + codes.joined(separator: ";") + "m"
    }

    static func colorCode(_ color: RGB, foreground: Bool, depth: ColorDepth) -> String? {
        let n = ColorQuantizer.colorNumber(for: color, depth: depth)
        switch depth {
        case .monochrome:
            return nil
        case .trueColor:
            return "\(foreground ? 38 : 48);2;\(color.r);\(color.g);\(color.b)"
        case .palette256:
            return "\(foreground ? 38 : 48);5;\(n)"
        case .ansi16, .ansi8:
            let base = foreground ? 30 : 40
            return n < 8 ? "\(base + n)" : "\(base + 60 + n - 8)"
        }
    }
}
