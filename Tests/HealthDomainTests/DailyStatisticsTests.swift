import XCTest
@testable import HealthDomain
@testable import Platform

final class DailyStatisticsTests: XCTestCase {
    var utc: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "UTC")!
        return c
    }()

    let day = DayKey(year: 2026, month: 6, day: 10)
    let phone = HealthSource.phone
    let watch = HealthSource.watch
    let app = HealthSource(id: "other.app", name: "Other", kind: .app)

    func at(_ hour: Double, on d: DayKey? = nil, _ cal: LocalCalendar? = nil) -> Date {
        (d ?? day).startDate(in: cal ?? utc).addingTimeInterval(hour * 3600)
    }

    func sample(_ v: Double, _ a: Double, _ b: Double, _ src: HealthSource, on d: DayKey? = nil, cal: LocalCalendar? = nil) -> QuantitySample {
        QuantitySample(id: UUID().uuidString, type: .stepCount, value: v, start: at(a, on: d, cal), end: at(b, on: d, cal), source: src)
    }

    func total(_ samples: [QuantitySample], cal: LocalCalendar? = nil, first: DayKey? = nil, last: DayKey? = nil) -> [Double] {
        DailyStatistics.dailyTotals(samples, from: first ?? day, through: last ?? day, calendar: cal ?? utc).map(\.value)
    }

    func testOverlappingSourcesCountTheHigherPriorityOnly() {
        // Watch 10:00–11:00 = 600, phone 10:00–11:00 = 500: the watch wins.
        let samples = [sample(500, 10, 11, phone), sample(600, 10, 11, watch)]
        XCTAssertEqual(total(samples), [600])
    }

    func testPartialOverlapCountsOnlyTheUncoveredPart() {
        // Watch 10:00–11:00 = 600. Phone 10:30–11:30 = 400 (≈6.67/min): only 11:00–11:30 counts = 200.
        let samples = [sample(600, 10, 11, watch), sample(400, 10.5, 11.5, phone)]
        XCTAssertEqual(total(samples)[0], 800, accuracy: 1e-9)
    }

    func testGapIsFilledByTheLowerPrioritySource() {
        // Watch off 12–13; phone 11–14 = 900 (300/h) fills 12–13 = 300.
        let samples = [sample(600, 11, 12, watch), sample(700, 13, 14, watch), sample(900, 11, 14, phone)]
        XCTAssertEqual(total(samples)[0], 1600, accuracy: 1e-9)
    }

    func testThreeSourcesByPriority() {
        // App 9–12 = 300 (100/h); phone 10–12 = 400; watch 11–12 = 250 → app 9–10 (100) + phone 10–11 (200) + watch 250.
        let samples = [sample(300, 9, 12, app), sample(400, 10, 12, phone), sample(250, 11, 12, watch)]
        XCTAssertEqual(total(samples)[0], 550, accuracy: 1e-9)
    }

    func testSampleAcrossMidnightIsSplitByTime() {
        // 23:30–00:30 = 600 steps: 300 on each day.
        let next = day.adding(days: 1)
        let samples = [sample(600, 23.5, 24.5, watch)]
        XCTAssertEqual(total(samples, last: next), [300, 300])
    }

    func testSameSourceOverlapIsNotDoubleCounted() {
        // Two watch samples 10–11 (600) and 10:30–11:30 (600): the second counts only 11:00–11:30 = 300.
        let samples = [sample(600, 10, 11, watch), sample(600, 10.5, 11.5, watch)]
        XCTAssertEqual(total(samples)[0], 900, accuracy: 1e-9)
    }

    func testEmptyDayIsZeroNotMissing() {
        let totals = DailyStatistics.dailyTotals([], from: day, through: day.adding(days: 2), calendar: utc)
        XCTAssertEqual(totals.map(\.value), [0, 0, 0])
        XCTAssertEqual(totals.map(\.day.description), ["2026-06-10", "2026-06-11", "2026-06-12"])
    }

    func testNaiveSumDiffersFromTheCorrectTotal() {
        let samples = [sample(500, 10, 11, phone), sample(600, 10, 11, watch), sample(600, 23.5, 24.5, watch)]
        let next = day.adding(days: 1)
        let result = DailyStatistics.dailyTotals(samples, from: day, through: next, calendar: utc)
        XCTAssertEqual(result[0].value, 900, accuracy: 1e-9)
        XCTAssertEqual(result[0].naiveSum, 1700, "naive adds both sources and the whole midnight sample")
        XCTAssertEqual(result[1].value, 300, accuracy: 1e-9)
        XCTAssertEqual(result[1].naiveSum, 0)
    }

    func testSpringForwardDayHas23Hours() {
        let ny = LocalCalendar(zoneNamed: "America/New_York")!
        let dst = DayKey(year: 2026, month: 3, day: 8) // clocks jump 02:00 → 03:00
        let next = dst.adding(days: 1)
        let start = dst.startDate(in: ny)
        // A constant 100 steps/hour from local midnight for 48 real hours.
        let s = QuantitySample(id: "a", type: .stepCount, value: 4800, start: start, end: start.addingTimeInterval(48 * 3600), source: watch)
        let totals = DailyStatistics.dailyTotals([s], from: dst, through: next, calendar: ny)
        XCTAssertEqual(totals[0].value, 2300, accuracy: 1e-6, "23-hour day")
        XCTAssertEqual(totals[1].value, 2400, accuracy: 1e-6)
    }

    func testFallBackDayHas25Hours() {
        let ny = LocalCalendar(zoneNamed: "America/New_York")!
        let dst = DayKey(year: 2026, month: 11, day: 1) // clocks fall back 02:00 → 01:00
        let start = dst.startDate(in: ny)
        let s = QuantitySample(id: "a", type: .stepCount, value: 4800, start: start, end: start.addingTimeInterval(48 * 3600), source: watch)
        let totals = DailyStatistics.dailyTotals([s], from: dst, through: dst.adding(days: 1), calendar: ny)
        XCTAssertEqual(totals[0].value, 2500, accuracy: 1e-6, "25-hour day")
        XCTAssertEqual(totals[1].value, 2300, accuracy: 1e-6, "the rest of the 48 hours")
    }

    func testDayBoundariesFollowTheTimeZone() {
        let tokyo = LocalCalendar(zoneNamed: "Asia/Tokyo")!
        // 14:00–16:00 UTC on June 10 is 23:00–01:00 in Tokyo: half on June 10, half on June 11.
        let s = QuantitySample(id: "a", type: .stepCount, value: 200, start: at(14), end: at(16), source: watch)
        let totals = DailyStatistics.dailyTotals([s], from: day, through: day.adding(days: 1), calendar: tokyo)
        XCTAssertEqual(totals.map(\.value), [100, 100])
    }

    func testInvalidSamplesAreIgnored() {
        let samples = [sample(.nan, 10, 11, watch), sample(-5, 10, 11, watch), sample(100, 12, 11, watch), sample(.infinity, 1, 2, phone)]
        XCTAssertEqual(total(samples), [0])
    }

    func testInstantaneousSampleCountsUnlessCovered() {
        let samples = [sample(600, 10, 11, watch), sample(50, 10.5, 10.5, phone), sample(70, 15, 15, phone)]
        XCTAssertEqual(total(samples)[0], 670, accuracy: 1e-9)
    }

    func testOutOfRangeSamplesDoNotLeakIn() {
        let before = day.adding(days: -1)
        let samples = [sample(100, 10, 11, watch, on: before), sample(600, 23.5, 24.5, watch, on: before)]
        XCTAssertEqual(total(samples)[0], 300, accuracy: 1e-9, "only the after-midnight half")
    }
}
