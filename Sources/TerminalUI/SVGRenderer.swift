/// Renders a Buffer as an SVG picture of the terminal: a grid of fixed-size
/// cells, background runs merged per row, text in runs of one style (each
/// character placed on its cell so fonts cannot drift), block elements drawn as
/// exact rectangles, and bold, dim, italic, underline and reverse honored.
public struct SVGRenderer: Sendable {
    public var cellWidth: Int
    public var cellHeight: Int
    public var fontSize: Int
    public var fontFamily: String
    /// Colors for styles that leave fg/bg to the terminal's default.
    public var defaultForeground: RGB
    public var defaultBackground: RGB

    public init(cellWidth: Int = 10, cellHeight: Int = 20, fontSize: Int = 16,
                fontFamily: String = "ui-monospace, 'SF Mono', Menlo, 'DejaVu Sans Mono', Consolas, monospace",
                defaultForeground: RGB = RGB(230, 237, 243), defaultBackground: RGB = RGB(13, 17, 23)) {
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.fontSize = max(1, fontSize)
        self.fontFamily = fontFamily
        self.defaultForeground = defaultForeground
        self.defaultBackground = defaultBackground
    }

    public func render(_ buffer: Buffer) -> String {
        let width = buffer.size.width * cellWidth, height = buffer.size.height * cellHeight
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)""#
        out += #" font-family="\#(Self.escapeXML(fontFamily))" font-size="\#(fontSize)">"# + "\n"
        out += #"<rect width="\#(width)" height="\#(height)" fill="\#(defaultBackground.hex)"/>"# + "\n"
        var shapes = "", texts = ""
        for y in 0..<buffer.size.height {
            shapes += backgroundRuns(buffer, row: y)
            shapes += blockShapes(buffer, row: y)
            texts += textRuns(buffer, row: y)
        }
        if !shapes.isEmpty { out += #"<g shape-rendering="crispEdges">"# + "\n" + shapes + "</g>\n" }
        if !texts.isEmpty { out += #"<g xml:space="preserve" style="white-space:pre">"# + "\n" + texts + "</g>\n" }
        out += "</svg>\n"
        return out
    }

    // MARK: Colors

    private func colors(_ style: Style) -> (fg: RGB, bg: RGB) {
        let fg = style.fg ?? defaultForeground, bg = style.bg ?? defaultBackground
        return style.attributes.contains(.reverse) ? (bg, fg) : (fg, bg)
    }

    // MARK: Backgrounds

    private func backgroundRuns(_ buffer: Buffer, row y: Int) -> String {
        var out = "", x = 0
        while x < buffer.size.width {
            let bg = colors(buffer[x, y].style).bg
            var end = x + 1
            while end < buffer.size.width, colors(buffer[end, y].style).bg == bg { end += 1 }
            if bg != defaultBackground { out += rect(x: x * cellWidth, y: y * cellHeight, w: (end - x) * cellWidth, h: cellHeight, fill: bg) }
            x = end
        }
        return out
    }

    private func rect(x: Int, y: Int, w: Int, h: Int, fill: RGB, opacity: String? = nil) -> String {
        let extra = opacity.map { #" fill-opacity="\#($0)""# } ?? ""
        return #"<rect x="\#(x)" y="\#(y)" width="\#(w)" height="\#(h)" fill="\#(fill.hex)"\#(extra)/>"# + "\n"
    }

    // MARK: Block elements

    /// The part of a cell a block element covers, in eighths: (x, y, w, h), plus an opacity for shades.
    static func blockGeometry(_ symbol: String) -> (x: Int, y: Int, w: Int, h: Int, opacity: String?)? {
        guard symbol.unicodeScalars.count == 1, let v = symbol.unicodeScalars.first?.value else { return nil }
        switch v {
        case 0x2588: return (0, 0, 8, 8, nil)                       // █
        case 0x2580: return (0, 0, 8, 4, nil)                       // ▀
        case 0x2581...0x2587: let h = Int(v - 0x2580); return (0, 8 - h, 8, h, nil) // ▁…▇
        case 0x2589...0x258F: return (0, 0, Int(0x2590 - v), 8, nil) // ▉…▏
        case 0x2590: return (4, 0, 4, 8, nil)                       // ▐
        case 0x2591: return (0, 0, 8, 8, "0.25")                    // ░
        case 0x2592: return (0, 0, 8, 8, "0.5")                     // ▒
        case 0x2593: return (0, 0, 8, 8, "0.75")                    // ▓
        case 0x2594: return (0, 0, 8, 1, nil)                       // ▔
        case 0x2595: return (7, 0, 1, 8, nil)                       // ▕
        default: return nil
        }
    }

    private func blockShapes(_ buffer: Buffer, row y: Int) -> String {
        var out = ""
        for x in 0..<buffer.size.width {
            let cell = buffer[x, y]
            guard let g = Self.blockGeometry(cell.symbol) else { continue }
            let fg = colors(cell.style).fg
            let dim = cell.style.attributes.contains(.dim)
            let opacity = g.opacity ?? (dim ? "0.6" : nil)
            out += rect(x: x * cellWidth + g.x * cellWidth / 8, y: y * cellHeight + g.y * cellHeight / 8,
                        w: max(1, g.w * cellWidth / 8), h: max(1, g.h * cellHeight / 8), fill: fg, opacity: opacity)
        }
        return out
    }

    // MARK: Text

    private struct TextKey: Equatable {
        var fg: RGB
        var attributes: Attributes
    }

    private func textKey(_ cell: Cell) -> TextKey {
        TextKey(fg: colors(cell.style).fg, attributes: cell.style.attributes.subtracting(.reverse))
    }

    /// Runs of cells that share a text style; blanks end a run unless underlined (the line must show).
    private func textRuns(_ buffer: Buffer, row y: Int) -> String {
        var out = ""
        var x = 0
        while x < buffer.size.width {
            let cell = buffer[x, y]
            guard isText(cell) else { x += 1; continue }
            let key = textKey(cell)
            var xs: [Int] = [], text = ""
            var end = x
            while end < buffer.size.width {
                let c = buffer[end, y]
                if c.isContinuation { end += 1; continue }
                let blankButUnderlined = c.symbol == " " && key.attributes.contains(.underline) && textKey(c) == key
                guard (isText(c) && textKey(c) == key) || blankButUnderlined else { break }
                for _ in c.symbol.utf16 { xs.append(end * cellWidth) }
                text += c.symbol
                end += 1
            }
            out += textElement(text, xs: xs, baseline: y * cellHeight + cellHeight * 3 / 4, key: key)
            x = max(end, x + 1)
        }
        return out
    }

    private func isText(_ cell: Cell) -> Bool {
        !cell.isContinuation && !cell.symbol.isEmpty && cell.symbol != " " && Self.blockGeometry(cell.symbol) == nil
    }

    private func textElement(_ text: String, xs: [Int], baseline: Int, key: TextKey) -> String {
        var attrs = #"x="\#(xs.map(String.init).joined(separator: " "))" y="\#(baseline)" fill="\#(key.fg.hex)""#
        if key.attributes.contains(.bold) { attrs += #" font-weight="bold""# }
        if key.attributes.contains(.italic) { attrs += #" font-style="italic""# }
        if key.attributes.contains(.underline) { attrs += #" text-decoration="underline""# }
        if key.attributes.contains(.dim) { attrs += #" fill-opacity="0.6""# }
        return "<text \(attrs)>\(Self.escapeXML(text))</text>\n"
    }

    /// Text safe inside XML content and attributes: markup characters become
    /// entities; characters XML 1.0 forbids (controls) become U+FFFD.
    public static func escapeXML(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
                    || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
