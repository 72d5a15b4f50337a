import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// The Month screen's rules: badges per 10,000 steps of the month's running
/// total, local calendar months, the chart's ceiling, and the long pseudo-locale.
final class MonthRuleTests: XCTestCase {
    static func utcCalendar(_ zone: String = "UTC") -> LocalCalendar {
        LocalCalendar(zoneNamed: zone, firstWeekday: 2)!
    }

    static func november(_ values: [Double]) -> [DailyTotal] {
        values.enumerated().map { DailyTotal(day: DayKey(year: 2026, month: 11, day: $0.offset + 1), value: $0.element) }
    }

    func testBadgeCountsAndEarnedDays() {
        // (daily values from the 1st, badges, day each badge was earned (first few), steps to the next)
        let cases: [(String, [Double], Int, [Int], Double)] = [
            ("nothing", [], 0, [], 10_000),
            ("9,999", [9_999], 0, [], 1),
            ("10,000", [10_000], 1, [1], 10_000),
            ("10,000 over two days", [4_000, 6_000], 1, [2], 10_000),
            ("19,999", [9_999, 10_000], 1, [2], 1),
            ("20,000", [20_000], 2, [1, 1], 10_000),
            ("20,000 crossing on day 3", [15_000, 4_999, 1], 2, [1, 3], 10_000),
            ("bad values count as nothing", [.nan, -5_000, .infinity, 10_000], 1, [4], 10_000),
            ("gaps are skipped", [0, 0, 0, 25_000], 2, [4, 4], 5_000),
        ]
        for (name, values, count, days, toGo) in cases {
            let a = MonthAchievements(days: Self.november(values))
            XCTAssertEqual(a.earned.count, count, name)
            XCTAssertEqual(Array(a.earned.map(\.earnedOn.day).prefix(days.count)), days, name)
            XCTAssertEqual(a.earned.map(\.tier), Array(0..<count).map { $0 + 1 }, name)
            XCTAssertEqual(a.stepsToNext, toGo, name)
        }
    }

    func testAVeryLargeMonthEarnsEveryBadgeOnTheRightDay() {
        // 31 days at the plausible daily maximum: 3,100 badges, 100 a day.
        let a = MonthAchievements(days: MonthRuleTests.november(Array(repeating: 1_000_000, count: 30)))
        XCTAssertEqual(a.earned.count, 3_000)
        XCTAssertEqual(a.badge(tier: 100)?.earnedOn.day, 1)
        XCTAssertEqual(a.badge(tier: 101)?.earnedOn.day, 2)
        XCTAssertEqual(a.badge(tier: 3_000)?.earnedOn.day, 30)
        XCTAssertEqual(a.badge(tier: 3_000)?.threshold, 30_000_000)
        XCTAssertEqual(MonthAchievements.badgeCount(total: 1e300), MonthAchievements.maximumBadges, "a damaged total cannot trap or run away")
        XCTAssertEqual(MonthAchievements.badgeCount(total: .nan), 0)
    }

    func testDaysInOrderWhateverOrderTheyArrive() {
        let days = MonthRuleTests.november([6_000, 6_000]).reversed()
        XCTAssertEqual(MonthAchievements(days: Array(days)).badge(tier: 1)?.earnedOn.day, 2)
    }

    func testMonthLengths() {
        let cal = Self.utcCalendar()
        let cases: [(String, Int)] = [("2026-01", 31), ("2026-02", 28), ("2028-02", 29), ("2000-02", 29), ("2100-02", 28),
                                      ("2026-04", 30), ("2026-11", 30), ("2026-12", 31)]
        for (name, count) in cases {
            let month = CalendarMonth(string: name)!
            XCTAssertEqual(month.dayCount(cal), count, name)
            XCTAssertEqual(month.days(cal).count, count, name)
            XCTAssertEqual(month.last(cal).day, count, name)
        }
        XCTAssertEqual(CalendarMonth(string: "2026-12")!.adding(months: 1).description, "2027-01")
        XCTAssertEqual(CalendarMonth(string: "2026-01")!.adding(months: -1).description, "2025-12")
        XCTAssertEqual(CalendarMonth(string: "2026-01")!.adding(months: -25).description, "2023-12")
        XCTAssertEqual(CalendarMonth(year: 9999, month: 12).adding(months: Int.max).description, "9999-12", "clamped, no trap")
        XCTAssertNil(CalendarMonth(string: "2026-13"))
        XCTAssertNil(CalendarMonth(string: "26-11"))
    }

    func testMonthsWhenTheClocksChangeInLondonAndNewYork() {
        // (zone, month, hours in the month): an hour short in spring, an hour long in autumn.
        let cases: [(String, String, Double)] = [
            ("Europe/London", "2026-03", 31 * 24 - 1), ("Europe/London", "2026-10", 31 * 24 + 1),
            ("America/New_York", "2026-03", 31 * 24 - 1), ("America/New_York", "2026-11", 30 * 24 + 1),
            ("America/New_York", "2026-06", 30 * 24),
        ]
        for (zone, name, hours) in cases {
            let cal = Self.utcCalendar(zone)
            let month = CalendarMonth(string: name)!
            let interval = month.interval(cal)
            XCTAssertEqual(interval.duration / 3600, hours, "\(zone) \(name)")
            let days = month.days(cal)
            XCTAssertEqual(Set(days).count, days.count, "\(zone) \(name): no day twice")
            XCTAssertEqual(DayKey(interval.start, calendar: cal), month.first, "\(zone) \(name)")
            XCTAssertEqual(DayKey(interval.end.addingTimeInterval(-1), calendar: cal), month.last(cal), "\(zone) \(name)")
            XCTAssertEqual(CalendarMonth(interval.end, calendar: cal), month.adding(months: 1))
        }
    }

    func testYAxisCeilings() {
        let cases: [(String, [Double?], Double)] = [
            ("all zero", Array(repeating: 0, count: 30), 10_000),
            ("no data", Array(repeating: nil, count: 31), 10_000),
            ("a tiny month", [12, nil, 40, 3], 10_000),
            ("a usual month", [8_000, 12_400, nil, 9_000], 15_000),
            ("a huge day", [8_000, 123_456, 9_000], 150_000),
            ("the plausible maximum", [1_000_000], 1_000_000),
        ]
        for (name, values, ceiling) in cases {
            XCTAssertEqual(StepsLineChart.niceCeiling(of: values), ceiling, name)
            XCTAssertEqual(StepsLineChart.tickValues(ceiling: ceiling, maxParts: 4).first, 0, "\(name): the axis starts at zero")
        }
    }

    func testTheLongPseudoLocale() {
        XCTAssertEqual(Strings.language(from: ["LANG": "en_XA.UTF-8"]), Strings.pseudoLanguage)
        XCTAssertEqual(Strings.language(from: ["LC_ALL": "en_XA"]), Strings.pseudoLanguage)
        XCTAssertEqual(Strings.language(from: ["LANG": "fr_FR.UTF-8"]), "fr")
        let english = Strings(language: "en"), long = Strings(language: Strings.pseudoLanguage)
        XCTAssertEqual(long.language, Strings.pseudoLanguage)
        for key in english.allKeys where english(key).count >= 10 {
            let ratio = Double(long(key).count) / Double(english(key).count)
            XCTAssertGreaterThanOrEqual(ratio, 1.3, key)
            XCTAssertLessThanOrEqual(ratio, 1.6, key)
        }
        XCTAssertEqual(long("month.badge.toGo.other", "4,128"), "[4,128 stéps tó gó ~~~]", "placeholders survive")
        XCTAssertTrue(long.hasKey("route.month"))
    }

    func testHistoryIsReadForOlderMonthsOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-month-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cal = Self.utcCalendar()
        let repo = HealthRepository(provider: MockHealthProvider(scenario: .normal), cacheURL: dir.appendingPathComponent("health-cache.json"), calendar: cal)
        let now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")!
        var data = HealthCacheData()
        let days = DayKey.days(from: DayKey(year: 2026, month: 7, day: 1), through: DayKey(year: 2026, month: 11, day: 22), calendar: cal)
        data.merge(days.map { DailyTotal(day: $0, value: Double($0.day * 100)) }, for: .stepCount, fetchedAt: now)
        try repo.saveCache(data, now: now)
        let august = CalendarMonth(string: "2026-08")!
        XCTAssertEqual(repo.cached(from: august.first, through: august.last(cal)).snapshot?.steps.count, 0, "the recent file alone has no August")
        let read = repo.cachedIncludingHistory(from: august.first, through: august.last(cal), now: now)
        XCTAssertEqual(read.snapshot?.steps.count, 31)
        XCTAssertEqual(read.snapshot?.steps.last?.value, 3_100)
        let november = CalendarMonth(string: "2026-11")!
        XCTAssertEqual(repo.cachedIncludingHistory(from: november.first, through: november.last(cal), now: now).snapshot?.steps.count, 22)
    }
}

/// The Month screen driven with keys, as a person uses it.
@MainActor
final class MonthScreenTests: XCTestCase {
    func openMonth(_ d: Driver) async {
        await d.onboard()
        await d.press(.char("3"))
    }

    /// A month that is over says so: its total is "steps in October 2026", not "this month",
    /// and it offers no next badge nor steps to go (they can no longer be walked).
    func testAPastMonthOffersNoBadgeToWalkFor() async {
        let d = Driver(size: Size(width: 80, height: 40))
        defer { d.cleanUp() }
        await openMonth(d)
        XCTAssertTrue(d.screenText.contains("steps this month"), d.screenText)
        XCTAssertTrue(d.screenText.contains("next in"), "this month's next badge: \(d.screenText)")
        await d.press(.char("["))
        let previous = CalendarMonth(d.clock.now, calendar: d.env.context.calendar).adding(months: -1)
        let name = d.env.context.formats.monthAndYear(previous.first)
        let screen = d.screenText
        XCTAssertTrue(screen.contains("steps in \(name)"), screen)
        XCTAssertFalse(screen.contains("this month") || screen.contains("next in") || screen.contains("to go"), screen)
        XCTAssertTrue(screen.contains("badges in \(name)") || screen.contains("badge in \(name)") || screen.contains("No badges in \(name)"),
                      "the count says whose month it is: \(screen)")
    }

    func testTheMonthLoadsFromTheProviderWithItsTotalChartAndBadges() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await openMonth(d)
        XCTAssertEqual(d.model.route, .month)
        let vm = d.model.month
        XCTAssertEqual(vm.data?.month.description, "2026-11")
        XCTAssertEqual(vm.data?.isFromCache, false)
        XCTAssertEqual(vm.data?.chart.count, 22, "the 1st through today; the future is not zero")
        let total = vm.data!.chart.values.reduce(0, +)
        let screen = d.screenText
        XCTAssertTrue(screen.contains("November 2026"), screen)
        XCTAssertTrue(screen.contains("(today)"), screen)
        XCTAssertEqual(vm.data!.achievements.earned.count, Int(total / 10_000))
        XCTAssertTrue(screen.contains("First Steps"), screen)
        XCTAssertEqual(vm.data!.ledger.map { $0.value.rounded() }.reduce(0, +), total, accuracy: 0.001, "achievements count the cache, which holds the same merged totals, in whole steps")
    }

    func testTheFirstFrameShowsTheCachedMonth() async {
        let d = Driver()
        defer { d.cleanUp() }
        await openMonth(d)
        let next = d.relaunch()
        defer { next.cleanUp() }
        XCTAssertEqual(next.model.month.data?.isFromCache, true)
        XCTAssertEqual(next.model.month.data?.chart, d.model.month.data?.chart)
    }

    func testTheDayCursorMovesWithinThePastAndToday() async {
        let d = Driver()
        defer { d.cleanUp() }
        await openMonth(d)
        XCTAssertTrue(d.screenText.contains("Sun, Nov 22 (today)"))
        await d.press(.left, .left)
        XCTAssertTrue(d.screenText.contains("Fri, Nov 20 · "), d.screenText)
        await d.press(.char("l"), .right, .right, .right)
        XCTAssertEqual(d.model.month.cursor(d.model.shared, d.ctx), 22, "not into the future")
        for _ in 0..<40 { await d.press(.left) }
        XCTAssertEqual(d.model.month.cursor(d.model.shared, d.ctx), 1)
    }

    func testBadgesScrollSidewaysAndOpenTheirDetailAndEscReturns() async {
        let d = Driver()
        defer { d.cleanUp() }
        await openMonth(d)
        await d.press(.tab)
        XCTAssertEqual(d.model.month.focus, .badges)
        XCTAssertGreaterThan(d.model.month.scroll, 0, "focusing the badges scrolls them into view at 80×24")
        XCTAssertTrue(d.screenText.contains("›"), "more badges to the right")
        for _ in 0..<8 { await d.press(.right) }
        XCTAssertEqual(d.model.month.selectedBadge, 8)
        XCTAssertGreaterThan(d.model.month.badgeScroll, 0)
        XCTAssertTrue(d.screenText.contains("‹"), "badges to the left now")
        XCTAssertTrue(d.screenText.contains("Long Hauler"))
        await d.press(.enter)
        XCTAssertTrue(d.model.month.showsDetail)
        let detail = d.screenText
        XCTAssertTrue(detail.contains("Long Hauler") && detail.contains("90,000 steps in a month"), detail)
        XCTAssertTrue(detail.contains("Earned on"), detail)
        await d.press(.escape)
        XCTAssertFalse(d.model.month.showsDetail)
        XCTAssertEqual(d.model.month.focus, .badges)
        XCTAssertEqual(d.model.month.selectedBadge, 8, "back in the same place")
        XCTAssertEqual(d.model.route, .month, "Esc did not leave the screen")
    }

    func testTheLastSlotIsTheNextLockedBadge() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await openMonth(d)
        let earned = d.model.month.data!.achievements.earned.count
        await d.press(.tab)
        for _ in 0..<(earned + 5) { await d.press(.right) }
        XCTAssertEqual(d.model.month.selectedBadge, earned)
        XCTAssertTrue(d.screenText.contains("steps to go"), d.screenText)
        await d.press(.enter)
        XCTAssertTrue(d.screenText.contains("Not earned yet"), d.screenText)
    }

    func testBrowsingMonthsReadsTheCacheThenTheProvider() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await openMonth(d)
        await d.press(.char("]"))
        XCTAssertNil(d.model.month.shownMonth, "no month after the current one")
        await d.press(.char("["))
        XCTAssertEqual(d.model.month.shownMonth?.description, "2026-10")
        XCTAssertEqual(d.model.month.data?.month.description, "2026-10")
        XCTAssertEqual(d.model.month.data?.chart.count, 31)
        XCTAssertTrue(d.screenText.contains("October 2026"))
        XCTAssertFalse(d.screenText.contains("(today)"))
        await d.press(.pageUp)
        XCTAssertEqual(d.model.month.shownMonth?.description, "2026-09", "PgUp browses when the screen fits")
        await d.press(.pageDown, .pageDown)
        XCTAssertNil(d.model.month.shownMonth)
        XCTAssertTrue(d.screenText.contains("November 2026"))
    }

    /// Once a month shows, its neighbours are read ahead (off the draw loop): `[` and `]`
    /// then draw the other month, fresh, in the key's own frame — no cache read and no
    /// refresh after the key (each was a second frame, 3–11 ms later in `make bench`).
    func testPagingToAMonthReadAheadNeedsNoReadAfterTheKey() async {
        let d = Driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        await openMonth(d)
        XCTAssertNotNil(d.model.month.keptMonths[CalendarMonth(string: "2026-10")!], "October was read ahead")
        func reads(_ effects: [Effect]) -> [String] {
            effects.compactMap { if case .run(let w) = $0, w.id.name == "cache" || w.id.name == "refresh" { return w.id.name } else { return nil } }
        }
        for (key, month) in [(Key.char("["), "2026-10"), (.char("]"), "2026-11"), (.char("["), "2026-10")] {
            let effects = d.model.handle(.key(key), now: d.clock.now, d.ctx)
            XCTAssertEqual(reads(effects), [], "\(key) to \(month)")
            XCTAssertEqual(d.model.month.data?.month.description, month)
            XCTAssertEqual(d.model.month.data?.isFromCache, false, "the provider's days, as a refresh would show")
            XCTAssertFalse(d.model.month.isLoading)
            await d.run(effects)
        }
        XCTAssertEqual(d.model.month.data?.chart.count, 31)
        XCTAssertTrue(d.screenText.contains("October 2026"))
        // A new day forgets the months read: November is read again (now with the 23rd).
        let november = CalendarMonth(string: "2026-11")!
        XCTAssertEqual(d.model.month.keptMonths[november]?.chart.count, 22)
        await d.advance(24 * 3600)
        XCTAssertEqual(d.model.month.keptMonths[november]?.chart.count, 23)
        XCTAssertEqual(reads(d.model.handle(.key(.char("]")), now: d.clock.now, d.ctx)), [])
        XCTAssertEqual(d.model.month.data?.chart.count, 23)
    }

    /// Once Month is fresh, the Year view's first window is read ahead (the provider's
    /// totals; nothing written to the cache): the first `y` of the day draws the year in
    /// its own frame and reads nothing (it read the year at the key, 25–40 ms). Asked once
    /// a day; a new day asks again.
    func testTheYearIsReadAheadAndTheFirstYReadsNothing() async throws {
        let d = Driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        await openMonth(d)
        let kept = try XCTUnwrap(d.model.month.keptYear, "the year was read while Month shows")
        let window = d.model.month.yearWindow(YearState(), d.model.shared, d.ctx)
        XCTAssertEqual(kept.loaded, window.first...window.last)
        // The provider's totals for those days, read independently.
        let cal = d.env.context.calendar
        let today = DayKey(d.clock.now, calendar: cal)
        let fresh = try await d.env.repository.fetch(from: window.first, through: today, now: d.clock.now).snapshot.steps
        XCTAssertEqual(kept.steps.count, fresh.count)
        for total in fresh { XCTAssertEqual(kept.steps[total.day] ?? -1, total.value, accuracy: 1e-9, "\(total.day)") }
        var month = d.model.month, shared = d.model.shared
        XCTAssertTrue(month.settle(&shared, d.ctx).isEmpty, "asked once")
        let first = d.model.handle(.key(.char("y")), now: d.clock.now, d.ctx)
        XCTAssertTrue(first.isEmpty, "the first y reads nothing: \(first)")
        XCTAssertEqual(d.model.month.year?.isLoading, false)
        XCTAssertEqual(d.model.month.year?.steps, kept.steps)
        await d.press(.char("y"))
        XCTAssertNil(d.model.month.year, "back on the month")
        // A new day: the window moves on a day, and is read ahead again.
        await d.advance(24 * 3600)
        let next = d.model.month.yearWindow(YearState(), d.model.shared, d.ctx)
        XCTAssertEqual(next.last, window.last.adding(days: 1))
        XCTAssertEqual(d.model.month.keptYear?.loaded?.upperBound, next.last)
        XCTAssertTrue(d.model.handle(.key(.char("y")), now: d.clock.now, d.ctx).isEmpty, "the new day's first y reads nothing")
    }

    /// The Year view opened before its read ahead came: the read ahead is its answer.
    func testTheYearOpenedBeforeItsReadAheadCameTakesIt() async throws {
        let d = Driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        await openMonth(d)
        let kept = try XCTUnwrap(d.model.month.keptYear)
        let range = try XCTUnwrap(kept.loaded)
        d.model.month.keptYear = nil
        var loading = YearState()
        loading.isLoading = true
        d.model.month.year = loading
        var month = d.model.month, shared = d.model.shared
        _ = month.receive(YearReadAhead(range: range, steps: kept.steps), &shared, d.ctx)
        XCTAssertEqual(month.year?.isLoading, false)
        XCTAssertEqual(month.year?.steps, kept.steps)
        XCTAssertNotNil(month.keptYear, "and it is kept for the next y")
    }

    /// A read ahead that came to nothing (the provider failed, the cache could not be
    /// written) is not asked for again at every event: once a day, like the refreshes.
    func testAReadAheadThatFailedIsNotAskedForAgain() async {
        let d = Driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        await openMonth(d)
        let october = CalendarMonth(string: "2026-10")!
        // What a failed read ahead leaves: October neither kept nor refreshed, no year kept.
        d.model.month.keptMonths[october] = nil
        d.model.month.refreshed.remove(october)
        d.model.month.keptYear = nil
        for _ in 0..<3 {
            let effects = d.model.handle(.tick, now: d.clock.now, d.ctx)
            let ahead = effects.compactMap { if case .run(let w) = $0 { return w.id.name } else { return nil } }
            XCTAssertEqual(ahead, [], "asked again")
            await d.run(effects)
        }
        // The month's own refresh still reads it when it is shown.
        await d.press(.char("["))
        XCTAssertEqual(d.model.month.data?.month, october)
        XCTAssertEqual(d.model.month.data?.isFromCache, false)
    }

    /// Where the whole subtitle does not fit (48 columns), the count keeps saying whose month it
    /// counts and the next badge gives way (its locked badge says how far it is).
    func testANarrowScreenKeepsWhoseMonthTheBadgesAre() async {
        let d = Driver(size: Size(width: 48, height: 16))
        defer { d.cleanUp() }
        await openMonth(d)
        await d.press(.pageDown, .pageDown, .pageDown)
        XCTAssertTrue(d.screenText.contains("badges this month"), d.screenText)
        XCTAssertFalse(d.screenText.contains("badges earned"), d.screenText)
    }

    func testAShortTerminalScrollsTheWholeScreen() async {
        let d = Driver(size: Size(width: 60, height: 20))
        defer { d.cleanUp() }
        await openMonth(d)
        XCTAssertFalse(d.screenText.contains("badges this month"), "the badges are below the fold")
        await d.press(.down)
        XCTAssertEqual(d.model.month.scroll, 1)
        await d.press(.pageDown, .pageDown, .pageDown)
        XCTAssertEqual(d.model.month.scroll, MonthLayout.naturalHeight - 17, "clamped at the end")
        XCTAssertTrue(d.screenText.contains("badges this month"), d.screenText)
        XCTAssertNil(d.model.month.shownMonth, "PgDn scrolled; it did not browse")
        await d.press(.char("k"))
        XCTAssertEqual(d.model.month.scroll, MonthLayout.naturalHeight - 18)
        // Home is the first day at any height: the page scrolls back up to show the chart it is on.
        await d.press(.home)
        XCTAssertEqual(d.model.month.cursor(d.model.shared, d.ctx), 1)
        XCTAssertLessThanOrEqual(d.model.month.scroll, d.model.month.layout(d.model.shared).chart.y)
    }

    func testANewDayRefreshesTheMonthAndANewMonthMovesOn() async {
        let d = Driver(start: ISO8601DateFormatter().date(from: "2026-11-30T23:59:00Z")!)
        defer { d.cleanUp() }
        await openMonth(d)
        XCTAssertEqual(d.model.month.data?.chart.count, 30)
        await d.advance(61)
        XCTAssertEqual(d.model.month.data?.month.description, "2026-12")
        XCTAssertEqual(d.model.month.data?.chart.count, 1)
        XCTAssertTrue(d.screenText.contains("December 2026"), d.screenText)
    }

    func testFrenchDatesAndNumbers() async {
        let d = Driver(size: Size(width: 120, height: 40), environment: ["TZ": "Europe/Paris", "LANG": "fr_FR.UTF-8", "HOME": "/nonexistent"])
        defer { d.cleanUp() }
        await openMonth(d)
        let screen = d.screenText
        XCTAssertTrue(screen.contains("novembre 2026"), screen)
        XCTAssertTrue(screen.contains("dim. 22 nov."), screen)
        XCTAssertTrue(screen.contains("Steps per day_fr"), screen)
        XCTAssertTrue(screen.contains("\u{202F}") || screen.contains("\u{00A0}"), "French digit groups")
    }
}
