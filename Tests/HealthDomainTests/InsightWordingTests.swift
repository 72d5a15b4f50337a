import XCTest
@testable import HealthDomain
@testable import Platform

/// What the week card counts: days at goal in the week compared, a streak only of consecutive days,
/// and a paged week's own 7 days.
final class InsightWordingTests: XCTestCase {
    let cal = LocalCalendar(zoneNamed: "UTC")!
    let today = DayKey(year: 2026, month: 11, day: 22)

    func totals(_ values: [Double?], endingOn last: DayKey) -> [DailyTotal] {
        values.enumerated().compactMap { i, v in v.map { DailyTotal(day: last.adding(days: -i), value: $0) } }
    }

    func testThreeDaysAtGoalThatAreNotInARowAreThreeDaysAtGoalAndAStreakOfOne() {
        // today 2,000 (partial); the 7 full days: 10k, 4k, 12k, 3k, 10k, 1k, 9,999.
        let t = totals([2_000, 10_000, 4_000, 12_000, 3_000, 10_000, 1_000, 9_999], endingOn: today)
        let i = Insights.compute(t, today: today, goal: 10_000, calendar: cal)
        XCTAssertEqual(i.daysAtGoal, 3)
        XCTAssertEqual(i.streak, 1, "only yesterday: a streak is consecutive days")
    }

    func testAPagedWeekIsItsOwnSevenDays() {
        // The week Mon 9 – Sun 15 Nov: 5k, 6k, 7k, 15k, 8k, 10k, 11k (15th first below); the week before all 5k;
        // the days after it (16–22) are much higher and must not count.
        let end = DayKey(year: 2026, month: 11, day: 15)
        let week = [11_000.0, 10_000, 8_000, 15_000, 7_000, 6_000, 5_000]
        let t = totals(week + Array(repeating: 5_000, count: 7), endingOn: end)
            + totals(Array(repeating: 30_000, count: 7), endingOn: today)
        let i = Insights.compute(t, today: today, goal: 10_000, calendar: cal, weekEnding: end)
        XCTAssertEqual(i.sevenDayAverage!, 62_000.0 / 7, accuracy: 1e-9)
        XCTAssertEqual(i.bestDay?.value, 15_000)
        XCTAssertEqual(i.bestDay?.day, DayKey(year: 2026, month: 11, day: 12))
        XCTAssertEqual(i.daysAtGoal, 3)
        XCTAssertEqual(i.streak, 2, "the 14th and 15th")
        XCTAssertEqual(i.weekComparison, .percent(77), "62,000 vs 35,000")
        XCTAssertEqual(i.averageFirstDay, DayKey(year: 2026, month: 11, day: 9))
        XCTAssertEqual(i.averageLastDay, end)
    }
}
