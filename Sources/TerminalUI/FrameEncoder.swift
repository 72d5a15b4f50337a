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
    /// The terminal repeats the last character (`CSI n b`, terminfo `rep`: xterm): a run
    /// of equal ASCII cells that changed (blanks, mostly) is written as one character and
    /// a count. Only ASCII: tmux, often run with TERM=xterm-256color, repeats nothing
    /// after a multi-byte character.
    public let repeats: Bool
    private var previous: Buffer?
    /// The pen on the terminal; nil: unknown (reset before use).
    private var pen: Style?
    /// Where the terminal's cursor is; nil: unknown.
    private var cursor: (x: Int, y: Int)?
    private var lastRow = 0
    /// Colour numbers already found (a theme has a few dozen colours; the search is 240 distances).
    private var numbers: [RGB: Int] = [:]

    public init(depth: ColorDepth, asciiOnly: Bool = false, writesBottomRight: Bool = true, repeats: Bool = false) {
        self.depth = depth
        self.asciiOnly = asciiOnly
        self.writesBottomRight = writesBottomRight
        self.repeats = repeats && !asciiOnly
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
            guard let now = cells.baseAddress else { return }
            if let old {
                old.cells.withUnsafeBufferPointer { before in
                    guard let was = before.baseAddress else { return }
                    // Most cells did not change: the same bits (the same small string, or the
                    // same string storage, and the same style) are the same cell, without
                    // copying two cells out to compare their strings. Cells whose bits differ
                    // are compared as values (equal text in two different storages).
                    drawCells(cells, width: width, &out) { i in
                        !Self.sameBits(UnsafeRawPointer(now + i), UnsafeRawPointer(was + i)) && cells[i] != before[i]
                    }
                }
            } else {
                drawCells(cells, width: width, &out) { _ in true }
            }
        }
        previous = buffer
    }

    /// Draws the cells `changed` selects, a run of equal ones as one glyph and a repeat.
    private mutating func drawCells(_ cells: UnsafeBufferPointer<Cell>, width: Int, _ out: inout [UInt8], changed: (Int) -> Bool) {
        guard let base = cells.baseAddress else { return }
        var i = 0
        while i < cells.count {
            guard changed(i), !cells[i].isContinuation else { i += 1; continue }
            let x = i % width, y = i / width
            draw(cells[i], x: x, y: y, width: width, &out)
            let first = i
            i += 1
            guard repeats, cells[first].width == 1, cells[first].utf8Count == 1, let cursor, cursor.y == y else { continue }
            // The equal cells that follow on this row and changed too: one repeat.
            let end = min(cells.count, (y + 1) * width - (y == lastRow && !writesBottomRight ? 1 : 0))
            var j = i
            while j < end, changed(j), Self.sameBits(UnsafeRawPointer(base + j), UnsafeRawPointer(base + first)) || cells[j] == cells[first] {
                j += 1
            }
            let count = j - i
            guard count > 3 + Self.digits(count) else { continue }
            out.append(0x1B)
            out.append(0x5B)
            Self.appendDecimal(count, &out)
            out.append(0x62) // b: repeat the last character
            self.cursor = x + 1 + count < width ? (x + 1 + count, y) : nil
            i = j
        }
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
        if let pen {
            // From the pen on the terminal: the attributes turned off (bold and dim share
            // their "off", 22, so one that stays is set again), those turned on, then the
            // colours that changed. A reset and the whole pen cost more.
            let off = pen.attributes.subtracting(style.attributes), on = style.attributes.subtracting(pen.attributes)
            let normalIntensity = !off.intersection([.bold, .dim]).isEmpty
            var parts: [[UInt8]] = []
            if normalIntensity { parts.append([0x32, 0x32]) }
            if off.contains(.italic) { parts.append([0x32, 0x33]) }
            if off.contains(.underline) { parts.append([0x32, 0x34]) }
            if off.contains(.reverse) { parts.append([0x32, 0x37]) }
            if on.contains(.bold) || (normalIntensity && style.attributes.contains(.bold)) { parts.append([0x31]) }
            if on.contains(.dim) || (normalIntensity && style.attributes.contains(.dim)) { parts.append([0x32]) }
            if on.contains(.italic) { parts.append([0x33]) }
            if on.contains(.underline) { parts.append([0x34]) }
            if on.contains(.reverse) { parts.append([0x37]) }
            var first = true
            for part in parts {
                if !first { out.append(0x3B) }
                out.append(contentsOf: part)
                first = false
            }
            if pen.fg != style.fg {
                if !first { out.append(0x3B) }
                color(style.fg, foreground: true, &out)
                first = false
            }
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
        } else if cell.utf8Count == 0 {
            out.append(0x20)
        } else {
            cell.appendUTF8(to: &out)
        }
    }

    private func appendDecimal(_ value: Int, _ out: inout [UInt8]) { Self.appendDecimal(value, &out) }

    private static func appendDecimal(_ value: Int, _ out: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, &out) }
        out.append(UInt8(0x30 + value % 10))
    }

    private static func digits(_ value: Int) -> Int { value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4 }
}
