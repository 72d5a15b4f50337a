import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Clicks land on what the frame shows under them: tabs, footer hints, buttons,
/// list rows, chart days, the segmented toggle; the wheel scrolls.
@MainActor
final class MouseTests: XCTestCase {
    func click(_ d: Driver, on text: String, row: Int? = nil) async {
        let lines = d.render().lines
        guard let y = row ?? lines.lastIndex(where: { $0.contains(text) }), let range = lines[y].range(of: text, options: .backwards) else {
            return XCTFail("\(text) is not on screen:\n\(lines.joined(separator: "\n"))")
        }
        let x = lines[y].distance(from: lines[y].startIndex, to: range.lowerBound)
        await d.press(.mouse(MouseEvent(.press, x: x + 1, y: y)))
    }

    func testClickingATabAFooterHintAndAButton() async {
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            let d = Driver(size: size)
            await d.launch()
            await click(d, on: "Connect Health", row: d.render().lines.firstIndex { $0.contains("Connect Health") })
            await d.advance(0.3)
            XCTAssertEqual(d.model.onboarding.phase, .permission, "\(size):\n\(d.screenText)")
            await d.advance(0.3) // the sheet slides up
            // The sheet's button (the footer lists "a Allow" and "d Don't Allow" too).
            await click(d, on: "Allow", row: d.render().lines.dropLast().lastIndex { $0.contains("Allow") })
            XCTAssertEqual(d.model.route, .today, "\(size)")
            await d.advance(1)
            await click(d, on: size.width >= 100 ? "Nutrition" : " 2 ", row: 0)
            XCTAssertEqual(d.model.route, .nutrition, "\(size): the tab was clicked")
            await d.advance(1)
            await click(d, on: "Log Meal")
            XCTAssertNotNil(d.model.nutrition.form, "\(size): the button opens the sheet")
            await d.advance(0.3)
            await click(d, on: "Cancel")
            XCTAssertNil(d.model.nutrition.form, "\(size): Cancel closes an untouched sheet")
            await click(d, on: "Quit", row: size.height - 1)
            XCTAssertTrue(d.model.quitRequested, "\(size): the footer hint runs its key")
            d.cleanUp()
        }
    }

    func testClickingAChartDayTheToggleAndAMealRow() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        await click(d, on: "Calories", row: d.render().lines.firstIndex { $0.contains("⟨") })
        XCTAssertEqual(d.model.today.metric, .calories)
        let lines = d.render().lines
        let labelRow = lines.firstIndex { $0.contains("Mon") && $0.contains("Tue") }!
        await click(d, on: d.ctx.formats.weekday(TodayViewModel.range(now: d.clock.now, d.ctx.calendar).last.adding(days: -6)),
                    row: labelRow)
        XCTAssertEqual(d.model.today.selectedDay, 0, "the first bar of the week")
        XCTAssertEqual(d.model.today.focus, .chart)

        await d.logMeal("Apple", calories: "95")
        await d.logMeal("Bread", calories: "200")
        await d.advance(1)
        await click(d, on: "Apple")
        XCTAssertEqual(d.model.nutrition.mealsOfDay(d.model.shared, d.ctx)[d.model.nutrition.selected].name, "Apple")
        await click(d, on: "Bread")
        XCTAssertEqual(d.model.nutrition.mealsOfDay(d.model.shared, d.ctx)[d.model.nutrition.selected].name, "Bread")
    }

    func testTheWheelScrollsHelpAndAModalBlocksClicksBeneathIt() async {
        let d = Driver(size: Size(width: 48, height: 16))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("?"))
        await d.press(.mouse(MouseEvent(.wheelDown, x: 10, y: 8)))
        XCTAssertEqual(d.model.helpScroll, 1)
        await d.press(.mouse(MouseEvent(.wheelUp, x: 10, y: 8)))
        XCTAssertEqual(d.model.helpScroll, 0)
        XCTAssertTrue(d.render().clickTargets.isEmpty, "nothing under the help panel is clickable")
        await d.press(.mouse(MouseEvent(.press, x: 3, y: 0)))
        XCTAssertFalse(d.model.showHelp, "a click closes help")
        XCTAssertEqual(d.model.route, .today, "and does not reach the tab under it")
    }
}
