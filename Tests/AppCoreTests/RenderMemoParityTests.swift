import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import TerminalUI

/// The run loop draws with a memo: a part whose inputs a key left alone (Month's badges
/// while the chart's cursor moves) is copied from the frame before. Whatever the keys,
/// the frame is the one drawn from scratch.
@MainActor
final class RenderMemoParityTests: XCTestCase {
    func testEveryKeyOfEveryTabDrawsWithTheMemoWhatItDrawsWhole() async {
        for (size, themes) in [(Size(width: 48, height: 16), ["dark"]), (Size(width: 80, height: 24), ["dark", "light"]),
                               (Size(width: 200, height: 60), ["light"])] {
            let d = Driver(size: size)
            defer { d.cleanUp() }
            await d.onboard()
            let memo = RenderMemo()
            d.memo = memo
            for theme in themes {
                if d.model.themeName != theme { await d.press(.char("t")) }
                for (i, _) in FeatureRegistry.tabs.enumerated() where i < 9 {
                    let digit = Key.char(Character(String(i + 1)))
                    await d.press(digit)
                    assertSameFrame(d.renderKeepingBackdrop(), d.render(), "tab \(i + 1), \(theme), \(size)")
                    for (n, key) in Self.keys(d.model, d.ctx).enumerated() {
                        // Time goes by too: the header's "Last sync" and the screens' clocks move on.
                        if n % 4 == 3 { await d.advance(41) }
                        await d.press(key)
                        assertSameFrame(d.renderKeepingBackdrop(), d.render(), "\(key) on tab \(i + 1), \(theme), \(size)")
                        // A form or sheet the key opened is closed again (Esc, checked too): the keys are the tab's.
                        for _ in 0..<3 where d.model.current.capturesText || !FeatureRegistry.tabs.contains(where: { $0.id == d.model.route }) {
                            await d.press(.escape)
                            assertSameFrame(d.renderKeepingBackdrop(), d.render(), "Esc after \(key) on tab \(i + 1), \(theme), \(size)")
                        }
                        // A key that went to another screen (Month's Enter opens the day in Today): back to the tab.
                        if d.model.route != FeatureRegistry.tabs[i].id {
                            await d.press(digit)
                            assertSameFrame(d.renderKeepingBackdrop(), d.render(), "back to tab \(i + 1) after \(key), \(theme), \(size)")
                        }
                    }
                }
            }
            for part in ["month.badges", "month.summary", "nutrition.list"] {
                XCTAssertGreaterThan(memo.copies[part, default: 0], 0, "at \(size) some key left \(part) as it was")
                XCTAssertGreaterThan(memo.draws[part, default: 0], 1, "at \(size) \(part) was drawn again when it changed")
            }
        }
    }

    /// Month's badges, summary and chart are each copied while nothing they show changes and
    /// drawn again when it does (cursor, focus, selection, month, steps, goal, theme); help closed,
    /// a theme toggled back and the tab opened again copy all three. Each case checked against the
    /// whole frame, click targets included.
    func testMonthsCardsAreCopiedOnlyWhileNothingTheyShowChanged() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        let memo = RenderMemo()
        d.memo = memo
        await d.press(.char("3"))
        _ = d.renderKeepingBackdrop()
        let w = PartWatch(d, memo, parts: ["month.badges", "month.summary", "month.chart"])
        await w.step("the chart's cursor moved", [.copied, .copied, .drawn]) { await d.press(.left) }
        await w.step("the cursor went to the first day", [.copied, .copied, .drawn]) { await d.press(.home) }
        await w.step("the badges took the focus", [.drawn, .copied, .drawn]) { await d.press(.tab) }
        await w.step("the next badge was selected", [.drawn, .copied, .copied]) { await d.press(.right) }
        await w.step("the focus went back to the chart", [.drawn, .copied, .drawn]) { await d.press(.tab) }
        await w.step("the month before", [.drawn, .drawn, .drawn]) { await d.press(.char("[")) }
        await w.step("the cursor moved in the month before", [.copied, .copied, .drawn]) { await d.press(.left) }
        await w.step("this month again", [.drawn, .drawn, .drawn]) { await d.press(.char("]")) }
        // A live sample: today's steps add to the total and move the next badge closer.
        let watch = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        await d.receiveLive([QuantitySample(id: "memo", type: .stepCount, value: 700, start: d.clock.now.addingTimeInterval(-30),
                                            end: d.clock.now.addingTimeInterval(-20), source: watch)])
        await w.step("700 more steps today", [.drawn, .drawn, .drawn]) { await d.press(.left) }
        await w.step("the other theme", [.drawn, .drawn, .drawn]) { await d.press(.char("t")) }
        await w.step("the first theme again", [.copied, .copied, .copied]) { await d.press(.char("t")) }
        await w.step("help opened over the frame kept", [.none, .none, .none]) { await d.press(.char("?")) }
        await w.step("help closed: the screen drawn again from its parts", [.copied, .copied, .copied]) { await d.press(.escape) }
        await w.step("Today", [.none, .none, .none]) { await d.press(.char("1")) }
        await w.step("Month again", [.copied, .copied, .copied]) { await d.press(.char("3")) }
    }

    /// Nutrition's list is copied while the meal sheet opens, slides and is typed into (dimmed under
    /// it), and drawn again when what it shows changes (a meal saved, the selection, the energy
    /// burned); a theme toggled back copies it from the look before. Each case checked against the
    /// whole frame, click targets included.
    func testNutritionsListIsCopiedUnderTheSheetOnlyWhileNothingItShowsChanged() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        let memo = RenderMemo()
        d.memo = memo
        let w = PartWatch(d, memo, parts: ["nutrition.list", "nutrition.underSheet"])
        await w.step("Nutrition opened", [.drawn, .none]) { await d.press(.char("2")) }
        await w.step("the sheet opened over the list", [.copied, .drawn]) { await d.press(.char("n")) }
        await w.step("the sheet slid up", [.none, .copied]) { await d.advance(0.05) }
        await w.step("a letter typed", [.none, .copied]) { await d.type("T") }
        await w.step("the next field", [.none, .copied]) { await d.press(.tab) }
        await w.step("calories typed", [.none, .copied]) { await d.type("450") }
        await w.step("the meal saved", [.drawn, .none]) { await d.press(.ctrl("s")) }
        XCTAssertTrue(d.screenText.contains("450 kcal"), "the saved meal is in the list drawn again")
        await d.logMeal("Pear", calories: "90")
        w.skip()
        await w.step("the selection moved", [.drawn, .none]) { await d.press(.up) }
        await w.step("the focus moved to the buttons", [.drawn, .none]) { await d.press(.tab) }
        await w.step("the sheet opened again", [.copied, .drawn]) { await d.press(.char("n")) }
        let watch = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        await w.step("energy burned under the open sheet", [.drawn, .drawn]) {
            await d.receiveLive([QuantitySample(id: "memo-kcal", type: .activeEnergyBurned, value: 120,
                                                start: d.clock.now.addingTimeInterval(-30), end: d.clock.now.addingTimeInterval(-20),
                                                source: watch)])
        }
        await w.step("the sheet closed", [.copied, .none]) { await d.press(.escape) }
        await w.step("the other theme", [.drawn, .none]) { await d.press(.char("t")) }
        await w.step("the first theme again", [.copied, .none]) { await d.press(.char("t")) }
    }

    /// The keys a tab's footer and help list that stay in the app (not quit, suspend or a
    /// tab's number), plus help, the palette and the theme.
    static func keys(_ model: AppModel, _ ctx: AppContext) -> [Key] {
        var keys: [Key] = []
        for hint in model.keyHints(ctx).screen {
            for key in [hint.key].compactMap({ $0 }) + hint.keys where !keys.contains(key) {
                switch key {
                case .mouse, .unknown, .ctrl("c"), .ctrl("z"), .char("q"): continue
                case .char(let c) where c.isNumber: continue
                default: keys.append(key)
                }
            }
        }
        return keys + [.char("?"), .escape, .char(":"), .escape]
    }
}

/// What a frame did with a part of the memo: copied it, drew it, or neither (not on screen).
enum PartUse { case copied, drawn, none }

/// Some parts of a memo, watched from frame to frame as the run loop draws them.
@MainActor
final class PartWatch {
    private let driver: Driver
    private let memo: RenderMemo
    private let parts: [String]
    private var before: [Int] = []

    init(_ driver: Driver, _ memo: RenderMemo, parts: [String]) {
        self.driver = driver
        self.memo = memo
        self.parts = parts
        skip()
    }

    private func counts() -> [Int] { parts.flatMap { [memo.copies[$0, default: 0], memo.draws[$0, default: 0]] } }

    /// Forgets what frames drawn since the last step did with the parts.
    func skip() {
        _ = driver.renderKeepingBackdrop()
        before = counts()
    }

    /// After `event`, the frame the run loop draws is the one drawn whole, and it did `uses` with the parts.
    func step(_ what: String, _ uses: [PartUse], file: StaticString = #filePath, line: UInt = #line,
              _ event: () async -> Void) async {
        await event()
        assertSameFrame(driver.renderKeepingBackdrop(), driver.render(), what, file: file, line: line)
        let now = counts()
        XCTAssertEqual(zip(now, before).map { $0 - $1 }, uses.flatMap { [$0 == .copied ? 1 : 0, $0 == .drawn ? 1 : 0] }, what,
                       file: file, line: line)
        before = now
    }
}
