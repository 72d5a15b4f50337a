import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

@MainActor
final class PaletteTests: XCTestCase {
    func testFuzzyMatchingPrefersWordStartsAndKeepsOrder() {
        XCTAssertNotNil(Palette.fuzzyScore("lm", in: "Log Meal"))
        XCTAssertNil(Palette.fuzzyScore("ml", in: "Log"))
        XCTAssertGreaterThan(Palette.fuzzyScore("goto", in: "Go to Month")!, Palette.fuzzyScore("goto", in: "Log out of Today")!)
        XCTAssertEqual(Palette.fuzzyScore("", in: "anything"), 0 - 8 / 10)
    }

    /// Matches of the same kind keep the palette's order: "go" lists the tabs as the tab bar does.
    func testEqualMatchesKeepThePalettesOrder() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char(":"))
        await d.type("go")
        let titles = d.model.palette!.matches(Palette.entries(d.model, d.ctx)).map(\.title).filter { $0.hasPrefix("Go to") }
        XCTAssertEqual(titles, ["Go to Today", "Go to Nutrition", "Go to Month", "Go to Scores", "Go to Care", "Go to Devices", "Go to Settings"])
    }

    func testFilteringAndRunningAnActionByItsKey() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char(":"))
        XCTAssertNotNil(d.model.palette)
        let all = Palette.entries(d.model, d.ctx)
        XCTAssertTrue(all.contains { $0.title == "Simulate goal" && $0.keyLabel == "g" }, "the screen's bindings, with their keys")
        XCTAssertTrue(all.contains { $0.title.contains("Go to Settings") })
        XCTAssertFalse(d.model.keyHints(d.ctx).screen.contains { $0.title == "Simulate goal" }, "the footer shows the palette's keys")
        await d.type("simgoal")
        XCTAssertTrue(d.screenText.contains("Simulate goal"), d.screenText)
        await d.press(.enter)
        XCTAssertNil(d.model.palette)
        XCTAssertNotNil(d.model.today.celebration, "Enter ran the action")
    }

    /// Typing shortens the list, not the box: its title and its hint stay on the rows they
    /// opened on (the box was sized to the matches and centred, so it jumped as you typed).
    /// Enter switches Today's chart only on its toggle: the palette (and help) list it there
    /// alone, and run from there it switches; elsewhere `c` is the way, listed everywhere.
    func testTodaysSwitchChartIsListedOnlyWhereEnterDoesIt() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertNotEqual(d.model.today.focus, .toggle)
        var titles = Palette.entries(d.model, d.ctx).map(\.title)
        XCTAssertFalse(titles.contains("Switch chart"), titles.joined(separator: ", "))
        XCTAssertTrue(titles.contains("Steps/Calories"), "c is listed on every focus")
        while d.model.today.focus != .toggle { await d.press(.tab) }
        titles = Palette.entries(d.model, d.ctx).map(\.title)
        XCTAssertTrue(titles.contains("Switch chart"), titles.joined(separator: ", "))
        let before = d.model.today.metric
        await d.press(.char(":"))
        await d.type("switch chart")
        await d.press(.enter)
        XCTAssertNil(d.model.palette)
        XCTAssertNotEqual(d.model.today.metric, before, "run from the palette on the toggle, it switches")
    }

    /// Ctrl-Z is listed with the keys that work everywhere (help, the palette, and in the meal
    /// sheet's help too), and the palette's entry suspends as the key does.
    func testSuspendIsListedEverywhereAndThePalettesEntrySuspends() async {
        let d = Driver(size: Size(width: 100, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        let entry = Palette.entries(d.model, d.ctx).first { $0.keyLabel == "Ctrl-Z" }
        XCTAssertEqual(entry?.title, "Suspend (fg resumes)")
        await d.press(.char("?"))
        XCTAssertTrue(d.screenText.contains("Ctrl-Z"), d.screenText)
        await d.press(.escape, .char("2"), .char("n"))
        await d.advance(0.3)
        await d.press(.function(1))
        XCTAssertTrue(d.screenText.contains("Ctrl-Z"), "the meal sheet's help: \(d.screenText)")
        await d.press(.escape)
        await d.press(.escape, .char("y"))
        XCTAssertNil(d.model.nutrition.form)
        XCTAssertEqual(d.suspendCount, 0)
        await d.press(.char(":"))
        await d.type("suspend")
        await d.press(.enter)
        XCTAssertNil(d.model.palette)
        XCTAssertEqual(d.suspendCount, 1)
        XCTAssertFalse(d.model.quitRequested)
    }

    /// More commands than rows: the hint row counts those out of view; PgUp/PgDn reach the first and
    /// the last; the query's own cursor keys (Home, End) leave the choice where it is.
    func testEntriesOutOfViewAreCountedAndReachable() async {
        for size in [Size(width: 80, height: 24), Size(width: 48, height: 16)] {
            let d = Driver(size: size)
            defer { d.cleanUp() }
            await d.onboard()
            await d.press(.char(":"))
            let all = d.model.palette!.matches(Palette.entries(d.model, d.ctx)).map(\.title)
            var screen = d.screenText
            let shown = all.filter { screen.contains($0) }.count
            XCTAssertLessThan(shown, all.count, "\(size): a list longer than the box")
            XCTAssertTrue(screen.contains("↓ \(all.count - shown) more"), "\(size): \(all.count - shown) below:\n\(screen)")
            await d.press(.down, .down)
            await d.press(.end)
            XCTAssertEqual(d.model.palette?.selected, 2, "End moves the query's cursor, not the choice")
            await d.press(.home)
            XCTAssertEqual(d.model.palette?.selected, 2)
            await d.press(.pageDown)
            XCTAssertEqual(d.model.palette?.selected, all.count - 1)
            screen = d.screenText
            XCTAssertTrue(screen.contains(all[all.count - 1]), "the last command in view:\n\(screen)")
            XCTAssertTrue(screen.contains("↑ \(all.count - shown) more"), "\(size): the ones above counted:\n\(screen)")
            await d.press(.pageUp)
            XCTAssertEqual(d.model.palette?.selected, 0)
            let help = d.helpLines
            XCTAssertTrue(help.contains("PgUp/PgDn First / last command"), "\(help)")
        }
    }

    func testTheBoxStaysPutWhileTheListShortens() async {
        for size in [Size(width: 100, height: 40), Size(width: 80, height: 24), Size(width: 60, height: 20)] {
            let d = Driver(size: size)
            defer { d.cleanUp() }
            await d.onboard()
            await d.press(.char(":"))
            func rows() -> (title: Int?, hint: Int?, lines: [String]) {
                let lines = d.screenText.components(separatedBy: "\n")
                return (lines.firstIndex { $0.contains(d.ctx.strings("palette.title")) },
                        lines.firstIndex { $0.contains(String(d.ctx.keysText("palette.hint").prefix(12))) }, lines)
            }
            let opened = rows()
            XCTAssertNotNil(opened.title, opened.lines.joined(separator: "\n"))
            XCTAssertNotNil(opened.hint, opened.lines.joined(separator: "\n"))
            await d.type("simgoal")
            let typed = rows()
            XCTAssertTrue(d.screenText.contains("Simulate goal"), d.screenText)
            XCTAssertEqual(Palette.entries(d.model, d.ctx).count > d.model.palette!.matches(Palette.entries(d.model, d.ctx)).count, true)
            XCTAssertEqual(typed.title, opened.title, "\(size): \n" + typed.lines.joined(separator: "\n"))
            XCTAssertEqual(typed.hint, opened.hint, "\(size): \n" + typed.lines.joined(separator: "\n"))
        }
    }

    /// Each action lists its own keys, as help does: "Previous day ←/h", not the footer's
    /// "←/→" that stands for the pair.
    func testEachActionListsItsOwnKeys() async {
        let d = Driver(size: Size(width: 80, height: 24))
        defer { d.cleanUp() }
        await d.onboard()
        let all = Palette.entries(d.model, d.ctx)
        func keys(_ title: String) -> String? { all.first { $0.title == title }?.keyLabel }
        XCTAssertEqual(keys("Previous day / option"), "←/h")
        XCTAssertEqual(keys("Next day / option"), "→/l")
        XCTAssertEqual(keys("Week before"), "[/PgUp")
        XCTAssertEqual(keys("Raise goal"), "+/=")
        for entry in all where entry.keyLabel.contains("/") {
            let help = d.model.keyHints(d.ctx).screen.first { $0.title == entry.title }?.helpLabel
            if let help { XCTAssertEqual(entry.keyLabel, help, entry.title) }
        }
    }

    func testAnActionWithNoKeyAndGoingToATab() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.ctrl("p"))
        await d.type("high contrast")
        let found = d.model.palette!.matches(Palette.entries(d.model, d.ctx))
        XCTAssertEqual(found.first?.keyLabel, "", "this action has no key")
        await d.press(.enter)
        XCTAssertEqual(d.model.themeName, "high-contrast")
        XCTAssertEqual(d.model.shared.settings.theme, "high-contrast")
        await d.press(.char(":"))
        await d.type("go to devices")
        await d.press(.enter)
        XCTAssertEqual(d.model.route, FeatureID("devices"))
        await d.press(.char(":"))
        await d.type("zzzz")
        XCTAssertTrue(d.screenText.contains("No command matches"))
        await d.press(.escape)
        XCTAssertNil(d.model.palette)
        XCTAssertEqual(d.model.route, FeatureID("devices"), "Esc only closed the palette")
    }
}

@MainActor
final class PaletteRankingTests: XCTestCase {
    func testAWholeWordPrefixRanksAboveAFuzzyMatch() async {
        // "high" is scattered through "Light" (l-i-g-h-t has no "high"; "Use the Light theme" has h…i…g…h) but starts a word of "High contrast".
        XCTAssertGreaterThan(Palette.fuzzyScore("high", in: "Use the High contrast theme")!, Palette.fuzzyScore("high", in: "Use the Light theme")!)
        XCTAssertGreaterThan(Palette.fuzzyScore("go", in: "Go to Month")!, Palette.fuzzyScore("go", in: "Raise goal")!, "the title's start first")
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char(":"))
        await d.type("high")
        let found = d.model.palette!.matches(Palette.entries(d.model, d.ctx))
        XCTAssertEqual(found.first?.title, "Use the High contrast theme", found.map(\.title).joined(separator: ", "))
    }
}
