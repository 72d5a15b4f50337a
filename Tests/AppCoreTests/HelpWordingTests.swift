import XCTest
@testable import AppCore
import HealthDomain
import TerminalUI

/// Help names what each key does where it is pressed: a mood picker's ↑ is the previous mood, the
/// Theme row's ←/→ cycle themes, and the permission sheet is "Health Access" wherever it opened.
@MainActor final class HelpWordingTests: XCTestCase {

    func testTheThemeRowsArrowsCycleThemesInHelp() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(Driver.tabKey(.settings), .down, .down)
        XCTAssertEqual(d.model.settingsScreen.selected, .theme)
        var help = d.helpLines
        XCTAssertTrue(help.contains("←/h/- Previous theme") && help.contains("→/l/+/= Next theme"), "\(help)")
        XCTAssertFalse(help.contains { $0.hasSuffix("Decrease") }, "\(help)")
        await d.press(.up)
        help = d.helpLines
        XCTAssertTrue(help.contains("←/h/- Decrease"), "a goal row still steps its number: \(help)")
    }

    func testThePermissionSheetIsHealthAccessInHelp() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(Driver.tabKey(.settings))
        while d.model.settingsScreen.selected != .permissions { await d.press(.down) }
        await d.press(.enter)
        d.model.showHelp = true
        let titles = AppView.help(d.model, d.ctx).sections.map(\.title)
        XCTAssertTrue(titles.contains("Health Access"), "\(titles)")
        XCTAssertFalse(titles.contains("Welcome"), "\(titles)")
    }
}
