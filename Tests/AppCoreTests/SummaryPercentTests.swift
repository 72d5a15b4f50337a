import XCTest
@testable import AppCore
import DesignSystem
import TerminalUI

/// A summary card's percentage is the share of the number it shows: 290 of 500 kcal reads
/// 58% (289.66 made it 57%); it is cut, not rounded, so 100% means the shown number
/// reached the goal.
@MainActor
final class SummaryPercentTests: XCTestCase {
    func testThePercentageIsTheShareOfTheNumberShown() async {
        let d = Driver()
        defer { d.cleanUp() }
        let r = RenderContext(theme: ThemeLoader.dark, glyphs: d.ctx.glyphs)
        // value, goal → the number and the percentage, worked out by hand.
        let cases: [(Double, Int, String, String)] = [
            (289.66, 500, "290", "58%"),   // 290 / 500 = 58%
            (290, 500, "290", "58%"),      // 0.58 × 100 is 57.999… in doubles: it read 57%
            (289.4, 500, "289", "57%"),    // 289 / 500 = 57.8% → 57%
            (9_999.4, 10_000, "9,999", "99%"),
            (9_999.6, 10_000, "10,000", "100%"),
            (12_345, 10_000, "12,345", "123%"),
            (0.4, 500, "0", "0%"),
        ]
        for (value, goal, number, percent) in cases {
            var buffer = Buffer(size: Size(width: 40, height: 5))
            TodayView.summaryCard(title: "Active Energy", value: value, goal: goal, unit: "kcal", tone: .chartCalories, focused: false,
                                  bigDigits: false, d.ctx, r, Rect(x: 0, y: 0, width: 40, height: 5), &buffer)
            let lines = buffer.lines
            XCTAssertTrue(lines[1].contains(number + " kcal"), "\(value): \(lines.joined(separator: "\n"))")
            XCTAssertTrue(lines[2].hasSuffix(" " + percent + " │"), "\(value) of \(goal): \(lines.joined(separator: "\n"))")
        }
    }

    /// What is left to the goal is counted from the number shown: a walkthrough saw "1 kcal" over
    /// "500 kcal to go" (0.5 kcal shown as 1, the 499.5 left rounded to 500).
    func testWhatIsLeftIsCountedFromTheNumberShown() async {
        let d = Driver()
        defer { d.cleanUp() }
        let r = RenderContext(theme: ThemeLoader.dark, glyphs: d.ctx.glyphs)
        // value, goal → the number shown and what is left, worked out by hand.
        let cases: [(Double, Int, String, String)] = [
            (0.5, 500, "1 kcal", "499 kcal to go"),     // 1 shown, 500 − 1
            (0.4, 500, "0 kcal", "500 kcal to go"),
            (289.5, 500, "290 kcal", "210 kcal to go"), // it read 211 (500 − 289.5 = 210.5 → 211)
            (499.5, 500, "500 kcal", "Goal reached"),   // the number shown is the goal
        ]
        for (value, goal, number, left) in cases {
            var buffer = Buffer(size: Size(width: 40, height: 5))
            TodayView.summaryCard(title: "Active Energy", value: value, goal: goal, unit: "kcal", tone: .chartCalories, focused: false,
                                  bigDigits: false, d.ctx, r, Rect(x: 0, y: 0, width: 40, height: 5), &buffer)
            let lines = buffer.lines
            XCTAssertTrue(lines[1].contains(number), "\(value): \(lines.joined(separator: "\n"))")
            XCTAssertTrue(lines[3].contains(left), "\(value) of \(goal): \(lines.joined(separator: "\n"))")
        }
    }

    /// The week's change: a sign the terminal can show ("?0%" under LANG=C before).
    func testTheWeeksChangeHasASignTheTerminalCanShow() {
        XCTAssertEqual(TodayView.signedPercent(12, unicode: true), "+12%")
        XCTAssertEqual(TodayView.signedPercent(-8, unicode: true), "−8%")
        XCTAssertEqual(TodayView.signedPercent(0, unicode: true), "±0%")
        XCTAssertEqual(TodayView.signedPercent(0, unicode: false), "0%")
        XCTAssertEqual(ASCIIFallback.plain(TodayView.signedPercent(-8, unicode: false)), "-8%")
    }
}
