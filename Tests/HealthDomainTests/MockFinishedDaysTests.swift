import XCTest
@testable import HealthDomain
@testable import Platform

/// The mock keeps the totals of finished days (before yesterday) and generates only the
/// days after them again, a month at a time: every answer equals the one generated from
/// scratch all at once, whatever ranges came before it, as the clock moves and in another
/// time zone.
final class MockFinishedDaysTests: XCTestCase {
    let types: [QuantityType] = [.stepCount, .activeEnergyBurned, .appleExerciseTime, .restingHeartRate]

    func assertSameAsGenerated(_ provider: MockHealthProvider, from first: DayKey, through last: DayKey, _ cal: LocalCalendar,
                               file: StaticString = #filePath, line: UInt = #line) {
        let kept = provider.generatedDailyStatistics(of: types, from: first, through: last, calendar: cal)
        let fresh = provider.generateDailyStatistics(of: types, from: first, through: last, calendar: cal, chunk: .max / 2)
        XCTAssertEqual(kept, fresh, "\(first)…\(last)", file: file, line: line)
        let once = provider.generatedDailyStatistics(of: types, from: first, through: last, calendar: cal, keepingFinishedDays: false)
        XCTAssertEqual(once, fresh, "\(first)…\(last), nothing kept", file: file, line: line)
        XCTAssertEqual(kept[.stepCount]?.count, DayKey.days(from: first, through: last, calendar: cal).count, file: file, line: line)
    }

    func testEveryRangeEqualsTheOneGeneratedFromScratch() {
        let cal = LocalCalendar(zoneNamed: "Europe/Paris")!
        let today = DayKey(year: 2026, month: 11, day: 26)
        let clock = TestNow(today.startDate(in: cal).addingTimeInterval(15 * 3600 + 1234))
        let provider = MockHealthProvider(scenario: .normal, seed: 42, now: { clock.now }, sleeper: { _ in })
        // Today's two weeks (fills the kept days), then a month, a year, and ranges inside and across them.
        let ranges: [(Int, Int)] = [(-13, 0), (-25, 0), (-370, 0), (-13, 0), (-40, -20), (-3, -1), (-2, 0), (-1, 0), (0, 0), (-500, -300), (-5, 3)]
        for (a, b) in ranges { assertSameAsGenerated(provider, from: today.adding(days: a), through: today.adding(days: b), cal) }
        // The clock moves on past midnight twice: yesterday and the day before become finished days.
        clock.now = clock.now.addingTimeInterval(2 * 86_400 + 3600)
        for (a, b) in ranges { assertSameAsGenerated(provider, from: today.adding(days: a + 2), through: today.adding(days: b + 2), cal) }
        // Just after midnight (a walk from before it may still be going on), then late that day.
        clock.now = today.adding(days: 3).startDate(in: cal).addingTimeInterval(300)
        for (a, b) in ranges { assertSameAsGenerated(provider, from: today.adding(days: a + 3), through: today.adding(days: b + 3), cal) }
        clock.now = clock.now.addingTimeInterval(23 * 3600)
        for (a, b) in ranges { assertSameAsGenerated(provider, from: today.adding(days: a + 3), through: today.adding(days: b + 3), cal) }
        // Another time zone: other days, nothing kept from the first.
        let tokyo = LocalCalendar(zoneNamed: "Asia/Tokyo")!
        for (a, b) in ranges { assertSameAsGenerated(provider, from: today.adding(days: a), through: today.adding(days: b), tokyo) }
        assertSameAsGenerated(provider, from: today.adding(days: -13), through: today, cal)
    }

    /// `glance` asks once and exits: it keeps nothing, and a later answer that keeps is still the generated one.
    func testAOneShotReadKeepsNothing() {
        let cal = LocalCalendar(zoneNamed: "Europe/Paris")!
        let today = DayKey(year: 2026, month: 11, day: 26)
        let provider = MockHealthProvider(scenario: .normal, seed: 7, now: { today.startDate(in: cal).addingTimeInterval(50_000) }, sleeper: { _ in })
        let first = today.adding(days: -30), lastFinished = today.adding(days: -2)
        _ = provider.generatedDailyStatistics(of: types, from: first, through: today, calendar: cal, keepingFinishedDays: false)
        XCTAssertNil(provider.finished.totals(of: types, from: first, through: lastFinished, calendar: cal))
        assertSameAsGenerated(provider, from: first, through: today, cal)
        XCTAssertNotNil(provider.finished.totals(of: types, from: first, through: lastFinished, calendar: cal), "the keeping read kept them")
    }

    func testTheEmptyScenarioStaysEmpty() {
        let cal = LocalCalendar(zoneNamed: "Europe/Paris")!
        let today = DayKey(year: 2026, month: 11, day: 26)
        let provider = MockHealthProvider(scenario: .empty, seed: 42, now: { today.startDate(in: cal).addingTimeInterval(50_000) }, sleeper: { _ in })
        let totals = provider.generatedDailyStatistics(of: [.stepCount], from: today.adding(days: -9), through: today, calendar: cal)
        XCTAssertEqual(totals[.stepCount]?.map(\.value), Array(repeating: 0, count: 10))
    }
}

/// A clock the test moves by hand.
final class TestNow: @unchecked Sendable {
    var now: Date
    init(_ now: Date) { self.now = now }
}
