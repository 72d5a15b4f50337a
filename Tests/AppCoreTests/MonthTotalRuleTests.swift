import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// Month's total is the sum of the days Month shows: each day rounded once to a
/// whole step (halves away from zero), then added — and `stats` prints those same days.
@MainActor
final class MonthTotalRuleTests: XCTestCase {
    static func nov(_ day: Int) -> DayKey { DayKey(year: 2026, month: 11, day: day) }

    func testTheTotalAddsTheRoundedDaysItShows() {
        // Four days of 1,000.5 steps: each shows 1,001, so the month is 4,004 (not 4,002 of the raw sum);
        // a 0.4 day shows 0 and adds nothing.
        let days = [1_000.5, 1_000.5, 1_000.5, 1_000.5, 0.4].enumerated().map { DailyTotal(day: Self.nov($0.offset + 1), value: $0.element) }
        let data = MonthData(month: CalendarMonth(year: 2026, month: 11), chart: days, ledger: days, fetchedAt: .distantPast, isFromCache: false)
        let summary = data.summary(of: (1...30).map(Self.nov))
        XCTAssertEqual(summary.total, 4_004)
        XCTAssertEqual(summary.recordedDays, 5)
        XCTAssertEqual(summary.bestValue, 1_001)
        XCTAssertEqual(summary.average!, 4_004 / 5, accuracy: 1e-9)
        XCTAssertEqual(data.chart[Self.nov(5)], 0)
        XCTAssertEqual(data.achievements.total, 4_004, "the badges count the same whole-step days")
    }

    /// Today still counts: it adds to the total, the days recorded and the best day, but the
    /// daily average is of full days (at 00:08 today's few steps pulled November's average down).
    func testTheDailyAverageLeavesOutTodayWhileItCounts() {
        // Nov 1–3 full days of 9,000, 10,000 and 11,000 steps; today, Nov 4, 12 steps so far.
        let days = [9_000.0, 10_000, 11_000, 12].enumerated().map { DailyTotal(day: Self.nov($0.offset + 1), value: $0.element) }
        let data = MonthData(month: CalendarMonth(year: 2026, month: 11), chart: days, ledger: days, fetchedAt: .distantPast, isFromCache: false)
        let now = data.summary(of: (1...30).map(Self.nov), today: Self.nov(4))
        XCTAssertEqual(now.total, 30_012)
        XCTAssertEqual(now.recordedDays, 4)
        XCTAssertEqual(now.averagedDays, 3)
        XCTAssertEqual(now.average!, 10_000, accuracy: 1e-9, "(9,000 + 10,000 + 11,000) / 3")
        XCTAssertEqual(now.bestDay, Self.nov(3))
        // Once the month is over (or seen from another month), every recorded day is a full day.
        let later = data.summary(of: (1...30).map(Self.nov), today: DayKey(year: 2026, month: 12, day: 2))
        XCTAssertEqual(later.averagedDays, 4)
        XCTAssertEqual(later.average!, 30_012 / 4, accuracy: 1e-9)
        // Today the only day so far (00:05 on the 1st): no average, the total and the day still count.
        let first = MonthData(month: CalendarMonth(year: 2026, month: 11), chart: [DailyTotal(day: Self.nov(1), value: 40)],
                              ledger: [], fetchedAt: .distantPast, isFromCache: false).summary(of: (1...30).map(Self.nov), today: Self.nov(1))
        XCTAssertNil(first.average)
        XCTAssertEqual(first.total, 40)
        XCTAssertEqual(first.recordedDays, 1)
    }

    /// On screen the average says it is of full days while today is left out, where that fits.
    func testTheSummarySaysTheAverageIsOfFullDays() async throws {
        let d = Driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("3"))
        let data = try XCTUnwrap(d.model.month.data)
        let cal = d.env.context.calendar
        let today = DayKey(d.clock.now, calendar: cal)
        let full = data.month.days(cal).filter { $0 != today }.compactMap { data.chart[$0] }
        XCTAssertNotNil(data.chart[today], "the driver's clock is in the afternoon: today has steps")
        let average = Int((full.reduce(0, +) / Double(full.count)).rounded())
        let text = d.render().lines.joined(separator: "\n")
        // 9047 → "9,047", written out here rather than by the app's formatter.
        let digits = Array(String(average))
        let formatted = String(digits.enumerated().flatMap { i, c in (i > 0 && (digits.count - i) % 3 == 0) ? [",", c] : [c] })
        XCTAssertTrue(text.contains("Daily average \(formatted) · \(full.count) full days"), text)
        // November 22nd: the month has had 22 days so far, not 30 (8 are still to come).
        XCTAssertTrue(text.contains("\(full.count + 1) of 22 days recorded so far"), text)
    }

    /// This month counts the days it has had; a month that is over, all of its days.
    func testDaysRecordedAreOfTheDaysSoFarThenOfTheWholeMonth() async throws {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("3"))
        var text = d.render().lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("22 of 22 days recorded so far"), text)
        XCTAssertFalse(text.contains("of 30 days"), text)
        await d.press(.char("["))
        text = d.render().lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("steps in October 2026"), text)
        XCTAssertTrue(text.contains("31 of 31 days recorded"), text)
        XCTAssertFalse(text.contains("so far"), text)
        // At 80 columns the short wording keeps the same numbers.
        let narrow = Driver(size: Size(width: 80, height: 24))
        defer { narrow.cleanUp() }
        await narrow.onboard()
        await narrow.press(.char("3"))
        XCTAssertTrue(narrow.render().lines.joined().contains("22 of 22 days recorded"))
    }

    /// At every size the total says what it counts ("steps this month", or "steps" where that is
    /// all that fits or where it leaves room for one more fact), and the card keeps as many of
    /// its three facts as fit, each whole: a fact with no room on its own row moves up to a free one.
    func testTheTotalNamesWhatItCountsAndTheFactsKeepShortForms() async {
        // The test clock's day is Nov 22, 15:30: 22 days, today still counting.
        let cases: [(width: Int, rows: [String])] = [
            (48, ["Best 16,156", "22 of 22 days", " steps "]),
            (60, ["Full-day average 9,540", "Best day 16,156", " steps ", "22 of 22 days"]),
            (70, ["Daily average 9,540 · 21 full days", "Best day Mon, Nov 9 · 16,156", " steps this month ", "22 of 22 days"]),
            (80, ["Daily average 9,540 · 21 full days", "Best day Mon, Nov 9 · 16,156", " steps this month ",
                  "22 of 22 days recorded"]),
        ]
        for (width, expected) in cases {
            let d = Driver(size: Size(width: width, height: 24))
            defer { d.cleanUp() }
            await d.onboard()
            await d.press(.char("3"))
            let card = d.render().lines[3...5].joined(separator: "\n")  // the big digits' three rows
            for text in expected { XCTAssertTrue(card.contains(text), "\(width) columns, \(text):\n\(card)") }
            XCTAssertFalse(card.contains("…"), "no fact is cut: \(card)")
        }
    }

    /// Facts in order of want, each on the first free row where it fits whole (3 columns from what
    /// the row holds), rows listed top down: worked by hand on a 30-column card.
    func testFactsTakeTheFirstFreeRowWhereTheyFitWhole() {
        let facts = [["average 12345678"], ["best 1234567", "best 1"], ["days 1/2"]]
        // Rows holding 14, 10 and 20 columns of 30. The average (16): row 0 14 + 3 + 16 = 33, no;
        // row 1 10 + 3 + 16 = 29, yes. The best: row 0 14 + 3 + 12 = 29, yes. The days (8): row 2
        // 20 + 3 + 8 = 31, no; left out.
        var placed = MonthView.placeFacts(facts, used: [14, 10, 20], width: 30)
        XCTAssertEqual(placed.map(\.row), [0, 1])
        XCTAssertEqual(placed.map(\.text), ["best 1234567", "average 12345678"])
        // Rows holding 25, 14, 14. The average fits nowhere (25 + 19, 14 + 19 > 30). The best:
        // row 0 even short 25 + 3 + 6 = 34, no; row 1 14 + 3 + 12 = 29, yes. The days: row 0
        // 25 + 3 + 8 = 36, no; row 2 14 + 3 + 8 = 25, yes.
        placed = MonthView.placeFacts(facts, used: [25, 14, 14], width: 30)
        XCTAssertEqual(placed.map(\.row), [1, 2])
        XCTAssertEqual(placed.map(\.text), ["best 1234567", "days 1/2"])
        // Every row full: nothing placed; a fourth row is never used.
        XCTAssertTrue(MonthView.placeFacts(facts, used: [29, 29, 29, 0], width: 30).isEmpty)
    }

    func testStatsRowsOfTheMonthAddUpToMonthsTotal() async throws {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("3"))
        let data = try XCTUnwrap(d.model.month.data)
        let shown = data.summary(of: data.month.days(d.env.context.calendar))
        let out = await Self.stats(dataDir: d.dataDir, clock: d.clock, from: Self.nov(1), to: Self.nov(22))
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        let sum = rows.compactMap { $0["steps"] as? Int }.reduce(0, +)
        XCTAssertEqual(rows.count, 22)
        XCTAssertEqual(Double(sum), shown.total)
        // Each day the chart holds is the day stats prints.
        for row in rows {
            let day = try XCTUnwrap(DayKey(string: row["date"] as! String))
            XCTAssertEqual(data.chart[day].map { Int($0) }, row["steps"] as? Int, "\(day)")
        }
    }

    /// The chart card's "N days at goal" counts the days stats prints at or over the goal (today
    /// too once it gets there), and follows the goal when it changes.
    func testDaysAtGoalAreTheDaysStatsPrintsAtOrOverTheGoal() async throws {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.openMonth()
        let out = await Self.stats(dataDir: d.dataDir, clock: d.clock, from: Self.nov(1), to: Self.nov(22))
        let steps = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]]).compactMap { $0["steps"] as? Int }
        XCTAssertEqual(steps.count, 22)
        for goal in [10_000, 6_000] {
            d.model.shared.settings.stepGoal = goal
            let expected = steps.filter { $0 >= goal }.count
            let border = try XCTUnwrap(d.render().lines.first { $0.contains("Steps per day") })
            let words = expected == 1 ? "1 day at goal" : "\(expected) days at goal"
            XCTAssertTrue(border.contains("─ \(words) ─"), "goal \(goal): \(border)")
        }
    }

    /// `tmm-tui stats --json --from --to` in its own process-like environment over the same data directory.
    nonisolated static func stats(dataDir: URL, clock: TestClock, scenario: Scenario = .normal, from: DayKey, to: DayKey,
                                  json: Bool = true) async -> String {
        var options = Options()
        options.scenario = scenario
        options.dataDir = dataDir.path
        options.seed = 42
        let env = AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"], now: { clock.now }, sleeper: { clock.advance($0) })
        return await Commands.stats(env, StatsRequest(days: 7, json: json, from: from, to: to)).stdout
    }

    func testAMonthWithoutDataSaysSoInsteadOfALineOfZeros() async {
        let d = Driver(scenario: .empty, size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("3"))
        let screen = d.screenText
        XCTAssertTrue(screen.contains("No data for this month"), screen)
        XCTAssertFalse(screen.contains("Best day"), screen)
        XCTAssertFalse(screen.contains("Steps per day"), screen)
    }

    func testJustAfterMidnightOnTheFirstTheMonthShowsTodayNotNoData() async {
        let d = Driver(size: Size(width: 100, height: 30), start: ISO8601DateFormatter().date(from: "2026-12-01T00:00:30Z")!)
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("3"))
        let screen = d.screenText
        XCTAssertTrue(screen.contains("Tue, Dec 1 (today)"), screen)
        XCTAssertFalse(screen.contains("No data for this month"), screen)
    }

    func testAMonthBeforeTheDataStartsSaysSo() async {
        // An imported history that starts later: the month's read comes back with no days.
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("3"))
        let october = CalendarMonth(year: 2026, month: 10)
        d.model.month.shownMonth = october
        d.model.month.data = MonthData(month: october, chart: [], ledger: [], fetchedAt: d.clock.now, isFromCache: false)
        let screen = d.screenText
        XCTAssertTrue(screen.contains("No data for this month"), screen)
        XCTAssertTrue(screen.contains("October 2026"), screen)
        XCTAssertFalse(screen.contains("Best day"), screen)
    }

    func testEveryBadgeHasItsOwnNameAndALockedOneSaysWhatUnlocksIt() {
        let ctx = AppContext(strings: Strings(language: "en"), formats: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: ZoneRules.named("UTC")!))
        let names = (1...40).map { MonthAchievementsView.badgeName($0, ctx) }
        XCTAssertEqual(Set(names).count, 40, "\(names)")
        XCTAssertEqual(names[10], "110k Club")
        XCTAssertEqual(names[20], "210k Club")
        XCTAssertFalse(names.contains { $0.hasPrefix("Legend") })
        // 25,000 steps: badges 1 and 2 earned; badge 3 locked, unlocked by 30,000 steps.
        let a = MonthAchievements(days: [DailyTotal(day: Self.nov(1), value: 25_000)])
        let text = AchievementDetailView.textLines(tier: 3, badge: nil, a, pastMonth: nil, ctx).compactMap { line -> String? in
            if case .text(let t, _) = line { return t } else { return nil }
        }
        XCTAssertTrue(text.contains("Unlocks when this month reaches 30,000 steps"), "\(text)")
        XCTAssertFalse(text.contains { $0.hasPrefix("Next:") }, "a locked badge does not call itself next: \(text)")
    }

    /// The bar and the steps to go of a badge's detail are toward the threshold named above
    /// them, the bar being the month's total against it (worked by hand for 25,000 steps).
    func testTheWayToGoIsTowardTheThresholdItNames() {
        let ctx = AppContext(strings: Strings(language: "en"), formats: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: ZoneRules.named("UTC")!))
        let a = MonthAchievements(days: [DailyTotal(day: Self.nov(1), value: 25_000)])
        func lines(_ tier: Int, past: CalendarMonth? = nil) -> (text: [String], bar: Double?, toward: Int?) {
            let all = AchievementDetailView.textLines(tier: tier, badge: a.badge(tier: tier), a, pastMonth: past, ctx)
            let text = all.compactMap { line -> String? in if case .text(let t, _) = line { return t } else { return nil } }
            let bar = all.compactMap { line -> (Double, Int)? in if case .progress(let f, let t) = line { return (f, t) } else { return nil } }.first
            return (text, bar?.0, bar?.1)
        }
        // Badge 5, locked, far ahead: 25,000 of 50,000 (it showed the way to badge 3, 50% since 20,000).
        let five = lines(5)
        XCTAssertTrue(five.text.contains("Unlocks when this month reaches 50,000 steps"), "\(five.text)")
        XCTAssertEqual(five.bar ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(five.toward, 5, "the bar takes the colour of the badge it leads to")
        XCTAssertTrue(five.text.contains("25,000 steps to go"), "\(five.text)")
        // Badge 1, earned: the way to the month's next, badge 3 at 30,000: 25,000 of it.
        let one = lines(1)
        XCTAssertTrue(one.text.contains("Next: Steady Walker at 30,000 steps"), "\(one.text)")
        XCTAssertEqual(one.bar ?? -1, 25_000.0 / 30_000, accuracy: 1e-12)
        XCTAssertEqual(one.toward, 3)
        XCTAssertTrue(one.text.contains("5,000 steps to go"), "\(one.text)")
        // October, over: badge 3 was not earned in it, by 5,000 steps; nothing is still to go.
        let october = CalendarMonth(year: 2026, month: 10)
        let past = lines(3, past: october)
        XCTAssertTrue(past.text.contains("⊘ Not earned in October 2026") || past.text.contains { $0.hasSuffix("Not earned in October 2026") }, "\(past.text)")
        XCTAssertTrue(past.text.contains("The month ended 5,000 steps short of it"), "\(past.text)")
        XCTAssertNil(past.bar)
        XCTAssertFalse(past.text.contains { $0.contains("to go") || $0.contains("Unlocks") || $0.hasPrefix("Next:") }, "\(past.text)")
        let pastEarned = lines(2, past: october)
        XCTAssertFalse(pastEarned.text.contains { $0.contains("to go") || $0.hasPrefix("Next:") }, "\(pastEarned.text)")
    }

}
