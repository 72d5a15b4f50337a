import XCTest
@testable import DesignSystem
import TerminalUI

/// A part drawn through the memo is drawn once for a key and a rectangle, then copied with
/// its click targets; another key, rectangle or look draws it again (the look before is kept),
/// and a part that takes targets away is never kept.
final class RenderMemoTests: XCTestCase {
    private let area = Rect(x: 3, y: 2, width: 10, height: 3)

    /// Draws `text` in `rect` through `memo` and counts the times the drawing ran.
    private func drawLabel(_ text: String, in rect: Rect, _ r: RenderContext, _ buffer: inout Buffer, runs: inout Int) {
        r.memoized("label", key: text, in: rect, &buffer) { buffer in
            runs += 1
            buffer.fill(rect, style: r.theme.fill(.surface))
            buffer.write(text, x: rect.x, y: rect.y + 1, style: r.theme.text(.accent))
        }
    }

    func testTheSameKeyCopiesTheCellsItDrew() {
        let memo = RenderMemo()
        let r = RenderContext(theme: ThemeLoader.dark, memo: memo)
        memo.begin(r, language: "en")
        var runs = 0
        var first = Buffer(size: Size(width: 20, height: 8))
        drawLabel("steps", in: area, r, &first, runs: &runs)
        // The next frame starts from other cells: the copy puts the part's own back.
        var second = Buffer(size: Size(width: 20, height: 8), fill: Cell("x"))
        memo.begin(r, language: "en")
        drawLabel("steps", in: area, r, &second, runs: &runs)
        XCTAssertEqual(runs, 1)
        XCTAssertEqual([memo.drawn, memo.reused], [1, 1])
        XCTAssertEqual(second.cropped(to: area), first.cropped(to: area))
        XCTAssertEqual(second.line(2), "xxx" + "          " + "xxxxxxx", "only the part's rectangle is copied")
        XCTAssertEqual(second.line(3), "xxxsteps     xxxxxxx")
    }

    func testAnotherKeyRectangleOrLookDrawsAgain() {
        let memo = RenderMemo()
        var r = RenderContext(theme: ThemeLoader.dark, memo: memo)
        var runs = 0
        var buffer = Buffer(size: Size(width: 20, height: 8))
        memo.begin(r, language: "en")
        drawLabel("steps", in: area, r, &buffer, runs: &runs)
        drawLabel("sleep", in: area, r, &buffer, runs: &runs)
        XCTAssertEqual(buffer.line(3), "   sleep            ")
        drawLabel("sleep", in: Rect(x: 4, y: 2, width: 10, height: 3), r, &buffer, runs: &runs)
        XCTAssertEqual(runs, 3)
        for (theme, language) in [(ThemeLoader.light, "en"), (ThemeLoader.light, "fr")] {
            r.theme = theme
            memo.begin(r, language: language)
            drawLabel("sleep", in: Rect(x: 4, y: 2, width: 10, height: 3), r, &buffer, runs: &runs)
        }
        XCTAssertEqual(runs, 5, "a theme or a language of its own draws the part again")
        var drawnLight = Buffer(size: Size(width: 20, height: 8))
        var none = 0
        drawLabel("sleep", in: Rect(x: 4, y: 2, width: 10, height: 3), RenderContext(theme: ThemeLoader.light), &drawnLight, runs: &none)
        let moved = Rect(x: 4, y: 2, width: 10, height: 3)
        XCTAssertEqual(buffer.cropped(to: moved), drawnLight.cropped(to: moved), "the light theme's cells")
        memo.begin(r, language: "fr")
        drawLabel("sleep", in: Rect(x: 4, y: 2, width: 10, height: 3), r, &buffer, runs: &runs)
        XCTAssertEqual(runs, 5)
        // The look before this one (light, English) kept its parts; the one before that (dark) did not.
        memo.begin(r, language: "en")
        drawLabel("sleep", in: Rect(x: 4, y: 2, width: 10, height: 3), r, &buffer, runs: &runs)
        XCTAssertEqual(runs, 5, "the look before copies its part")
        XCTAssertEqual(buffer.cropped(to: moved), drawnLight.cropped(to: moved), "in its own colours")
        r.theme = ThemeLoader.dark
        memo.begin(r, language: "en")
        drawLabel("sleep", in: Rect(x: 4, y: 2, width: 10, height: 3), r, &buffer, runs: &runs)
        XCTAssertEqual(runs, 6, "two looks back is drawn again")
    }

    /// Three frames, each with a target of its own at the top left, then a part drawn by
    /// `draw` through one memo; `check` looks at each frame. Returns the times `draw` ran.
    private func threeFrames(_ draw: @escaping (inout Buffer) -> Void, check: (Buffer) -> Void) -> Int {
        let memo = RenderMemo()
        let r = RenderContext(theme: ThemeLoader.dark, memo: memo)
        var runs = 0
        for _ in 0..<3 {
            var buffer = Buffer(size: Size(width: 20, height: 8))
            buffer.addClickTarget(Rect(x: 0, y: 0, width: 2, height: 1), .key(.tab))
            memo.begin(r, language: "en")
            r.memoized("part", key: 1, in: area, &buffer) { buffer in
                runs += 1
                draw(&buffer)
            }
            check(buffer)
        }
        return runs
    }

    func testAClickablePartIsCopiedWithItsTargets() {
        let runs = threeFrames({ $0.addClickTarget(Rect(x: 4, y: 3, width: 5, height: 1), .key(.enter)) }) { buffer in
            XCTAssertEqual(buffer.clickTargets.map(\.rect), [Rect(x: 0, y: 0, width: 2, height: 1), Rect(x: 4, y: 3, width: 5, height: 1)],
                           "the frame's own target, then the part's, every frame")
            XCTAssertEqual(buffer.clickAction(at: Point(x: 6, y: 3)).map { "\($0)" }, "key(TerminalUI.Key.enter)")
        }
        XCTAssertEqual(runs, 1)
    }

    func testAPartThatTakesTargetsAwayIsDrawnEveryTime() {
        let runs = threeFrames({ $0.clearClickTargets() }) { buffer in
            XCTAssertTrue(buffer.clickTargets.isEmpty, "nothing under it is clickable, every frame")
        }
        XCTAssertEqual(runs, 3)
    }

    func testWithoutAMemoEveryPartIsDrawn() {
        let r = RenderContext(theme: ThemeLoader.dark)
        var runs = 0
        var buffer = Buffer(size: Size(width: 20, height: 8))
        for _ in 0..<2 { drawLabel("steps", in: area, r, &buffer, runs: &runs) }
        XCTAssertEqual(runs, 2)
    }
}
