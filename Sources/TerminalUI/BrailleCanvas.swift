import FoundationEssentials
import Glibc

/// A drawing surface of braille dots: every cell holds 2×4 dots, shown as
/// `U+2800 | bits`. Dots are about square on a 1:2 terminal cell, so circles
/// drawn in dot coordinates come out round. Each cell has one style (the last
/// one that set a dot in it); layer canvases with `overlay` to choose which
/// style wins where shapes meet.
public struct BrailleCanvas: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    private var bits: [UInt8]
    private var styles: [Style]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        bits = Array(repeating: 0, count: self.columns * self.rows)
        // The plain style's bits (0) written out: `.plain`, a global, was looked up a cell.
        styles = Array(repeating: Style(bits: 0), count: self.columns * self.rows)
    }

    public var dotWidth: Int { columns * 2 }
    public var dotHeight: Int { rows * 4 }

    /// The bit of dot (dx, dy) inside a cell (dx 0...1, dy 0...3), in the Unicode braille order:
    /// dots 1–3 down the left column (0x01, 0x02, 0x04), 4–6 down the right (0x08, 0x10, 0x20),
    /// then the bottom row's 7 and 8 (0x40, 0x80).
    @inline(__always)
    public static func bit(dx: Int, dy: Int) -> UInt8 {
        guard dx == 0 || dx == 1 else { return 0 }
        switch dy {
        case 0...2: return UInt8(1 << (dy + 3 * dx))
        case 3: return UInt8(0x40 << dx)
        default: return 0
        }
    }

    /// The braille character for a set of dot bits (0 is the blank braille pattern).
    public static func character(bits: UInt8) -> Character {
        Character(Unicode.Scalar(0x2800 + UInt32(bits)) ?? " ")
    }

    private func cellIndex(dotX x: Int, dotY y: Int) -> Int? {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return nil }
        return (y / 4) * columns + x / 2
    }

    // MARK: Dots

    public mutating func set(x: Int, y: Int, style: Style? = nil) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let i = (y >> 2) * columns + x >> 1
        bits[i] |= Self.bit(dx: x & 1, dy: y & 3)
        if let style { styles[i] = style }
    }

    /// `set` for every dot of column `x` from `top` to the bottom (an area under a line).
    public mutating func setColumn(x: Int, from top: Int, style: Style? = nil) {
        guard x >= 0, x < dotWidth else { return }
        let column = x >> 1, dx = x & 1
        let first = max(0, top)
        guard first < dotHeight else { return }
        // A cell at a time: the dots of this column from `first` down, in each cell they cross
        // (the first cell from its row `first & 3` down, the rest whole).
        let columns = self.columns, rows = self.rows
        let firstRow = first >> 2
        let whole = Self.columnDots[dx], partial = Self.columnDots[dx] & Self.dotsFromRow[first & 3]
        bits.withUnsafeMutableBufferPointer { bits in
            bits[firstRow * columns + column] |= partial
            for row in (firstRow + 1)..<max(firstRow + 1, rows) { bits[row * columns + column] |= whole }
        }
        if let style {
            styles.withUnsafeMutableBufferPointer { styles in
                for row in firstRow..<rows { styles[row * columns + column] = style }
            }
        }
    }

    /// The bits of a cell's left (0) and right (1) column of dots: dots 1, 2, 3, 7 and 4, 5, 6, 8.
    private static let columnDots: [UInt8] = (0...1).map { dx in (0...3).reduce(0) { $0 | bit(dx: dx, dy: $1) } }
    /// The bits of both columns' dots in a cell's rows from `n` (0–3) down.
    private static let dotsFromRow: [UInt8] = (0...3).map { n in (n...3).reduce(0) { $0 | bit(dx: 0, dy: $1) | bit(dx: 1, dy: $1) } }

    /// The lowest dot set (the largest y) in every column of dots, -1 where a column has none:
    /// one pass over the cells (a chart's area fill asks it of each of a few hundred columns).
    public func lowestSetDots() -> [Int] {
        var lowest = [Int](repeating: -1, count: dotWidth)
        let columns = self.columns
        bits.withUnsafeBufferPointer { bits in
            lowest.withUnsafeMutableBufferPointer { lowest in
                for row in stride(from: rows - 1, through: 0, by: -1) {
                    for column in 0..<columns {
                        let b = bits[row * columns + column]
                        guard b != 0 else { continue }
                        for dx in 0...1 where lowest[2 * column + dx] < 0 {
                            let dots = b & Self.columnDots[dx]
                            guard dots != 0 else { continue }
                            // The lowest of the column's dots in this cell.
                            let dy = (0...3).last { dots & Self.bit(dx: dx, dy: $0) != 0 } ?? 0
                            lowest[2 * column + dx] = row * 4 + dy
                        }
                    }
                }
            }
        }
        return lowest
    }

    public mutating func unset(x: Int, y: Int) {
        guard let i = cellIndex(dotX: x, dotY: y) else { return }
        bits[i] &= ~Self.bit(dx: x % 2, dy: y % 4)
    }

    public func isSet(x: Int, y: Int) -> Bool {
        guard let i = cellIndex(dotX: x, dotY: y) else { return false }
        return bits[i] & Self.bit(dx: x % 2, dy: y % 4) != 0
    }

    // MARK: Cells

    public func cellBits(column: Int, row: Int) -> UInt8 {
        guard column >= 0, row >= 0, column < columns, row < rows else { return 0 }
        return bits[row * columns + column]
    }

    public func cellStyle(column: Int, row: Int) -> Style {
        guard column >= 0, row >= 0, column < columns, row < rows else { return .plain }
        return styles[row * columns + column]
    }

    public mutating func setStyle(_ style: Style, column: Int, row: Int) {
        guard column >= 0, row >= 0, column < columns, row < rows else { return }
        styles[row * columns + column] = style
    }

    /// The character of one cell, or nil when it has no dots.
    public func character(column: Int, row: Int) -> Character? {
        let b = cellBits(column: column, row: row)
        return b == 0 ? nil : Self.character(bits: b)
    }

    /// Puts `top` over this canvas: wherever a cell of `top` has dots, that cell
    /// takes `top`'s dots and style only (so two styles never share a cell).
    public mutating func overlay(_ top: BrailleCanvas) { put(top, keepingOwnDots: false) }

    /// `overlay` of a smaller canvas whose top-left cell lands on (`column`, `row`) of this one
    /// (what of it falls outside this canvas is left out).
    public mutating func overlay(_ top: BrailleCanvas, atColumn column: Int, row: Int) {
        put(top, keepingOwnDots: false, atColumn: column, row: row)
    }

    /// Adds `top`'s dots to this canvas: a cell where `top` has dots keeps its
    /// own dots too and takes `top`'s style (a line over an area fill leaves no
    /// hole in the fill where it crosses).
    public mutating func merge(_ top: BrailleCanvas) { put(top, keepingOwnDots: true) }

    private mutating func put(_ top: BrailleCanvas, keepingOwnDots: Bool, atColumn left: Int = 0, row firstRow: Int = 0) {
        guard left >= 0, firstRow >= 0 else { return }
        let columns = self.columns, topColumns = top.columns
        let rowCount = min(rows - firstRow, top.rows), columnCount = min(columns - left, top.columns)
        guard rowCount > 0, columnCount > 0 else { return }
        top.bits.withUnsafeBufferPointer { topBits in
            top.styles.withUnsafeBufferPointer { topStyles in
                bits.withUnsafeMutableBufferPointer { bits in
                    styles.withUnsafeMutableBufferPointer { styles in
                        for row in 0..<rowCount {
                            for column in 0..<columnCount {
                                let j = row * topColumns + column
                                guard topBits[j] != 0 else { continue }
                                let i = (firstRow + row) * columns + left + column
                                bits[i] = keepingOwnDots ? bits[i] | topBits[j] : topBits[j]
                                styles[i] = topStyles[j]
                            }
                        }
                    }
                }
            }
        }
    }

    /// Removes every dot in cells where `mask` has dots.
    public mutating func clearCells(where mask: BrailleCanvas) {
        for row in 0..<min(rows, mask.rows) {
            for column in 0..<min(columns, mask.columns) where mask.bits[row * mask.columns + column] != 0 {
                bits[row * columns + column] = 0
            }
        }
    }

    // MARK: Shapes

    /// A straight line between two dots (Bresenham), both ends included.
    public mutating func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int), style: Style? = nil) {
        // Far-off endpoints would only loop over invisible dots: clamp to a margin around the canvas.
        let limit = max(dotWidth, dotHeight) * 4 + 16
        func clamp(_ v: Int) -> Int { min(limit, max(-limit, v)) }
        var x0 = clamp(a.x), y0 = clamp(a.y)
        let x1 = clamp(b.x), y1 = clamp(b.y)
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        while true {
            set(x: x0, y: y0, style: style)
            if x0 == x1 && y0 == y1 { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x0 += sx }
            if e2 <= dx { err += dx; y0 += sy }
        }
    }

    /// Every dot whose center lies within `radius` of (cx, cy). Coordinates are in
    /// dots; the center of dot (x, y) is (x + 0.5, y + 0.5).
    public mutating func fillDisc(centerX cx: Double, centerY cy: Double, radius: Double, style: Style? = nil) {
        fillRing(centerX: cx, centerY: cy, innerRadius: 0, outerRadius: radius, style: style)
    }

    /// Dots between two radii: a ring (inner 0 makes it a disc).
    public mutating func fillRing(centerX cx: Double, centerY cy: Double, innerRadius: Double, outerRadius: Double,
                                  style: Style? = nil) {
        fillArc(centerX: cx, centerY: cy, innerRadius: innerRadius, outerRadius: outerRadius,
                startDegrees: 0, sweepDegrees: 360, style: style)
    }

    /// Dots of a ring segment. Angles are compass degrees: 0 is up (12 o'clock),
    /// growing clockwise; the segment runs from `startDegrees` for `sweepDegrees`.
    public mutating func fillArc(centerX cx: Double, centerY cy: Double, innerRadius: Double, outerRadius: Double,
                                 startDegrees: Double, sweepDegrees: Double, style: Style? = nil) {
        let dots = ringDots(centerX: cx, centerY: cy, innerRadius: innerRadius, outerRadius: outerRadius, angles: sweepDegrees < 360)
        fill(dots, startDegrees: startDegrees, sweepDegrees: sweepDegrees, style: style)
    }

    /// Canvases of `columns` × `rows`, each with one of `arcs` filled as `fillArc` fills it, all
    /// around the same center between the same radii (a gauge's track, zone and fill): a dot's
    /// angle (an `atan2`) is worked out once for them all instead of once for each.
    public static func arcs(columns: Int, rows: Int, centerX cx: Double, centerY cy: Double, innerRadius: Double,
                            outerRadius: Double, _ arcs: [(startDegrees: Double, sweepDegrees: Double, style: Style?)]) -> [BrailleCanvas] {
        let empty = BrailleCanvas(columns: columns, rows: rows)
        let dots = empty.ringDots(centerX: cx, centerY: cy, innerRadius: innerRadius, outerRadius: outerRadius,
                                  angles: arcs.contains { $0.sweepDegrees < 360 })
        return arcs.map { arc in
            var canvas = empty
            canvas.fill(dots, startDegrees: arc.startDegrees, sweepDegrees: arc.sweepDegrees, style: arc.style)
            return canvas
        }
    }

    /// The dots whose centers lie between the radii around (cx, cy), each with its compass angle
    /// when `angles` (else 0); none when the center or a radius is not a finite number.
    private func ringDots(centerX cx: Double, centerY cy: Double, innerRadius: Double, outerRadius: Double,
                          angles: Bool) -> [(x: Int, y: Int, angle: Double)] {
        guard cx.isFinite, cy.isFinite, innerRadius.isFinite, outerRadius.isFinite, outerRadius > 0 else { return [] }
        let x0 = max(0, Int((cx - outerRadius).rounded(.down)) - 1)
        let x1 = min(dotWidth - 1, Int(min(Double(dotWidth), (cx + outerRadius).rounded(.up))) + 1)
        let y0 = max(0, Int((cy - outerRadius).rounded(.down)) - 1)
        let y1 = min(dotHeight - 1, Int(min(Double(dotHeight), (cy + outerRadius).rounded(.up))) + 1)
        guard x0 <= x1, y0 <= y1 else { return [] }
        let inner2 = max(0, innerRadius) * max(0, innerRadius), outer2 = outerRadius * outerRadius
        var dots: [(x: Int, y: Int, angle: Double)] = []
        for y in y0...y1 {
            for x in x0...x1 {
                let px = Double(x) + 0.5 - cx, py = Double(y) + 0.5 - cy
                let d2 = px * px + py * py
                guard d2 <= outer2, d2 >= inner2 else { continue }
                dots.append((x, y, angles ? Self.compassDegrees(dx: px, dy: py) : 0))
            }
        }
        return dots
    }

    /// Sets the `dots` within the arc (all of them for a full turn); nothing for an arc without
    /// a finite start and a finite, positive sweep.
    private mutating func fill(_ dots: [(x: Int, y: Int, angle: Double)], startDegrees: Double, sweepDegrees: Double, style: Style?) {
        guard startDegrees.isFinite, sweepDegrees.isFinite, sweepDegrees > 0 else { return }
        let full = sweepDegrees >= 360
        for dot in dots where full || Self.angle(dot.angle, isWithin: startDegrees, sweep: sweepDegrees) {
            set(x: dot.x, y: dot.y, style: style)
        }
    }

    /// Compass angle (0 up, clockwise, 0..<360) of a vector in screen coordinates (y down).
    public static func compassDegrees(dx: Double, dy: Double) -> Double {
        let a = atan2(dx, -dy) * 180 / .pi
        return a < 0 ? a + 360 : a
    }

    static func angle(_ a: Double, isWithin start: Double, sweep: Double) -> Bool {
        // A remainder of less than a turn is the value itself (`fmod` is exact): the division,
        // most of a ring's cost, is left for angles a turn or more apart.
        let difference = a - start
        var offset = abs(difference) < 360 ? difference : difference.truncatingRemainder(dividingBy: 360)
        if offset < 0 { offset += 360 }
        return offset <= sweep
    }

    // MARK: Output

    /// Draws the dotted cells into `rect` of a buffer (cell (0, 0) at the rect's
    /// corner, clipped to it). Cells without dots are left as they are; each drawn
    /// cell layers its style over the one already there, keeping the background.
    public func blit(into buffer: inout Buffer, at rect: Rect) { blit(into: &buffer, at: rect, roles: nil) }

    /// A stand-in for the `n`th (0–7) of the styles `blit(into:at:roles:)` is given. A canvas
    /// drawn in roles is the same in every theme: it is kept once (a chart's dots, a ring)
    /// and takes the theme's styles as it is blitted, so a theme toggle draws no dot again.
    /// (Bit 63, which no style has, marks it.)
    public static func role(_ n: Int) -> Style { Style(bits: Self.roleBit | UInt64(n & 7)) }
    private static let roleBit: UInt64 = 1 << 63

    /// `blit(into:at:)` of a canvas drawn in `role(n)` styles, each cell in `roles[n]`.
    public func blit(into buffer: inout Buffer, at rect: Rect, roles: [Style]) { blit(into: &buffer, at: rect, roles: Optional(roles)) }

    private func blit(into buffer: inout Buffer, at rect: Rect, roles: [Style]?) {
        let area = rect.intersection(buffer.bounds)
        // The canvas's rows and columns that land inside the buffer: the loops run over those
        // alone instead of asking of every cell (the chart of Month at 200×60 is 5,000 cells).
        let firstRow = area.y - rect.y, endRow = min(rows, rect.height, area.maxY - rect.y)
        let firstColumn = area.x - rect.x, endColumn = min(columns, rect.width, area.maxX - rect.x)
        guard !area.isEmpty, firstRow < endRow, firstColumn < endColumn else { return }
        let width = buffer.size.width, columns = self.columns
        bits.withUnsafeBufferPointer { bits in
            styles.withUnsafeBufferPointer { styles in
                buffer.withMutableCells { cells in
                    for row in firstRow..<endRow {
                        let y = rect.y + row
                        for column in firstColumn..<endColumn {
                            let b = bits[row * columns + column]
                            guard b != 0 else { continue }
                            let x = rect.x + column, i = y * width + x
                            var own = styles[row * columns + column]
                            if let roles, own.bits & Self.roleBit != 0 {
                                let n = Int(own.bits & 7)
                                own = n < roles.count ? roles[n] : .plain
                            }
                            let style = cells[i].style.patched(with: own)
                            Buffer.put(Cell(glyph: Self.glyph(bits: b), width: 1, style: style), at: i, x: x, width: width, cells)
                        }
                    }
                }
            }
        }
    }

    /// U+2800 + `bits` as a cell's glyph: its three UTF-8 bytes, E2, A0 + the top two bits, 80 + the rest.
    @inline(__always)
    static func glyph(bits b: UInt8) -> Glyph {
        Glyph(bits: 3 << 56 | 0xE2 | UInt64(0xA0 | b >> 6) << 8 | UInt64(0x80 | b & 0x3F) << 16)
    }
}
