import Foundation
import XCTest

/// The Month screen (issue 16): day cursor, badges, a badge's detail, and scrolling on a short terminal.
final class MonthEndToEndTests: ScreenFlowTestCase {
    /// A badge's tier number in its artwork ("│ 6 │").
    static func badge(_ n: Int) -> String { "│ \(n) │" }

    func testBrowseDaysScrollBadgesAndOpenABadgeDetail() throws {
        let s = try onboardedApp()
        let today = s.waitFor(text: "Fri, Nov 20  ")
        let todaysSteps = ScreenText.number(today, after: "Fri, Nov 20  ")
        s.send("3")
        let first = s.waitFor(text: "Fri, Nov 20 (today) ·")
        XCTAssertTrue(first.contains("November 2026"), first)
        let todaySteps = try XCTUnwrap(ScreenText.number(first, after: "(today) · "), first)
        XCTAssertGreaterThan(todaySteps, 0)
        XCTAssertEqual(todaySteps, todaysSteps, "Month and Today agree on today's steps")

        // The day cursor: back two days, forward one, and never past today.
        s.send("Left")
        s.waitFor(text: "Thu, Nov 19 ·")
        s.send("Left")
        let wed = s.waitFor(text: "Wed, Nov 18 ·")
        XCTAssertNotNil(ScreenText.number(wed, after: "Wed, Nov 18 · "), wed)
        XCTAssertFalse(wed.contains("(today)"), wed)
        s.send("Right")
        s.waitFor(text: "Thu, Nov 19 ·")
        s.send("Right", "Right", "Right")
        s.waitFor(text: "Fri, Nov 20 (today) ·")
        // Had the cursor gone past today, one step back would not land on the 19th.
        s.send("Left")
        s.waitFor(text: "Thu, Nov 19 ·")
        s.send("Right")
        s.waitFor(text: "Fri, Nov 20 (today) ·")

        // Focus the badges: the row starts at badge 1; → scrolls it.
        s.send("Tab")
        let badges = s.waitFor(text: "Enter Open badge")
        XCTAssertTrue(badges.contains(Self.badge(1)), badges)
        let earned = try XCTUnwrap(ScreenText.number(badges, before: " badges this month"), badges)
        XCTAssertGreaterThanOrEqual(earned, 6, "the seeded month earns enough badges to scroll:\n\(badges)")
        for _ in 0..<5 { s.send("Right") }
        let scrolled = s.waitFor("the row to scroll to badge 6") { $0.contains(Self.badge(6)) && !$0.contains(Self.badge(1)) }
        XCTAssertTrue(ScreenText.hasLine(scrolled, with: "‹", "╭─┴─╮"), "a ‹ says there is more on the left:\n\(scrolled)")

        // Enter opens the selected badge; Esc comes back to the same place.
        s.send("Enter")
        let detail = s.waitFor(text: "Badge 6 · 60,000 steps in a month")
        XCTAssertTrue(detail.contains("Achievement"), detail)
        XCTAssertTrue(detail.contains("✓ Earned on"), detail)
        XCTAssertTrue(detail.contains("Month total:"), detail)
        XCTAssertTrue(detail.contains("Esc Back"), detail)
        s.send("Escape")
        let back = s.waitFor("the Month screen again") { !$0.contains("Badge 6 ·") && $0.contains("badges this month") }
        XCTAssertTrue(back.contains(Self.badge(6)), "the row is where it was:\n\(back)")
        XCTAssertTrue(back.contains("Enter Open badge"), "the badges keep the focus:\n\(back)")

        // Tab gives the chart its cursor back.
        s.send("Tab")
        s.waitFor(text: "←/→ Day")
        quit(s)
    }

    func testTheMonthScrollsVerticallyOnASixtyByTwentyTerminal() throws {
        let s = try onboardedApp(width: 60, height: 20)
        s.send("3")
        // The month's figures and the scroll mark may land in two frames (the month is read after the first).
        // (At 60 columns the total's caption is "steps", beside "Best day …" and the days recorded.)
        let top = s.waitFor("the month with its scroll mark") { $0.contains("Best day") && $0.contains("▼") }
        XCTAssertTrue(top.contains("November 2026"), top)
        XCTAssertTrue(top.contains("▼"), "a scroll indicator says there is more below:\n\(top)")
        XCTAssertFalse(top.contains("First Steps"), "the badges are below the fold:\n\(top)")

        s.send("Down")
        let down = s.waitFor("one row scrolled") { !$0.contains("November 2026") }
        XCTAssertTrue(down.contains("Best day"), down)
        XCTAssertTrue(down.contains("▲"), "a scroll indicator says there is more above:\n\(down)")

        s.send("PgDn")
        let paged = s.waitFor(text: "First Steps")
        XCTAssertFalse(paged.contains("Best day"), paged)
        XCTAssertTrue(paged.contains("badges this month"), paged)

        s.send("Up")
        s.waitFor("one row back up") { $0 != paged }
        s.send("PgUp")
        s.send("PgUp")
        s.waitFor(text: "November 2026")
        // At 60×20, [ still browses months while the page keys scroll.
        s.send("[")
        s.waitFor(text: "October 2026")
        quit(s)
    }

    func testAtMidnightMonthAndTodayMoveToTheNewDayWhileTheAppRuns() throws {
        let s = try app(now: "2026-11-30T23:59:54Z")
        s.onboard()
        s.send("3")
        s.waitFor(text: "Mon, Nov 30 (today) ·")
        // The new month may first show "Refreshing…" with its cache, then the fresh day.
        let december = s.waitFor("the month to roll over", timeout: 15) { $0.contains("Tue, Dec 1 (today) ·") }
        XCTAssertTrue(december.contains("December 2026"), december)
        XCTAssertFalse(december.contains("November 2026"), december)
        s.send("1")
        s.waitFor(text: "Tue, Dec 1  ")
        quit(s)
    }
}
