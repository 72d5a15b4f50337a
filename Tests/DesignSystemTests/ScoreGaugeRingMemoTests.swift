import XCTest
@testable import DesignSystem
import TerminalUI

/// The gauges keep the last rings they drew: a ring kept is used only for the same size,
/// score and zone (in any theme: its dots are in roles), and is then the ring that would be drawn now.
final class ScoreGaugeRingMemoTests: XCTestCase {
    func testAKeptRingIsTheRingDrawnNowForEveryChangeOfItsInputs() throws {
        let zones: [TargetZone?] = [nil, try TargetZone(start: 40, end: 60), try TargetZone(start: 44, end: 64), try TargetZone(start: 0, end: 100)]
        let scores: [Double?] = [nil, 0, 0.4, 33, 72, 72.5, 100]
        let sizes = [Size(width: 12, height: 6), Size(width: 20, height: 10), Size(width: 21, height: 10), Size(width: 30, height: 14)]
        var state: UInt64 = 41
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        // More different rings than are kept, in an order that comes back to earlier ones.
        for _ in 0..<400 {
            let gauge = ScoreGauge(score: scores[next(scores.count)], zone: zones[next(zones.count)],
                                   tone: [ColorToken.accent, .chartSteps][next(2)])
            let size = sizes[next(sizes.count)]
            let key = ScoreGauge.RingKey(width: size.width, height: size.height, score: gauge.score, zone: gauge.zone)
            XCTAssertEqual(gauge.ringCanvas(size), gauge.drawRing(key))
        }
    }

    func testTheSameGaugeDrawsTheSameCellsAndAnotherThemeOthers() {
        let rect = Rect(x: 2, y: 1, width: 20, height: 10)
        func drawn(_ gauge: ScoreGauge, _ theme: Theme) -> Buffer {
            var b = Buffer(size: Size(width: 24, height: 12), fill: Cell(" ", style: theme.base))
            gauge.render(in: rect, RenderContext(theme: theme), &b)
            return b
        }
        let a = ScoreGauge(score: 64), b = ScoreGauge(score: 65)
        let first = drawn(a, ThemeLoader.dark)
        XCTAssertNotEqual(drawn(b, ThemeLoader.dark), first)
        XCTAssertEqual(drawn(a, ThemeLoader.dark), first)
        let light = drawn(a, ThemeLoader.light)
        XCTAssertNotEqual(light.cells.map(\.style), first.cells.map(\.style))
        XCTAssertEqual(light.cells.map(\.symbol), first.cells.map(\.symbol))
    }

    /// Badges keep their rows with the number in place: for every artwork and tier, in any
    /// order, what is kept is what the artwork gives now.
    func testAKeptBadgeDrawingIsTheArtworksRowsForItsTier() throws {
        let catalog = BadgeArtCatalog.builtin
        for round in 0..<3 {
            for tier in [1, 2, 9, 10, 12, 99, 100, 250, 3 + round] {
                for variant in BadgeArt.Variant.allCases {
                    for unicode in [true, false] {
                        for locked in [false, true] {
                            let art = try XCTUnwrap(catalog.artwork(variant, unicode: unicode, locked: locked))
                            let drawing = BadgeArt.drawing(art, variant: variant, unicode: unicode, locked: locked, tier: tier)
                            XCTAssertEqual(drawing.width, art.width)
                            XCTAssertEqual(drawing.rows.map { $0.map(\.text).joined() },
                                           art.lines.indices.map { String(art.cells(row: $0, tier: tier).map(\.character)) })
                            XCTAssertEqual(drawing.rows.map { String($0.map(\.role)) },
                                           art.lines.indices.map { String(art.cells(row: $0, tier: tier).map(\.role)) })
                        }
                    }
                }
            }
        }
    }

    func testABuiltInThemeReadAgainIsTheSame() {
        XCTAssertEqual(ThemeLoader.builtin("light"), ThemeLoader.builtin("light"))
        XCTAssertEqual(ThemeLoader.builtin("dark").name, ThemeLoader.dark.name)
        XCTAssertNotEqual(ThemeLoader.builtin("dark"), ThemeLoader.builtin("light"))
    }
}

/// The month chart keeps the last lines and areas it drew: one kept is used only for the same
/// days, size and scale (in any theme: its dots are in roles), and with the markers laid over
/// it is the plot drawn whole, as `referencePlot` draws it.
final class StepsLineChartPlotMemoTests: XCTestCase {
    func testAKeptPlotIsThePlotDrawnNowForEveryChangeOfItsInputs() {
        var state: UInt64 = 29
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let rising: [Double?] = (1...30).map { Double($0 * 400) }
        let gapped: [Double?] = (1...31).map { day -> Double? in day % 7 == 0 ? nil : Double((day * 3_517) % 14_000) }
        let ended: [Double?] = (1...28).map { day -> Double? in day > 20 ? nil : 8_000 }
        let zeros: [Double?] = Array(repeating: 0, count: 31)
        let months = [rising, gapped, ended, zeros]
        let sizes = [(20, 6), (21, 6), (60, 12), (150, 25), (2, 1), (3, 2)]
        // More different plots than are kept, in an order that comes back to earlier ones.
        for _ in 0..<300 {
            let values = months[next(months.count)]
            let chart = StepsLineChart(values: values, today: [nil, 5, values.count][next(3)],
                                       cursor: [nil, 1, 2, 4, 5, 6, 12, values.count][next(8)], areaFill: next(2) == 0)
            let (columns, rows) = sizes[next(sizes.count)]
            let key = StepsLineChart.PlotKey(drawn: (1...values.count).map(chart.drawnValue), columns: columns, rows: rows,
                                             ceiling: [10_000.0, 15_000][next(2)], today: chart.today, cursor: chart.cursor,
                                             areaFill: chart.areaFill)
            XCTAssertEqual(StepsLineChart.plotCanvas(key), Self.referencePlot(key), "\(key.columns)×\(key.rows) today \(key.today ?? 0) cursor \(key.cursor ?? 0)")
        }
    }

    /// The plot drawn whole, each layer on a canvas of the plot's size: the line, the area under
    /// it, then today's and the cursor's discs together, laid over both.
    static func referencePlot(_ key: StepsLineChart.PlotKey) -> BrailleCanvas {
        let drawn = key.drawn, days = drawn.count
        let dotWidth = key.columns * 2, dotHeight = key.rows * 4
        func dotX(_ day: Int) -> Int { days <= 1 ? 0 : Int((Double(day - 1) * Double(dotWidth - 1) / Double(days - 1)).rounded()) }
        func dotY(_ v: Double) -> Int { (dotHeight - 1) - Int((min(1, v / key.ceiling) * Double(dotHeight - 1)).rounded()) }
        var line = BrailleCanvas(columns: key.columns, rows: key.rows)
        for day in 1...days {
            guard let v = drawn[day - 1] else { continue }
            if day < days, let next = drawn[day] {
                line.line(from: (dotX(day), dotY(v)), to: (dotX(day + 1), dotY(next)), style: StepsLineChart.lineRole)
            } else {
                line.set(x: dotX(day), y: dotY(v), style: StepsLineChart.lineRole)
            }
        }
        var canvas = BrailleCanvas(columns: key.columns, rows: key.rows)
        if key.areaFill {
            for x in 0..<dotWidth {
                guard let lowest = (0..<dotHeight).first(where: { line.isSet(x: x, y: $0) }) else { continue }
                for y in (lowest + 1)..<max(lowest + 1, dotHeight) { canvas.set(x: x, y: y, style: StepsLineChart.fillRole) }
            }
        }
        canvas.merge(line)
        var markers = BrailleCanvas(columns: key.columns, rows: key.rows)
        for (day, role) in [(key.today, StepsLineChart.todayRole), (key.cursor, StepsLineChart.cursorRole)] {
            guard let day, day >= 1, day <= days, let v = drawn[day - 1] else { continue }
            markers.fillDisc(centerX: Double(dotX(day)) + 0.5, centerY: Double(dotY(v)) + 0.5, radius: 1.6, style: role)
        }
        canvas.overlay(markers)
        return canvas
    }
}
