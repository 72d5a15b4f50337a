import XCTest
@testable import TerminalUI

/// The paths that set many cells at once (`copyCells`, `reset`, `transformStyle`, the
/// braille canvas's `setColumn` and `blit`) against the cell-by-cell operations they stand
/// for, on random buffers with wide characters, continuations and clipping.
final class BulkCellTests: XCTestCase {
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(1, n)))
        }
    }

    static let texts = ["a", "寿", "─", "ab", "寿x", "é", "⣿", "  ", "寿寿", "x"]

    func randomBuffer(_ size: Size, _ r: inout Random, broken: Bool = false) -> Buffer {
        var b = Buffer(size: size, fill: Cell(" ", style: Style(bg: RGB(1, 2, 3))))
        for _ in 0..<(size.area / 2) {
            let style = Style(fg: RGB(UInt8(r.next(256)), 7, 9), bg: r.next(2) == 0 ? nil : RGB(0, UInt8(r.next(4)), 0),
                              attributes: r.next(3) == 0 ? [.bold] : [])
            b.write(Self.texts[r.next(Self.texts.count)], x: r.next(size.width + 2) - 1, y: r.next(size.height), style: style)
        }
        if broken {
            // Cells no writer leaves (a continuation with no wide character before it, a wide one
            // with none after): the bulk paths must still do what `setCell` does with them.
            for _ in 0..<3 {
                b.setCell(Cell("", width: 0, style: .plain), x: r.next(size.width), y: r.next(size.height))
                b.setCell(Cell("寿", width: 2, style: .plain), x: r.next(size.width), y: r.next(size.height))
            }
        }
        return b
    }

    func testCopyCellsIsSetCellCellByCell() {
        var r = Random(state: 7)
        for trial in 0..<400 {
            let source = randomBuffer(Size(width: 3 + r.next(12), height: 1 + r.next(8)), &r, broken: trial % 5 == 0)
            let dest = randomBuffer(Size(width: 3 + r.next(12), height: 1 + r.next(8)), &r, broken: trial % 3 == 0)
            let sx = r.next(6) - 2, sy = r.next(6) - 2, w = r.next(16), h = r.next(10)
            let tx = r.next(8) - 3, ty = r.next(8) - 3
            var expected = dest
            for dy in 0..<h {
                for dx in 0..<w { expected.setCell(source[sx + dx, sy + dy], x: tx + dx, y: ty + dy) }
            }
            var copied = dest
            copied.copyCells(from: source, sourceX: sx, sourceY: sy, width: w, height: h, toX: tx, toY: ty)
            XCTAssertEqual(copied.cells, expected.cells, "trial \(trial)")
        }
    }

    /// Packed cells copied in are the cells they were packed from, each set as `setCell` sets
    /// it (over wide characters cut at the edges, partly off the buffer), in fewer runs than cells.
    func testPackedCellsCopyAsTheCellsTheyWerePackedFrom() {
        var r = Random(state: 17)
        for trial in 0..<300 {
            let source = randomBuffer(Size(width: 3 + r.next(12), height: 1 + r.next(5)), &r, broken: trial % 3 == 0)
            let dest = randomBuffer(Size(width: 3 + r.next(12), height: 1 + r.next(5)), &r, broken: trial % 2 == 0)
            let area = Rect(x: r.next(source.size.width), y: r.next(source.size.height),
                            width: 1 + r.next(source.size.width), height: 1 + r.next(source.size.height)).intersection(source.bounds)
            var packed = PackedCells()
            packed.pack(area, of: source)
            XCTAssertEqual(packed.size, area.size)
            let tx = r.next(dest.size.width + 2) - 1, ty = r.next(dest.size.height + 2) - 1
            var expected = dest
            for dy in 0..<area.height {
                for dx in 0..<area.width { expected.setCell(source[area.x + dx, area.y + dy], x: tx + dx, y: ty + dy) }
            }
            var copied = dest
            copied.copyCells(from: packed, toX: tx, toY: ty)
            XCTAssertEqual(copied.cells, expected.cells, "trial \(trial)")
        }
        // Hand-worked: a row of blanks, "ab", blanks, then a second row of blanks: 4 runs for 12 cells.
        var b = Buffer(size: Size(width: 6, height: 2))
        b.write("ab", x: 2, y: 0, style: .plain)
        var packed = PackedCells()
        packed.pack(b.bounds, of: b)
        XCTAssertEqual(packed.runCount, 4)
        packed.pack(Rect(x: 0, y: 1, width: 6, height: 1), of: b)
        XCTAssertEqual(packed.runCount, 1, "packed again in the same storage: one run of blanks")
    }

    /// A small canvas laid over a larger one at an offset is the larger one overlaid with a
    /// canvas of its size holding the small one's dots there (cut at its right and bottom edges).
    func testOverlayAtAnOffsetIsOverlayOfTheDotsMovedThere() {
        var r = Random(state: 23)
        let roles = [BrailleCanvas.role(0), BrailleCanvas.role(1), BrailleCanvas.role(2)]
        for trial in 0..<200 {
            let (columns, rows) = (1 + r.next(12), 1 + r.next(6))
            var base = BrailleCanvas(columns: columns, rows: rows)
            for _ in 0..<(columns * rows * 3) { base.set(x: r.next(columns * 2), y: r.next(rows * 4), style: roles[r.next(3)]) }
            var top = BrailleCanvas(columns: 1 + r.next(6), rows: 1 + r.next(4))
            for _ in 0..<(top.columns * top.rows * 2) {
                top.set(x: r.next(top.columns * 2), y: r.next(top.rows * 4), style: roles[r.next(3)])
            }
            let (column, row) = (r.next(columns + 2), r.next(rows + 2))
            var moved = BrailleCanvas(columns: columns, rows: rows)
            for y in 0..<(top.rows * 4) {
                for x in 0..<(top.columns * 2) where top.isSet(x: x, y: y) {
                    moved.set(x: column * 2 + x, y: row * 4 + y, style: top.cellStyle(column: x / 2, row: y / 4))
                }
            }
            var expected = base
            expected.overlay(moved)
            var laid = base
            laid.overlay(top, atColumn: column, row: row)
            XCTAssertEqual(laid, expected, "trial \(trial)")
        }
    }

    func testCopyOfAWholePageIsThePage() {
        var r = Random(state: 11)
        let page = randomBuffer(Size(width: 20, height: 6), &r)
        var screen = Buffer(size: Size(width: 20, height: 6))
        screen.copyCells(from: page, sourceX: 0, sourceY: 0, width: 20, height: 6, toX: 0, toY: 0)
        XCTAssertEqual(screen, page)
    }

    func testResetIsANewBufferAndLeavesACopyAlone() {
        var r = Random(state: 3)
        var b = randomBuffer(Size(width: 9, height: 4), &r)
        let fill = Cell(" ", style: Style(fg: RGB(9, 9, 9), bg: RGB(1, 1, 1)))
        b.reset(size: Size(width: 9, height: 4), fill: fill)
        XCTAssertEqual(b, Buffer(size: Size(width: 9, height: 4), fill: fill))
        var shared = randomBuffer(Size(width: 9, height: 4), &r)
        let before = shared
        var other = shared
        other.reset(size: Size(width: 9, height: 4), fill: fill)
        XCTAssertEqual(other, Buffer(size: Size(width: 9, height: 4), fill: fill))
        XCTAssertEqual(shared, before, "the copy that shared the storage keeps its cells")
        shared.reset(size: Size(width: 3, height: 2), fill: fill)
        XCTAssertEqual(shared, Buffer(size: Size(width: 3, height: 2), fill: fill))
    }

    func testTransformStyleAndApplyStyleChangeOnlyStylesInTheRect() {
        var r = Random(state: 5)
        let b = randomBuffer(Size(width: 10, height: 5), &r)
        let rect = Rect(x: 2, y: 1, width: 20, height: 3)
        let top = Style(fg: RGB(200, 0, 0), attributes: [.underline])
        var applied = b
        applied.applyStyle(top, to: rect)
        var transformed = b
        transformed.transformStyle(in: rect) { $0.withBackground(RGB(5, 5, 5)) }
        for y in 0..<5 {
            for x in 0..<10 {
                let inside = rect.contains(Point(x: x, y: y))
                XCTAssertEqual(applied[x, y].symbol, b[x, y].symbol)
                XCTAssertEqual(applied[x, y].style, inside ? b[x, y].style.patched(with: top) : b[x, y].style)
                XCTAssertEqual(transformed[x, y].style, inside ? b[x, y].style.withBackground(RGB(5, 5, 5)) : b[x, y].style)
            }
        }
    }

    func testSetColumnIsEveryDotOfTheColumn() {
        var r = Random(state: 13)
        for _ in 0..<300 {
            let columns = 1 + r.next(6), rows = 1 + r.next(5)
            var expected = BrailleCanvas(columns: columns, rows: rows)
            for _ in 0..<r.next(10) { expected.set(x: r.next(columns * 2), y: r.next(rows * 4), style: Style(fg: RGB(1, 1, UInt8(r.next(9))))) }
            var canvas = expected
            let x = r.next(columns * 2 + 2) - 1, top = r.next(rows * 4 + 3) - 2
            let style: Style? = r.next(2) == 0 ? nil : Style(fg: RGB(3, 3, 3))
            if x >= 0, x < columns * 2 {
                for y in max(0, top)..<max(max(0, top), rows * 4) { expected.set(x: x, y: y, style: style) }
            }
            canvas.setColumn(x: x, from: top, style: style)
            XCTAssertEqual(canvas, expected, "x \(x) from \(top)")
        }
    }

    func testLowestSetDotsIsTheLowestDotOfEachColumn() {
        var r = Random(state: 19)
        for _ in 0..<300 {
            let columns = 1 + r.next(6), rows = 1 + r.next(5)
            var canvas = BrailleCanvas(columns: columns, rows: rows)
            for _ in 0..<r.next(12) { canvas.set(x: r.next(columns * 2), y: r.next(rows * 4)) }
            // Each column of dots read from the bottom up, dot by dot.
            let expected = (0..<canvas.dotWidth).map { x in
                (0..<canvas.dotHeight).reversed().first { canvas.isSet(x: x, y: $0) } ?? -1
            }
            XCTAssertEqual(canvas.lowestSetDots(), expected)
        }
    }

    /// Arcs filled together (one angle a dot for all of them) are each what `fillArc` alone fills:
    /// whole rings, arcs of every sweep, ones that start anywhere (negative, past 360), empty
    /// and refused ones (no sweep, a radius or angle that is not finite), centers off the canvas.
    func testArcsFilledTogetherAreEachArcFilledAlone() {
        var r = Random(state: 23)
        let odd: [Double] = [0, -30, 360, 400, .nan, .infinity]
        for trial in 0..<400 {
            let columns = 1 + r.next(14), rows = 1 + r.next(8)
            let cx = Double(r.next(columns * 2 + 8) - 4) + Double(r.next(4)) / 4
            let cy = Double(r.next(rows * 4 + 8) - 4) + Double(r.next(4)) / 4
            let outer = trial == 7 ? Double.nan : Double(1 + r.next(20)) / 2, inner = Double(r.next(12)) / 2
            let arcs: [(startDegrees: Double, sweepDegrees: Double, style: Style?)] = (0..<(1 + r.next(3))).map { _ in
                let start = r.next(8) == 0 ? odd[r.next(odd.count)] : Double(r.next(720) - 180)
                let sweep = r.next(8) == 0 ? odd[r.next(odd.count)] : Double(r.next(420))
                return (start, sweep, r.next(3) == 0 ? nil : Style(fg: RGB(UInt8(r.next(9)), 0, 0)))
            }
            let together = BrailleCanvas.arcs(columns: columns, rows: rows, centerX: cx, centerY: cy, innerRadius: inner,
                                              outerRadius: outer, arcs)
            XCTAssertEqual(together.count, arcs.count)
            for (k, arc) in arcs.enumerated() {
                var alone = BrailleCanvas(columns: columns, rows: rows)
                alone.fillArc(centerX: cx, centerY: cy, innerRadius: inner, outerRadius: outer,
                              startDegrees: arc.startDegrees, sweepDegrees: arc.sweepDegrees, style: arc.style)
                XCTAssertEqual(together[k], alone, "trial \(trial) arc \(k): \(arc)")
            }
        }
    }

    /// Whether an angle is within an arc, with the remainder taken only a turn or more apart:
    /// the same answer as the remainder taken always, for angles and starts near, at and far
    /// from each other (and a turn apart exactly).
    func testAnArcsAngleTestIsTheRemaindersAnswer() {
        func plain(_ a: Double, _ start: Double, _ sweep: Double) -> Bool {
            var offset = (a - start).truncatingRemainder(dividingBy: 360)
            if offset < 0 { offset += 360 }
            return offset <= sweep
        }
        var r = Random(state: 29)
        var inside = 0
        for _ in 0..<200_000 {
            let a = Double(r.next(360_000)) / 1000 + (r.next(5) == 0 ? 0.0001 : 0)
            let start = [Double(r.next(720) - 360), a, a - 360, a + 360, Double(r.next(4000) - 2000) / 3][r.next(5)]
            let sweep = Double(r.next(400))
            XCTAssertEqual(BrailleCanvas.angle(a, isWithin: start, sweep: sweep), plain(a, start, sweep), "\(a) \(start) \(sweep)")
            if plain(a, start, sweep) { inside += 1 }
        }
        XCTAssertGreaterThan(inside, 50_000)
    }

    func testBlitLayersEachDottedCellLikeSetCell() {
        var r = Random(state: 17)
        for trial in 0..<200 {
            var canvas = BrailleCanvas(columns: 1 + r.next(8), rows: 1 + r.next(5))
            for _ in 0..<r.next(30) {
                canvas.set(x: r.next(canvas.dotWidth), y: r.next(canvas.dotHeight), style: Style(fg: RGB(UInt8(r.next(3)), 0, 0)))
            }
            let buffer = randomBuffer(Size(width: 3 + r.next(8), height: 1 + r.next(5)), &r, broken: trial % 4 == 0)
            let rect = Rect(x: r.next(6) - 2, y: r.next(4) - 1, width: r.next(10), height: r.next(6))
            var expected = buffer
            let area = rect.intersection(buffer.bounds)
            for row in 0..<min(canvas.rows, max(0, rect.height)) {
                for column in 0..<min(canvas.columns, max(0, rect.width)) {
                    let x = rect.x + column, y = rect.y + row
                    let bits = canvas.cellBits(column: column, row: row)
                    guard bits != 0, area.contains(Point(x: x, y: y)) else { continue }
                    expected.setCell(Cell(String(BrailleCanvas.character(bits: bits)),
                                          style: expected[x, y].style.patched(with: canvas.cellStyle(column: column, row: row))), x: x, y: y)
                }
            }
            var blitted = buffer
            canvas.blit(into: &blitted, at: rect)
            XCTAssertEqual(blitted.cells, expected.cells, "trial \(trial)")
        }
    }

    /// The encoder keeps the colour numbers it found in a small table by a few bits of the
    /// colour: colliding colours, in any order, are still written as their own numbers.
    func testColoursFoundBeforeAreWrittenAsAFreshEncoderWritesThem() {
        var r = Random(state: 23)
        let palette = (0..<300).map { _ in RGB(UInt8(r.next(256)), UInt8(r.next(256)), UInt8(r.next(256))) }
        func frame(_ i: Int) -> Buffer {
            Buffer(size: Size(width: 1, height: 1), fill: Cell("x", style: Style(fg: palette[i], bg: palette[(i * 7) % palette.count])))
        }
        var warm = FrameEncoder(depth: .palette256)
        var out: [UInt8] = []
        var previous = 0
        warm.encode(frame(previous), into: &out)
        for _ in 0..<1_500 {
            let next = r.next(palette.count)
            out.removeAll()
            warm.encode(frame(next), into: &out)
            var cold = FrameEncoder(depth: .palette256)
            var coldOut: [UInt8] = []
            cold.encode(frame(previous), into: &coldOut)
            coldOut.removeAll()
            cold.encode(frame(next), into: &coldOut)
            XCTAssertEqual(out, coldOut)
            previous = next
        }
    }

    /// Rows whose cells are all as before are passed over: a change in one row among
    /// unchanged ones is written alone, and a frame equal to the last writes nothing.
    func testUnchangedRowsArePassedOver() {
        var r = Random(state: 29)
        var a = randomBuffer(Size(width: 30, height: 8), &r)
        a.write(String(repeating: ".", count: 30), x: 0, y: 5, style: .plain)
        var b = a
        b.write("Z", x: 4, y: 5, style: .plain)
        var encoder = FrameEncoder(depth: .palette256)
        var out: [UInt8] = []
        encoder.encode(a, into: &out)
        out.removeAll()
        encoder.encode(a, into: &out)
        XCTAssertEqual(out, [])
        encoder.encode(b, into: &out)
        let text = String(decoding: out, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("\u{1B}[6;5H"), text.debugDescription)
        XCTAssertTrue(text.hasSuffix("Z"), text.debugDescription)
        XCTAssertEqual(text.filter { $0 == "Z" || $0 == "." }.count, 1, text.debugDescription)
    }
}
