import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// A seeded monkey drives the whole app — raw terminal input through the key
/// decoder, resizes down to 1×1 and up to 300×100, time passing, every provider
/// scenario — and checks the app's invariants after every event.
@MainActor
final class MonkeyTests: XCTestCase {
    static let keysPerScenario = 3_000 // × 7 scenarios = 21,000 keys
    var lastCheckedMeals: [Meal] = []
    var mealChanges = 0
    var framesOverKeptBackdrop = 0

    func testSeededMonkeyKeepsEveryInvariant() async throws {
        var rng = SeededRandom(seed: 20_261_122)
        var totalKeys = 0
        for scenario in Scenario.allCases {
            let d = Driver(scenario: scenario, size: Size(width: 80, height: 24))
            defer { d.cleanUp() }
            lastCheckedMeals = []
            await d.launch()
            try await check(d, after: "launch (\(scenario))")
            var keys = 0
            while keys < Self.keysPerScenario {
                let roll = rng.unit()
                let what: String
                if roll < 0.02 {
                    let size = Self.randomSize(&rng)
                    d.model.size = size
                    await d.send(.resize(size))
                    what = "resize \(size.width)x\(size.height)"
                } else if roll < 0.06 {
                    await d.advance(rng.double(0.01...3))
                    what = "time"
                } else if roll < 0.075 {
                    // Purposeful bursts among the noise, so meals really are saved and deleted.
                    let burst: [Key] = rng.unit() < 0.7
                        ? [.escape, .escape, .char("2"), .char("n")] + "Soupe \(keys)".map { Key.char($0) } + [.tab, .char("3"), .char("2"), .char("0"), .ctrl("s")]
                        : [.escape, .char("2"), .char("d"), .char("y")]
                    for key in burst { await d.press(key) }
                    keys += burst.count
                    what = "burst"
                } else {
                    let decoded = KeyDecoder.decode(Self.randomInput(&rng))
                    for key in decoded { await d.press(key) }
                    keys += max(1, decoded.count)
                    what = "keys \(decoded)"
                }
                try await check(d, after: "\(what) (\(scenario), key \(keys))")
                if d.model.quitRequested { d.model.quitRequested = false } // a person would relaunch; keep going
            }
            totalKeys += keys
        }
        XCTAssertGreaterThanOrEqual(totalKeys, 20_000)
        XCTAssertGreaterThan(mealChanges, 30, "the monkey saved and deleted meals, so 'no meal lost' was really checked")
        XCTAssertGreaterThan(framesOverKeptBackdrop, 100, "frames over a kept backdrop were really compared")
        print("monkey: \(totalKeys) keys, \(mealChanges) meal log changes, \(framesOverKeptBackdrop) frames over a kept backdrop")
    }

    /// The invariants: a frame of exactly the terminal's size, focus on something
    /// that exists, and the meals on screen are the meals on disk.
    func check(_ d: Driver, after what: String) async throws {
        let frame = d.render()
        guard frame.size == d.model.size else {
            return XCTFail("frame \(frame.size) for a \(d.model.size) terminal after \(what)")
        }
        // The run loop's frame (help or the palette over the screen kept from the frame
        // before, while nothing under them changed) is the frame drawn from scratch.
        let reusable = d.backdrop?.revision == d.model.screenRevision && d.backdrop?.size == d.model.size
        let kept = d.renderKeepingBackdrop()
        if reusable && (d.model.showHelp || d.model.palette != nil) { framesOverKeptBackdrop += 1 }
        if kept != frame || kept.clickTargets.map(\.rect) != frame.clickTargets.map(\.rect) {
            let diff = zip(kept.lines, frame.lines).enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail("the frame over a kept backdrop differs from a fresh one after \(what)"
                    + (diff.map { ", row \($0.offset): \($0.element.0) / \($0.element.1)" } ?? " (in style or click targets)"))
        }
        if let p = d.model.palette, p.entries(for: d.model, d.ctx).map(\.title) != Palette.entries(d.model, d.ctx).map(\.title) {
            XCTFail("the palette's kept entries are not the model's after \(what)")
        }
        let m = d.model
        let nutrition = m.nutrition
        let todaysMeals = nutrition.mealsOfDay(m.shared, d.ctx).count
        if todaysMeals > 0 && !(0..<todaysMeals).contains(nutrition.selected) {
            XCTFail("selected meal \(nutrition.selected) of \(todaysMeals) after \(what)")
        }
        if let form = nutrition.form, !(0...max(MealForm.savePosition, MealForm.cancelPosition)).contains(form.focus) {
            XCTFail("form focus \(form.focus) after \(what)")
        }
        if !(0...3).contains(m.onboarding.sheetFocus) || !(0...1).contains(m.onboarding.buttonFocus) {
            XCTFail("onboarding focus \(m.onboarding.sheetFocus)/\(m.onboarding.buttonFocus) after \(what)")
        }
        if !(0..<TodayViewModel.days).contains(m.today.selectedDay) {
            XCTFail("Today day \(m.today.selectedDay) after \(what)")
        }
        if m.nutrition.mealsLoaded && m.nutrition.meals != d.env.mealsValue {
            XCTFail("meals on screen differ from the meal store after \(what)")
        }
        if d.env.mealsValue != lastCheckedMeals {
            lastCheckedMeals = d.env.mealsValue
            mealChanges += 1
            if case .loaded(let onDisk) = d.env.storage.mealsFile.load(), onDisk != d.env.mealsValue {
                XCTFail("meal store differs from meals.json after \(what)")
            }
        }
    }

    static func randomSize(_ rng: inout SeededRandom) -> Size {
        let special = [Size(width: 1, height: 1), Size(width: 2, height: 2), Size(width: 300, height: 100),
                       Size(width: 48, height: 16), Size(width: 47, height: 15), Size(width: 80, height: 24), Size(width: 120, height: 40)]
        if rng.unit() < 0.5 { return special[rng.int(0...(special.count - 1))] }
        return Size(width: rng.int(1...200), height: rng.int(1...70))
    }

    /// What a terminal might send: printable text (ASCII, accents, CJK, emoji),
    /// control characters, function keys, and escape sequences whole or broken.
    static func randomInput(_ rng: inout SeededRandom) -> [RawInput] {
        let roll = rng.unit()
        func scalars(_ s: String) -> [RawInput] { s.unicodeScalars.map { .scalar($0.value) } }
        switch roll {
        case ..<0.35:
            let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 .,-+=?!qtgcnsdrhjklyu")
            return [.scalar(alphabet[rng.int(0...(alphabet.count - 1))].unicodeScalars.first!.value)]
        case ..<0.45:
            let pastes = ["Crème brûlée", "寿司", "🍎🍌", "12,5", "1e309", "NaN", "-0", "line\nbreak", "\u{301}", "👩‍👩‍👧"]
            return scalars(pastes[rng.int(0...(pastes.count - 1))])
        case ..<0.6:
            return [.scalar(UInt32(rng.int(0...31)))] // control characters, Tab, Enter, Esc, Ctrl-S…
        case ..<0.75:
            let keys: [Key] = [.up, .down, .left, .right, .home, .end, .delete, .backspace, .enter, .tab, .backTab, .escape,
                               .pageUp, .pageDown, .function(1), .function(5), .function(12)]
            return [.key(keys[rng.int(0...(keys.count - 1))])]
        case ..<0.9:
            let sequences = ["\u{1B}[A", "\u{1B}[B", "\u{1B}[1;5C", "\u{1B}[200~paste\u{1B}[201~", "\u{1B}OP", "\u{1B}[3~",
                             "\u{1B}[", "\u{1B}[9999999999999999999999;", "\u{1B}\u{1B}", "\u{1B}x", "\u{1B}[<0;10;5M"]
            return scalars(sequences[rng.int(0...(sequences.count - 1))])
        default:
            return (0..<rng.int(1...6)).map { _ in .scalar(UInt32(rng.int(0...0x10FFFF))) }
        }
    }
}
