import XCTest
import DesignSystem
import SnapshotTesting
import TerminalUI

final class BreathingDiscTests: XCTestCase {
    func testEasedRadiusOverABreath() {
        XCTAssertEqual(BreathingDisc.ease(0), 0)
        XCTAssertEqual(BreathingDisc.ease(1), 1)
        XCTAssertEqual(BreathingDisc.ease(0.5), 0.5, accuracy: 1e-12)
        XCTAssertLessThan(BreathingDisc.ease(0.1), 0.1, "starts slowly")
        XCTAssertEqual(BreathingDisc.ease(-3), 0)
        XCTAssertEqual(BreathingDisc.ease(.nan), 0)
        let table: [(BreathingDisc.Phase, Double, Double)] = [
            (.inhale, 0, 0.25), (.inhale, 0.5, 0.625), (.inhale, 1, 1), (.holdIn, 0.3, 1),
            (.exhale, 0, 1), (.exhale, 0.5, 0.625), (.exhale, 1, 0.25), (.holdOut, 0.7, 0.25), (.inhale, 7, 1),
        ]
        for (phase, progress, radius) in table {
            XCTAssertEqual(BreathingDisc.radius(phase: phase, progress: progress), radius, accuracy: 1e-12, "\(phase) \(progress)")
        }
        // The inhale grows monotonically and the exhale mirrors it.
        let steps = (0...20).map { Double($0) / 20 }
        let inhale = steps.map { BreathingDisc.radius(phase: .inhale, progress: $0) }
        XCTAssertEqual(inhale, inhale.sorted())
        for p in steps {
            XCTAssertEqual(BreathingDisc.radius(phase: .exhale, progress: p), BreathingDisc.radius(phase: .inhale, progress: 1 - p), accuracy: 1e-12)
        }
        XCTAssertEqual(BreathingDisc(radiusFraction: 4).radiusFraction, 1)
        XCTAssertEqual(BreathingDisc(radiusFraction: .nan).radiusFraction, 0)
    }

    func testTheDiscIsRoundAndGrows() {
        let t = ThemeLoader.dark
        func dottedCells(_ fraction: Double) -> (Int, Int) {
            var b = Buffer(size: Size(width: 24, height: 12), fill: Cell(" ", style: t.base))
            BreathingDisc(radiusFraction: fraction).render(in: b.bounds, RenderContext(theme: t), &b)
            let cells = (0..<12).flatMap { y in (0..<24).map { x in (x, y) } }.filter { b[$0.0, $0.1].style.fg == t[.accent] }
            let cols = Set(cells.map(\.0)).count, rows = Set(cells.map(\.1)).count
            return (cols, rows)
        }
        let (cols, rows) = dottedCells(1)
        XCTAssertEqual(Double(cols) / Double(rows), 2, accuracy: 0.25, "twice as many columns as rows: round on 1:2 cells")
        XCTAssertLessThan(dottedCells(0.3).0, cols)
    }

    func render(_ w: Int, _ h: Int, _ theme: Theme, glyphs: Glyphs = .unicode, reduceMotion: Bool = false,
                _ disc: BreathingDisc) -> Buffer {
        var b = Buffer(size: Size(width: w, height: h), fill: Cell(" ", style: theme.base))
        disc.render(in: b.bounds, RenderContext(theme: theme, glyphs: glyphs, reduceMotion: reduceMotion), &b)
        return b
    }

    func testSnapshots() {
        for (name, t) in [("dark", ThemeLoader.dark), ("light", ThemeLoader.light)] {
            assertSnapshot(render(30, 12, t, BreathingDisc(radiusFraction: 0.6, cue: "Breathe in…")), named: "breathing-mid-\(name)")
            assertSnapshot(render(30, 12, t, reduceMotion: true, BreathingDisc(radiusFraction: 0.6, cue: "Breathe in…")),
                           named: "breathing-still-\(name)")
        }
        assertSnapshot(render(30, 10, ThemeLoader.dark.monochrome(), glyphs: .ascii, BreathingDisc(radiusFraction: 0.5, cue: "Breathe out...")),
                       named: "breathing-ascii")
        assertSnapshot(render(30, 10, ThemeLoader.dark.monochrome(), glyphs: .ascii, reduceMotion: true, BreathingDisc(radiusFraction: 0.5, cue: "Breathe out...")),
                       named: "breathing-ascii-still")
    }

    func testTinyRectsDoNotCrash() {
        var b = Buffer(size: Size(width: 4, height: 3))
        for reduce in [false, true] {
            let r = RenderContext(theme: ThemeLoader.dark, reduceMotion: reduce)
            for rect in [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 3, height: 2), Rect(x: -5, y: -5, width: 40, height: 20)] {
                BreathingDisc(radiusFraction: 1, cue: "a very long cue that cannot fit").render(in: rect, r, &b)
            }
        }
        XCTAssertEqual(b.size, Size(width: 4, height: 3))
    }
}
