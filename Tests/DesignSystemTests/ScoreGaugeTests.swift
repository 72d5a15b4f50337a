import XCTest
import DesignSystem
import SnapshotTesting
import TerminalUI

final class ScoreGaugeTests: XCTestCase {
    func testFillIsClampedForEveryScore() {
        let table: [(Double, Double, Int, String)] = [ // score, degrees, eighths on 10 cells, text
            (0, 0, 0, "0%"), (1, 2.7, 1, "1%"), (49, 132.3, 39, "49%"), (50, 135, 40, "50%"),
            (99, 267.3, 79, "99%"), (100, 270, 80, "100%"), (-5, 0, 0, "0%"), (250, 270, 80, "100%"), (.nan, 0, 0, "0%"),
        ]
        for (score, degrees, eighths, text) in table {
            XCTAssertEqual(ScoreGauge.filledDegrees(score), degrees, accuracy: 1e-9, "score \(score)")
            XCTAssertEqual(ScoreGauge.barEighths(score, width: 10), eighths, "score \(score)")
            XCTAssertEqual(ScoreGauge(score: score).percentText, text)
        }
        XCTAssertEqual(ScoreGauge(score: nil).percentText, "—")
        XCTAssertEqual(ScoreGauge.barEighths(50, width: -3), 0)
    }

    func testZoneValidation() throws {
        XCTAssertThrowsError(try TargetZone(start: 70, end: 40)) { error in
            XCTAssertEqual("\(error)", "target zone start (70) is after its end (40)")
        }
        guard case .failure(let error) = TargetZone.validated(start: 12.5, end: 3) else { return XCTFail("accepted") }
        XCTAssertEqual(error, .startAfterEnd(start: 12.5, end: 3))
        XCTAssertEqual(error.description, "target zone start (12.5) is after its end (3)")
        XCTAssertEqual(TargetZone.validated(start: -1, end: 50), .failure(.outOfRange(-1)))
        XCTAssertEqual(TargetZone.validated(start: 10, end: 101), .failure(.outOfRange(101)))
        XCTAssertEqual(TargetZone.validated(start: .nan, end: 50), .failure(.notANumber))
        let whole = try TargetZone(start: 0, end: 100)
        XCTAssertEqual(ScoreGauge.zoneCells(whole, width: 10), 0...9, "edges at 0 and 100 reach both ends")
        let point = try TargetZone(start: 100, end: 100)
        XCTAssertEqual(ScoreGauge.zoneCells(point, width: 10), 9...9)
        XCTAssertEqual(ScoreGauge.zoneCells(try TargetZone(start: 0, end: 0), width: 10), 0...0)
        let mid = try TargetZone(start: 40, end: 70)
        XCTAssertEqual(ScoreGauge.zoneCells(mid, width: 10), 4...6)
        XCTAssertEqual([-5, 40, 55, 70, 71, 250].map(mid.position), [.below, .inside, .inside, .inside, .above, .above])
    }

    func testFormFollowsRoomAndGlyphs() {
        XCTAssertEqual(ScoreGauge.form(for: Size(width: 20, height: 8), glyphs: .unicode), .ring)
        XCTAssertEqual(ScoreGauge.form(for: Size(width: 20, height: 2), glyphs: .unicode), .bar)
        XCTAssertEqual(ScoreGauge.form(for: Size(width: 20, height: 8), glyphs: .ascii), .ascii)
    }

    func testRingFillGrowsWithTheScore() {
        let t = ThemeLoader.dark
        func fillCells(_ score: Double) -> Int {
            var b = Buffer(size: Size(width: 20, height: 10), fill: Cell(" ", style: t.base))
            ScoreGauge(score: score, tone: .accent).render(in: b.bounds, RenderContext(theme: t), &b)
            return b.cells.filter { $0.style.fg == t[.accent] && $0.symbol != " " }.count
        }
        let counts = [-5.0, 0, 1, 49, 50, 99, 100, 250].map(fillCells)
        XCTAssertEqual(counts[0], 0)
        XCTAssertEqual(counts[1], 0)
        XCTAssertGreaterThan(counts[2], 0)
        XCTAssertEqual(counts, counts.sorted(), "never shrinks as the score grows")
        XCTAssertEqual(counts[6], counts[7], "250 clamps to 100")
    }

    func render(_ w: Int, _ h: Int, _ theme: Theme, glyphs: Glyphs = .unicode, _ draw: (RenderContext, inout Buffer) -> Void) -> Buffer {
        var b = Buffer(size: Size(width: w, height: h), fill: Cell(" ", style: theme.base))
        draw(RenderContext(theme: theme, glyphs: glyphs), &b)
        return b
    }

    /// A bar's partial cell shows the rest of itself as the track beside it looks: ░ covers
    /// about a quarter of the cell in the track's colour, so the background is a quarter of
    /// the way from what is behind to the track's colour (not the track's colour, a brighter block).
    func testThePartialCellOfABarLooksLikeItsTrack() throws {
        let t = ThemeLoader.dark
        // 30 cells: 26 for the bar, " 50%" after it; 50% of 26 cells = 13 cells exactly, so 51% has a partial 14th.
        let b = render(30, 1, t) { r, b in ScoreGauge(score: 51, tone: .accent).render(in: Rect(x: 0, y: 0, width: 30, height: 1), r, &b) }
        let cells = (0..<26).map { b[$0, 0] }
        let partial = try XCTUnwrap(cells.firstIndex { $0.symbol != "█" })
        XCTAssertNotEqual(cells[partial].symbol, "░", "a partial cell at \(partial)")
        let track = try XCTUnwrap(cells[partial + 1].style.fg)
        let behind = try XCTUnwrap(t.base.bg)
        func quarter(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) / 4).rounded()) }
        XCTAssertEqual(cells[partial].style.bg, RGB(quarter(behind.r, track.r), quarter(behind.g, track.g), quarter(behind.b, track.b)))
    }

    func testSnapshots() throws {
        let zone = try TargetZone(start: 40, end: 70)
        for (name, t) in [("dark", ThemeLoader.dark), ("light", ThemeLoader.light), ("mono", ThemeLoader.dark.monochrome())] {
            assertSnapshot(render(40, 10, t) { r, b in
                ScoreGauge(score: 72, tone: .chartSteps, caption: "Sleep").render(in: Rect(x: 0, y: 0, width: 20, height: 10), r, &b)
                ScoreGauge(score: 55, zone: zone, tone: .chartCalories, caption: "in zone").render(in: Rect(x: 20, y: 0, width: 20, height: 10), r, &b)
            }, named: "scoregauge-ring-\(name)")
            assertSnapshot(render(30, 5, t) { r, b in
                ScoreGauge(score: 63.4, zone: zone, tone: .chartCalories).render(in: Rect(x: 0, y: 0, width: 30, height: 2), r, &b)
                ScoreGauge(score: 18, zone: zone, tone: .accent).render(in: Rect(x: 0, y: 2, width: 30, height: 1), r, &b)
                ScoreGauge(score: nil, tone: .accent).render(in: Rect(x: 0, y: 3, width: 30, height: 1), r, &b)
                ScoreGauge(score: 100, tone: .success).render(in: Rect(x: 0, y: 4, width: 30, height: 1), r, &b)
            }, named: "scoregauge-bar-\(name)")
        }
        assertSnapshot(render(30, 3, ThemeLoader.dark.monochrome(), glyphs: .ascii) { r, b in
            ScoreGauge(score: 63.4, zone: zone).render(in: Rect(x: 0, y: 0, width: 30, height: 2), r, &b)
            ScoreGauge(score: 250).render(in: Rect(x: 0, y: 2, width: 30, height: 1), r, &b)
        }, named: "scoregauge-ascii")
    }

    func testTinyRectsDoNotCrash() throws {
        var b = Buffer(size: Size(width: 4, height: 2))
        let r = RenderContext(theme: ThemeLoader.dark)
        let zone = try TargetZone(start: 0, end: 100)
        for rect in [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 3, height: 1), Rect(x: -9, y: -9, width: 30, height: 12), b.bounds] {
            ScoreGauge(score: .infinity, zone: zone, caption: "a very long caption").render(in: rect, r, &b)
        }
        XCTAssertEqual(b.size, Size(width: 4, height: 2))
    }
}
