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
        await d.onboard()
        await d.press(.char("3"))
        await d.advance(1)
        func offered() -> (footer: String, help: [String], palette: [String]) {
            (footer(d), d.helpLines, Palette.entries(d.model, d.ctx).map(\.title))
        }
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

    /// At 48×16 help's words wrap under themselves instead of being cut: scrolled through, every
    /// entry of Month's help and of "Everywhere" reads whole ("Page up/down, top/bot…" was cut).
    func testNarrowHelpWrapsItsWordsAndCutsNone() async {
        let d = Driver(size: Size(width: 48, height: 16))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("3"))
        await d.advance(1)
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
