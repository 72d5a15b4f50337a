/// One terminal cell: a grapheme, its display width and its style. A wide
/// grapheme occupies its cell (width 2) and a continuation cell (width 0).
public struct Cell: Hashable, Sendable {
    public var symbol: String
    public var width: UInt8
    public var style: Style

    public init(_ symbol: String = " ", width: UInt8 = 1, style: Style = .plain) {
        self.symbol = symbol
        self.width = width
        self.style = style
    }

    public static let blank = Cell()
    public var isContinuation: Bool { width == 0 }
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
        let oldWidth = cells[i].width
        if oldWidth == 0, x > 0 { cells[i - 1] = Cell(" ", style: cells[i - 1].style) }
        if oldWidth == 2, x + 1 < size.width { cells[i + 1] = Cell(" ", style: cells[i + 1].style) }
        cells[i] = cell
    }

    /// One-scalar strings of ASCII, made once: a frame writes thousands of such cells.
    private static let asciiSymbols: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }

    /// The symbol of a one-column scalar's cell.
    @inline(__always)
    private static func symbol(_ scalar: Unicode.Scalar) -> String {
        scalar.value < 128 ? asciiSymbols[Int(scalar.value)] : String(scalar)
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
        let text = Self.symbol(scalar), first = max(x, area.x), end = min(x + count, area.maxX)
        guard first < end else { return count }
        for cx in first..<end {
            guard let i = index(cx, y) else { continue }
            setCell(Cell(text, width: 1, style: cells[i].style.patched(with: style)), at: i, x: cx)
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
            var cx = x
            for scalar in text.unicodeScalars {
                defer { cx += 1 }
                if cx < area.x { continue }
                if cx >= area.maxX { break }
                guard let i = index(cx, y) else { continue }
                setCell(Cell(Self.symbol(scalar), width: 1, style: cells[i].style.patched(with: style)), at: i, x: cx)
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
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { setCell(cell, at: y * size.width + x, x: x) }
        }
    }

    /// Layers a style over every cell in a rectangle, keeping the symbols.
    public mutating func applyStyle(_ style: Style, to rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let i = y * size.width + x
                cells[i].style = cells[i].style.patched(with: style)
            }
        }
    }

    /// Changes colors and attributes of every cell in a rectangle with a function.
    public mutating func transformStyle(in rect: Rect, _ transform: (Style) -> Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let i = y * size.width + x
                cells[i].style = transform(cells[i].style)
            }
        }
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
