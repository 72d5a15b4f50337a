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
            XCTAssertGreaterThan(memo.copies["month.badges", default: 0], 0, "at \(size) some key left Month's badges as they were")
            XCTAssertGreaterThan(memo.draws["month.badges", default: 0], 1, "at \(size) the badges were drawn again when they changed")
        }
    }

    /// Month's badges are copied while the chart's cursor moves and drawn again when their
    /// focus, selection, month or theme changes: each case checked against the whole frame.
    func testMonthsBadgesAreCopiedOnlyWhileNothingTheyShowChanged() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        let memo = RenderMemo()
        d.memo = memo
        await d.press(.char("3"))
        _ = d.renderKeepingBackdrop()
        var (reused, drawn) = (memo.copies["month.badges", default: 0], memo.draws["month.badges", default: 0])
        func step(_ key: Key, copies: Bool, _ what: String) async {
            await d.press(key)
            assertSameFrame(d.renderKeepingBackdrop(), d.render(), what)
            let now = (memo.copies["month.badges", default: 0], memo.draws["month.badges", default: 0])
            XCTAssertEqual(now.0 - reused, copies ? 1 : 0, what)
            XCTAssertEqual(now.1 - drawn, copies ? 0 : 1, what)
            (reused, drawn) = now
        }
        await step(.left, copies: true, "the chart's cursor moved")
        await step(.home, copies: true, "the cursor went to the first day")
        await step(.tab, copies: false, "the badges took the focus")
        await step(.right, copies: false, "the next badge was selected")
        await step(.tab, copies: false, "the focus went back to the chart")
        await step(.char("["), copies: false, "the month before: its badges")
        await step(.left, copies: true, "the cursor moved in the month before")
        await step(.char("t"), copies: false, "the other theme")
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
