import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The footer and help are the contract: walking every context of every
/// feature in the registry, each key a person can press is tried on a copy of
/// the model. A key that changes the screen or the state (or asks the runtime
/// for something) must be listed in help; every key the footer shows must do
/// something; help lists every key of every binding.
@MainActor
final class KeyContractTests: XCTestCase {
    /// Every key tried: letters, digits, the symbols the app uses, and the named keys.
    static let universe: [Key] = {
        var keys: [Key] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ?:[]+-=_/.,<>!@#".map { Key.char($0) }
        keys += [.enter, .escape, .tab, .backTab, .backspace, .delete, .insert, .up, .down, .left, .right, .home, .end,
                 .pageUp, .pageDown, .function(1), .function(2), .function(5), .ctrl("p"), .ctrl("s"), .ctrl("c"), .ctrl("l"),
                 .ctrl("a")]
        return keys
    }()

    /// Keys a focused text field uses for editing (it says so by taking them): not shortcuts.
    static let editingKeys: Set<Key> = [.left, .right, .home, .end, .backspace, .delete, .ctrl("a")]

    struct Outcome: Equatable {
        var buffer: Buffer
        var route: FeatureID
        var help: Bool
        var palette: Bool
        var quit: Bool
        var effects: Int
    }

    func press(_ key: Key, on d: Driver) -> Outcome {
        var model = d.model
        let effects = model.handle(.key(key), now: d.clock.now, d.ctx)
        return Outcome(buffer: AppView.render(model, d.ctx, now: d.clock.now), route: model.route, help: model.showHelp,
                       palette: model.palette != nil, quit: model.quitRequested, effects: effects.count)
    }

    /// The keys a footer label names ("↑/↓" → ↑ and ↓), found among the context's keys.
    func keys(named label: String, in all: [Key]) -> [Key] {
        let parts = label.contains("/") ? label.split(separator: "/").map(String.init) : [label]
        var found: [Key] = []
        for part in parts {
            if let k = (all + Self.universe).first(where: { $0.label == part }) { found.append(k) }
            else { found += part.compactMap { c in (all + Self.universe).first { $0.label == String(c) } } }
        }
        return found
    }

    /// Checks one context; returns a description for failures.
    func check(_ d: Driver, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let hints = d.model.keyHints(d.ctx)
        let all = hints.screen + hints.global
        let listed = Set(all.flatMap(\.keys) + (d.model.route == .onboarding || d.model.showHelp ? [] : (1...9).map { Key.char(Character(String($0))) }))
        // Help's overlay, as drawn: every key of every binding is in it.
        if !d.model.showHelp {
            let help = AppView.help(d.model, d.ctx)
            let helpKeys = help.sections.flatMap(\.entries).map(\.keys).joined(separator: " ")
            for hint in all where !TabBar.isNumberKey(hint.label) {
                for key in hint.keys {
                    XCTAssertTrue(helpKeys.split(separator: " ").contains { $0.split(separator: "/").contains(Substring(key.label)) },
                                  "\(name): help lists \(key.label) (\(hint.title))", file: file, line: line)
                }
            }
        }
        let baseline = press(.function(12), on: d)
        var working: Set<Key> = []
        let capturesText = d.model.current.capturesText || d.model.palette != nil
        for key in Self.universe {
            let outcome = press(key, on: d)
            guard outcome != baseline else { continue }
            working.insert(key)
            if listed.contains(key) { continue }
            if capturesText, case .char = key { continue }
            if capturesText, Self.editingKeys.contains(key) { continue }
            XCTFail("\(name): \(key.label) does something but neither the footer nor help lists it", file: file, line: line)
        }
        // Every footer hint, as laid out at this size, names a key that works.
        let fit = FooterLayout.fit(screen: hints.screen.filter(\.inFooter), global: hints.global.filter(\.inFooter),
                                   width: d.model.size.width - 2, more: d.ctx.strings("key.more"))
        let allKeys = all.flatMap(\.keys)
        for hint in fit.left + fit.right {
            let named = keys(named: hint.label, in: allKeys)
            XCTAssertFalse(named.isEmpty, "\(name): footer label \(hint.label) names keys", file: file, line: line)
            XCTAssertTrue(named.contains { working.contains($0) },
                          "\(name): footer offers \(hint.label) \(hint.shortTitle) but it does nothing here", file: file, line: line)
        }
    }

    /// Every context a person reaches: each tab, its sheets and layers, onboarding, help and the palette.
    func contexts(size: Size) -> [(String, Scenario, (Driver) async -> Void)] {
        func tab(_ id: FeatureID, _ then: @escaping (Driver) async -> Void = { _ in }) -> (Driver) async -> Void {
            { d in
                await d.onboard()
                await d.press(Driver.tabKey(id))
                await d.advance(1)
                await then(d)
                await d.advance(0.5)
            }
        }
        var list: [(String, Scenario, (Driver) async -> Void)] = [
            ("welcome", .normal, { d in await d.launch() }),
            ("permission sheet", .normal, { d in await d.launch(); await d.press(.enter); await d.advance(0.5); await d.advance(0.5) }),
            ("limited mode", .denied, { d in await d.launch(); await d.press(.enter); await d.advance(0.5); await d.press(.char("d")); await d.advance(1) }),
            ("help", .normal, tab(.today) { d in await d.press(.char("?")) }),
            ("palette", .normal, tab(.today) { d in await d.press(.char(":")) }),
        ]
        for type in FeatureRegistry.tabs { list.append((type.id.rawValue, .normal, tab(type.id))) }
        list += [
            ("today chart", .normal, tab(.today) { d in await d.press(.tab, .tab, .tab) }),
            ("nutrition with meals", .normal, tab(.nutrition) { d in
                await d.logMeal("Soup", calories: "300"); await d.advance(1); await d.logMeal("Bread", calories: "200"); await d.advance(1) }),
            ("meal sheet", .normal, tab(.nutrition) { d in await d.press(.char("n")) }),
            ("discard question", .normal, tab(.nutrition) { d in await d.press(.char("n")); await d.type("x"); await d.press(.escape) }),
            ("scan", .normal, tab(.nutrition) { d in await d.press(.char("s")) }),
            ("month badges", .normal, tab(.month) { d in await d.press(.tab) }),
            ("badge detail", .normal, tab(.month) { d in await d.press(.tab, .enter) }),
            ("year", .normal, tab(.month) { d in await d.press(.char("y")) }),
            ("scores detail", .normal, tab(FeatureID("scores")) { d in await d.press(.enter) }),
            ("breathing", .normal, tab(FeatureID("care")) { d in await d.press(.enter) }),
            ("leave question", .normal, tab(FeatureID("care")) { d in await d.press(.enter); await d.advance(1); await d.press(.escape) }),
            ("settings goal typing", .normal, tab(.settings) { d in await d.press(.enter) }),
            ("settings reset question", .normal, tab(.settings) { d in await d.press(.end, .enter) }),
        ]
        return list
    }

    func testFooterAndHelpAreTheWorkingKeysOfEveryContext() async {
        for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40),
                     Size(width: 200, height: 60)] {
            for (name, scenario, reach) in contexts(size: size) {
                let d = Driver(scenario: scenario, size: size)
                await reach(d)
                check(d, "\(name) \(size.width)×\(size.height)")
                d.cleanUp()
            }
        }
    }

    func testHelpOpenOffersNoScreenKeys() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("?"))
        let footer = d.render().lines.last ?? ""
        XCTAssertFalse(footer.contains("Tab Focus"), footer)
        XCTAssertTrue(footer.contains("Esc Close help"), footer)
    }

    func testFooterEndsWithMoreWhenKeysDoNotFit() {
        let screen = (1...8).map { KeyHint(label: "\($0)x", title: "Action \($0)", key: .char("x")) }
        let global = [KeyHint(label: "?", title: "Help", priority: 2, key: .char("?")), KeyHint(label: "q", title: "Quit", priority: 2, key: .char("q"))]
        let roomy = FooterLayout.fit(screen: screen, global: global, width: 200, more: "more")
        XCTAssertEqual(roomy.right.map(\.shortTitle), ["Help", "Quit"], "everything fits: no 'more'")
        let tight = FooterLayout.fit(screen: screen, global: global, width: 60, more: "more")
        XCTAssertEqual(tight.right.last?.label, "?")
        XCTAssertEqual(tight.right.last?.shortTitle, "more")
        XCTAssertEqual(tight.left.map(\.label), screen.prefix(tight.left.count).map(\.label), "the most used (leftmost) stay")
        // Hand-counted: each hint is label + title + 3 columns; 60 + 2 columns hold the kept ones and a gap.
        let used = tight.left.reduce(0) { $0 + TextWidth.of($1.label) + TextWidth.of($1.shortTitle) + 3 }
            + tight.right.reduce(0) { $0 + TextWidth.of($1.label) + TextWidth.of($1.shortTitle) + 3 } + 1
        XCTAssertLessThanOrEqual(used, 62)
    }

    func testTodayAndNutritionFootersListTheirKeys() async {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        var footer = d.render().lines.last ?? ""
        // The week ending today has no newer one: `[` alone (`]` comes with a week back).
        for part in ["←/→", "+/-", "[ Week", "r Refresh", "? more"] { XCTAssertTrue(footer.contains(part), "Today at 100: \(part) in \(footer)") }
        d.model.size = Size(width: 80, height: 24)
        footer = d.render().lines.last ?? ""
        XCTAssertTrue(footer.contains("r Refresh"), "r stays at 80: \(footer)")
        d.model.size = Size(width: 120, height: 30)
        await d.logMeal("Soup", calories: "300")
        await d.advance(1)
        await d.logMeal("Bread", calories: "200")
        await d.advance(1)
        footer = d.render().lines.last ?? ""
        for part in ["Enter/e", "d Delete", "↑/↓"] { XCTAssertTrue(footer.contains(part), "Nutrition: \(part) in \(footer)") }
        d.model.showHelp = true
        let help = d.helpLines
        for line in ["←/h Previous day", "→/l Next day", ":/Ctrl-P Command palette", "?/F1 Help"] {
            XCTAssertTrue(help.contains(line), "help has \(line): \(help)")
        }
    }
}
