import XCTest
import DesignSystem
import SnapshotTesting
import TerminalUI

final class StepsLineChartTests: XCTestCase {
    func testNiceCeilingTable() {
        let table: [(Double, Double)] = [
            (0, 10_000), (-5, 10_000), (.nan, 10_000), (.infinity, 10_000), (12, 10_000), (9_999, 10_000),
            (10_000, 10_000), (10_001, 15_000), (15_000, 15_000), (17_250, 20_000), (24_000, 25_000),
            (26_000, 30_000), (31_000, 40_000), (44_000, 50_000), (52_000, 60_000), (70_000, 80_000),
            (81_000, 100_000), (140_000, 150_000), (2_345_678, 2_500_000),
        ]
        for (maxValue, ceiling) in table {
            XCTAssertEqual(StepsLineChart.niceCeiling(maxValue), ceiling, "max \(maxValue)")
        }
        XCTAssertEqual(StepsLineChart.niceCeiling(of: Array(repeating: 0, count: 30)), 10_000, "an all-zero month")
        XCTAssertEqual(StepsLineChart.niceCeiling(of: [nil, 3, nil, 7]), 10_000, "a tiny month")
        XCTAssertEqual(StepsLineChart.niceCeiling(of: [4_000, 180_000, nil]), 200_000, "a huge single day")
        XCTAssertEqual(StepsLineChart.niceCeiling(of: []), 10_000)
    }

    func testTicksAreRoundSteps() {
        XCTAssertEqual(StepsLineChart.tickValues(ceiling: 20_000, maxParts: 2), [0, 10_000, 20_000])
        XCTAssertEqual(StepsLineChart.tickValues(ceiling: 15_000, maxParts: 4), [0, 5_000, 10_000, 15_000])
        XCTAssertEqual(StepsLineChart.tickValues(ceiling: 25_000, maxParts: 5), [0, 5_000, 10_000, 15_000, 20_000, 25_000])
        XCTAssertEqual(StepsLineChart.tickValues(ceiling: 25_000, maxParts: 3), [0, 25_000])
        XCTAssertEqual(StepsLineChart.tickValues(ceiling: 10_000, maxParts: 1), [0, 10_000])
        XCTAssertEqual(StepsLineChart.tickValues(ceiling: .nan, maxParts: 3), [0])
    }

    func testDayLabelsAndCompactNumbers() {
        XCTAssertEqual(StepsLineChart.xLabelDays(daysInMonth: 31), [1, 8, 15, 22, 31])
        XCTAssertEqual(StepsLineChart.xLabelDays(daysInMonth: 28), [1, 8, 15, 22, 28])
        XCTAssertEqual(StepsLineChart.xLabelDays(daysInMonth: 0), [])
        let formatted = [0, 950, 7_500, 20_000, 1_250_000, -3, .infinity].map(StepsLineChart.compactSteps)
        XCTAssertEqual(formatted, ["0", "950", "7.5k", "20k", "1.3M", "0", "—"])
    }

    func testFutureDaysAndGapsAreNotDrawn() {
        let chart = StepsLineChart(values: [100, nil, 300, .nan, 500, 600], today: 5)
        XCTAssertEqual((1...6).map(chart.drawnValue), [100, nil, 300, nil, 500, nil])
        // Nothing is drawn right of today's column.
        let month: [Double?] = (1...30).map { Double($0 * 500) }
        let r = RenderContext(theme: ThemeLoader.dark)
        var b = Buffer(size: Size(width: 40, height: 8))
        StepsLineChart(values: month, today: 10, areaFill: false).render(in: b.bounds, r, &b)
        let braille = (0..<7).flatMap { y in (0..<40).filter { x in b[x, y].symbol.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false } }
        XCTAssertFalse(braille.isEmpty)
        XCTAssertLessThan(braille.max() ?? 0, 20, "days 11…30 are in the future")
    }

    let month: [Double?] = [8_200, 12_400, 4_100, 9_900, 0, 15_100, 3_000, nil, nil, 11_000, 7_300, 13_800, 6_400, 18_250,
                            9_100, 10_400, 5_600, 2_000, 14_900, 12_000, 8_800, 16_700, 0, 0, 0, 0, 0, 0, 0, 0]

    func render(_ w: Int, _ h: Int, _ theme: Theme, glyphs: Glyphs = .unicode, _ chart: StepsLineChart) -> Buffer {
        var b = Buffer(size: Size(width: w, height: h), fill: Cell(" ", style: theme.base))
        chart.render(in: b.bounds, RenderContext(theme: theme, glyphs: glyphs), &b)
        return b
    }

    func testSnapshots() {
        let chart = StepsLineChart(values: month, today: 22, cursor: 14)
        assertSnapshot(render(60, 12, ThemeLoader.dark, chart), named: "stepsline-dark")
        assertSnapshot(render(60, 12, ThemeLoader.light, chart), named: "stepsline-light")
        assertSnapshot(render(40, 8, ThemeLoader.dark.monochrome(), chart), named: "stepsline-mono")
        assertSnapshot(render(40, 8, ThemeLoader.dark.monochrome(), glyphs: .ascii, chart), named: "stepsline-ascii")
        let empty = StepsLineChart(values: Array(repeating: 0, count: 28), today: 3, areaFill: false)
        assertSnapshot(render(40, 7, ThemeLoader.dark, empty), named: "stepsline-zero-dark")
    }

    /// Without Unicode the cursor's guide over a low day is dotted (every other row): a solid
    /// column of marks read as one more, taller bar.
    func testTheASCIICursorGuideIsDottedNotABar() {
        let b = render(30, 10, ThemeLoader.dark.monochrome(), glyphs: .ascii, StepsLineChart(values: month, today: 22, cursor: 3))
        let column = (0..<b.size.width).first { x in (0..<b.size.height).contains { b[x, $0].symbol == "'" } }
        let x = try! XCTUnwrap(column, "a guide is drawn")
        let marks = (0..<b.size.height).map { b[x, $0].symbol }
        // Above the day's bar: guide marks, blanks, and the ticks' dashed rules (`-`) where the guide skips a row.
        let guide = marks.prefix { $0 == "'" || $0 == " " || $0 == "-" }
        XCTAssertTrue(guide.contains("-"), "a tick's rule crosses the plot: \(marks)")
        XCTAssertGreaterThan(guide.count, 3, "\(marks)")
        for (a, c) in zip(guide, guide.dropFirst()) { XCTAssertFalse(a == "'" && c == "'", "no two guide marks in a row: \(marks)") }
    }

    func testTinyAndDegenerateInputsDoNotCrash() {
        let r = RenderContext(theme: ThemeLoader.dark)
        var b = Buffer(size: Size(width: 3, height: 2))
        StepsLineChart(values: [1, 2]).render(in: b.bounds, r, &b)
        StepsLineChart(values: []).render(in: Rect(x: 0, y: 0, width: 40, height: 10), r, &b)
        StepsLineChart(values: [.infinity, -1, 1e300], today: -4, cursor: 99).render(in: Rect(x: -5, y: -5, width: 40, height: 10), r, &b)
        StepsLineChart(values: [5_000], today: 1, cursor: 1).render(in: Rect(x: 0, y: 0, width: 9, height: 3), r, &b)
        XCTAssertEqual(b.size, Size(width: 3, height: 2))
    }
}

/// The 7-day chart's goal line on a short chart (Today at 80×24 has five rows).
final class BarChartGoalLineTests: XCTestCase {
    func testGoalsAFewHundredStepsApartDrawDifferentLines() {
        // 20k over 5 rows is 500 steps an eighth: 8.5k = 17 eighths (row 2, lower third),
        // 10k = 20 (row 2, the middle), 12k = 24 (row 2, upper third).
        XCTAssertEqual(BarChart.goalMark(8_500, top: 20_000, rows: 5, unicode: true).row, 2)
        XCTAssertEqual(BarChart.goalMark(8_500, top: 20_000, rows: 5, unicode: true).glyph, "▁")
        XCTAssertEqual(BarChart.goalMark(10_000, top: 20_000, rows: 5, unicode: true).glyph, "╌")
        XCTAssertEqual(BarChart.goalMark(12_000, top: 20_000, rows: 5, unicode: true).glyph, "▔")
        XCTAssertEqual(BarChart.goalMark(12_500, top: 20_000, rows: 5, unicode: true).row, 3, "25 eighths: the next row up")
        XCTAssertEqual(BarChart.goalMark(20_000, top: 20_000, rows: 5, unicode: false).row, 4)
        XCTAssertEqual(BarChart.goalMark(0, top: 20_000, rows: 5, unicode: false).row, 0)
        let drawn = [8_500.0, 10_000, 12_000].map { goal -> [String] in
            var buffer = Buffer(size: Size(width: 30, height: 6))
            BarChart(bars: (0..<7).map { .init(label: "\($0)", value: $0 == 6 ? 15_000 : 0) }, goal: goal)
                .render(in: buffer.bounds, RenderContext(theme: ThemeLoader.builtin("dark")), &buffer)
            return buffer.lines
        }
        XCTAssertNotEqual(drawn[0], drawn[1])
        XCTAssertNotEqual(drawn[1], drawn[2])
    }
}
