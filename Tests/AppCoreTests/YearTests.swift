import Foundation
import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// The Year view: window arithmetic and numbers worked by hand, the keys, Enter
/// opening the day on Today, agreement with `stats --from --to`, and goldens.
@MainActor
final class YearTests: XCTestCase {
    // MARK: By hand

    func testWindowOfFiftyThreeWeeksEndsWithToday() {
        // 2026-11-22 is a Sunday. Weeks from Sunday (firstWeekday 1): the last column is that week alone,
        // the first column starts 52 weeks earlier, 2025-11-23.
        let w = YearWindow(today: DayKey(year: 2026, month: 11, day: 22), page: 0, weeks: 53, firstWeekday: 1)
        XCTAssertEqual(w.first, DayKey(year: 2025, month: 11, day: 23))
        XCTAssertEqual(w.last, DayKey(year: 2026, month: 11, day: 22))
        XCTAssertEqual(w.days.count, 52 * 7 + 1)
        XCTAssertEqual(w.position(DayKey(year: 2026, month: 11, day: 22))?.column, 52)
        XCTAssertEqual(w.position(DayKey(year: 2026, month: 11, day: 22))?.row, 0)
        // Weeks from Monday: Sunday is the 7th row, the week began on 2026-11-16.
        let m = YearWindow(today: DayKey(year: 2026, month: 11, day: 22), page: 0, weeks: 53, firstWeekday: 2)
        XCTAssertEqual(m.first, DayKey(year: 2025, month: 11, day: 17))
        XCTAssertEqual(m.position(DayKey(year: 2026, month: 11, day: 22))?.row, 6)
        // A year back: the page ends on the Saturday 52 weeks before this week's, 2025-11-22.
        let back = YearWindow(today: DayKey(year: 2026, month: 11, day: 22), page: -1, weeks: 53, firstWeekday: 1)
        XCTAssertEqual(back.last, DayKey(year: 2025, month: 11, day: 29))
        XCTAssertEqual(back.first, DayKey(year: 2024, month: 11, day: 24))
    }

    /// On a narrow terminal (26 weeks) a page back is the 26 weeks before, not a year: no week is skipped.
    func testANarrowWindowPagesByTheWeeksItShows() {
        let today = DayKey(year: 2026, month: 11, day: 22)   // a Sunday; weeks from Sunday
        let now = YearWindow(today: today, page: 0, weeks: 26, firstWeekday: 1)
        XCTAssertEqual(now.first, DayKey(year: 2026, month: 5, day: 31))   // 25 weeks before 22 Nov
        let back = YearWindow(today: today, page: -1, weeks: 26, firstWeekday: 1)
        XCTAssertEqual(back.last, DayKey(year: 2026, month: 5, day: 30), "the day before the newer page's first")
        XCTAssertEqual(back.first, DayKey(year: 2025, month: 11, day: 30))
    }

    /// The page holding a day, worked by hand from Sunday 22 Nov 2026 (weeks from Sunday): the
    /// 53-week page 0 starts 23 Nov 2025; the day before is on page -1; 52 weeks back at 34 a page is -1.
    func testThePageHoldingADay() {
        let today = DayKey(year: 2026, month: 11, day: 22)
        XCTAssertEqual(YearWindow.page(holding: today, today: today, weeks: 53, firstWeekday: 1), 0)
        XCTAssertEqual(YearWindow.page(holding: DayKey(year: 2025, month: 11, day: 23), today: today, weeks: 53, firstWeekday: 1), 0)
        XCTAssertEqual(YearWindow.page(holding: DayKey(year: 2025, month: 11, day: 22), today: today, weeks: 53, firstWeekday: 1), -1)
        XCTAssertEqual(YearWindow.page(holding: DayKey(year: 2024, month: 11, day: 24), today: today, weeks: 53, firstWeekday: 1), -1)
        XCTAssertEqual(YearWindow.page(holding: DayKey(year: 2024, month: 11, day: 23), today: today, weeks: 53, firstWeekday: 1), -2)
        XCTAssertEqual(YearWindow.page(holding: DayKey(year: 2025, month: 11, day: 23), today: today, weeks: 34, firstWeekday: 1), -1)
        XCTAssertEqual(YearWindow.page(holding: DayKey(year: 2026, month: 5, day: 31), today: today, weeks: 26, firstWeekday: 1), 0)
        XCTAssertEqual(YearWindow.page(holding: DayKey(year: 2026, month: 5, day: 30), today: today, weeks: 26, firstWeekday: 1), -1)
    }

    /// Paged back on a small terminal, a resize keeps the day chosen on screen and selected (the
    /// page number alone meant another stretch of weeks at another size).
    func testAResizeKeepsTheChosenDayOnScreen() async {
        let d = await yearDriver(size: Size(width: 48, height: 16))
        defer { d.cleanUp() }
        await d.press(.char("["), .char("["))
        await d.advance(1)
        let chosen = DayKey(year: 2025, month: 11, day: 23)   // 2 × 26 weeks before Sunday 22 Nov 2026
        XCTAssertEqual(d.model.month.year?.cursor, chosen)
        for size in [Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 48, height: 16), Size(width: 200, height: 60)] {
            await d.send(.resize(size))
            await d.advance(1)
            XCTAssertEqual(d.model.month.year?.cursor, chosen, "\(size)")
            let screen = d.render().lines.joined(separator: "\n")
            XCTAssertTrue(screen.contains("Sun, Nov 23, 2025"), "\(size): the readout names the chosen day\n\(screen)")
        }
    }

    func testWeeksForEachSize() {
        // Content is the terminal less 2 columns.
        XCTAssertEqual(YearLayout(content: Size(width: 78, height: 21)).weeks, 53)
        XCTAssertEqual(YearLayout(content: Size(width: 58, height: 17)).weeks, 34)
        XCTAssertEqual(YearLayout(content: Size(width: 46, height: 13)).weeks, 26)
        XCTAssertEqual(YearLayout(content: Size(width: 118, height: 37)).cellWidth, 2)
        XCTAssertEqual(YearLayout(content: Size(width: 117, height: 37)).cellWidth, 1)
        let small = YearLayout(content: Size(width: 46, height: 13))
        XCTAssertLessThanOrEqual(small.statsY + 1, 13, "every part fits 48×16")
    }

    func testSummaryWorkedByHand() {
        let d = (1...7).map { DayKey(year: 2026, month: 3, day: $0) }
        // Goal 10,000: at, at, below, missing (breaks the streak), at, at, at → 5 at goal, streak 3, best 12,000 on the 2nd.
        let steps: [DayKey: Double] = [d[0]: 10_000, d[1]: 12_000, d[2]: 9_999, d[4]: 10_500, d[5]: 11_000, d[6]: 10_000]
        let s = YearSummary(days: d, steps: steps, goal: 10_000)
        XCTAssertEqual(s.total, 63_499)
        XCTAssertEqual(s.recordedDays, 6)
        XCTAssertEqual(s.daysAtGoal, 5)
        XCTAssertEqual(s.longestStreak, 3)
        XCTAssertEqual(s.best?.day, d[1])
    }

    // MARK: Keys

    func yearDriver(size: Size = Size(width: 80, height: 24), theme: String = "dark",
                    environment: [String: String] = Driver.utcEnvironment) async -> Driver {
        let d = Driver(size: size, theme: theme, environment: environment)
        await d.onboard()
        await d.press(.char("3"), .char("y"))
        d.model.shared.toast = nil
        return d
    }

    func testKeysMoveTheCursorAndEnterOpensTheDayOnToday() async {
        let d = await yearDriver()
        defer { d.cleanUp() }
        XCTAssertNotNil(d.model.month.year, "y opens the year")
        XCTAssertTrue(d.model.keyHints(d.ctx).screen.contains { $0.label == "y/Esc" }, "the footer names the way back")
        // Today is Sunday 22 Nov; ← is a week back, ↑ a day back: Saturday 14 Nov.
        await d.press(.left, .up)
        XCTAssertEqual(d.model.month.year?.cursor, DayKey(year: 2026, month: 11, day: 14))
        XCTAssertTrue(d.render().lines.joined().contains("Sat, Nov 14, 2026"), "the readout names the cursor's day")
        await d.press(.enter)
        XCTAssertEqual(d.model.route, .today)
        // 8 days ago: the week before (offset -1), the 6th bar of 7 (index 5).
        XCTAssertEqual(d.model.today.weekOffset, -1)
        XCTAssertEqual(d.model.today.selectedDay, 5)
        await d.press(.char("3"))
        await d.press(.escape)
        XCTAssertNil(d.model.month.year, "Esc returns to the month")
    }

    /// The readout's share of the goal is cut as Today's bars cut it (6,627 of 12,345 is
    /// 53%, not 54%): worked out here in whole numbers for ten days in a row.
    func testTheReadoutsPercentIsCutAsTodaysBarsCutIt() async {
        let d = await yearDriver()
        defer { d.cleanUp() }
        d.model.shared.settings.stepGoal = 12_345
        var checked = 0
        for _ in 0..<10 {
            await d.press(.up)
            guard let year = d.model.month.year, let cursor = year.cursor, let steps = year.steps[cursor] else { continue }
            let shown = Int(steps.rounded())
            let expected = shown * 100 / 12_345
            let readout = d.render().lines.first { $0.contains("steps (") } ?? ""
            XCTAssertTrue(readout.contains("(\(expected)%)"), "\(shown) of 12,345: \(readout)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 5, "days with steps to check")
    }

    /// The cursor on a day at goal (a full block) must not look like a day without data:
    /// drawn before as the block in the background's colour over the focus colour, the block
    /// covered the cell and showed only the background.
    func testTheCursorOnADayAtGoalIsVisible() async throws {
        for theme in ["dark", "light"] {
            let d = await yearDriver(size: Size(width: 80, height: 24), theme: theme)
            defer { d.cleanUp() }
            let goal = Double(d.model.shared.settings.stepGoal)
            let year = try XCTUnwrap(d.model.month.year)
            let atGoal = try XCTUnwrap(year.steps.filter { $0.value >= goal }.keys.max(), "a day at goal in the simulated year")
            let other = try XCTUnwrap(year.steps.filter { $0.value >= goal && $0.key != atGoal }.keys.max())
            d.model.month.year?.cursor = atGoal
            let on = d.render()
            d.model.month.year?.cursor = other
            let off = d.render()
            let background = ThemeLoader.builtin(theme)[.background]
            // The cells of the day at goal: full blocks in both frames, drawn differently.
            let cells = (0..<on.size.height).flatMap { y in (0..<on.size.width).map { (x: $0, y: y) } }.filter { p in
                on[p.x, p.y].symbol == "█" && off[p.x, p.y].symbol == "█" && on[p.x, p.y] != off[p.x, p.y]
            }
            XCTAssertFalse(cells.isEmpty, "\(theme): the cursor's day keeps its block")
            for p in cells {
                // A full block shows its foreground only.
                let ink = on[p.x, p.y].style.fg
                XCTAssertNotNil(ink)
                XCTAssertNotEqual(ink, background, "\(theme): the cursor's block is not the background's colour")
                XCTAssertNotEqual(ink, off[p.x, p.y].style.fg, "\(theme): it differs from the same day without the cursor")
            }
        }
    }

    /// Help names the keys of what is on screen: the Year view's, Limited Mode's.
    func testHelpNamesTheYearViewAndLimitedMode() async {
        let d = await yearDriver()
        defer { d.cleanUp() }
        XCTAssertEqual(AppView.help(d.model, d.ctx).sections.first?.title.contains("Year view"), true,
                       "\(AppView.help(d.model, d.ctx).sections.map(\.title))")
        let first = Driver()
        defer { first.cleanUp() }
        await first.openPermissionSheet()
        await first.press(.char("d"))
        XCTAssertEqual(AppView.help(first.model, first.ctx).sections.first?.title.contains("Limited Mode"), true,
                       "\(AppView.help(first.model, first.ctx).sections.map(\.title))")
    }

    /// "last 53 weeks" is true of the window ending today only; a page back says "53 weeks".
    func testTheNoteSaysLastOnlyOnTheWindowEndingToday() async {
        let d = await yearDriver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        XCTAssertTrue(d.screenText.contains("last 53 weeks"), d.screenText)
        await d.press(.char("["))
        XCTAssertEqual(d.model.month.year?.page, -1)
        let back = d.screenText
        XCTAssertTrue(back.contains(" 53 weeks"), back)
        XCTAssertFalse(back.contains("last 53 weeks"), back)
    }

    func testEnterOnADayMonthsAgoPagesTodayThere() async {
        let d = await yearDriver()
        defer { d.cleanUp() }
        for _ in 0..<5 { await d.press(.left) }   // 35 days back: 18 Oct
        await d.press(.enter)
        XCTAssertEqual(d.model.route, .today)
        XCTAssertEqual(d.model.today.weekOffset, -5)
        XCTAssertEqual(d.model.today.selectedDay, 6)
    }

    /// `y` again the same day draws the days read before in the key's own frame: no
    /// read of the year (which refreshed 53 weeks and drew a second frame 25–35 ms
    /// later in `make bench`, every time the view opened).
    func testOpeningTheYearAgainShowsTheDaysReadBeforeWithoutReadingThemAgain() async {
        let d = await yearDriver()
        defer { d.cleanUp() }
        let first = d.model.month.year
        XCTAssertFalse(first?.steps.isEmpty ?? true, "the year was read")
        await d.press(.escape)
        XCTAssertNil(d.model.month.year)
        let effects = d.model.handle(.key(.char("y")), now: d.clock.now, d.ctx)
        XCTAssertTrue(effects.isEmpty, "nothing to read: \(effects)")
        XCTAssertEqual(d.model.month.year?.steps, first?.steps)
        XCTAssertEqual(d.model.month.year?.loaded, first?.loaded)
        XCTAssertEqual(d.model.month.year?.isLoading, false)
    }

    /// Kept days follow new data (Today's refresh patches them), and a new day reads the year again.
    func testKeptYearTakesNewTotalsAndIsReadAgainOnANewDay() async {
        let d = await yearDriver()
        defer { d.cleanUp() }
        await d.press(.escape)
        let today = DayKey(d.clock.now, calendar: d.ctx.calendar)
        let snapshot = HealthSnapshot(steps: [DailyTotal(day: today, value: 12_345)], energy: nil, fetchedAt: d.clock.now, isFromCache: false)
        await d.send(.message(.everyone, HealthLoaded(result: .success(snapshot))))
        XCTAssertEqual(d.model.month.keptYear?.steps[today], 12_345)
        XCTAssertTrue(d.model.handle(.key(.char("y")), now: d.clock.now, d.ctx).isEmpty)
        XCTAssertEqual(d.model.month.year?.steps[today], 12_345, "the open view shows the patched day")
        await d.press(.escape)
        d.clock.advance(24 * 3600)
        let effects = d.model.handle(.key(.char("y")), now: d.clock.now, d.ctx)
        XCTAssertFalse(effects.isEmpty, "a new day's window ends on another day: read again")
        XCTAssertEqual(d.model.month.year?.isLoading, true)
    }

    // MARK: Agreement with stats

    func testTotalsAgreeWithStatsFromTo() async throws {
        let d = await yearDriver()
        defer { d.cleanUp() }
        guard let year = d.model.month.year else { return XCTFail("no year") }
        let w = d.model.month.yearWindow(year, d.model.shared, d.ctx)
        var options = d.env.options
        options.readOnly = true
        let start = Driver.start
        let statsEnv = AppEnvironment(options: options, environment: Driver.utcEnvironment, now: { start })
        let out = await Commands.stats(statsEnv, StatsRequest(days: 7, json: true, from: w.first, to: w.last))
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        let total = rows.compactMap { $0["steps"] as? Int }.reduce(0, +)
        let atGoal = rows.compactMap { $0["steps"] as? Int }.filter { $0 >= 10_000 }.count
        XCTAssertEqual(rows.count, w.days.count)
        let screen = d.render().lines.joined(separator: "\n")
        XCTAssertTrue(screen.contains("Total \(grouped(total)) steps"), "stats says \(total):\n\(screen)")
        XCTAssertTrue(screen.contains("\(atGoal) days at goal"), "stats says \(atGoal) days at goal:\n\(screen)")
    }

    /// 1234567 → "1,234,567" (the English grouping, by hand).
    func grouped(_ n: Int) -> String {
        var digits = Array(String(n)), out = ""
        while digits.count > 3 { out = "," + String(digits.suffix(3)) + out; digits.removeLast(3) }
        return String(digits) + out
    }

    // MARK: Goldens

    func testGoldens() async {
        for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40),
                     Size(width: 200, height: 60)] {
            for theme in ["dark", "light"] {
                let d = await yearDriver(size: size, theme: theme)
                assertSnapshot(d.renderContent(), named: "year-\(size.width)x\(size.height)-\(theme)")
                d.cleanUp()
            }
        }
    }

    func testNoColorAndASCIIShades() async {
        let d = await yearDriver(environment: Driver.utcEnvironment.merging(["NO_COLOR": "1"]) { $1 })
        defer { d.cleanUp() }
        var ctx = d.ctx
        ctx.glyphs = .ascii   // LANG=C: the app draws with ASCII glyphs
        // What the terminal shows: the backend writes every cell in ASCII without UTF-8.
        let text = Commands.asciiLines(AppView.render(d.model, ctx, now: d.clock.now)).joined(separator: "\n")
        XCTAssertTrue(text.unicodeScalars.allSatisfy { $0.isASCII }, text)
        XCTAssertTrue(text.contains("Less . : o O @ More"), text)
        // The title's "·" is a "-" in ASCII: the range says "to", not a second "-".
        XCTAssertTrue(text.contains("Year - November 2025 to November 2026"), text)
        let shadesUsed = Set(text.split(separator: "\n").filter { $0.hasPrefix(" Sun ") }.flatMap { $0.dropFirst(5) })
        XCTAssertTrue(shadesUsed.isSubset(of: Set(". : o O @")), "\(shadesUsed)")
    }
}
