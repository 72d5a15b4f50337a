import Testing
@testable import TerminalUI
import Platform

@Suite struct BrailleCanvasTests {
    @Test(arguments: [
        (0, 0, UInt8(0x01)), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
        (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80),
    ])
    func eachDotHasItsUnicodeBit(dx: Int, dy: Int, bit: UInt8) {
        #expect(BrailleCanvas.bit(dx: dx, dy: dy) == bit)
        var canvas = BrailleCanvas(columns: 2, rows: 2)
        canvas.set(x: 2 + dx, y: 4 + dy) // second cell of the second row
        #expect(canvas.cellBits(column: 1, row: 1) == bit)
        #expect(canvas.character(column: 1, row: 1) == BrailleCanvas.character(bits: bit))
        #expect(canvas.cellBits(column: 0, row: 0) == 0)
        #expect(canvas.character(column: 0, row: 0) == nil)
    }

    @Test func allDotsMakeTheFullPatternAndUnsetClears() {
        var canvas = BrailleCanvas(columns: 1, rows: 1)
        for y in 0..<4 { for x in 0..<2 { canvas.set(x: x, y: y) } }
        #expect(canvas.character(column: 0, row: 0) == "⣿")
        canvas.unset(x: 1, y: 3)
        #expect(canvas.cellBits(column: 0, row: 0) == 0x7F)
        #expect(!canvas.isSet(x: 1, y: 3))
        #expect(canvas.isSet(x: 0, y: 3))
    }

    @Test func outOfRangeDotsAreIgnored() {
        var canvas = BrailleCanvas(columns: 1, rows: 1)
        canvas.set(x: -1, y: 0); canvas.set(x: 2, y: 0); canvas.set(x: 0, y: 4); canvas.set(x: .max, y: .min)
        #expect(canvas.cellBits(column: 0, row: 0) == 0)
        let empty = BrailleCanvas(columns: -3, rows: 2)
        #expect(empty.columns == 0 && empty.dotWidth == 0)
    }

    @Test func bresenhamLinesIncludeBothEndsAndStayConnected() {
        var canvas = BrailleCanvas(columns: 5, rows: 2)
        canvas.line(from: (0, 7), to: (9, 0))
        #expect(canvas.isSet(x: 0, y: 7) && canvas.isSet(x: 9, y: 0))
        for x in 0...9 { #expect((0..<8).contains { canvas.isSet(x: x, y: $0) }, "column \(x) has a dot") }
        var flat = BrailleCanvas(columns: 2, rows: 1)
        flat.line(from: (0, 0), to: (3, 0))
        #expect(flat.cellBits(column: 0, row: 0) == 0x09 && flat.cellBits(column: 1, row: 0) == 0x09)
        var far = BrailleCanvas(columns: 2, rows: 1)
        far.line(from: (Int.min, 0), to: (Int.max, 0)) // clamped, no overflow, no endless loop
        #expect(far.cellBits(column: 0, row: 0) == 0x09)
    }

    @Test func discsAreRoundInDotSpace() {
        var canvas = BrailleCanvas(columns: 10, rows: 5) // 20 × 20 dots
        canvas.fillDisc(centerX: 10, centerY: 10, radius: 8)
        let width = (0..<20).filter { canvas.isSet(x: $0, y: 10) }.count
        let height = (0..<20).filter { canvas.isSet(x: 10, y: $0) }.count
        #expect(width == height)
        #expect(width == 16)
        #expect(!canvas.isSet(x: 2, y: 2), "corners stay empty")
    }

    @Test func arcsFollowCompassAngles() {
        var canvas = BrailleCanvas(columns: 10, rows: 5)
        // The right half only: from 0° (up) clockwise to 180° (down).
        canvas.fillArc(centerX: 10, centerY: 10, innerRadius: 6, outerRadius: 9, startDegrees: 0, sweepDegrees: 180)
        #expect(canvas.isSet(x: 17, y: 10))
        #expect(!canvas.isSet(x: 2, y: 10))
        #expect(!canvas.isSet(x: 10, y: 10), "the hole stays empty")
        #expect(BrailleCanvas.compassDegrees(dx: 0, dy: -1) == 0)
        #expect(BrailleCanvas.compassDegrees(dx: 1, dy: 0) == 90)
        #expect(BrailleCanvas.compassDegrees(dx: -1, dy: 0) == 270)
        var wrap = BrailleCanvas(columns: 10, rows: 5)
        wrap.fillArc(centerX: 10, centerY: 10, innerRadius: 0, outerRadius: 9, startDegrees: 315, sweepDegrees: 90)
        #expect(wrap.isSet(x: 10, y: 3), "an arc across 0° wraps")
        #expect(!wrap.isSet(x: 10, y: 17))
        var bad = BrailleCanvas(columns: 2, rows: 2)
        bad.fillArc(centerX: .nan, centerY: 1, innerRadius: 0, outerRadius: .infinity, startDegrees: 0, sweepDegrees: 90)
        #expect(bad == BrailleCanvas(columns: 2, rows: 2))
    }

    @Test func overlayGivesEachCellOneStyle() {
        let red = Style(fg: RGB(255, 0, 0)), blue = Style(fg: RGB(0, 0, 255))
        var base = BrailleCanvas(columns: 2, rows: 1)
        base.line(from: (0, 3), to: (3, 3), style: red)
        var top = BrailleCanvas(columns: 2, rows: 1)
        top.set(x: 3, y: 0, style: blue)
        base.overlay(top)
        #expect(base.cellBits(column: 0, row: 0) == 0xC0)
        #expect(base.cellStyle(column: 0, row: 0) == red)
        #expect(base.cellBits(column: 1, row: 0) == 0x08)
        #expect(base.cellStyle(column: 1, row: 0) == blue)
    }

    @Test func blitWritesOnlyDottedCellsKeepingTheBackground() {
        let bg = Style(bg: RGB(1, 2, 3)), fg = Style(fg: RGB(9, 9, 9))
        var buffer = Buffer(size: Size(width: 4, height: 2), fill: Cell("x", style: bg))
        var canvas = BrailleCanvas(columns: 3, rows: 1)
        canvas.set(x: 0, y: 0, style: fg)
        canvas.set(x: 5, y: 3, style: fg) // clipped: the rect is only two columns wide
        canvas.blit(into: &buffer, at: Rect(x: 1, y: 1, width: 2, height: 1))
        #expect(buffer.line(1) == "x⠁xx")
        #expect(buffer[1, 1].style == Style(fg: RGB(9, 9, 9), bg: RGB(1, 2, 3)))
        #expect(buffer.line(0) == "xxxx")
    }

    /// `blit` against a plain one: every cell of the canvas with dots, inside the buffer, set
    /// with `setCell` to its braille character in the canvas's style over the cell's own, on
    /// random canvases placed anywhere (off every edge too) over buffers holding wide characters.
    @Test func blitEqualsAPlainCellByCellCopy() {
        var rng = SeededRandom(seed: 0xB1_17)
        let palette: [Style] = [.plain, Style(fg: RGB(200, 10, 10)), Style(bg: RGB(0, 0, 90)), Style(fg: RGB(1, 2, 3), attributes: [.bold])]
        for _ in 0..<300 {
            var canvas = BrailleCanvas(columns: Int.random(in: 0...9, using: &rng), rows: Int.random(in: 0...5, using: &rng))
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                canvas.set(x: Int.random(in: -2...20, using: &rng), y: Int.random(in: -2...22, using: &rng),
                           style: palette.randomElement(using: &rng)!)
            }
            var buffer = Buffer(size: Size(width: Int.random(in: 1...12, using: &rng), height: Int.random(in: 1...8, using: &rng)),
                                fill: Cell(" ", style: Style(bg: RGB(9, 9, 9))))
            for _ in 0..<3 { buffer.write("寿", x: Int.random(in: 0...11, using: &rng), y: Int.random(in: 0...7, using: &rng), style: .plain) }
            let rect = Rect(x: Int.random(in: -6...10, using: &rng), y: Int.random(in: -4...7, using: &rng),
                            width: Int.random(in: 0...12, using: &rng), height: Int.random(in: 0...7, using: &rng))
            var plain = buffer
            for row in 0..<min(canvas.rows, rect.height) {
                for column in 0..<min(canvas.columns, rect.width) {
                    let x = rect.x + column, y = rect.y + row
                    guard let ch = canvas.character(column: column, row: row), x >= 0, y >= 0,
                          x < buffer.size.width, y < buffer.size.height else { continue }
                    plain.setCell(Cell(String(ch), style: plain[x, y].style.patched(with: canvas.cellStyle(column: column, row: row))),
                                  x: x, y: y)
                }
            }
            var blitted = buffer
            canvas.blit(into: &blitted, at: rect)
            #expect(blitted == plain, "canvas \(canvas.columns)×\(canvas.rows) at \(rect) on \(buffer.size)")
        }
    }

    /// A canvas drawn in roles and blitted with styles for them is the canvas drawn in those
    /// styles and blitted as it is: random lines, columns, discs, overlays and merges, two
    /// canvases built side by side with the same calls, blitted with two different style sets.
    @Test func aCanvasDrawnInRolesBlitsAsOneDrawnInTheirStyles() {
        var rng = SeededRandom(seed: 0x201E5)
        let sets: [[Style]] = [[Style(fg: RGB(200, 10, 10)), Style(fg: RGB(10, 200, 10), attributes: [.dim]), Style(bg: RGB(0, 0, 90)), .plain],
                               [Style(attributes: [.bold]), Style(fg: RGB(1, 2, 3)), Style(fg: RGB(250, 250, 250), attributes: [.bold, .underline]), Style(attributes: [.reverse])]]
        for round in 0..<200 {
            let styles = sets[round % 2]
            let columns = Int.random(in: 1...9, using: &rng), rows = Int.random(in: 1...5, using: &rng)
            var inRoles = BrailleCanvas(columns: columns, rows: rows), inStyles = inRoles
            var topRoles = inRoles, topStyles = inRoles
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let n = Int.random(in: 0..<styles.count, using: &rng), onTop = Bool.random(using: &rng)
                let a = (x: Int.random(in: -2...20, using: &rng), y: Int.random(in: -2...22, using: &rng))
                let b = (x: Int.random(in: -2...20, using: &rng), y: Int.random(in: -2...22, using: &rng))
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    if onTop { topRoles.line(from: a, to: b, style: BrailleCanvas.role(n)); topStyles.line(from: a, to: b, style: styles[n]) }
                    else { inRoles.line(from: a, to: b, style: BrailleCanvas.role(n)); inStyles.line(from: a, to: b, style: styles[n]) }
                case 1:
                    inRoles.setColumn(x: a.x, from: a.y, style: BrailleCanvas.role(n)); inStyles.setColumn(x: a.x, from: a.y, style: styles[n])
                default:
                    topRoles.fillDisc(centerX: Double(a.x), centerY: Double(a.y), radius: 2.5, style: BrailleCanvas.role(n))
                    topStyles.fillDisc(centerX: Double(a.x), centerY: Double(a.y), radius: 2.5, style: styles[n])
                }
            }
            if round % 3 == 0 { inRoles.merge(topRoles); inStyles.merge(topStyles) } else { inRoles.overlay(topRoles); inStyles.overlay(topStyles) }
            let buffer = Buffer(size: Size(width: 12, height: 7), fill: Cell(" ", style: Style(fg: RGB(7, 7, 7), bg: RGB(9, 9, 9))))
            let rect = Rect(x: Int.random(in: -3...6, using: &rng), y: Int.random(in: -2...4, using: &rng), width: columns, height: rows)
            var fromRoles = buffer, fromStyles = buffer
            inRoles.blit(into: &fromRoles, at: rect, roles: styles)
            inStyles.blit(into: &fromStyles, at: rect)
            #expect(fromRoles == fromStyles, "round \(round): canvas \(columns)×\(rows) at \(rect)")
        }
    }
}
