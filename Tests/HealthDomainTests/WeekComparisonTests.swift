import XCTest
@testable import HealthDomain
@testable import Platform

/// Issue 14: the week comparison compares daily averages over the days each week has.
final class WeekComparisonTests: XCTestCase {
    let cal: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "UTC")!
        return c
    }()
    let today = DayKey(year: 2026, month: 11, day: 23)

    /// today's value, then days −1…−7 and −8…−14 (nil: the day is absent).
    func totals(today t: Double? = 1000, _ week: [Double?], _ before: [Double?]) -> [DailyTotal] {
        let padded = week + [Double?](repeating: nil, count: max(0, 7 - week.count))
        return ([t] + padded + before).enumerated().compactMap { i, v in v.map { DailyTotal(day: today.adding(days: -i), value: $0) } }
    }

    func testTable() {
        let full = [Double?](repeating: 5000, count: 7)
        let rows: [(name: String, week: [Double?], before: [Double?], expected: Insights.WeekComparison, days: (Int, Int))] = [
            ("equal weeks", full, full, .percent(0), (7, 7)),
            ("day −14 not loaded (the old 14-day window)", full, Array(full.prefix(6)), .percent(0), (7, 6)),
            ("a missing day this week", [5000, nil, 5000, 5000, 5000, 5000, 5000], full, .percent(0), (6, 7)),
            // 7000, 8000, 9000 → 8000 a day; 4000, 6000 → 5000 a day: +60%.
            ("hand-computed averages", [7000, 8000, 9000, nil, nil, nil, nil], [4000, nil, 6000, nil, nil, nil, nil], .percent(60), (3, 2)),
            // 63,000 / 7 = 9000 vs 35,000 / 7 = 5000: +80%.
            ("busier week", [8000, 9000, 10000, 11000, 12000, 7000, 6000], full, .percent(80), (7, 7)),
            // 3000 × 7 vs 3500 × 7: −14.29% → −14.
            ("slightly less", [Double?](repeating: 3000, count: 7), [Double?](repeating: 3500, count: 7), .percent(-14), (7, 7)),
            ("a zero week", [Double?](repeating: 0, count: 7), full, .percent(-100), (7, 7)),
            ("first week of a new user", [4000, 3000, 2000, nil, nil, nil, nil], [], .newThisWeek, (3, 0)),
            ("a week of zeros before", [Double?](repeating: 3000, count: 7), [Double?](repeating: 0, count: 7), .newThisWeek, (7, 7)),
            ("zeros both weeks", [Double?](repeating: 0, count: 7), [Double?](repeating: 0, count: 7), .noData, (7, 7)),
            ("nothing this week", [], full, .noData, (0, 7)),
            ("nothing at all", [], [], .noData, (0, 0)),
        ]
        for row in rows {
            let i = Insights.compute(totals(row.week, row.before), today: today, goal: 10000, calendar: cal)
            XCTAssertEqual(i.weekComparison, row.expected, row.name)
            XCTAssertEqual(i.thisWeekDays, row.days.0, row.name)
            XCTAssertEqual(i.previousWeekDays, row.days.1, row.name)
        }
    }

    func testTheAveragesAreReportedAndTodayIsLeftOut() {
        let i = Insights.compute(totals(today: 99_999, [7000, 8000, 9000, nil, nil, nil, nil], [4000, nil, 6000, nil, nil, nil, nil]),
                                 today: today, goal: 10000, calendar: cal)
        XCTAssertEqual(i.thisWeekAverage, 8000)
        XCTAssertEqual(i.previousWeekAverage, 5000)
        XCTAssertEqual(i.sevenDayAverage, 8000, "today's partial value is not in the average")
        XCTAssertEqual(i.daysInAverage, 3)
    }

    func testTheAverageNamesTheDaysItCovers() {
        let i = Insights.compute([], today: today, goal: 0, calendar: cal)
        XCTAssertEqual(i.averageFirstDay, DayKey(year: 2026, month: 11, day: 16))
        XCTAssertEqual(i.averageLastDay, DayKey(year: 2026, month: 11, day: 22))
    }

    func testDaysNeededCoversEveryDayAnInsightReads() {
        // Load today and the days before it, `daysNeeded` in all: both weeks are complete.
        let first = today.adding(days: -(Insights.daysNeeded - 1))
        let loaded = DayKey.days(from: first, through: today, calendar: cal).map { DailyTotal(day: $0, value: 5000) }
        let i = Insights.compute(loaded, today: today, goal: 0, calendar: cal)
        XCTAssertEqual(Insights.daysNeeded, 15)
        XCTAssertEqual(i.thisWeekDays, 7)
        XCTAssertEqual(i.previousWeekDays, 7)
        XCTAssertEqual(i.weekComparison, .percent(0))
    }

    func testExtremeValuesDoNotTrap() {
        let i = Insights.compute(totals([1e300, nil, nil, nil, nil, nil, nil], [1, nil, nil, nil, nil, nil, nil]), today: today, goal: 1,
                                 calendar: cal)
        XCTAssertEqual(i.weekComparison, .percent(.max))
        // A week before of 1e-300 steps is shown as 0 (each day is its whole number): new this week, no division.
        let tiny = Insights.compute(totals([1e300, nil, nil, nil, nil, nil, nil], [1e-300, nil, nil, nil, nil, nil, nil]), today: today,
                                    goal: 1, calendar: cal)
        XCTAssertEqual(tiny.weekComparison, .newThisWeek)
        let j = Insights.compute(totals([.infinity, .nan, 5000, nil, nil, nil, nil], [5000]), today: today, goal: 1, calendar: cal)
        XCTAssertEqual(j.weekComparison, .percent(0), "non-finite days are not data")
        XCTAssertEqual(j.thisWeekDays, 1)
    }

    func testStreakStopsAtTheEarliestDay() {
        let start = DayKey.earliest.adding(days: 3)
        let days = DayKey.days(from: .earliest, through: start, calendar: cal).map { DailyTotal(day: $0, value: 20_000) }
        XCTAssertEqual(Insights.compute(days, today: start, goal: 10_000, calendar: cal).streak, 4)
    }
}
