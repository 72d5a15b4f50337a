import XCTest
@testable import TerminalUI

final class ColorPairsTests: XCTestCase {
    func c(_ fg: Int32, _ bg: Int32 = -1) -> ColorPairs.Colors { .init(fg: fg, bg: bg) }

    /// Replays plans as a terminal would and checks each cell shows its own colours.
    func testAFrameWithMoreNewColoursThanFreePairsStillShowsEveryCellInItsColour() {
        var pairs = ColorPairs(capacity: 4)
        var terminal: [Int32: ColorPairs.Colors] = [:] // pair → colours as defined on the terminal
        var screen: [Int: ColorPairs.Colors] = [:]      // cell → the colours it was drawn with
        var cellPairs: [Int: Int32] = [:]

        func present(_ frame: [Int: ColorPairs.Colors], changed: [Int]) {
            var plan = pairs.plan(Set(changed.map { frame[$0]! }))
            if plan.repaintAll { plan = pairs.replan(Set(frame.values)) }
            for (pair, colors) in plan.definitions { terminal[pair] = colors }
            for cell in plan.repaintAll ? Array(frame.keys) : changed {
                cellPairs[cell] = pairs.pair(for: frame[cell]!)
                screen[cell] = frame[cell]
            }
        }
        var frame1: [Int: ColorPairs.Colors] = [:]
        for i in 0..<3 { frame1[i] = c(Int32(i)) }
        present(frame1, changed: [0, 1, 2])
        // Two new colours but one free pair: the old way redefined pair 1 under cell 0 mid-frame.
        var frame2 = frame1
        frame2[1] = c(10)
        frame2[2] = c(11)
        present(frame2, changed: [1, 2])
        for (cell, colors) in frame2 {
            XCTAssertEqual(screen[cell], colors, "cell \(cell) was drawn")
            XCTAssertEqual(terminal[cellPairs[cell]!], colors, "cell \(cell)'s pair still means its colours")
        }
    }

    func testKnownColoursReuseTheirPair() {
        var pairs = ColorPairs(capacity: 8)
        let first = pairs.plan([c(1), c(2)])
        XCTAssertEqual(first.definitions.count, 2)
        XCTAssertFalse(first.repaintAll)
        let again = pairs.plan([c(2), c(1)])
        XCTAssertTrue(again.definitions.isEmpty)
        XCTAssertEqual(pairs.pair(for: c(1)), 1)
    }

    func testMoreColoursThanTheTerminalHasFallBackToDefaultWithoutTrapping() {
        var pairs = ColorPairs(capacity: 2)
        let plan = pairs.plan([c(1), c(2), c(3)])
        XCTAssertEqual(plan.definitions.count, 2)
        XCTAssertEqual(Set([c(1), c(2), c(3)].map { pairs.pair(for: $0) }), [0, 1, 2])
    }
}
