import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Today's chart pages back in whole weeks: from the cache when it holds them, else from the
/// provider (as Month and the Year view read); from the cache, to its edge, when the provider cannot answer.
@MainActor
final class WeekPagingTests: XCTestCase {
    /// The launch fetched the last 15 days for Today and the month (from 1 Nov) for Month: three weeks
    /// back (26 Oct – 1 Nov) the cache held only 1 Nov, and the chart showed one day of seven ("1 of 7
    /// days at goal") where Month and `stats` had all seven. Every day is read now, each as the
    /// provider has it, and the cache keeps them.
    func testPagingBackPastWhatTheLaunchFetchedReadsTheProvider() async throws {
        let d = Driver(size: Size(width: 100, height: 30), options: { $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        XCTAssertTrue(d.screenText.contains("Last 7 days"))
        await d.press(.char("["))
        XCTAssertEqual(d.model.today.weekOffset, -1)
        // Driver.start is Sun 22 Nov: the chart showed Mon 16 – Sun 22, the week before is Mon 9 – Sun 15.
        XCTAssertTrue(d.screenText.contains("Mon, Nov 9 – Sun, Nov 15"), d.screenText)
        for _ in 0..<3 { await d.press(.char("[")) }
        await d.advance(1)
        XCTAssertEqual(d.model.today.weekOffset, -4)
        XCTAssertTrue(d.screenText.contains("Mon, Oct 19 – Sun, Oct 25"), d.screenText)
        let first = DayKey(year: 2026, month: 10, day: 12), last = DayKey(year: 2026, month: 11, day: 1)
        let provided = try await d.env.provider.dailyStatistics(of: .stepCount, from: first, through: last, calendar: d.env.context.calendar)
        XCTAssertEqual(provided.count, 21)
        for total in provided {
            XCTAssertEqual(d.model.today.value(.stepCount, on: total.day), total.value, "\(total.day)")
        }
        XCTAssertFalse(d.screenText.contains("No older days"), d.screenText)
        d.env.storage.flush()
        let cached = d.env.repository.cachedIncludingHistory(from: first, through: last, now: d.clock.now).snapshot?.steps ?? []
        XCTAssertEqual(cached.map(\.day), provided.map(\.day), "what was read is kept for the next run")
        await d.press(.char("]"), .char("]"), .char("]"), .char("]"))
        XCTAssertEqual(d.model.today.weekOffset, 0)
        XCTAssertTrue(d.screenText.contains("Last 7 days"))
        await d.press(.char("]"))
        XCTAssertEqual(d.model.today.weekOffset, 0, "never into the future")
    }

    /// Access turned off after launch: the provider cannot answer, so the weeks come from the
    /// cache — what the launch fetched and the weeks read ahead of `[` while access was on — and
    /// paging stops at its edge.
    func testWithoutTheProviderPagingStopsAtTheCachesEdge() async throws {
        let d = Driver(size: Size(width: 100, height: 30), options: { $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        _ = try await d.env.provider.requestAuthorization(toRead: [.stepCount, .activeEnergyBurned], userResponse: [])
        // Sun 22 Nov: the page before is Mon 9 – Sun 15, and four more were read ahead (to Mon 12 Oct).
        for page in 1...5 {
            await d.press(.char("["))
            XCTAssertEqual(d.model.today.weekOffset, -page, "page \(page) at once")
        }
        await d.advance(1)
        XCTAssertTrue(d.screenText.contains("Mon, Oct 12 – Sun, Oct 18"), d.screenText)
        XCTAssertNotNil(d.model.today.value(.stepCount, on: DayKey(year: 2026, month: 10, day: 12)))
        XCTAssertNil(d.model.today.value(.stepCount, on: DayKey(year: 2026, month: 10, day: 11)), "a day never fetched shows as no data")
        await d.press(.char("["))
        await d.advance(1)
        XCTAssertEqual(d.model.today.weekOffset, -5, "the cache's edge")
        XCTAssertTrue(d.screenText.contains("No older days recorded"), d.screenText)
    }

    /// Once a page has settled, the weeks before it are read ahead, so `[` shows the week before
    /// at once: the key starts no read (it took a read and a second frame, 1.3 ms at 200×60).
    func testTheWeeksBeforeAreReadAheadSoAPageBackNeedsNoRead() async throws {
        let d = Driver(size: Size(width: 100, height: 30), options: { $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        for page in 1...TodayViewModel.weeksReadAhead + 1 {
            let effects = d.model.handle(.key(.char("[")), now: d.clock.now, d.ctx)
            let reads = effects.filter { if case .run(let work) = $0 { return work.id == WorkID(.today, "week") }; return false }
            XCTAssertEqual(reads.count, 0, "page \(page) needed a read")
            XCTAssertEqual(d.model.today.weekOffset, -page)
            await d.run(effects)
        }
        // Each week shown holds the provider's own numbers.
        let last = DayKey(year: 2026, month: 11, day: 22).adding(days: -7 * (TodayViewModel.weeksReadAhead + 1))
        let provided = try await d.env.provider.dailyStatistics(of: .stepCount, from: last.adding(days: -6), through: last,
                                                                calendar: d.env.context.calendar)
        for total in provided { XCTAssertEqual(d.model.today.value(.stepCount, on: total.day), total.value, "\(total.day)") }
    }

    /// A past day the cache kept with a number the provider has since changed (a late sync):
    /// a page back shows the provider's, as Month and `stats` do. It showed the cache's whenever
    /// the cache held every day of the weeks (found by a walkthrough: a week of October on Today
    /// disagreed with Month, the Year view and `stats`).
    func testAPageBackShowsTheProvidersNumbersNotWhatTheCacheKept() async throws {
        let d = Driver(size: Size(width: 100, height: 30), options: { $0.live = false })
        defer { d.cleanUp() }
        let calendar = d.env.context.calendar, at = d.clock.now
        let kept = DayKey.days(from: DayKey(year: 2026, month: 9, day: 1), through: DayKey(year: 2026, month: 11, day: 21), calendar: calendar)
        try d.env.repository.updateCache(now: at) {
            $0.merge(kept.map { DailyTotal(day: $0, value: 123_456) }, for: .stepCount, fetchedAt: at)
        }
        await d.onboard()
        await d.advance(1)
        for _ in 0..<4 { await d.press(.char("[")) }
        await d.advance(1)
        XCTAssertEqual(d.model.today.weekOffset, -4)
        XCTAssertTrue(d.screenText.contains("Mon, Oct 19 – Sun, Oct 25"), d.screenText)
        let provided = try await d.env.provider.dailyStatistics(of: .stepCount, from: DayKey(year: 2026, month: 10, day: 12),
                                                                through: DayKey(year: 2026, month: 10, day: 25), calendar: calendar)
        for total in provided { XCTAssertEqual(d.model.today.value(.stepCount, on: total.day), total.value, "\(total.day)") }
        XCTAssertFalse(d.screenText.contains("123,456"), d.screenText)
    }

    /// Where the Steps/Calories toggle leaves too little room for the week's range, the
    /// chart's title names the week by its first day; the insight card's the same: no date is cut.
    func testAPagedWeeksTitlesAreNeverCut() async {
        for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24)] {
            let d = Driver(size: size)
            await d.onboard()
            await d.advance(1)
            await d.press(.char("["))
            let screen = d.screenText
            let chartTitle = screen.split(separator: "\n").first { $0.contains("Steps") && $0.contains("Calories") } ?? ""
            XCTAssertTrue(chartTitle.contains("Mon, Nov 9 – Sun, Nov 15") || chartTitle.contains("Week of Mon, Nov 9 ")
                          || chartTitle.contains(" Mon, Nov 9 "), "\(size): \(chartTitle)")
            XCTAssertFalse(screen.contains("Sun, N ") || screen.contains("Sun, Nov 1 ") || screen.contains("– S…") || screen.contains("– Su…"),
                           "\(size):\n\(screen)")
            for line in screen.split(separator: "\n") {
                XCTAssertEqual(ShellRulesTests.cutWords(String(line)), [], "\(size): \(line)")
            }
            d.cleanUp()
        }
    }

    /// `[` and `]` keep the weekday (Thursday 19 Nov → Thursday 12 Nov and back), as a
    /// calendar's week view does; walking off the week's edge with ← is the test below.
    func testPagingAWeekKeepsTheWeekday() async {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        d.model.today.focus = .chart
        await d.press(.left, .left, .left)   // Sun 22 → Thu 19 (the week is Mon 16 – Sun 22)
        XCTAssertEqual(d.model.today.selectedDay, 3)
        XCTAssertTrue(d.screenText.contains("Thu, Nov 19"), d.screenText)
        await d.press(.char("["))
        XCTAssertEqual(d.model.today.weekOffset, -1)
        XCTAssertEqual(d.model.today.selectedDay, 3)
        XCTAssertTrue(d.screenText.contains("Thu, Nov 12"), d.screenText)
        await d.press(.char("]"))
        XCTAssertEqual(d.model.today.weekOffset, 0)
        XCTAssertTrue(d.screenText.contains("Thu, Nov 19"), d.screenText)
    }

    /// Keys faster than the cache is read (a held `[`): the presses made while a week is read
    /// are paged once it arrives, none lost; forward ones still count at the cache's edge.
    func testPagesAskedWhileAWeekIsReadAreNotLost() async {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        let today = DayKey(d.clock.now, calendar: d.env.context.calendar)
        _ = try? await d.env.repository.refresh(from: today.adding(days: -60), through: today, now: d.clock.now)
        // A read of the week before is on its way (as the run loop would have it, between frames).
        d.model.today.pagingTo = -1
        await d.press(.char("["), .char("["), .char("["), .char("]"))
        XCTAssertEqual(d.model.today.weekOffset, 0, "nothing moves before the read arrives")
        let last = today.adding(days: -7)
        let read = d.env.repository.cachedIncludingHistory(from: last.adding(days: -13), through: last, now: d.clock.now).snapshot
        await d.send(.message(.feature(.today), WeekRead(offset: -1, keepDay: 6, snapshot: read)))
        XCTAssertEqual(d.model.today.weekOffset, -3, "the read's week, then the two more asked for (three back, one on)")
        XCTAssertNil(d.model.today.pagingTo)
        // At the cache's edge, pages back asked meanwhile stop there, pages forward go on.
        d.model.today.pagingTo = -4
        await d.press(.char("["), .char("]"), .char("]"))
        await d.send(.message(.feature(.today), WeekRead(offset: -4, keepDay: 6, snapshot: nil)))
        XCTAssertEqual(d.model.today.weekOffset, -2, "-3, one back (the edge), two on")
    }

    func testLeftOnTheFirstDayPagesBackAndTheWheelPagesToo() async {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        d.model.today.focus = .chart
        for _ in 0..<6 { await d.press(.left) }
        XCTAssertEqual(d.model.today.selectedDay, 0)
        XCTAssertEqual(d.model.today.weekOffset, 0)
        await d.press(.left)
        XCTAssertEqual(d.model.today.weekOffset, -1)
        XCTAssertEqual(d.model.today.selectedDay, 6, "lands on the last day of the week before")
        await d.press(.right)
        XCTAssertEqual(d.model.today.weekOffset, 0, "→ past the last day comes back")
        await d.press(.mouse(MouseEvent(.wheelUp, x: 10, y: 10)))
        XCTAssertEqual(d.model.today.weekOffset, -1)
        await d.press(.mouse(MouseEvent(.wheelDown, x: 10, y: 10)))
        XCTAssertEqual(d.model.today.weekOffset, 0)
    }
}

/// Paged back, the insight cards are that week's: its best day, average and days at goal.
@MainActor
final class PagedInsightsTests: XCTestCase {
    func testBestDayAndAverageFollowThePagedWeek() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("["))
        XCTAssertEqual(d.model.today.weekOffset, -1)
        // The week on screen: Mon 9 – Sun 15 Nov. Its best day and average, worked out from its own days.
        let days = (9...15).map { DayKey(year: 2026, month: 11, day: $0) }
        let values = days.compactMap { day in d.model.today.value(.stepCount, on: day).map { (day, $0) } }
        XCTAssertEqual(values.count, 7)
        let best = values.max { $0.1 < $1.1 }!
        let average = values.map(\.1).reduce(0, +) / 7
        let goal = Double(d.model.shared.settings.stepGoal)
        let atGoal = values.filter { $0.1 >= goal }.count
        let f = d.ctx.formats
        let screen = d.screenText
        XCTAssertTrue(screen.contains("\(f.weekday(best.0)) · \(f.integer(best.1)) steps"), screen)
        XCTAssertTrue(screen.contains("Avg \(f.integer(average)) steps · that week"), screen)
        XCTAssertTrue(screen.contains("\(atGoal) of 7 days at goal"), screen)
        XCTAssertTrue(screen.contains("Week Mon, Nov 9 – Sun, Nov 15"), screen)
    }
}
