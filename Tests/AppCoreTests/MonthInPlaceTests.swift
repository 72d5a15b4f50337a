import XCTest
@testable import AppCore
import DesignSystem
import TerminalUI

/// When all of Month's cards fit, the screen is drawn in place instead of on a page of its own
/// that is then copied in. What it draws must be what the page gave: the cards clipped to the
/// content area, on the theme's blanks, and no click target left from them.
@MainActor
final class MonthInPlaceTests: XCTestCase {
    /// Month drawn the page's way: into a buffer exactly the content's size (so clipped to it,
    /// its targets its own), then every cell copied into a frame at the content's corner.
    func pageWay(_ d: Driver, _ frame: Size, _ content: Rect) -> Buffer {
        let ctx = d.ctx, model = d.model
        let r = RenderContext(theme: model.theme, glyphs: ctx.glyphs, reduceMotion: ctx.reduceMotion, time: model.animationTime(d.clock.now))
        var page = Buffer(size: content.size, fill: Cell(" ", style: model.theme.base))
        MonthView.render(model[MonthViewModel.self], model.shared, ctx, r, in: Rect(size: content.size), &page)
        var out = Buffer(size: frame, fill: Cell(" ", style: model.theme.base))
        for y in 0..<content.height {
            for x in 0..<content.width { out.setCell(page[x, y], x: content.x + x, y: content.y + y) }
        }
        return out
    }

    func inPlace(_ d: Driver, _ frame: Size, _ content: Rect) -> Buffer {
        let ctx = d.ctx, model = d.model
        let r = RenderContext(theme: model.theme, glyphs: ctx.glyphs, reduceMotion: ctx.reduceMotion, time: model.animationTime(d.clock.now))
        var out = Buffer(size: frame, fill: Cell(" ", style: model.theme.base))
        out.addClickTarget(Rect(x: 0, y: 0, width: 3, height: 1), .key(.char("x")))
        MonthView.render(model[MonthViewModel.self], model.shared, ctx, r, in: content, &out)
        XCTAssertEqual(out.clickTargets.count, 1, "only the target drawn before Month's")
        return out
    }

    func testDrawnInPlaceAsThePageWouldBe() async {
        for size in [Size(width: 120, height: 40), Size(width: 200, height: 60), Size(width: 90, height: 29)] {
            let d = Driver(size: size)
            await d.onboard()
            await d.press(.char("3"))
            let content = Rect(x: 1, y: 2, width: size.width - 2, height: size.height - 3)
            XCTAssertFalse(MonthLayout(content: content.size).scrolls)
            for key: Key in [.char("x"), .left, .tab, .right, .right, .tab, .char("["), .char("]")] {
                if key != .char("x") { await d.press(key) }
                let expected = pageWay(d, size, content), got = inPlace(d, size, content)
                XCTAssertEqual(got.lines, expected.lines, "\(size) after \(key)")
                XCTAssertTrue(got == expected, "\(size) after \(key): styles")
            }
            d.cleanUp()
        }
    }

    func testPlacedMovesEveryCard() {
        let layout = MonthLayout(content: Size(width: 100, height: 30))
        let placed = layout.placed(at: 3, 7)
        for (a, b) in [(layout.summary, placed.summary), (layout.chart, placed.chart), (layout.achievements, placed.achievements)] {
            XCTAssertEqual(b, Rect(x: a.x + 3, y: a.y + 7, width: a.width, height: a.height))
        }
        XCTAssertEqual(placed.width, layout.width)
        XCTAssertEqual(placed.pageHeight, layout.pageHeight)
        XCTAssertEqual(placed.viewportHeight, layout.viewportHeight)
    }

    func testRemoveClickTargetsKeepsTheFirst() {
        var b = Buffer(size: Size(width: 10, height: 2))
        for x in 0..<5 { b.addClickTarget(Rect(x: x, y: 0, width: 1, height: 1), .key(.char("a"))) }
        b.removeClickTargets(after: 7)
        XCTAssertEqual(b.clickTargets.count, 5)
        b.removeClickTargets(after: 2)
        XCTAssertEqual(b.clickTargets.map(\.rect.x), [0, 1])
        b.removeClickTargets(after: 0)
        XCTAssertTrue(b.clickTargets.isEmpty)
    }
}
