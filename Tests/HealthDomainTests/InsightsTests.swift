import XCTest
@testable import HealthDomain
@testable import Platform

final class InsightsTests: XCTestCase {
    var cal: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "UTC")!
        return c
    }()
    let today = DayKey(year: 2026, month: 11, day: 22)

    /// values[0] is today, values[1] yesterday, …
    func totals(_ values: [Double?]) -> [DailyTotal] {
        values.enumerated().compactMap { i, v in v.map { DailyTotal(day: today.adding(days: -i), value: $0) } }
    }

    /// The kept insights are never another input's: a changed day, goal, today or week
    /// gives that input's insights (worked out by hand), and asking again gives the same.
    func testKeptInsightsFollowEveryInput() {
        var t = totals([3000, 8000, 9000, 10000, 11000, 12000, 7000, 6000])
        XCTAssertEqual(Insights.kept(t, today: today, goal: 10000, calendar: cal).sevenDayAverage!, 63000.0 / 7, accuracy: 1e-9)
        XCTAssertEqual(Insights.kept(t, today: today, goal: 10000, calendar: cal).daysAtGoal, 3, "10,000, 11,000 and 12,000")
        t[1].value = 15000 // yesterday: 8,000 → 15,000
        XCTAssertEqual(Insights.kept(t, today: today, goal: 10000, calendar: cal).sevenDayAverage!, 70000.0 / 7, accuracy: 1e-9)
        XCTAssertEqual(Insights.kept(t, today: today, goal: 10000, calendar: cal).daysAtGoal, 4)
        XCTAssertEqual(Insights.kept(t, today: today, goal: 9000, calendar: cal).daysAtGoal, 5, "the goal is part of what is kept")
        let tomorrow = Insights.kept(t, today: today.adding(days: 1), goal: 10000, calendar: cal)
        XCTAssertEqual(tomorrow.sevenDayAverage!, 67000.0 / 7, accuracy: 1e-9, "today's 3,000 counts once it is yesterday; the 6,000 drops out")
        let paged = Insights.kept(t, today: today, goal: 10000, calendar: cal, weekEnding: today.adding(days: -1))
        XCTAssertEqual(paged.daysInAverage, 7, "the week ending yesterday: its own 7 days")
    }

    func testAverageBestDayAndComparison() {
        let t = totals([3000, 8000, 9000, 10000, 11000, 12000, 7000, 6000,
                        5000, 5000, 5000, 5000, 5000, 5000, 5000])
        let i = Insights.compute(t, today: today, goal: 10000, calendar: cal)
        XCTAssertEqual(i.sevenDayAverage!, 63000.0 / 7, accuracy: 1e-9, "today is partial and left out")
        XCTAssertEqual(i.bestDay?.value, 12000)
        XCTAssertEqual(i.bestDay?.day, today.adding(days: -5))
        XCTAssertEqual(i.weekComparison, .percent(80), "63,000 vs 35,000")
        XCTAssertEqual(i.streak, 0, "yesterday missed the goal")
    }

    /// Days are averaged as the whole numbers shown for them: six days of half a step
    /// (each shown as 1) and one of 0.4 (shown as 0) average 6/7, not 3.4/7.
    func testTheAverageIsOfTheRoundedDays() {
        let t = totals([0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.4])
        let i = Insights.compute(t, today: today, goal: 10000, calendar: cal)
        XCTAssertEqual(i.sevenDayAverage!, 6.0 / 7, accuracy: 1e-9)
        XCTAssertEqual(i.bestDay?.value, 1, "the best day is shown as a whole number too")
    }

    func testNoDataAtAll() {
        let i = Insights.compute([], today: today, goal: 10000, calendar: cal)
        XCTAssertNil(i.sevenDayAverage)
        XCTAssertNil(i.bestDay)
        XCTAssertEqual(i.weekComparison, .noData)
        XCTAssertEqual(i.streak, 0)
    }

    func testLastWeekZeroIsNewThisWeekNotADivisionByZero() {
        let t = totals([100, 4000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(Insights.compute(t, today: today, goal: 10000, calendar: cal).weekComparison, .newThisWeek)
    }

    func testMissingDayInsideTheRangeIsLeftOutOfTheAverage() {
        let t = totals([nil, 6000, nil, 8000])
        let i = Insights.compute(t, today: today, goal: 10000, calendar: cal)
        XCTAssertEqual(i.sevenDayAverage, 7000)
        XCTAssertEqual(i.daysInAverage, 2)
    }

    func testStreakCountsTodayOnlyOnceReached() {
        let reached = Insights.compute(totals([10500, 11000, 10000, 9000]), today: today, goal: 10000, calendar: cal)
        XCTAssertEqual(reached.streak, 3)
        let notYet = Insights.compute(totals([2000, 11000, 10000, 9000]), today: today, goal: 10000, calendar: cal)
        XCTAssertEqual(notYet.streak, 2, "a partial day does not break the streak")
    }

    func testBestDayCanBeToday() {
        let i = Insights.compute(totals([15000, 9000]), today: today, goal: 10000, calendar: cal)
        XCTAssertEqual(i.bestDay?.day, today)
    }
}
