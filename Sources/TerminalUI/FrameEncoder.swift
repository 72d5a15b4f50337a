#if canImport(Glibc)
import Glibc
#endif

/// Turns successive frames into the bytes a terminal needs, the way the terminal
/// backend writes them: one byte array per frame, handed to one `write(2)`.
///
/// Only cells that differ from the previous frame are written. The cursor is moved
/// only where the next changed cell is not where the last one left it, with the
/// shortest of the moves in `move` (`CSI row;col H`, `CSI n C`, CR LF…); the pen
/// (SGR) changes only where the style does, with the shorter of the change (when
/// only a colour changes only that colour is sent) and a reset and the pen. Colours
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
    /// Some of `numbers`, each in the slot a few bits of its colour name.
    private var recent: [(rgb: RGB, number: Int)?] = []
    private static let recentSlots = 64
    /// While a frame is encoded: its rows whose bytes are all the previous frame's.
    private var unchangedRows: [Bool] = []
    /// …and its rows whose every cell changed (a theme toggle, a new screen): no column of
    /// cells alone on their rows can pass through one, so they are not looked for there.
    private var changedRows: [Bool] = []
    /// …and whether each of its cells changed (kept to reuse its storage).
    private var changedCells: [Bool] = []
    /// The largest frame so far in bytes: the room a frame's bytes are first given.
    private var frameBytes = 4096
    /// The bytes of pen changes already worked out (`setPen`).
    private var penCodes = PenCodes()

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
        var writer = ByteWriter(capacity: frameBytes)
        defer { writer.deallocate() }
        encode(buffer, &writer)
        frameBytes = max(frameBytes, writer.count)
        out.append(contentsOf: writer.bytes)
    }

    private mutating func encode(_ buffer: Buffer, _ out: inout ByteWriter) {
        let width = buffer.size.width
        lastRow = buffer.size.height - 1
        let old = previous.flatMap { $0.size == buffer.size ? $0 : nil }
        if old == nil {
            for byte: UInt8 in [0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x48, 0x1B, 0x5B, 0x32, 0x4A] { out.append(byte) } // ESC[0m ESC[H ESC[2J
            pen = Style()
            cursor = (0, 0)
        }
        buffer.cells.withUnsafeBufferPointer { cells in
            guard let now = cells.baseAddress else { return }
            if let old {
                old.cells.withUnsafeBufferPointer { before in
                    guard let was = before.baseAddress else { return }
                    // A cell is its bits (a glyph word and a style word: equal graphemes have
                    // equal bits), so a cell changed when its bits did. Each cell is tested once,
                    // before drawing (the drawing asks about a cell up to three times: its own,
                    // its neighbours' for columns), and a row whose bytes are all the same as
                    // before with one memcmp.
                    let rowBytes = width * MemoryLayout<Cell>.stride, height = buffer.size.height
                    if unchangedRows.count != height { unchangedRows = Array(repeating: false, count: height) }
                    if changedRows.count != height { changedRows = Array(repeating: false, count: height) }
                    if changedCells.count != cells.count { changedCells = Array(repeating: false, count: cells.count) }
                    unchangedRows.withUnsafeMutableBufferPointer { unchanged in
                      changedRows.withUnsafeMutableBufferPointer { whole in
                        changedCells.withUnsafeMutableBufferPointer { changed in
                            for row in 0..<height {
                                let start = row * width, end = start + width
                                let same = memcmp(now + start, was + start, rowBytes) == 0
                                unchanged[row] = same
                                var all = !same
                                if same {
                                    for i in start..<end { changed[i] = false }
                                } else {
                                    for i in start..<end {
                                        let differs = !Cell.sameBits(now + i, was + i)
                                        changed[i] = differs
                                        all = all && differs
                                    }
                                }
                                whole[row] = all
                            }
                        }
                      }
                    }
                    let changedMap = changedCells
                    changedMap.withUnsafeBufferPointer { changed in
                        drawCells(cells, width: width, columns: true, &out) { i in changed[i] }
                    }
                }
            } else {
                unchangedRows.removeAll(keepingCapacity: true)
                changedRows.removeAll(keepingCapacity: true)
                drawCells(cells, width: width, columns: false, &out) { _ in true }
            }
        }
        previous = buffer
    }

    /// Draws the cells `changed` selects, row by row; a run of equal ones as one glyph and
    /// a repeat, a column of cells alone on their rows (a card's sides) top to bottom.
    /// `columns`: look for columns (a whole frame has none: every cell changed).
    /// A row marked in `unchangedRows` has no `changed` cell: it is passed over at once.
    private mutating func drawCells(_ cells: UnsafeBufferPointer<Cell>, width: Int, columns lookForColumns: Bool, _ out: inout ByteWriter,
                                    changed: (Int) -> Bool) {
        guard cells.baseAddress != nil else { return }
        // Columns already drawn: column x, rows top + 1 ... bottom are left out when their rows come.
        var columns: [(x: Int, top: Int, bottom: Int)] = []
        // Cell i is column x = i - rowStart of row y. Kept as i moves (never past the next
        // row's first cell in one move): dividing for them cost a fifth of this loop.
        var i = 0, y = 0, rowStart = 0
        var wholeRow = !changedRows.isEmpty && changedRows[0]
        while i < cells.count {
            if i >= rowStart + width {
                repeat {
                    y += 1
                    rowStart += width
                } while i >= rowStart + width
                wholeRow = y < changedRows.count && changedRows[y]
            }
            if i == rowStart, y < unchangedRows.count, unchangedRows[y] {
                i += width
                continue
            }
            // Bottom-right cell of a terminal that would scroll: never in a run nor a repeat.
            let repeatEnd = rowStart + width - (y == lastRow && !writesBottomRight ? 1 : 0)
            if wholeRow {
                // No cell to pass over and no column: one (`columnBelow`) needs its cells'
                // right neighbours unchanged, so none passes through a row whose every cell changed.
                i = drawRun(cells, from: i, to: rowStart + width, repeatsUpTo: repeatEnd, rowStart: rowStart, y: y, width: width, &out)
                continue
            }
            guard changed(i) else { i += 1; continue }
            // A run of changed cells: only its last can be in a column (a column's cells have
            // their right neighbours unchanged), so the others are drawn as a whole row's are.
            var last = i
            while last + 1 < rowStart + width, changed(last + 1) { last += 1 }
            if last > i {
                i = drawRun(cells, from: i, to: last, repeatsUpTo: min(last + 1, repeatEnd), rowStart: rowStart, y: y, width: width, &out)
                if i > last { continue }
            }
            guard !cells[i].isContinuation else { i += 1; continue }
            let x = i - rowStart
            if !columns.isEmpty, columns.contains(where: { $0.x == x && $0.top < y && y <= $0.bottom }) { i += 1; continue }
            if lookForColumns, let bottom = Self.columnBelow(x: x, y: y, cells, width: width, lastRow: lastRow, changed: changed) {
                for row in y...bottom { draw(cells[row * width + x], x: x, y: row, in: cells, width: width, &out) }
                columns.append((x, y, bottom))
                i += 1
                continue
            }
            // The last cell of its run: the cell after it did not change, so no repeat goes on from it.
            if drawInPlace(cells[i], x: x, y: y, width: width, &out) == nil { draw(cells[i], x: x, y: y, in: cells, width: width, &out) }
            i += 1
        }
    }

    /// The cells of row `y` from `start` to before `end`, every one of which changed (a whole
    /// row's, after a theme toggle or on a new screen; or all but the last of a run of changed
    /// cells): `drawCells` without its questions about each cell. A run of cells in the pen,
    /// where the cursor is, goes out as their glyphs alone (`drawInPlace`'s cells) in a loop of
    /// its own, the cursor and the pen held in locals; any other cell is `draw`n. A repeat of a
    /// one-byte glyph may go on past `end` to `repeatsUpTo` (changed cells too). Returns the
    /// next cell to draw.
    private mutating func drawRun(_ cells: UnsafeBufferPointer<Cell>, from start: Int, to end: Int, repeatsUpTo repeatEnd: Int,
                                  rowStart: Int, y: Int, width: Int, _ out: inout ByteWriter) -> Int {
        guard let base = cells.baseAddress else { return end }
        // `repeatsUpTo` stops before the bottom-right cell of a terminal that would scroll, which is
        // never drawn in place either (`drawInPlace`).
        let inPlaceEnd = min(end, repeatEnd)
        let glyphsAlone = !asciiOnly && depth != .monochrome
        var i = start
        while i < end {
            if glyphsAlone, let pen, let at = cursor, at.y == y, rowStart + at.x == i {
                var x = at.x
                while i < inPlaceEnd {
                    let cell = base[i]
                    guard cell.style == pen, cell.width == 1, cell.glyph.bits != Self.fullBlockBits else { break }
                    let oneByte = Self.appendAlone(cell.glyph, &out)
                    i += 1
                    x += 1
                    guard repeats, oneByte, x < width else { continue }
                    let count = Self.repeatWritten(of: base, i - 1, from: i, before: repeatEnd, &out)
                    i += count
                    x += count
                }
                cursor = x < width ? (x, y) : nil
                guard i < end else { break }
            }
            let cell = base[i]
            if cell.isContinuation { i += 1; continue }
            let x = i - rowStart
            let oneByte = draw(cell, x: x, y: y, in: cells, width: width, &out)
            i += 1
            guard repeats, oneByte, let cursor, cursor.y == y else { continue }
            let count = Self.repeatWritten(of: base, i - 1, from: i, before: repeatEnd, &out)
            guard count > 0 else { continue }
            self.cursor = x + 1 + count < width ? (x + 1 + count, y) : nil
            i += count
        }
        return i
    }

    /// The cells from `start` on, before `end`, with the bits of cell `first` (just written as
    /// one byte), written as one repeat (`CSI n b`) when that is shorter than their glyphs;
    /// how many it covers, 0 when none was written.
    private static func repeatWritten(of base: UnsafePointer<Cell>, _ first: Int, from start: Int, before end: Int,
                                      _ out: inout ByteWriter) -> Int {
        var j = start
        while j < end, Cell.sameBits(base + j, base + first) { j += 1 }
        let count = j - start
        guard count > 3 + digits(count) else { return 0 }
        relative(count, final: 0x62, &out) // b: repeat the last character
        return count
    }

    /// A cell's glyph where the pen is its style already: a blank's space, or its UTF-8 (no
    /// ASCII fallback); true when that was one byte.
    @inline(__always)
    private static func appendAlone(_ glyph: Glyph, _ out: inout ByteWriter) -> Bool {
        let short = glyph.shortCount
        if glyph.bits == spaceBits || short == 0 {
            out.append(0x20)
            return true
        }
        glyph.appendUTF8(to: &out)
        return short == 1
    }

    /// Fewer cells than this in a column are drawn row by row.
    static let shortestColumn = 4

    /// The last row of a column of changed cells that starts at (x, y), when there is one
    /// of at least `shortestColumn` cells, each one column wide, with its right neighbour
    /// unchanged (and below the first, its left one too): row by row each would need a
    /// move of its own (`CSI n C`, CR LF…, 3 bytes or more); down the column the next is
    /// one back and one down (BS, `ESC D`: 3 bytes). Never in the last column, where the
    /// cursor's place after a glyph is not known, so the column can be walked back.
    private static func columnBelow(x: Int, y: Int, _ cells: UnsafeBufferPointer<Cell>, width: Int, lastRow: Int, changed: (Int) -> Bool) -> Int? {
        guard x + 1 < width, y < lastRow else { return nil }
        func alone(_ row: Int, left: Bool) -> Bool {
            let i = row * width + x
            return changed(i) && cells[i].width == 1 && !changed(i + 1) && !(left && x > 0 && changed(i - 1))
        }
        guard alone(y, left: false), alone(y + 1, left: true) else { return nil }
        var bottom = y + 1
        while bottom < lastRow, alone(bottom + 1, left: true) { bottom += 1 }
        return bottom - y + 1 >= shortestColumn ? bottom : nil
    }

    /// Draws one cell; true when it went out as one byte (a run of equal ones can be a repeat).
    @discardableResult
    private mutating func draw(_ cell: Cell, x: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int, _ out: inout ByteWriter) -> Bool {
        if !writesBottomRight, y == lastRow, x + max(1, Int(cell.width)) >= width { return false }
        move(toX: x, y: y, in: cells, width: width, &out)
        // The run is counted by a static function: a closure that captured `self` copied the
        // whole encoder (its arrays and tables: a retain and a release each) for every cell drawn.
        let look = Self.appearance(of: cell, depth: depth, asciiOnly: asciiOnly, pen: pen) {
            Self.sameCells(from: x, y: y, in: cells, width: width, upTo: Self.blockRun)
        }
        if pen != look.style { setPen(look.style, &out) }
        let oneByte: Bool
        if look.blank {
            out.append(0x20)
            oneByte = true
        } else {
            Self.glyph(cell, asciiOnly: asciiOnly, &out)
            oneByte = !asciiOnly && cell.width == 1 && cell.glyph.shortCount == 1
        }
        let next = x + max(1, Int(cell.width))
        // Past the last column the cursor waits to wrap: place it again next time.
        cursor = next < width ? (next, y) : nil
        return oneByte
    }

    /// `draw` where it has nothing to decide, the next cell of a run in one style: the cursor
    /// on the cell, the pen the cell's style, one column wide, not a full block (`appearance`
    /// may draw that as a blank in another pen), not the bottom-right cell of a terminal that
    /// would scroll. Then `draw`'s bytes are the glyph alone (a blank's a space: its look is
    /// the pen's), without the calls that find them; a theme toggle draws every cell so.
    /// Nil when the cell is not such a one.
    @inline(__always)
    private mutating func drawInPlace(_ cell: Cell, x: Int, y: Int, width: Int, _ out: inout ByteWriter) -> Bool? {
        guard let at = cursor, at.x == x, at.y == y, let pen, pen == cell.style, cell.width == 1, !asciiOnly, depth != .monochrome,
              cell.glyph.bits != Self.fullBlockBits, writesBottomRight || y != lastRow || x + 1 < width else { return nil }
        let oneByte = Self.appendAlone(cell.glyph, &out)
        cursor = x + 1 < width ? (x + 1, y) : nil
        return oneByte
    }

    /// The glyph of U+2588 FULL BLOCK (UTF-8 E2 96 88), which fills its cell with the foreground
    /// colour, and of a space: constants, not a `Glyph` made from a string on each cell's first look.
    private static let fullBlockBits: UInt64 = 3 << 56 | 0x88_96_E2
    private static let spaceBits: UInt64 = 1 << 56 | 0x20
    /// What a blank shows besides its background; a blank in this pen is not a plain blank.
    private static let markBlank: Attributes = [.underline, .reverse]

    /// A run of this many full blocks goes out as blanks even where that changes the pen
    /// (about 11 bytes, `CSI 48;5;n m`): 6 blocks are 18 bytes, 6 blanks 6 or fewer.
    static let blockRun = 6

    /// How many cells from (x, y) on, up to `limit`, equal the first.
    private static func sameCells(from x: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int, upTo limit: Int) -> Int {
        let first = cells[y * width + x]
        var n = 1
        while n < limit, x + n < width, cells[y * width + x + n] == first { n += 1 }
        return n
    }

    /// How `cell` goes out: as a blank (one space) or as its glyph, and the pen it needs.
    ///
    /// A blank shows only its background (unless underlined or reversed), so it takes the
    /// pen's foreground and bold, dim, italic as they are instead of changing them. A full
    /// block (a bar's body) in a colour shows what a blank with that colour behind it shows,
    /// and goes out as one, 1 byte instead of 3 (a run of them one repeat), where that is
    /// shorter: when the pen has the colour behind already, or `blockRun` blocks or more
    /// follow (a bar's row). A few blocks among glyphs of their colour (a big digit's "█▀█")
    /// stay blocks, in the pen they share with those glyphs. Never where the block would
    /// look otherwise: dim, italic or underlined, reversed, without colours, without UTF-8
    /// (drawn as `#`), or bold on an 8- or 16-colour terminal (bold may brighten it).
    /// `run`: how many equal cells start here (up to `blockRun`), asked only of a full block.
    private static func appearance(of cell: Cell, depth: ColorDepth, asciiOnly: Bool, pen: Style?, run: () -> Int) -> (blank: Bool, style: Style) {
        var style = depth == .monochrome ? Style(attributes: cell.style.attributes) : cell.style
        var blank = cell.width == 1 && (cell.glyph.bits == Self.spaceBits || cell.glyph.shortCount == 0)
        if !blank, cell.glyph.bits == Self.fullBlockBits, cell.width == 1, let fg = style.fg, depth != .monochrome, !asciiOnly,
           style.attributes.isDisjoint(with: [.dim, .italic, .underline, .reverse]),
           !((depth == .ansi8 || depth == .ansi16) && style.attributes.contains(.bold)),
           pen?.bg == fg || run() >= Self.blockRun {
            style = Style(fg: fg, bg: fg, attributes: style.attributes)
            blank = true
        }
        guard blank else { return (false, style) }
        if style.attributes.isDisjoint(with: Self.markBlank), let pen {
            style.fg = pen.fg
            style.attributes = pen.attributes.subtracting(Self.markBlank)
        }
        return (true, style)
    }

    // MARK: Cursor

    /// Places the cursor at (x, y) with the fewest bytes: an absolute move (`CSI row;col H`,
    /// `CSI row H` for the first column), or from where the cursor is: forward or back on
    /// its row (`CSI n C`; BS, `CSI n D`, CR), down or up (`ESC D`, `CSI n B`, `CSI n A`), the
    /// start of the next row (CR LF: the same on a terminal whose tty adds a CR to LF), or the
    /// cells in between written again when they are one-byte glyphs in the pen's own
    /// style (what the terminal shows does not change). Relative moves are used only
    /// where the cursor's place is known (never after the last column: see `draw`), and
    /// LF never from the last row, so nothing scrolls.
    private mutating func move(toX x: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int, _ out: inout ByteWriter) {
        guard let c = cursor else { return absolute(toX: x, y: y, &out) }
        if c.x == x, c.y == y { return }
        // Each way there: its cost in bytes, and how it is written.
        enum Way { case absolute, along, crlf, vertical }
        var best = (way: Way.absolute, cost: Self.absoluteCost(x: x, y: y))
        if c.y == y {
            let along = alongCost(from: c.x, to: x, y: y, in: cells, width: width)
            if along < best.cost { best = (.along, along) }
        } else {
            if y == c.y + 1, c.y < lastRow {
                let crlf = 2 + alongCost(from: 0, to: x, y: y, in: cells, width: width)
                if crlf < best.cost { best = (.crlf, crlf) }
            }
            let vertical = Self.verticalCost(y - c.y) + alongCost(from: c.x, to: x, y: y, in: cells, width: width)
            if vertical < best.cost { best = (.vertical, vertical) }
        }
        switch best.way {
        case .absolute:
            absolute(toX: x, y: y, &out)
        case .along:
            along(from: c.x, to: x, y: y, in: cells, width: width, &out)
        case .crlf:
            out.append(0x0D)
            out.append(0x0A)
            along(from: 0, to: x, y: y, in: cells, width: width, &out)
        case .vertical:
            Self.vertical(y - c.y, &out)
            along(from: c.x, to: x, y: y, in: cells, width: width, &out)
        }
        cursor = (x, y)
    }

    /// `CSI row;col H`; `CSI row H` in the first column, `CSI H` at the top left.
    private mutating func absolute(toX x: Int, y: Int, _ out: inout ByteWriter) {
        out.append(0x1B)
        out.append(0x5B)
        if x > 0 || y > 0 { appendDecimal(y + 1, &out) }
        if x > 0 {
            out.append(0x3B)
            appendDecimal(x + 1, &out)
        }
        out.append(0x48) // H
        cursor = (x, y)
    }

    private static func absoluteCost(x: Int, y: Int) -> Int {
        x == 0 && y == 0 ? 3 : x == 0 ? 3 + digits(y + 1) : 4 + digits(y + 1) + digits(x + 1)
    }

    /// `CSI n <final>` (`CSI <final>` for one).
    private static func relative(_ n: Int, final: UInt8, _ out: inout ByteWriter) {
        out.append(0x1B)
        out.append(0x5B)
        if n > 1 { appendDecimal(n, &out) }
        out.append(final)
    }

    private static func relativeCost(_ n: Int) -> Int { n == 0 ? 0 : n == 1 ? 3 : 3 + digits(n) }

    /// Down `n` rows (up when negative) in the same column: `ESC D` (index, 2 bytes) a row when
    /// that is shorter than `CSI n B`; `CSI n A` up. `move` goes down only from above the last
    /// row to a row of the screen, so an index never scrolls.
    private static func vertical(_ n: Int, _ out: inout ByteWriter) {
        if n < 0 {
            relative(-n, final: 0x41, &out) // A: up
        } else if 2 * n < relativeCost(n) {
            for _ in 0..<n { out.append(0x1B); out.append(0x44) } // ESC D: index
        } else {
            relative(n, final: 0x42, &out) // B: down
        }
    }

    private static func verticalCost(_ n: Int) -> Int { n < 0 ? relativeCost(-n) : min(2 * n, relativeCost(n)) }

    /// The cheapest way along row `y` from column `from` to `to`: forward (`CSI n C`, or the
    /// cells in between again), back (`CSI n D`, or CR and forward from the first column).
    private func alongCost(from: Int, to: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int) -> Int {
        if to >= from { return forwardCost(from: from, to: to, y: y, in: cells, width: width) }
        return min(Self.backCost(from - to), 1 + forwardCost(from: 0, to: to, y: y, in: cells, width: width))
    }

    /// Back `n` columns: BS a column (1 byte) when that is shorter than `CSI n D`. The cursor is
    /// known, so it is never waiting past the last column, where BS differs between terminals.
    private static func backCost(_ n: Int) -> Int { min(n, relativeCost(n)) }

    private static func back(_ n: Int, _ out: inout ByteWriter) {
        if n < relativeCost(n) {
            for _ in 0..<n { out.append(0x08) } // BS
        } else {
            relative(n, final: 0x44, &out) // D: back
        }
    }

    private func forwardCost(from: Int, to: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int) -> Int {
        let move = Self.relativeCost(to - from)
        return rewritable(from: from, to: to, y: y, in: cells, width: width, within: move) ? to - from : move
    }

    private func along(from: Int, to: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int, _ out: inout ByteWriter) {
        if to >= from {
            forward(from: from, to: to, y: y, in: cells, width: width, &out)
        } else if Self.backCost(from - to) <= 1 + forwardCost(from: 0, to: to, y: y, in: cells, width: width) {
            Self.back(from - to, &out)
        } else {
            out.append(0x0D) // CR
            forward(from: 0, to: to, y: y, in: cells, width: width, &out)
        }
    }

    private func forward(from: Int, to: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int, _ out: inout ByteWriter) {
        guard to > from else { return }
        let move = Self.relativeCost(to - from)
        if rewritable(from: from, to: to, y: y, in: cells, width: width, within: move) {
            for x in from..<to { out.append(UInt8(truncatingIfNeeded: cells[y * width + x].glyph.bits)) }
        } else {
            Self.relative(to - from, final: 0x43, &out) // C: forward
        }
    }

    /// True when the cells `from..<to` of row `y` are fewer than `within` and each is a
    /// printable ASCII character one column wide in the pen's style: written again, they
    /// leave the terminal showing what it showed, and move the cursor past them.
    private func rewritable(from: Int, to: Int, y: Int, in cells: UnsafeBufferPointer<Cell>, width: Int, within limit: Int) -> Bool {
        guard to - from < limit, let pen else { return false }
        for x in from..<to {
            let cell = cells[y * width + x]
            let byte = UInt8(truncatingIfNeeded: cell.glyph.bits)
            guard cell.width == 1, cell.glyph.shortCount == 1, (0x20...0x7E).contains(byte),
                  (depth == .monochrome ? Style(attributes: cell.style.attributes) : cell.style) == pen else { return false }
        }
        return true
    }

    // MARK: Pen

    /// Sets the pen with the shorter of two sequences: the change from the pen on the
    /// terminal (the attributes turned off — bold and dim share their "off", 22, so one
    /// that stays is set again — those turned on, then the colours that changed), or a
    /// reset and the whole pen (`CSI 0;… m`, `CSI m` for the plain one).
    private mutating func setPen(_ style: Style, _ out: inout ByteWriter) {
        guard let pen else {
            appendReset(style, &out)
            self.pen = style
            return
        }
        if penCodes.write(from: pen, to: style, &out) {
            self.pen = style
            return
        }
        let start = out.count
        appendChange(from: pen, to: style, &out)
        // A reset can be shorter only when the change turns something off (an attribute, or a
        // colour back to the default): otherwise it holds every part of the change and more.
        let fgOff = pen.fg != nil && style.fg == nil, bgOff = pen.bg != nil && style.bg == nil
        if !pen.attributes.subtracting(style.attributes).isEmpty || ((fgOff || bgOff) && depth != .monochrome) {
            // The reset is written after the change, and moved over it when shorter.
            let changeEnd = out.count
            appendReset(style, &out)
            let resetLength = out.count - changeEnd
            if resetLength < changeEnd - start {
                out.move(from: changeEnd, count: resetLength, to: start)
            } else {
                out.truncate(to: changeEnd)
            }
        }
        penCodes.remember(from: pen, to: style, out.bytes(from: start))
        self.pen = style
    }

    private mutating func appendChange(from pen: Style, to style: Style, _ out: inout ByteWriter) {
        out.append(0x1B)
        out.append(0x5B)
        let off = pen.attributes.subtracting(style.attributes), on = style.attributes.subtracting(pen.attributes)
        let normalIntensity = !off.intersection([.bold, .dim]).isEmpty
        var first = true
        func part(_ a: UInt8, _ b: UInt8? = nil) {
            if !first { out.append(0x3B) }
            out.append(a)
            if let b { out.append(b) }
            first = false
        }
        if normalIntensity { part(0x32, 0x32) }
        if off.contains(.italic) { part(0x32, 0x33) }
        if off.contains(.underline) { part(0x32, 0x34) }
        if off.contains(.reverse) { part(0x32, 0x37) }
        if on.contains(.bold) || (normalIntensity && style.attributes.contains(.bold)) { part(0x31) }
        if on.contains(.dim) || (normalIntensity && style.attributes.contains(.dim)) { part(0x32) }
        if on.contains(.italic) { part(0x33) }
        if on.contains(.underline) { part(0x34) }
        if on.contains(.reverse) { part(0x37) }
        if pen.fg != style.fg {
            if !first { out.append(0x3B) }
            color(style.fg, foreground: true, &out)
            first = false
        }
        if pen.bg != style.bg {
            if !first { out.append(0x3B) }
            color(style.bg, foreground: false, &out)
        }
        out.append(0x6D) // m
    }

    private mutating func appendReset(_ style: Style, _ out: inout ByteWriter) {
        out.append(0x1B)
        out.append(0x5B)
        let a = style.attributes
        let fg = depth == .monochrome ? nil : style.fg, bg = depth == .monochrome ? nil : style.bg
        if a.isEmpty, fg == nil, bg == nil {
            out.append(0x6D) // CSI m: the plain pen
            return
        }
        out.append(0x30) // 0: from a reset
        if a.contains(.bold) { out.append(0x3B); out.append(0x31) }
        if a.contains(.dim) { out.append(0x3B); out.append(0x32) }
        if a.contains(.italic) { out.append(0x3B); out.append(0x33) }
        if a.contains(.underline) { out.append(0x3B); out.append(0x34) }
        if a.contains(.reverse) { out.append(0x3B); out.append(0x37) }
        if fg != nil { out.append(0x3B); color(fg, foreground: true, &out) }
        if bg != nil { out.append(0x3B); color(bg, foreground: false, &out) }
        out.append(0x6D) // m
    }

    private mutating func color(_ rgb: RGB?, foreground: Bool, _ out: inout ByteWriter) {
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
        // The last colours found, by a few bits of the colour (a theme has a few dozen): most
        // pens of a frame are answered here without hashing.
        let slot = (Int(rgb.r) &* 7 &+ Int(rgb.g) &* 3 &+ Int(rgb.b)) & (Self.recentSlots - 1)
        if recent.count == Self.recentSlots, let hit = recent[slot], hit.rgb == rgb { n = hit.number }
        else {
            if let known = numbers[rgb] { n = known } else {
                n = ColorQuantizer.colorNumber(for: rgb, depth: depth)
                numbers[rgb] = n
            }
            if recent.count != Self.recentSlots { recent = Array(repeating: nil, count: Self.recentSlots) }
            recent[slot] = (rgb, n)
        }
        if n < 8 {
            appendDecimal((foreground ? 30 : 40) + n, &out)
        } else if n < 16 {
            appendDecimal((foreground ? 90 : 100) + n - 8, &out)
        } else {
            appendDecimal(foreground ? 38 : 48, &out)
            out.append(0x3B) // ;5;
            out.append(0x35)
            out.append(0x3B)
            appendDecimal(n, &out)
        }
    }

    // MARK: Text

    private static func glyph(_ cell: Cell, asciiOnly: Bool, _ out: inout ByteWriter) {
        if asciiOnly {
            for byte in ASCIIFallback.text(for: cell.symbol, width: Int(cell.width)).utf8 { out.append(byte) }
        } else if cell.glyph.shortCount == 0 {
            out.append(0x20)
        } else {
            cell.appendUTF8(to: &out)
        }
    }

    private func appendDecimal(_ value: Int, _ out: inout ByteWriter) { Self.appendDecimal(value, &out) }

    private static func appendDecimal(_ value: Int, _ out: inout ByteWriter) {
        if value >= 10 { appendDecimal(value / 10, &out) }
        out.append(UInt8(0x30 + value % 10))
    }

    private static func digits(_ value: Int) -> Int { value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : 4 }
}
