import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The footer lists only keys that work now; help is complete and scrolls.
@MainActor
final class FooterAndHelpTests: XCTestCase {
    func footer(_ d: Driver) -> String { d.render().lines.last ?? "" }

    /// What the footer, help ("keys action") and the palette offer now.
    func offered(_ d: Driver) -> (footer: String, help: [String], palette: [String]) {
        (footer(d), d.helpLines, Palette.entries(d.model, d.ctx).map(\.title))
    }

    func testInATextFieldTheFooterOffersNoPrintableShortcutsAndF1OpensHelp() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        await d.advance(1)
        await d.press(.char("n"))
        await d.advance(0.3)
        let line = footer(d)
        XCTAssertFalse(line.contains("q Quit") || line.contains("t Theme") || line.contains("? Help"), line)
        XCTAssertTrue(line.contains("Esc") && line.contains("Ctrl-S") && line.contains("F1 Help"), line)
        await d.press(.char("q"), .char("t"), .char("?"))
        XCTAssertFalse(d.model.quitRequested)
        XCTAssertFalse(d.model.showHelp, "? is typed into the field")
        XCTAssertEqual(d.model.nutrition.form?.inputs[d.model.nutrition.form!.focusedField!]?.text, "qt?")
        await d.press(.function(1))
        XCTAssertTrue(d.model.showHelp, "F1 opens help from a text field")
    }

    func testANarrowFooterKeepsCancelAndSaveToTheLast() {
        let hints = [KeyHint(label: "Tab/↓", title: "Next field", priority: 1), KeyHint(label: "Ctrl-S", title: "Save", priority: 3),
                     KeyHint(label: "Esc", title: "Cancel", priority: 4)]
        let global = [KeyHint(label: "F1", title: "Help", priority: 2)]
        for width in [46, 30, 20] {
            let (left, right) = FooterLayout.fit(screen: hints, global: global, width: width)
            XCTAssertTrue(left.contains { $0.label == "Esc" }, "Esc kept at \(width)")
            XCTAssertLessThanOrEqual(FooterLayout.width(left) + FooterLayout.width(right), width + 2)
            if width < 30 { XCTAssertTrue(right.isEmpty || left.count == 2) }
        }
        let (tight, _) = FooterLayout.fit(screen: hints, global: global, width: 12)
        XCTAssertEqual(tight.map(\.label), ["Esc"], "the last to go is the rightmost of the essentials")
    }

    func testTodayWithoutNumbersOffersNoDeadKeys() async {
        let denied = Driver(scenario: .denied)
        defer { denied.cleanUp() }
        await denied.launch()
        denied.model.shared.settings.onboardingCompleted = true
        denied.model.shared.route = .today
        await denied.send(.health(.failure(.notAuthorized([.stepCount]))))
        let line = footer(denied)
        XCTAssertTrue(line.contains("Enter Allow access"), line)
        for dead in ["c Steps", "g Simulate", "Tab Focus"] { XCTAssertFalse(line.contains(dead), line) }
        await denied.press(.enter)
        XCTAssertEqual(denied.model.route, .onboarding, "Enter does what the footer says")
    }

    func testHelpScrollsWhenTallerThanTheTerminal() async {
        let d = Driver(size: Size(width: 48, height: 16))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        await d.advance(1)
        await d.press(.char("?"))
        let first = d.screenText
        XCTAssertTrue(first.contains("↓"), "says there is more below:\n\(first)")
        await d.press(.pageDown)
        let second = d.screenText
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(second.contains("↑"), "and that there is more above:\n\(second)")
        for _ in 0..<50 { await d.press(.down) }
        let bottom = d.model.helpScroll
        await d.press(.up)
        XCTAssertEqual(d.model.helpScroll, bottom - 1, "scrolling is clamped: one ↑ moves back at once")
        // Every binding of the screen appears somewhere while scrolling.
        var seen = ""
        await d.press(.home)
        for _ in 0..<30 { seen += d.screenText; await d.press(.down) }
        var closed = d.model
        closed.showHelp = false
        for hint in closed.keyHints(d.ctx).screen { XCTAssertTrue(seen.contains(hint.title), "help lists \(hint.title)") }
    }

    /// On the current month there is no next month: `]` is offered nowhere (footer, help, palette);
    /// on an earlier month it is, and takes Month forward again.
    func testNextMonthIsOfferedOnlyWhereThereIsOne() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openMonth()
        func offered() -> (footer: String, help: [String], palette: [String]) { self.offered(d) }
        var now = offered()
        XCTAssertTrue(now.footer.contains("[ Month") && !now.footer.contains("[/]"), now.footer)
        XCTAssertFalse(now.help.contains { $0.hasSuffix("Next month") }, "\(now.help)")
        XCTAssertFalse(now.palette.contains("Next month"), "\(now.palette)")
        let current = d.model.month.displayedMonth(d.model.shared, d.ctx)
        await d.press(.char("["))
        XCTAssertEqual(d.model.month.displayedMonth(d.model.shared, d.ctx), current.adding(months: -1))
        now = offered()
        XCTAssertTrue(now.footer.contains("[/] Month"), now.footer)
        XCTAssertTrue(now.help.contains { $0.hasSuffix("Next month") }, "\(now.help)")
        XCTAssertTrue(now.palette.contains("Next month"), "\(now.palette)")
        await d.press(.char("]"))
        XCTAssertEqual(d.model.month.displayedMonth(d.model.shared, d.ctx), current)
        // Where the footer is short (60 columns) it still names the month key, as "[/] Month" did.
        let narrow = Driver(size: Size(width: 60, height: 20))
        defer { narrow.cleanUp() }
        await narrow.onboard()
        await narrow.press(.char("3"))
        await narrow.advance(1)
        XCTAssertTrue(footer(narrow).contains("[ Month"), footer(narrow))
    }

    /// The Year view ending today has no year after it: `]` is offered nowhere; a page back it is.
    /// `[` moves the cursor 52 weeks (364 days) back, so it stays on its weekday: from Sunday
    /// 22 Nov 2026 to Sunday 23 Nov 2025 (worked by hand), and `]` brings it back.
    func testYearAfterIsOfferedOnlyWhereThereIsOneAndPagingKeepsTheWeekday() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openMonth()
        await d.press(.char("y"))
        await d.advance(1)
        var now = offered(d)
        XCTAssertTrue(now.footer.contains("[ Year") && !now.footer.contains("[/]"), now.footer)
        XCTAssertFalse(now.help.contains { $0.hasSuffix("Year after") }, "\(now.help)")
        XCTAssertFalse(now.palette.contains("Year after"), "\(now.palette)")
        await d.press(.char("]"))
        XCTAssertEqual(d.model.month.year?.page, 0, "] on the latest year does nothing")
        await d.press(.char("["))
        await d.advance(1)
        XCTAssertEqual(d.model.month.year?.page, -1)
        XCTAssertEqual(d.model.month.year?.cursor, DayKey(year: 2025, month: 11, day: 23))
        XCTAssertTrue(d.render().lines.joined().contains("Sun, Nov 23, 2025"), "the readout names the cursor's day")
        now = offered(d)
        XCTAssertTrue(now.footer.contains("[/] Year"), now.footer)
        XCTAssertTrue(now.help.contains { $0.hasSuffix("Year after") }, "\(now.help)")
        XCTAssertTrue(now.palette.contains("Year after"), "\(now.palette)")
        await d.press(.char("]"))
        await d.advance(1)
        XCTAssertEqual(d.model.month.year?.page, 0)
        XCTAssertEqual(d.model.month.year?.cursor, DayKey(year: 2026, month: 11, day: 22))
    }

    /// At 48×16 the Year view shows 26 weeks and a page is those 26 weeks, not a year: the keys say so.
    func testANarrowYearViewNamesItsPageInWeeks() async {
        let d = Driver(size: Size(width: 48, height: 16))
        defer { d.cleanUp() }
        await d.openMonth()
        await d.press(.char("y"), .char("["))
        await d.advance(1)
        let now = offered(d)
        XCTAssertTrue(now.help.contains { $0.hasSuffix("26 weeks before") }, "\(now.help)")
        XCTAssertTrue(now.help.contains { $0.hasSuffix("26 weeks after") }, "\(now.help)")
        XCTAssertFalse(now.help.contains { $0.contains("Year before") || $0.contains("Year after") }, "\(now.help)")
        // 26 weeks = 182 days back from Sunday 22 Nov 2026: Sunday 24 May 2026.
        XCTAssertEqual(d.model.month.year?.cursor, DayKey(year: 2026, month: 5, day: 24))
    }

    /// Today's chart ending today has no newer week: `]` is offered nowhere; a week back it is.
    func testNewerWeekIsOfferedOnlyWhereThereIsOne() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        var now = offered(d)
        XCTAssertTrue(now.footer.contains("[ Week") && !now.footer.contains("[/]"), now.footer)
        XCTAssertFalse(now.help.contains { $0.hasSuffix("Week after") }, "\(now.help)")
        XCTAssertFalse(now.palette.contains("Week after"), "\(now.palette)")
        await d.press(.char("["))
        await d.advance(1)
        XCTAssertEqual(d.model.today.weekOffset, -1)
        now = offered(d)
        XCTAssertTrue(now.footer.contains("[/] Week"), now.footer)
        XCTAssertTrue(now.help.contains { $0.hasSuffix("Week after") }, "\(now.help)")
        XCTAssertTrue(now.palette.contains("Week after"), "\(now.palette)")
        await d.press(.char("]"))
        await d.advance(1)
        XCTAssertEqual(d.model.today.weekOffset, 0)
    }

    /// Where Month is taller than the terminal (60×20), Home/End still reach the first and last
    /// day (the page scrolls to show it), and help and the palette offer each scroll direction.
    func testATallMonthsHomeAndEndReachTheDaysAndEachScrollIsOffered() async {
        let d = Driver(size: Size(width: 60, height: 20))
        defer { d.cleanUp() }
        await d.openMonth()
        XCTAssertTrue(d.model.month.layout(d.model.shared).scrolls, "Month scrolls at 60×20")
        await d.press(.home)
        XCTAssertEqual(d.model.month.cursor(d.model.shared, d.ctx), 1)
        await d.press(.end)
        XCTAssertEqual(d.model.month.cursor(d.model.shared, d.ctx), 22, "the last day so far: today, the 22nd")
        // At the top only the ways down are offered; a row down, both ways.
        var now = offered(d)
        XCTAssertEqual(d.model.month.scroll, 0)
        for title in ["Scroll down", "Page down", "First day", "Last day (today)"] {
            XCTAssertTrue(now.palette.contains(title), "palette offers \(title): \(now.palette)")
            XCTAssertTrue(now.help.contains { $0.hasSuffix(title) }, "help lists \(title)")
        }
        XCTAssertFalse(now.palette.contains("Scroll up") || now.palette.contains("Page up"), "\(now.palette)")
        await d.press(.down, .down)
        XCTAssertEqual(d.model.month.scroll, 2)
        now = offered(d)
        for title in ["Scroll up", "Scroll down", "Page up", "Page down"] {
            XCTAssertTrue(now.palette.contains(title), "palette offers \(title): \(now.palette)")
            XCTAssertTrue(now.help.contains { $0.hasSuffix(title) }, "help lists \(title)")
        }
        await d.press(.up)
        XCTAssertEqual(d.model.month.scroll, 1)
        // With the badges focused, End reaches the last badge and scrolls them into view.
        await d.press(.tab, .end)
        let layout = d.model.month.layout(d.model.shared)
        XCTAssertEqual(d.model.month.selectedBadge, d.model.month.badgeCount(d.model.shared, d.ctx) - 1)
        XCTAssertGreaterThanOrEqual(layout.achievements.y - d.model.month.scroll, 0, "the badges are in view")
        XCTAssertLessThanOrEqual(layout.achievements.y + layout.achievements.height - d.model.month.scroll, layout.viewportHeight,
                                 "the badges are in view")
    }

    /// At 48×16 help's words wrap under themselves instead of being cut: scrolled through, every
    /// entry of Month's help and of "Everywhere" reads whole ("Page up/down, top/bot…" was cut).
    func testNarrowHelpWrapsItsWordsAndCutsNone() async {
        let d = Driver(size: Size(width: 48, height: 16))
        defer { d.cleanUp() }
        await d.openMonth()
        await d.press(.char("?"))
        let help = AppView.help(d.model, d.ctx)
        var words = ""
        for _ in 0..<40 {
            let lines = d.render().lines
            for line in lines.dropLast() { XCTAssertFalse(line.contains("…"), "cut at 48 columns: \(line)") }
            // The panel's lines, without its borders: what help says, one line after another.
            words += lines.dropLast().map { $0.replacingOccurrences(of: "│", with: " ") }.joined(separator: " ")
            await d.press(.down)
        }
        let flat = words.split(separator: " ").joined(separator: " ")
        for section in help.sections {
            for entry in section.entries {
                XCTAssertTrue(flat.contains(entry.action.split(separator: " ").joined(separator: " ")), "help reads \"\(entry.action)\" whole")
            }
        }
        XCTAssertTrue(help.sections.flatMap(\.entries).contains { $0.action.count > 22 }, "an action longer than the room beside its keys (42 − 18 − 2)")
    }

    func testAToastHasItsOwnLineAndCoversNothing() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        let before = d.render().lines
        await d.press(.char("t")) // "Theme: light": the text on screen stays the same
        let after = d.render().lines
        XCTAssertTrue(after[1].contains("Light theme"), after[1])
        // At 80 columns the header's status sits at the right of this line when the tabs leave it no room.
        XCTAssertTrue(before[1].trimmingCharacters(in: .whitespaces).isEmpty || before[1].hasPrefix(String(repeating: " ", count: 50)),
                      "the toast's line held no more than the status: \(before[1])")
        for y in 2..<(after.count - 1) {
            XCTAssertEqual(after[y], before[y], "row \(y) is not covered")
        }
    }
}
