/// Turns successive frames into the bytes a terminal needs, the way the terminal
/// backend writes them: one byte array per frame, handed to one `write(2)`.
///
/// Only cells that differ from the previous frame are written. The cursor is moved
/// only where the next changed cell is not where the last one left it (forward on
/// the same row: `CSI n C`, else `CSI row;col H`); the pen (SGR) changes only where
/// the style does, and when only a colour changes only that colour is sent. Colours
/// are written as xterm's terminfo writes them (`setaf`/`setab`: 30–37, 90–97,
/// `38;5;n`; `38;2;r;g;b` on direct-colour terminals), so a terminal holds exactly
/// the state ncurses left it in. Autowrap stays on (a killed app leaves the
/// terminal as the shell expects it): after the last column of a row the cursor is
/// always placed again before anything else is written, so a terminal that defers
/// the wrap (terminfo `xenl`: xterm, VTE, tmux, the Linux console…) never wraps or
/// scrolls; on one that wraps at once the bottom-right cell is left alone.
public struct FrameEncoder {
    public let depth: ColorDepth
    /// Cells are drawn with `ASCIIFallback` (a terminal without UTF-8).
    public let asciiOnly: Bool
    /// False on a terminal that wraps (and would scroll) as soon as the bottom-right cell is written.
    public let writesBottomRight: Bool
    private var previous: Buffer?
    /// The pen on the terminal; nil: unknown (reset before use).
    private var pen: Style?
    /// Where the terminal's cursor is; nil: unknown.
    private var cursor: (x: Int, y: Int)?
    private var lastRow = 0
    /// Colour numbers already found (a theme has a few dozen colours; the search is 240 distances).
    private var numbers: [RGB: Int] = [:]

    public init(depth: ColorDepth, asciiOnly: Bool = false, writesBottomRight: Bool = true) {
        self.depth = depth
        self.asciiOnly = asciiOnly
        self.writesBottomRight = writesBottomRight
    }

    /// The next frame repaints everything (after a resize, a resume, or anything that
    /// wrote to the terminal behind the encoder's back).
    public mutating func invalidate() {
        previous = nil
        pen = nil
        cursor = nil
    }

    /// Appends the bytes that turn the last frame into `buffer`; appends nothing when
    /// nothing changed. The first frame (or one of a new size) clears the screen first.
    public mutating func encode(_ buffer: Buffer, into out: inout [UInt8]) {
        let width = buffer.size.width
        lastRow = buffer.size.height - 1
        let old = previous.flatMap { $0.size == buffer.size ? $0 : nil }
        if old == nil {
            out.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x48, 0x1B, 0x5B, 0x32, 0x4A]) // ESC[0m ESC[H ESC[2J
            pen = Style()
            cursor = (0, 0)
        }
        buffer.cells.withUnsafeBufferPointer { cells in
            if let old {
                old.cells.withUnsafeBufferPointer { before in
                    guard let now = cells.baseAddress, let was = before.baseAddress else { return }
                    let stride = MemoryLayout<Cell>.stride
                    for i in cells.indices {
                        // Most cells did not change: the same bits (the same small string, or the
                        // same string storage, and the same style) are the same cell, without
                        // copying two cells out to compare their strings. Cells whose bits differ
                        // are compared as values (equal text in two different storages).
                        if Self.sameBits(UnsafeRawPointer(now) + i * stride, UnsafeRawPointer(was) + i * stride) { continue }
                        if cells[i].isContinuation || cells[i] == before[i] { continue }
                        draw(cells[i], x: i % width, y: i / width, width: width, &out)
                    }
                }
            } else {
                for i in cells.indices where !cells[i].isContinuation { draw(cells[i], x: i % width, y: i / width, width: width, &out) }
            }
        }
        previous = buffer
    }

    private mutating func draw(_ cell: Cell, x: Int, y: Int, width: Int, _ out: inout [UInt8]) {
        if !writesBottomRight, y == lastRow, x + max(1, Int(cell.width)) >= width { return }
        move(toX: x, y: y, &out)
        // Without colours, cells that differ only in colour share a pen.
        let style = depth == .monochrome ? Style(attributes: cell.style.attributes) : cell.style
        if pen != style { setPen(style, &out) }
        glyph(cell, &out)
        let next = x + max(1, Int(cell.width))
        // Past the last column the cursor waits to wrap: place it again next time.
        cursor = next < width ? (next, y) : nil
    }

    @inline(__always)
    private static func sameBits(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let size = MemoryLayout<Cell>.size
        var offset = 0
        while offset + 8 <= size {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < size {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    // MARK: Cursor

    private mutating func move(toX x: Int, y: Int, _ out: inout [UInt8]) {
        if let c = cursor, c.x == x, c.y == y { return }
        out.append(0x1B)
        out.append(0x5B)
        if let c = cursor, c.y == y, x > c.x {
            if x - c.x > 1 { appendDecimal(x - c.x, &out) }
            out.append(0x43) // C
        } else {
            appendDecimal(y + 1, &out)
            out.append(0x3B)
            appendDecimal(x + 1, &out)
            out.append(0x48) // H
        }
    }

    // MARK: Pen

    private mutating func setPen(_ style: Style, _ out: inout [UInt8]) {
        out.append(0x1B)
        out.append(0x5B)
        if let pen, pen.attributes == style.attributes {
            // Only colours changed: send those alone.
            var first = true
            if pen.fg != style.fg { color(style.fg, foreground: true, &out); first = false }
            if pen.bg != style.bg {
                if !first { out.append(0x3B) }
                color(style.bg, foreground: false, &out)
            }
        } else {
            out.append(0x30) // 0: from a reset
            let a = style.attributes
            for (attribute, code) in [(Attributes.bold, UInt8(0x31)), (.dim, 0x32), (.italic, 0x33), (.underline, 0x34), (.reverse, 0x37)]
            where a.contains(attribute) {
                out.append(0x3B)
                out.append(code)
            }
            if style.fg != nil, depth != .monochrome { out.append(0x3B); color(style.fg, foreground: true, &out) }
            if style.bg != nil, depth != .monochrome { out.append(0x3B); color(style.bg, foreground: false, &out) }
        }
        out.append(0x6D) // m
        pen = style
    }

    private mutating func color(_ rgb: RGB?, foreground: Bool, _ out: inout [UInt8]) {
        guard let rgb, depth != .monochrome else {
            out.append(foreground ? 0x33 : 0x34) // 39 / 49: the terminal's default
            out.append(0x39)
            return
        }
        if depth == .trueColor {
            appendDecimal(foreground ? 38 : 48, &out)
            for part in [2, Int(rgb.r), Int(rgb.g), Int(rgb.b)] {
                out.append(0x3B)
                appendDecimal(part, &out)
            }
            return
        }
        let n: Int
        if let known = numbers[rgb] { n = known } else {
            n = ColorQuantizer.colorNumber(for: rgb, depth: depth)
            numbers[rgb] = n
        }
        if n < 8 {
            appendDecimal((foreground ? 30 : 40) + n, &out)
        } else if n < 16 {
            appendDecimal((foreground ? 90 : 100) + n - 8, &out)
        } else {
            appendDecimal(foreground ? 38 : 48, &out)
            out.append(contentsOf: [0x3B, 0x35, 0x3B]) // ;5;
            appendDecimal(n, &out)
        }
    }

    // MARK: Text

    private func glyph(_ cell: Cell, _ out: inout [UInt8]) {
        if asciiOnly {
            out.append(contentsOf: ASCIIFallback.text(for: cell.symbol, width: Int(cell.width)).utf8)
        } else if cell.symbol.isEmpty {
            out.append(0x20)
        } else {
            out.append(contentsOf: cell.symbol.utf8)
        }
    }

    private func appendDecimal(_ value: Int, _ out: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, &out) }
        out.append(UInt8(0x30 + value % 10))
    }
}
