import Synchronization
import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// Walks the feature registry: every feature has a golden snapshot of each of
/// its screens at 80×24, its keys in the footer and in help, and its strings in
/// every language.
@MainActor
final class RegistryTests: XCTestCase {
    nonisolated static func environment(_ dir: URL, theme: String) -> AppEnvironment {
        var options = Options()
        options.theme = theme
        options.reduceMotion = true
        options.now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")
        // A home of its own: the data lives where a new user's does, and Settings shows it as "~/…".
        return AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": dir.path])
    }

    /// Every screen of every feature at the sizes people use (the minimum, a small
    /// window, the classic terminal, a roomy one and a big one), in both themes.
    static let sizes = [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24),
                        Size(width: 120, height: 40), Size(width: 200, height: 60)]

    func testEveryFeatureScreenHasAGoldenSnapshotAtEverySize() async {
        for type in FeatureRegistry.all {
            for screen in type.snapshotScreens {
                for size in Self.sizes {
                    for theme in ["dark", "light"] {
                        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-registry-\(UUID().uuidString)")
                        let buffer = await Commands.snapshot(Self.environment(dir, theme: theme), screen: screen, size: size)
                        // The feature's part of the screen: the shell's chrome has goldens of its own (ShellChromeSnapshotTests).
                        let content = buffer.cropped(to: Rect(x: 0, y: 1, width: size.width, height: size.height - 2))
                        assertSnapshot(content, named: "feature-\(type.id)-\(screen)-\(size.width)x\(size.height)-\(theme)")
                        try? FileManager.default.removeItem(at: dir)
                    }
                }
            }
        }
    }

    func testEveryTabsKeysAreInTheFooterAndInHelp() async {
        let d = Driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        await d.onboard()
        for type in FeatureRegistry.tabs {
            d.model.shared.route = type.id
            let hints = d.model.keyHints(d.ctx)
            XCTAssertFalse(hints.screen.isEmpty, "\(type.id) has keys")
            let footer = d.render().lines.last ?? ""
            for hint in hints.screen where hint.inFooter {
                XCTAssertTrue(footer.contains("\(hint.label) \(hint.shortTitle)"), "\(type.id): footer shows \(hint.label) \(hint.shortTitle): \(footer)")
            }
            d.model.showHelp = true
            let help = d.screenText
            for hint in hints.screen + hints.global where !TabBar.isNumberKey(hint.label) {
                XCTAssertTrue(help.contains(hint.title), "\(type.id): help lists \(hint.title)")
            }
            d.model.showHelp = false
        }
    }

    func testEveryFeatureIsNamedInEveryLanguage() {
        for language in Strings.tables.keys {
            let strings = Strings(language: language)
            for type in FeatureRegistry.all {
                XCTAssertTrue(strings.hasKey("route.\(type.id)"), "\(language) names \(type.id)")
            }
        }
    }

    func testSnapshotNamesAreUniqueAndListedInHelpText() {
        let names = FeatureRegistry.snapshotScreens
        XCTAssertEqual(names.count, Set(names).count, "no snapshot name belongs to two features")
        for name in names { XCTAssertTrue(CommandLineParser.usage.contains(name), "--help lists \(name)") }
        XCTAssertTrue(names.contains("today") && names.contains("nutrition") && names.contains("onboarding"))
    }

    /// A feature's own flags reach the parser, `--help`, the completions and the man page through the
    /// registry alone, and its check's words are the usage error.
    func testFeatureFlagsAreParsedCheckedAndListedFromTheRegistry() {
        let flags = FeatureRegistry.commandLineOptions.map(\.entry.long)
        XCTAssertEqual(Set(flags), ["--provider", "--tasks", "--month"], "Care's and Month's flags")
        XCTAssertEqual(flags.count, Set(flags).count, "no flag belongs to two features")
        let appFlags = Set(CommandLineTable.appOptions.flatMap(\.names))
        for option in FeatureRegistry.commandLineOptions {
            XCTAssertTrue(appFlags.isDisjoint(with: option.entry.names), "\(option.entry.long) is the feature's, not the app's")
            XCTAssertTrue(CommandLineParser.usage.contains("  " + option.entry.long + " "), "--help lists \(option.entry.long)")
            XCTAssertTrue(CompletionScript.script(.bash).contains(option.entry.long), "bash completes \(option.entry.long)")
        }
        // The features' flags, in tab order, between --scenario and --seed.
        let listed = CommandLineTable.options.filter(\.listed).map(\.long)
        XCTAssertEqual(Array(listed[listed.firstIndex(of: "--scenario")!...listed.firstIndex(of: "--seed")!]),
                       ["--scenario", "--month", "--provider", "--tasks", "--seed"])

        guard case .success(.snapshot(let o, _)) = CommandLineParser.parse(["snapshot", "month", "--size", "80x24", "--month=2026-02"]) else {
            return XCTFail("--month=VALUE is parsed")
        }
        XCTAssertEqual(o.value(of: "--month"), "2026-02")
        XCTAssertNil(o.value(of: "--provider"), "a flag not given has no value")
        guard case .failure(let bad) = CommandLineParser.parse(["--month", "2026-13"]) else { return XCTFail("a bad month is refused") }
        XCTAssertEqual(bad.message, "--month needs a month such as 2026-11, not \"2026-13\"")
        guard case .failure(let badProvider) = CommandLineParser.parse(["--provider", "sometimes"]) else { return XCTFail() }
        XCTAssertTrue(badProvider.message.hasPrefix("unknown provider presence \"sometimes\" (choose from available-now"), badProvider.message)
        guard case .failure(let missing) = CommandLineParser.parse(["--tasks"]) else { return XCTFail() }
        XCTAssertEqual(missing.message, "--tasks needs a value")
    }

    /// Every service a feature registers is made once, handed to its work, and replaceable by a test.
    func testFeatureServicesAreMadeFromTheOptionsAndReachTheirWork() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("registry-services-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Options()
        options.dataDir = dir.path
        options.featureValues["--provider"] = "never"
        options.scenarioName = "pairing-refused"
        let env = AppEnvironment(options: options, environment: ["TZ": "UTC", "HOME": dir.path], sleeper: { _ in })
        let keys = FeatureRegistry.serviceKeys
        XCTAssertEqual(Set(keys.map { "\($0)" }), ["ScoresMetrics", "CarePresence", "DevicesWearable"])
        for key in keys { XCTAssertTrue(env.services.features.contains(key), "\(key) is handed to work") }
        // The options reach the services: Care's provider never comes; the wearable refuses to pair.
        XCTAssertNil(env.services[CarePresence.self].onlineAt(visitStart: Date(timeIntervalSince1970: 0), exerciseSeconds: 60))
        do {
            _ = try await env.services[DevicesWearable.self].connect()
            XCTFail("the pairing-refused wearable connected")
        } catch let error as WearableError {
            XCTAssertEqual(error, .pairingRefused)
        }
        // A test's stand-in replaces what the feature would make.
        let other = AppEnvironment(options: options, environment: ["TZ": "UTC", "HOME": dir.path], sleeper: { _ in })
        other.replaceService(CarePresence.self, with: MockProviderPresence(scenario: .availableNow))
        XCTAssertNotNil(other.services[CarePresence.self].onlineAt(visitStart: Date(timeIntervalSince1970: 0), exerciseSeconds: 60))
    }
}

/// The tab bar with many tabs: every tab at 80 columns, the current one always
/// visible at 48, and no trap past the ninth.
final class TabBarTests: XCTestCase {
    func testTheCurrentTabStaysVisibleWhenTheBarIsNarrow() {
        let ctx = AppContext(strings: Strings(language: "en"), formats: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: ZoneRules.named("UTC")!))
        let r = RenderContext(theme: ThemeLoader.dark)
        for tab in FeatureRegistry.tabs {
            for width in [10, 20, 30, 48, 80] {
                var buffer = Buffer(size: Size(width: width, height: 1))
                _ = TabBar.render(tab.id, ctx, r, in: Rect(x: 0, y: 0, width: width, height: 1), &buffer)
                let line = buffer.lines[0]
                XCTAssertTrue(line.contains(TabBar.number(FeatureRegistry.tabs.firstIndex { $0.id == tab.id }!)),
                              "\(tab.id) at \(width): \(line)")
            }
        }
    }

    func testTabsPastTheNinthHaveNoNumberKeyAndDoNotTrap() {
        XCTAssertEqual(TabBar.number(8), "9")
        XCTAssertEqual(TabBar.number(9), "·")
        XCTAssertEqual(TabBar.number(120), "·")
        XCTAssertTrue(TabBar.isNumberKey("9"))
        XCTAssertFalse(TabBar.isNumberKey("10"))
    }
}

final class ClockAndRangeTests: XCTestCase {
    func testNowOutsideTheSupportedYearsIsAClearUsageError() {
        for bad in ["1900-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T00:00:00Z"] {
            guard case .failure(let e) = CommandLineParser.parse(["stats", "--now", bad]) else { return XCTFail(bad) }
            XCTAssertTrue(e.message.contains("between 1971 and 2199"), e.message)
        }
        guard case .success(.stats(let o, _)) = CommandLineParser.parse(["stats", "--now", "2026-11-22T15:30:00Z"]) else { return XCTFail() }
        XCTAssertFalse(o.clockRuns, "stats and snapshot stay at --now")
    }

    func testNowStartsTheAppClockWhichThenMovesOn() throws {
        guard case .success(.run(let o)) = CommandLineParser.parse(["--now", "2026-11-22T15:30:00Z"]) else { return XCTFail() }
        XCTAssertTrue(o.clockRuns)
        let env = AppEnvironment(options: o, environment: ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"])
        XCTAssertEqual(env.now().timeIntervalSince(o.now!), 0, accuracy: 1)
        // The same clock over a wall clock the test moves: it starts at --now and keeps pace.
        let wall = TestWall(Date(timeIntervalSince1970: 2_000_000_000))
        let clock = AppEnvironment.runningClock(startingAt: o.now!, wall: { wall.now })
        XCTAssertEqual(clock(), o.now!)
        wall.advance(90.5)
        XCTAssertEqual(clock().timeIntervalSince(o.now!), 90.5, accuracy: 1e-6)
    }

    func testAGoalFromAnyValueStepsInsideItsRange() {
        let range = TodayViewModel.stepGoalRange
        XCTAssertEqual(TodayViewModel.step(Int.max, by: 500, within: range), range.upperBound)
        XCTAssertEqual(TodayViewModel.step(Int.min, by: -500, within: range), range.lowerBound)
        XCTAssertEqual(TodayViewModel.step(10_000, by: 500, within: range), 10_500)
        XCTAssertEqual(TodayViewModel.step(-5, by: 500, within: range), range.lowerBound + 500)
    }
}

@MainActor
final class DayRolloverTests: XCTestCase {
    func testMidnightWakesTheAppAndTodayRefreshesForTheNewDay() async {
        let start = ISO8601DateFormatter().date(from: "2026-11-22T23:59:00Z")!
        let d = Driver(start: start)
        defer { d.cleanUp() }
        await d.onboard()
        let wake = d.model.nextWake(after: d.clock.now, d.ctx)
        XCTAssertNotNil(wake)
        XCTAssertLessThanOrEqual(wake!, ISO8601DateFormatter().date(from: "2026-11-23T00:00:00Z")!, "the loop wakes by midnight")
        XCTAssertEqual(d.model.today.snapshot?.steps.last?.day.description, "2026-11-22")
        await d.advance(61)
        XCTAssertEqual(d.model.shared.day?.description, "2026-11-23")
        XCTAssertEqual(d.model.today.snapshot?.steps.last?.day.description, "2026-11-23", "Today refreshed for the new day")
    }
}

/// French (the pseudo-locale) shows every string translated exactly once, on every screen.
final class TranslationTests: XCTestCase {
    func testEveryScreenInFrenchTranslatesEachStringOnce() async {
        for screen in FeatureRegistry.snapshotScreens where screen != "too-small" {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-fr-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            var options = Options()
            options.dataDir = dir.path
            options.now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")
            options.readOnly = true
            let env = AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "fr_FR.UTF-8"])
            let text = await Commands.snapshotOutput(env, SnapshotRequest(screen: screen, size: Size(width: 160, height: 50)))
            XCTAssertFalse(text.contains("_fr_fr"), "\(screen) nests a translated string in a translated template:\n\(text)")
            XCTAssertTrue(text.contains("_fr"), "\(screen) is translated")
        }
    }

    func testTheFlakyRefreshMessageSaysTryAgainOnce() {
        for error in [HealthError.timeout, .transient("network")] {
            XCTAssertFalse(error.description.lowercased().contains("try again"), "the screen adds the hint, not the error: \(error)")
        }
    }
}

/// Placeholders are filled by position, every time they appear; other braces stay.
final class StringFillingTests: XCTestCase {
    func testPlaceholdersAreFilledByPosition() {
        XCTAssertEqual(Strings.filling("{0} of {1}", with: ["3", "7"]), "3 of 7")
        XCTAssertEqual(Strings.filling("{1}, then {0}, then {1}", with: ["a", "b"]), "b, then a, then b")
        XCTAssertEqual(Strings.filling("{2} {x} {} {", with: ["a"]), "{2} {x} {} {")
        XCTAssertEqual(Strings.filling("no placeholders", with: ["a"]), "no placeholders")
        XCTAssertEqual(Strings.filling("{0}", with: ["{1}", "z"]), "{1}", "a filled value is not filled again")
        XCTAssertEqual(Strings.filling("é {0} 寿司", with: ["🍝"]), "é 🍝 寿司")
    }

    /// The byte-wise filling against the plain one it replaced (`Int(_:)` on the text up to
    /// the next "}"), on odd placeholders and on random strings of braces, signs and digits.
    func testFillingAgreesWithTheSubstringReference() {
        func reference(_ template: String, _ args: [String]) -> String {
            var out = ""
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "{") {
                out += rest[..<open]
                let afterOpen = rest.index(after: open)
                if let close = rest[afterOpen...].firstIndex(of: "}"), let n = Int(rest[afterOpen..<close]), args.indices.contains(n) {
                    out += args[n]
                    rest = rest[rest.index(after: close)...]
                } else {
                    out += "{"
                    rest = rest[afterOpen...]
                }
            }
            return out + rest
        }
        let args = ["a", "bé", "寿"]
        let odd = ["{+0}", "{-0}", "{-1}", "{00}", "{01}", "{+}", "{-}", "{ 1}", "{1 }", "{{0}", "{0", "}{0}{", "{0}}",
                   "{99999999999999999999999999}", "{9223372036854775807}", "{-9223372036854775808}", "{0x1}", "{½}"]
        for template in odd { XCTAssertEqual(Strings.filling(template, with: args), reference(template, args), template) }
        var random = SeededRandom(seed: 7)
        let pieces = ["{", "}", "0", "1", "2", "3", "9", "+", "-", " ", "x", "é", "寿"]
        for _ in 0..<5000 {
            let template = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            XCTAssertEqual(Strings.filling(template, with: args), reference(template, args), template)
        }
    }
}

/// A wall clock a test moves by hand.
final class TestWall: Sendable {
    private let time: Mutex<Date>
    init(_ start: Date) { time = Mutex(start) }
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: Double) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
