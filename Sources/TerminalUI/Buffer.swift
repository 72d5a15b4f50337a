import Synchronization

/// One terminal cell: a grapheme, its display width and its style. A wide
/// grapheme occupies its cell (width 2) and a continuation cell (width 0).
///
/// A cell holds no reference: its grapheme is kept as its UTF-8 bytes in one
/// integer (`Glyph`), so a buffer of 12,000 cells is filled, copied, compared and
/// freed as plain memory, with no retain or release per cell (a `String` field made
/// copying and destroying cells the top of a frame's profile).
public struct Cell: Hashable, Sendable {
    /// The glyph's bits (`Glyph`, which never uses the top four) with the display width in
    /// the top four: a cell is this word and its style's, 16 bytes with no padding.
    @usableFromInline var word: UInt64
    public var style: Style

    @usableFromInline static let glyphMask: UInt64 = 0x0FFF_FFFF_FFFF_FFFF

    public init(_ symbol: String = " ", width: UInt8 = 1, style: Style = .plain) {
        self.word = Glyph(symbol).bits | UInt64(width & 0xF) << 60
        self.style = style
    }

    /// A cell of one scalar (the common case: no string is made or read).
    @inlinable
    public init(scalar: Unicode.Scalar, width: UInt8 = 1, style: Style = .plain) {
        self.word = Glyph(scalar).bits | UInt64(width & 0xF) << 60
        self.style = style
    }

    /// A cell of a glyph already made (a braille pattern worked out from its bits).
    @inlinable
    init(glyph: Glyph, width: UInt8, style: Style) {
        self.word = glyph.bits | UInt64(width & 0xF) << 60
        self.style = style
    }

    @usableFromInline var glyph: Glyph {
        @inlinable get { Glyph(bits: word & Self.glyphMask) }
        set { word = word & ~Self.glyphMask | newValue.bits }
    }

    /// Columns the grapheme takes: 1, 2 for a wide one (its continuation cell has 0).
    public var width: UInt8 {
        @inlinable get { UInt8(truncatingIfNeeded: word >> 60) }
        set { word = word & Self.glyphMask | UInt64(newValue & 0xF) << 60 }
    }

    /// The grapheme ("" in a continuation cell).
    public var symbol: String {
        get { glyph.string }
        set { glyph = Glyph(newValue) }
    }

    /// The bytes of `symbol` in UTF-8.
    public var utf8Count: Int { glyph.utf8Count }

    /// Appends `symbol`'s UTF-8 bytes to `out` without making a string (the frame encoder).
    @inline(__always)
    func appendUTF8(to out: inout ByteWriter) { glyph.appendUTF8(to: &out) }

    public static let blank = Cell()
    public var isContinuation: Bool { width == 0 }
}

extension Cell {
    /// Whether the cells at `a` and `b` have the same bits: the same cell (a cell is two words,
    /// no padding), told without comparing its parts one by one.
    @inline(__always)
    static func sameBits(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
        let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
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
}

/// A grapheme in 60 bits: up to 7 bytes of UTF-8 in the low bytes and their count
/// in bits 56–59; a longer grapheme (a flag, an emoji sequence, a letter with
/// several marks) is kept once in a table shared by all buffers, and the glyph
/// holds its number (count 0xF). Equal graphemes have equal bits; the top four
/// bits are 0 (a `Cell` keeps its width there).
@usableFromInline
struct Glyph: Hashable, Sendable {
    @usableFromInline var bits: UInt64

    @usableFromInline static let long: UInt64 = 0x0F << 56

    @inlinable init(bits: UInt64) { self.bits = bits }

    @inlinable
    init(_ scalar: Unicode.Scalar) {
        let v = scalar.value
        if v < 0x80 {
            bits = 1 << 56 | UInt64(v)
        } else if v < 0x800 {
            bits = 2 << 56 | UInt64(0xC0 | v >> 6) | UInt64(0x80 | v & 0x3F) << 8
        } else if v < 0x10000 {
            bits = 3 << 56 | UInt64(0xE0 | v >> 12) | UInt64(0x80 | v >> 6 & 0x3F) << 8 | UInt64(0x80 | v & 0x3F) << 16
        } else {
            bits = 4 << 56 | UInt64(0xF0 | v >> 18) | UInt64(0x80 | v >> 12 & 0x3F) << 8
                | UInt64(0x80 | v >> 6 & 0x3F) << 16 | UInt64(0x80 | v & 0x3F) << 24
        }
    }

    init(_ string: String) {
        let utf8 = string.utf8
        let count = utf8.count
        if count <= 7 {
            var b: UInt64 = UInt64(count) << 56
            var shift: UInt64 = 0
            for byte in utf8 {
                b |= UInt64(byte) << shift
                shift += 8
            }
            bits = b
        } else {
            bits = Self.long | UInt64(GlyphTable.shared.number(of: string))
        }
    }

    @inlinable var isLong: Bool { bits >> 56 & 0xF == 0xF }

    /// The UTF-8 byte count of a short glyph.
    @inlinable var shortCount: Int { Int(bits >> 56 & 0xF) }

    var utf8Count: Int { isLong ? string.utf8.count : shortCount }

    @usableFromInline var string: String {
        if isLong { return GlyphTable.shared.string(UInt32(truncatingIfNeeded: bits)) }
        let count = shortCount
        if count == 0 { return "" }
        if count == 1 { return String(UnicodeScalar(UInt8(truncatingIfNeeded: bits))) }
        var b = bits.littleEndian
        return withUnsafeBytes(of: &b) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }

    /// A short glyph's bytes go out in one store (they are the low bytes of its bits); inlined
    /// into the encoder, which writes every glyph of a frame through it.
    @inline(__always)
    func appendUTF8(to out: inout ByteWriter) {
        if isLong {
            appendLongUTF8(to: &out)
        } else {
            out.append(lowBytesOf: bits & 0x00FF_FFFF_FFFF_FFFF, count: shortCount)
        }
    }

    @inline(never)
    private func appendLongUTF8(to out: inout ByteWriter) {
        for byte in string.utf8 { out.append(byte) }
    }
}

/// The graphemes longer than 7 bytes that cells have held, each once, numbered.
final class GlyphTable: Sendable {
    static let shared = GlyphTable()
    private let state = Mutex<(strings: [String], numbers: [String: UInt32])>(([], [:]))

    func number(of string: String) -> UInt32 {
        state.withLock { s in
            if let n = s.numbers[string] { return n }
            let n = UInt32(s.strings.count)
            s.strings.append(string)
            s.numbers[string] = n
            return n
        }
    }

    func string(_ number: UInt32) -> String {
        state.withLock { $0.strings[Int(number)] }
    }
}

/// A screen's worth of cells, row-major. Widgets and screens render into a
/// Buffer; only the backend turns one into terminal output.
public struct Buffer: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where a click does something in this frame (not part of equality: what is drawn is).
    public internal(set) var clickTargets: [ClickTarget] = []

    public static func == (a: Buffer, b: Buffer) -> Bool { a.size == b.size && a.cells == b.cells }

    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.area)
    }

    public var bounds: Rect { Rect(size: size) }

    /// Makes this buffer what `Buffer(size:fill:)` makes, in the storage it has when it is
    /// the right size and nobody else holds it (a frame the terminal is done with): a new
    /// frame then costs no allocation and no fresh pages.
    public mutating func reset(size: Size, fill: Cell) {
        clickTargets.removeAll(keepingCapacity: true)
        guard self.size == size else {
            self = Buffer(size: size, fill: fill)
            return
        }
        // Every cell overwritten in place: a plain store loop (appending a repeated element
        // went through the generic copy, cell by cell). The run loop's spare frame is held by
        // nobody else; a buffer whose storage is shared gets a copy of its own first.
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: fill) }
    }

    /// Makes this buffer a copy of `other` (cells and click targets), in the storage it has
    /// when it is the same size and nobody else holds it, like `reset`.
    public mutating func copy(from other: Buffer) {
        guard size == other.size else {
            self = other
            return
        }
        clickTargets.removeAll(keepingCapacity: true)
        clickTargets.append(contentsOf: other.clickTargets)
        other.cells.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: source) }
        }
    }

    private func index(_ x: Int, _ y: Int) -> Int? {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return nil }
        return y * size.width + x
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { index(x, y).map { cells[$0] } ?? .blank }
    }

    /// Sets one cell, repairing any wide character it cuts in half.
    public mutating func setCell(_ cell: Cell, x: Int, y: Int) {
        guard let i = index(x, y) else { return }
        setCell(cell, at: i, x: x)
    }

    /// `setCell` at index `i` (= the cell at column `x` of its row). Reads only the old
    /// cell's width: copying the whole old cell (its string) cost more than the rest.
    private mutating func setCell(_ cell: Cell, at i: Int, x: Int) {
        let width = size.width
        cells.withUnsafeMutableBufferPointer { Self.put(cell, at: i, x: x, width: width, $0) }
    }

    /// What `setCell(_:at:x:)` does, on the cells' storage: loops that set many cells take
    /// the storage once (one uniqueness check) instead of once a cell.
    @inline(__always)
    static func put(_ cell: Cell, at i: Int, x: Int, width: Int, _ cells: UnsafeMutableBufferPointer<Cell>) {
        let oldWidth = cells[i].width
        if oldWidth == 0, x > 0 { cells[i - 1] = Cell(scalar: " ", style: cells[i - 1].style) }
        if oldWidth == 2, x + 1 < width { cells[i + 1] = Cell(scalar: " ", style: cells[i + 1].style) }
        cells[i] = cell
    }

    /// The cells' storage, for a loop in this module that sets many cells with `put`
    /// (what `setCell` does a cell).
    mutating func withMutableCells<R>(_ body: (UnsafeMutableBufferPointer<Cell>) -> R) -> R {
        cells.withUnsafeMutableBufferPointer { body($0) }
    }

    /// The same cells as `setCell(source[sourceX + dx, sourceY + dy], x: x + dx, y: y + dy)` for
    /// every row `dy` in `0..<height` and column `dx` in `0..<width`, in that order (a cell
    /// outside `source` is `.blank`; one outside this buffer is left out): a page drawn off
    /// screen copied in, without a bounds check and a uniqueness check a cell.
    public mutating func copyCells(from source: Buffer, sourceX: Int, sourceY: Int, width: Int, height: Int, toX x: Int, toY y: Int) {
        guard width > 0, height > 0 else { return }
        let size = self.size, sourceSize = source.size
        source.cells.withUnsafeBufferPointer { from in
            cells.withUnsafeMutableBufferPointer { to in
                for dy in 0..<height {
                    let ty = y + dy, sy = sourceY + dy
                    guard ty >= 0, ty < size.height else { continue }
                    let sourceRow = sy >= 0 && sy < sourceSize.height
                    // The whole stretch inside both buffers, and every cell it covers here one
                    // column wide (`put` repairs nothing then): the source's cells as they are.
                    if sourceRow, x >= 0, x + width <= size.width, sourceX >= 0, sourceX + width <= sourceSize.width {
                        let start = ty * size.width + x
                        var plain = true
                        for i in start..<(start + width) where to[i].width != 1 { plain = false; break }
                        if plain {
                            let from = UnsafeBufferPointer(rebasing: from[(sy * sourceSize.width + sourceX)...].prefix(width))
                            _ = UnsafeMutableBufferPointer(rebasing: to[start..<(start + width)]).update(fromContentsOf: from)
                            continue
                        }
                    }
                    for dx in 0..<width {
                        let tx = x + dx, sx = sourceX + dx
                        guard tx >= 0, tx < size.width else { continue }
                        let cell = sourceRow && sx >= 0 && sx < sourceSize.width ? from[sy * sourceSize.width + sx] : .blank
                        Self.put(cell, at: ty * size.width + tx, x: tx, width: size.width, to)
                    }
                }
            }
        }
    }

    /// `symbol` when it is a single scalar one column wide (what `write` gives a cell of its own).
    private static func singleColumnScalar(_ symbol: String) -> Unicode.Scalar? {
        var scalars = symbol.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil, TextWidth.singleColumnScalars(symbol) == 1 else { return nil }
        return first
    }

    /// The same cells as `write(String(repeating: symbol, count: count), …)`, without
    /// building the string: rules, bars and borders are most of a frame's cells.
    @discardableResult
    public mutating func write(repeating symbol: String, count: Int, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        guard count > 0, let scalar = Self.singleColumnScalar(symbol) else {
            return write(String(repeating: symbol, count: count), x: x, y: y, style: style, clip: clip)
        }
        let area = (clip ?? bounds).intersection(bounds)
        guard y >= area.y, y < area.maxY else { return count }
        let first = max(x, area.x), end = min(x + count, area.maxX)
        guard first < end else { return count }
        // `area` lies inside the buffer: every column from `first` to `end` on row `y` is a cell.
        let width = size.width, row = y * width
        var cell = Cell(scalar: scalar, width: 1, style: style)
        cells.withUnsafeMutableBufferPointer { cells in
            for cx in first..<end {
                cell.style = cells[row + cx].style.patched(with: style)
                Self.put(cell, at: row + cx, x: cx, width: width, cells)
            }
        }
        return count
    }

    /// The same cells as `write(left + String(repeating: middle, count: count) + right, …)`
    /// (a card's top or bottom border), without building the string.
    @discardableResult
    public mutating func write(_ left: String, repeating middle: String, count: Int, _ right: String, x: Int, y: Int, style: Style) -> Int {
        guard count > 0, Self.singleColumnScalar(left) != nil, Self.singleColumnScalar(middle) != nil,
              Self.singleColumnScalar(right) != nil else {
            return write(left + String(repeating: middle, count: count) + right, x: x, y: y, style: style)
        }
        write(left, x: x, y: y, style: style)
        write(repeating: middle, count: count, x: x + 1, y: y, style: style)
        write(right, x: x + 1 + count, y: y, style: style)
        return count + 2
    }

    /// Writes text starting at (x, y), clipped to `clip` (default: the whole buffer).
    /// The style is layered over what is there. Returns the columns advanced.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        if let columns = TextWidth.singleColumnScalars(text) {
            // Every scalar is a grapheme one column wide (ASCII, box drawing, blocks, braille…):
            // no grapheme breaking and no width lookups, what most of a frame is written with.
            guard y >= area.y, y < area.maxY else { return columns }
            // `area` lies inside the buffer: a column inside it on row `y` is a cell. Each scalar
            // is one to three bytes of UTF-8 (`singleColumnScalars`), which are its glyph's bits.
            let width = size.width, row = y * width
            var text = text
            text.withUTF8 { bytes in
                cells.withUnsafeMutableBufferPointer { cells in
                    var cx = x, i = 0
                    while i < bytes.count, cx < area.maxX {
                        let lead = bytes[i]
                        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : 3
                        if cx >= area.x {
                            var bits = UInt64(length) << 56 | UInt64(lead)
                            if length > 1 { bits |= UInt64(bytes[i + 1]) << 8 }
                            if length > 2 { bits |= UInt64(bytes[i + 2]) << 16 }
                            let cell = Cell(glyph: Glyph(bits: bits), width: 1, style: cells[row + cx].style.patched(with: style))
                            Self.put(cell, at: row + cx, x: cx, width: width, cells)
                        }
                        i += length
                        cx += 1
                    }
                }
            }
            return columns
        }
        guard y >= area.y, y < area.maxY else { return TextWidth.of(text) }
        var cx = x
        for raw in text {
            // Controls and bidi overrides never reach a cell: they show as "�" (TerminalSafeText).
            let ch = raw.unicodeScalars.contains(where: TerminalSafeText.isUnsafe)
                ? Character(TerminalSafeText.replacement) : raw
            let w = TextWidth.of(ch)
            if w == 0 {
                // A combining mark: attached to the previous cell.
                if cx - 1 >= area.x, cx - 1 < area.maxX, let i = index(cx - 1, y), !cells[i].isContinuation {
                    cells[i].symbol += String(ch)
                }
                continue
            }
            defer { cx += w }
            if cx < area.x { continue }
            if cx + w > area.maxX {
                // A wide glyph that does not fit: show a blank instead of half a character.
                if cx < area.maxX, let i = index(cx, y) {
                    setCell(Cell(" ", style: cells[i].style.patched(with: style)), x: cx, y: y)
                }
                break
            }
            guard let i = index(cx, y) else { continue }
            let base = cells[i].style
            setCell(Cell(String(ch), width: UInt8(w), style: base.patched(with: style)), x: cx, y: y)
            if w == 2, let j = index(cx + 1, y) {
                setCell(Cell("", width: 0, style: cells[j].style.patched(with: style)), x: cx + 1, y: y)
            }
        }
        return TextWidth.of(text)
    }

    /// Fills a rectangle with a symbol in a style (replacing what was there).
    public mutating func fill(_ rect: Rect, symbol: String = " ", style: Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let cell = Cell(symbol, style: style)
        guard cell.width == 1 else {
            for y in r.y..<r.maxY {
                for x in r.x..<r.maxX { setCell(cell, at: y * size.width + x, x: x) }
            }
            return
        }
        // Cell by cell, `setCell` repairs a wide character the rect cuts in half; inside the
        // rect the repair is overwritten, so only its edges need it: a continuation at its
        // left edge (the wide character's first half is outside) and a wide character at its
        // right edge (the continuation is outside).
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in r.y..<r.maxY {
                let row = y * width
                if cells[row + r.x].width == 0, r.x > 0 { cells[row + r.x - 1] = Cell(scalar: " ", style: cells[row + r.x - 1].style) }
                if cells[row + r.maxX - 1].width == 2, r.maxX < width {
                    cells[row + r.maxX] = Cell(scalar: " ", style: cells[row + r.maxX].style)
                }
                for i in (row + r.x)..<(row + r.maxX) { cells[i] = cell }
            }
        }
    }

    /// Layers a style over every cell in a rectangle, keeping the symbols.
    public mutating func applyStyle(_ style: Style, to rect: Rect) {
        transformStyle(in: rect) { $0.patched(with: style) }
    }

    /// The plain text of one row (continuation cells skipped).
    public func line(_ y: Int) -> String {
        guard y >= 0, y < size.height else { return "" }
        var s = ""
        for x in 0..<size.width { let c = cells[y * size.width + x]; if !c.isContinuation { s += c.symbol } }
        return s
    }

    public var lines: [String] { (0..<size.height).map(line) }

    /// The cells inside `rect` as a buffer of their own (for tests that look at one part of a screen).
    public func cropped(to rect: Rect) -> Buffer {
        let r = rect.intersection(bounds)
        var out = Buffer(size: Size(width: r.width, height: r.height))
        for y in 0..<r.height {
            for x in 0..<r.width { out.cells[y * r.width + x] = self[r.x + x, r.y + y] }
        }
        return out
    }

    /// Cells that differ from `previous`, in row-major order. A size change means every cell.
    public func diff(from previous: Buffer) -> [(point: Point, cell: Cell)] {
        var changes: [(point: Point, cell: Cell)] = []
        let full = previous.size != size
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = y * size.width + x
                if full || cells[i] != previous.cells[i] {
                    changes.append((Point(x: x, y: y), cells[i]))
                }
            }
        }
        return changes
    }
}
