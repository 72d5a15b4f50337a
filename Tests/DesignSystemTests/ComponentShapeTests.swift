import XCTest
@testable import DesignSystem
import TerminalUI

/// Every component draws through the same `render(in:_:_:)` shape and stays inside its rectangle.
final class ComponentShapeTests: XCTestCase {
    /// A sheet blanks the pieces of a card's frame that would run into its own (beside it, above
    /// its top border) but not the card's sides on the row just above it, which touch its corners
    /// only diagonally: that row of the card keeps both its sides.
    func testASheetKeepsTheSidesOfTheCardRowAboveIt() {
        let ctx = RenderContext(theme: ThemeLoader.dark)
        var buffer = Buffer(size: Size(width: 40, height: 12))
        // A card as wide as the screen, its sides one column outside the sheet's.
        Card(title: "Day total").render(in: Rect(x: 0, y: 0, width: 40, height: 12), ctx, &buffer)
        Sheet(title: "Log Meal", height: 6, maxWidth: 38).render(over: Rect(x: 0, y: 0, width: 40, height: 12), ctx, &buffer)
        // The sheet is columns 1...38, rows 6...11; row 5 is the card's, just above it.
        XCTAssertEqual(buffer[1, 6].symbol, "╭")
        XCTAssertEqual(buffer[0, 5].symbol, "│", "the card's left side on the row above the sheet")
        XCTAssertEqual(buffer[39, 5].symbol, "│", "the card's right side on the row above the sheet")
        // Beside the sheet the card's sides are blanked: `││` would read as one thick border.
        XCTAssertEqual(buffer[0, 7].symbol, " ")
        XCTAssertEqual(buffer[39, 7].symbol, " ")
    }

    func testEveryComponentDrawsOnlyInsideItsRect() {
        let ctx = RenderContext(theme: ThemeLoader.dark)
        let components: [(String, any Component)] = [
            ("button", Button("Save", isPrimary: true)),
            ("chip", Chip("On", tone: .success)),
            ("toggle", SegmentedToggle(options: ["Steps", "Calories"], selected: 0, focused: true)),
            ("digits", BigDigits("1,234", tone: .textPrimary)),
            ("progress", ProgressBar(fraction: 0.5, tone: .chartSteps)),
            ("bars", BarChart(bars: [.init(label: "Mon", value: 3), .init(label: "Tue", value: 5)])),
        ]
        for (name, component) in components {
            var buffer = Buffer(size: Size(width: 40, height: 10))
            let rect = Rect(x: 5, y: 2, width: 20, height: 5)
            component.render(in: rect, ctx, &buffer)
            var drewSomething = false
            for y in 0..<10 {
                for x in 0..<40 where buffer[x, y] != Cell.blank {
                    XCTAssertTrue(rect.contains(Point(x: x, y: y)), "\(name) drew outside its rect at \(x),\(y)")
                    drewSomething = true
                }
            }
            XCTAssertTrue(drewSomething, "\(name) drew nothing")
        }
    }
}
