import XCTest
@testable import DesignSystem
import TerminalUI

/// Every component draws through the same `render(in:_:_:)` shape and stays inside its rectangle.
final class ComponentShapeTests: XCTestCase {
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
