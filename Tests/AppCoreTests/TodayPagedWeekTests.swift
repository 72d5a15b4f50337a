import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// A week paged back on Today compares itself with the whole week before it: the figure
/// "±N% vs the week before" is the one worked out by hand from the provider's days, on
/// the first visit and on a later one alike.
@MainActor
final class TodayPagedWeekTests: XCTestCase {
    /// "+9%" → 9, "−4%" → -4, from the screen's "vs the week before" line.
    func shownPercent(_ screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("vs the week before") }),
              let match = line.range(of: #"[+−±][0-9]+%"#, options: .regularExpression) else { return nil }
        let text = line[match].dropLast()
        let sign = text.first == "−" ? -1 : 1
        return Int(text.dropFirst()).map { $0 * sign }
    }

    /// Worked out here: each day as the whole number shown for it, the two weeks' means, and
    /// their difference in percent, rounded half away from zero.
    func expectedPercent(_ d: Driver, weeksBack: Int) async throws -> Int {
        let cal = d.env.context.calendar
        let today = DayKey(d.clock.now, calendar: cal)
        let last = today.adding(days: -7 * weeksBack)
        let steps = try await d.env.repository.fetch(from: last.adding(days: -13), through: last, now: d.clock.now).snapshot.steps
        XCTAssertEqual(steps.count, 14)
        let whole = steps.map { $0.value.rounded(.toNearestOrAwayFromZero) }
        let before = whole[0..<7].reduce(0, +) / 7, week = whole[7..<14].reduce(0, +) / 7
        return Int(((week - before) / before * 100).rounded(.toNearestOrAwayFromZero))
    }

    func testEachPagedWeekComparesWithTheWholeWeekBefore() async throws {
        let d = Driver(size: Size(width: 80, height: 24))
        defer { d.cleanUp() }
        await d.onboard()
        // Two months in the cache (a month's refresh, the Year view…): every week paged to has its week before.
        let today = DayKey(d.clock.now, calendar: d.env.context.calendar)
        _ = try await d.env.repository.refresh(from: today.adding(days: -60), through: today, now: d.clock.now)
        for weeksBack in 1...3 {
            await d.press(.char("["))
            XCTAssertEqual(d.model.today.weekOffset, -weeksBack)
            let expected = try await expectedPercent(d, weeksBack: weeksBack)
            XCTAssertEqual(shownPercent(d.screenText), expected, "\(weeksBack) weeks back:\n\(d.screenText)")
        }
        // Back to a week seen before: the same figure.
        await d.press(.char("]"))
        let again = try await expectedPercent(d, weeksBack: 2)
        XCTAssertEqual(shownPercent(d.screenText), again)
    }

    /// A week paged back into last year names its year in the chart's and the card's titles;
    /// this year's weeks do not.
    func testAWeekOfAnotherYearNamesItsYear() async throws {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        let today = DayKey(d.clock.now, calendar: d.env.context.calendar)
        _ = try await d.env.repository.refresh(from: today.adding(days: -400), through: today, now: d.clock.now)
        await d.press(.char("["))
        // Driver.start is Sun 22 Nov 2026: one week back is Mon 9 – Sun 15 Nov, this year.
        XCTAssertTrue(d.screenText.contains("Mon, Nov 9 – Sun, Nov 15"), d.screenText)
        XCTAssertFalse(d.screenText.contains("2026"), d.screenText)
        // 46 weeks back: Mon 29 Dec 2025 – Sun 4 Jan 2026 (the week straddles the new year).
        for _ in 2...46 { await d.press(.char("[")) }
        XCTAssertEqual(d.model.today.weekOffset, -46)
        XCTAssertTrue(d.screenText.contains("Mon, Dec 29 – Sun, Jan 4, 2026"), d.screenText)
        // 47 weeks back: Mon 22 – Sun 28 Dec 2025, in the chart's title and the card's.
        await d.press(.char("["))
        XCTAssertTrue(d.screenText.contains("Mon, Dec 22 – Sun, Dec 28, 2025"), d.screenText)
        let titled = d.screenText.split(separator: "\n").filter { $0.contains("Dec 22") }
        XCTAssertGreaterThanOrEqual(titled.count, 2, "the chart's title and the week card's: \(d.screenText)")
        XCTAssertTrue(titled.allSatisfy { $0.contains("2025") }, d.screenText)
    }

    /// At the edge of the cache the week before is only partly on record: the card says how
    /// much, rather than a percentage against those few days ("+47%" against one day of it).
    /// (Weeks come from the cache alone when the provider cannot answer: access turned off here.)
    func testAWeekAtTheEdgeOfTheCacheSaysHowMuchOfTheWeekBeforeIsKnown() async throws {
        let d = Driver(size: Size(width: 80, height: 24))
        defer { d.cleanUp() }
        await d.onboard()
        _ = try await d.env.provider.requestAuthorization(toRead: [.stepCount, .activeEnergyBurned], userResponse: [])
        let today = DayKey(d.clock.now, calendar: d.env.context.calendar)
        // The first week back whose week before is not all in the cache (what the launch read).
        var weeksBack = 0, known = 7
        while known == 7 && weeksBack < 8 {
            weeksBack += 1
            let last = today.adding(days: -7 * weeksBack)
            let cached = d.env.repository.cachedIncludingHistory(from: last.adding(days: -13), through: last, now: d.clock.now).snapshot?.steps ?? []
            known = cached.filter { $0.day <= last.adding(days: -7) }.count
        }
        XCTAssertLessThan(known, 7, "the test needs a week before that is only partly cached")
        for _ in 0..<weeksBack { await d.press(.char("[")) }
        XCTAssertEqual(d.model.today.weekOffset, -weeksBack)
        XCTAssertNil(shownPercent(d.screenText), d.screenText)
        XCTAssertTrue(d.screenText.contains(known == 0 ? "Nothing recorded the week before" : "Week before: \(known) of 7 days on record"),
                      d.screenText)
    }
}
