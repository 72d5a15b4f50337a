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
            for part in ["month.badges", "month.summary"] {
                XCTAssertGreaterThan(memo.copies[part, default: 0], 0, "at \(size) some key left \(part) as it was")
                XCTAssertGreaterThan(memo.draws[part, default: 0], 1, "at \(size) \(part) was drawn again when it changed")
            }
        }
    }

    /// Month's badges and summary are copied while the chart's cursor moves and drawn again when
    /// what they show changes (focus, selection, month, steps, theme): each case checked against
    /// the whole frame.
    func testMonthsCardsAreCopiedOnlyWhileNothingTheyShowChanged() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        let memo = RenderMemo()
        d.memo = memo
        await d.press(.char("3"))
        _ = d.renderKeepingBackdrop()
        func counts() -> [Int] {
            ["month.badges", "month.summary"].flatMap { [memo.copies[$0, default: 0], memo.draws[$0, default: 0]] }
        }
        var before = counts()
        /// `badges` and `summary`: whether each part is copied (true) or drawn again (false).
        func step(_ key: Key, badges: Bool, summary: Bool, _ what: String) async {
            await d.press(key)
            assertSameFrame(d.renderKeepingBackdrop(), d.render(), what)
            let now = counts()
            XCTAssertEqual(zip(now, before).map { $0 - $1 }, [badges ? 1 : 0, badges ? 0 : 1, summary ? 1 : 0, summary ? 0 : 1], what)
            before = now
        }
        await step(.left, badges: true, summary: true, "the chart's cursor moved")
        await step(.home, badges: true, summary: true, "the cursor went to the first day")
        await step(.tab, badges: false, summary: true, "the badges took the focus")
        await step(.right, badges: false, summary: true, "the next badge was selected")
        await step(.tab, badges: false, summary: true, "the focus went back to the chart")
        await step(.char("["), badges: false, summary: false, "the month before")
        await step(.left, badges: true, summary: true, "the cursor moved in the month before")
        await step(.char("]"), badges: false, summary: false, "this month again")
        // A live sample: today's steps add to the total and move the next badge closer.
        let watch = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        await d.receiveLive([QuantitySample(id: "memo", type: .stepCount, value: 700, start: d.clock.now.addingTimeInterval(-30),
                                            end: d.clock.now.addingTimeInterval(-20), source: watch)])
        await step(.left, badges: false, summary: false, "700 more steps today")
        await step(.char("t"), badges: false, summary: false, "the other theme")
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
        let parts = ["nutrition.list", "nutrition.underSheet"]
        func counts() -> [Int] { parts.flatMap { [memo.copies[$0, default: 0], memo.draws[$0, default: 0]] } }
        var before = counts()
        /// Per part, what the frame after `event` did with it: copied, drawn, or neither (not on screen).
        enum Use { case copied, drawn, none }
        func step(_ what: String, list: Use, underSheet: Use, _ event: () async -> Void) async {
            await event()
            assertSameFrame(d.renderKeepingBackdrop(), d.render(), what)
            let now = counts()
            let expected = [list, underSheet].flatMap { [$0 == .copied ? 1 : 0, $0 == .drawn ? 1 : 0] }
            XCTAssertEqual(zip(now, before).map { $0 - $1 }, expected, what)
            before = now
        }
        await step("Nutrition opened", list: .drawn, underSheet: .none) { await d.press(.char("2")) }
        await step("the sheet opened over the list", list: .copied, underSheet: .drawn) { await d.press(.char("n")) }
        await step("the sheet slid up", list: .none, underSheet: .copied) { await d.advance(0.05) }
        await step("a letter typed", list: .none, underSheet: .copied) { await d.type("T") }
        await step("the next field", list: .none, underSheet: .copied) { await d.press(.tab) }
        await step("calories typed", list: .none, underSheet: .copied) { await d.type("450") }
        await step("the meal saved", list: .drawn, underSheet: .none) { await d.press(.ctrl("s")) }
        XCTAssertTrue(d.screenText.contains("450 kcal"), "the saved meal is in the list drawn again")
        await d.logMeal("Pear", calories: "90")
        _ = d.renderKeepingBackdrop()
        before = counts()
        await step("the selection moved", list: .drawn, underSheet: .none) { await d.press(.up) }
        await step("the focus moved to the buttons", list: .drawn, underSheet: .none) { await d.press(.tab) }
        await step("the sheet opened again", list: .copied, underSheet: .drawn) { await d.press(.char("n")) }
        let watch = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        await step("energy burned under the open sheet", list: .drawn, underSheet: .drawn) {
            await d.receiveLive([QuantitySample(id: "memo-kcal", type: .activeEnergyBurned, value: 120,
                                                start: d.clock.now.addingTimeInterval(-30), end: d.clock.now.addingTimeInterval(-20),
                                                source: watch)])
        }
        await step("the sheet closed", list: .copied, underSheet: .none) { await d.press(.escape) }
        await step("the other theme", list: .drawn, underSheet: .none) { await d.press(.char("t")) }
        await step("the first theme again", list: .copied, underSheet: .none) { await d.press(.char("t")) }
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
