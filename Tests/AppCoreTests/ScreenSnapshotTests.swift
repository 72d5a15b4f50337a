import XCTest
@testable import AppCore
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// Every screen state at 80×24 and 120×40, in dark and light, as text plus
/// style runs. RECORD_SNAPSHOTS=1 re-records after an intended change.
@MainActor
final class ScreenSnapshotTests: XCTestCase {
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]
    static let themes = ["dark", "light"]

    /// Builds the state with `setUp` for each size and theme and compares the frame.
    func check(_ name: String, scenario: Scenario = .normal, settle: Double = 0.5,
               _ setUp: (Driver) async -> Void) async {
        for size in Self.sizes {
            for theme in Self.themes {
                let d = Driver(scenario: scenario, size: size, theme: theme)
                await setUp(d)
                d.clock.advance(settle)
                assertSnapshot(d.renderContent(), named: "\(name)-\(size.width)x\(size.height)-\(theme)")
                d.cleanUp()
            }
        }
    }

    func testOnboardingStates() async {
        await check("onboarding-welcome", settle: 30) { await $0.launch() }
        await check("onboarding-permission") { d in
            await d.openPermissionSheet()
        }
        await check("onboarding-limited") { d in
            await d.openPermissionSheet(); await d.press(.char("d"))
        }
        await check("onboarding-limited-partial") { d in
            await d.openPermissionSheet()
            await d.press(.down, .down, .char(" "), .char("a"))
        }
        await check("onboarding-unavailable", scenario: .unavailable) { d in
            await d.openPermissionSheet()
        }
    }

    func testTodayStates() async {
        await check("today-steps") { await $0.onboard() }
        await check("today-calories") { d in await d.onboard(); await d.press(.char("c")) }
        await check("today-empty", scenario: .empty) { await $0.onboard() }
        await check("today-denied", scenario: .denied) { d in await d.onboard(); await d.press(.tab, .enter) }
        await check("today-loading") { d in
            await d.openPermissionSheet()
            _ = d.model.handle(.key(.enter), now: d.clock.now, d.ctx)
            _ = d.model.handle(.authorization(.success([.stepCount: .authorized, .activeEnergyBurned: .authorized])), now: d.clock.now, d.ctx)
        }
        await check("today-stale") { d in
            await d.onboard()
            await d.send(.health(.failure(.transient("offline"))))
            d.model.shared.toast = nil
        }
        await check("today-celebration", settle: 0.9) { d in await d.onboard(); await d.press(.char("g")) }
    }

    func testNutritionStates() async {
        await check("nutrition-empty") { d in await d.onboard(); await d.press(.char("2")) }
        await check("nutrition-list") { d in
            await d.onboard(); await d.press(.char("2"))
            for (name, kcal, p, c, f) in [("Porridge with berries", "350", "12", "54", "8"), ("寿司 🍣 salmon set", "520", "28", "70", "12.5"),
                                          ("Flat white", "110", "6", "9", "6")] {
                await d.press(.char("n"))
                for (i, v) in [name, kcal, p, c, f].enumerated() { d.model.nutrition.form?.inputs[MealForm.fields[i]]?.insert(v) }
                await d.press(.ctrl("s"))
                d.clock.advance(3600)
            }
            d.model.shared.toast = nil
        }
        await check("meal-sheet-empty") { d in await d.onboard(); await d.press(.char("2"), .char("n")) }
        await check("meal-sheet-errors") { d in
            await d.onboard(); await d.press(.char("2"), .char("n"))
            await d.type("  "); await d.press(.tab); await d.type("12.5"); await d.press(.tab); await d.type("abc"); await d.press(.tab)
        }
        await check("meal-sheet-valid") { d in
            await d.onboard(); await d.press(.char("2"), .char("n"))
            await d.type("Crème brûlée"); await d.press(.tab); await d.type("100"); await d.press(.tab); await d.type("50")
            await d.press(.tab, .tab, .tab)
        }
        await check("scan") { d in await d.onboard(); await d.press(.char("2"), .char("s")); await d.type("123") }
    }

    func testShellStates() async {
        await check("help-today") { d in await d.onboard(); await d.press(.char("?")) }
        for theme in Self.themes {
            let d = Driver(size: Size(width: 30, height: 10), theme: theme)
            await d.launch()
            assertSnapshot(d.render(), named: "too-small-30x10-\(theme)")
            d.cleanUp()
        }
    }

    /// However small the window, the size it needs is on screen whole: the wording shortens until
    /// every line fits (at 10×4 it read "Terminal / too / small / Need").
    func testTheTooSmallScreenAlwaysSaysTheSizeItNeeds() async {
        for (width, height, expected) in [(30, 10, "Terminal too small"), (20, 4, "Need 48×16, now"), (10, 4, "small"),
                                           (12, 3, "Need 48×16"), (8, 2, "Need"), (6, 6, "48×16"), (5, 1, "48×16")] {
            let d = Driver(size: Size(width: width, height: height))
            await d.launch()
            let text = d.screenText
            XCTAssertTrue(text.contains("48×16"), "\(width)×\(height):\n\(text)")
            XCTAssertTrue(text.contains(expected), "\(width)×\(height):\n\(text)")
            d.cleanUp()
        }
    }

    func testMonochromeAndASCII() async {
        let d = Driver(environment: Driver.utcEnvironment.merging(["NO_COLOR": "1"]) { $1 })
        await d.onboard()
        assertSnapshot(d.renderContent(), named: "today-no-color-80x24")
        XCTAssertTrue(d.render().cells.allSatisfy { $0.style.fg == nil && $0.style.bg == nil }, "NO_COLOR: not one colored cell")
        d.cleanUp()
    }

    func testEveryScreenSurvivesEverySizeDownTo1x1() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        for route in FeatureRegistry.all.map({ $0.id }) {
            d.model.shared.route = route
            for w in [1, 2, 5, 20, 47, 48, 60, 200] {
                for h in [1, 2, 5, 15, 16, 20, 60] {
                    await d.send(.resize(Size(width: w, height: h)))
                    let b = d.render()
                    XCTAssertEqual(b.size, Size(width: w, height: h))
                }
            }
        }
    }
}

@MainActor
final class MacroLegendTests: XCTestCase {
    /// Without colour, the macro bar tells protein, carbs and fat apart by glyph (full,
    /// shaded, light): the legend's swatches are those glyphs, not three full blocks.
    func testWithoutColourTheLegendUsesTheBarsGlyphs() async {
        let d = Driver(environment: Driver.utcEnvironment.merging(["NO_COLOR": "1"]) { $1 })
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"), .char("n"))
        for (i, v) in ["Porridge", "350", "12", "54", "8"].enumerated() { d.model.nutrition.form?.inputs[MealForm.fields[i]]?.insert(v) }
        await d.press(.ctrl("s"))
        d.model.shared.toast = nil
        let legend = d.screenText.split(separator: "\n").first { $0.contains("Protein") }.map(String.init) ?? ""
        XCTAssertTrue(legend.contains("█ Protein"), legend)
        XCTAssertTrue(legend.contains("▒ Carbs"), legend)
        XCTAssertTrue(legend.contains("░ Fat"), legend)
    }
}
