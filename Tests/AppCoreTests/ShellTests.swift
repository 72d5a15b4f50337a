import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

@MainActor
final class ShellTests: XCTestCase {
    func testHelpIsGeneratedFromTheBindingTable() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("?"))
        XCTAssertTrue(d.model.showHelp)
        let screen = d.screenText
        for hint in d.model.keyHints(d.ctx).screen {
            XCTAssertTrue(screen.contains(hint.title), "help lists \(hint.title)")
        }
        await d.press(.char("g"))
        XCTAssertNil(d.model.today.celebration, "keys under the overlay do nothing")
        await d.press(.escape)
        XCTAssertFalse(d.model.showHelp)
    }

    func testNumberKeysSwitchTabsAndQQuits() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        XCTAssertEqual(d.model.route, .nutrition)
        await d.press(.char("1"))
        XCTAssertEqual(d.model.route, .today)
        await d.press(.char("q"))
        XCTAssertTrue(d.model.quitRequested)
    }

    func testThemeToggleIsRemembered() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertEqual(d.model.theme.appearance, .dark)
        await d.press(.char("t"))
        XCTAssertEqual(d.model.theme.appearance, .light)
        XCTAssertEqual(d.model.shared.settings.theme, "light")
        let again = Driver(theme: "dark", dataDir: d.dataDir)
        XCTAssertEqual(again.env.settingsValue.theme, "light")
        var o = Options(); o.dataDir = d.dataDir.path
        XCTAssertEqual(AppEnvironment(options: o, environment: Driver.utcEnvironment).theme.appearance, .light,
                       "without --theme the saved choice wins")
    }

    /// `--theme dark` over a saved light theme: the first `t` goes from the theme on screen
    /// (it went from the saved one, to the theme already shown, and changed nothing).
    func testTheFirstToggleGoesFromTheThemeOnScreen() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("t"))
        XCTAssertEqual(d.env.settingsValue.theme, "light")
        for (forced, other) in [("dark", Appearance.light), ("light", .dark)] {
            let again = Driver(theme: forced, dataDir: d.dataDir)
            await again.launch()
            XCTAssertEqual(again.model.theme.appearance.rawValue, forced)
            await again.press(.char("t"))
            XCTAssertEqual(again.model.theme.appearance, other, "--theme \(forced), then t")
            XCTAssertEqual(again.model.shared.settings.theme, other.rawValue, "the theme switched to is saved")
            await again.press(.char("t"))
            XCTAssertEqual(again.model.theme.appearance.rawValue, forced, "and back")
        }
    }

    func testTooSmallOnlyQuits() async {
        let d = Driver(size: Size(width: 30, height: 10))
        defer { d.cleanUp() }
        await d.launch()
        XCTAssertTrue(d.screenText.contains("Terminal too small"))
        XCTAssertTrue(d.screenText.contains("Need 48×16, now 30×10"))
        await d.press(.enter)
        XCTAssertEqual(d.model.onboarding.phase, .welcome)
        await d.send(.resize(Size(width: 80, height: 24)))
        XCTAssertFalse(d.screenText.contains("too small"), "recovers when enlarged")
        await d.send(.resize(Size(width: 30, height: 10)))
        await d.press(.char("q"))
        XCTAssertTrue(d.model.quitRequested)
    }

    func testBadThemeFileFallsBackAndTellsTheUser() async {
        let d = Driver(theme: "/nonexistent/theme.json")
        defer { d.cleanUp() }
        XCTAssertEqual(d.model.theme, ThemeLoader.dark)
        XCTAssertTrue(d.screenText.contains("Theme not found (using dark): ~/theme.json"), d.screenText)
    }

    /// At 80 columns a theme path longer than the toast is cut at its end: what happened and
    /// which theme is used stay on screen, and where to read the whole of it (Settings ▸ Messages).
    func testALongThemePathLeavesTheOutcomeOnScreen() async {
        let path = "/nonexistent/" + String(repeating: "very-long-folder-name/", count: 6) + "mine.json"
        let d = Driver(theme: path)
        defer { d.cleanUp() }
        // The driver's HOME is /nonexistent: the path is written from "~", as Settings writes paths.
        XCTAssertTrue(d.screenText.contains("Theme not found (using dark): ~/very-long"), d.screenText)
        XCTAssertTrue(d.screenText.contains("… see Settings ▸ Messages"), "the whole of it is a key away: \(d.screenText)")
        XCTAssertFalse(d.screenText.contains("mine.json"), "the path is longer than the screen")
    }

    func testCorruptMealsFileIsReportedAndKept() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-corrupt-\(UUID().uuidString)")
        let data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("{ broken".utf8).write(to: data.appendingPathComponent("meals.json"))
        let d = Driver(dataDir: dir)
        defer { d.cleanUp() }
        await d.launch() // the meal log is read right after the first frame
        XCTAssertTrue(d.model.shared.toast?.message.contains("meals.json could not be opened") == true, "\(String(describing: d.model.shared.toast))")
        let names = try FileManager.default.contentsOfDirectory(atPath: data.path)
        let kept = try XCTUnwrap(names.first { $0.hasPrefix("meals.json.corrupt-") })
        // At 80 columns the sentence does not fit the toast's line: its short form says where the file went, whole.
        let toastLine = d.render().lines[1]
        XCTAssertTrue(toastLine.contains("meals.json unreadable, kept as \(kept)") && !toastLine.contains("…"), toastLine)
    }

    func testLocalizationTablesAreComplete() throws {
        let en = Strings(language: "en"), fr = Strings(language: "fr")
        XCTAssertEqual(fr.language, "fr")
        XCTAssertEqual(en.allKeys, fr.allKeys, "every language has every key")
        XCTAssertEqual(fr("form.save"), "Save_fr")
        XCTAssertEqual(Strings(language: "xx").language, "en", "unknown language falls back to English")
        XCTAssertEqual(Strings.language(from: ["LANG": "fr_FR.UTF-8"]), "fr")
        XCTAssertEqual(Strings.language(from: ["LC_ALL": "C", "LANG": "fr_FR"]), "en")
        // Every key the code looks up exists.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/AppCore").standardized
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let pattern = try NSRegularExpression(pattern: #"(?:\bs|strings)\("([a-zA-Z0-9.]+)""#)
        var missing: [String] = []
        for f in files {
            let text = try String(contentsOf: sources.appendingPathComponent(f), encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(m.range(at: 1), in: text)!])
                if !en.allKeys.contains(key) { missing.append("\(f): \(key)") }
            }
        }
        XCTAssertEqual(missing, [])
    }
}

final class CommandLineTests: XCTestCase {
    func parse(_ s: String, env: [String: String] = [:]) -> Result<Command, UsageError> {
        CommandLineParser.parse(s.split(separator: " ").map(String.init), environment: env)
    }

    func testFlags() throws {
        guard case .success(.run(let o)) = parse("--theme light --reduce-motion --no-bell --data-dir /tmp/x --scenario slow --no-live") else {
            return XCTFail()
        }
        XCTAssertEqual(o.theme, "light")
        XCTAssertTrue(o.reduceMotion)
        XCTAssertFalse(o.bell)
        XCTAssertFalse(o.live)
        XCTAssertEqual(o.dataDir, "/tmp/x")
        XCTAssertEqual(o.scenario, .slow)
        guard case .success(.run(let eq)) = parse("--theme=high-contrast") else { return XCTFail() }
        XCTAssertEqual(eq.theme, "high-contrast")
    }

    func testSubcommands() {
        guard case .success(.stats(_, let stats)) = parse("stats --days 30 --json") else { return XCTFail() }
        XCTAssertEqual(stats.days, 30)
        XCTAssertTrue(stats.json)
        guard case .success(.snapshot(_, let snap)) = parse("snapshot today --size 100x30") else { return XCTFail() }
        XCTAssertEqual(snap.screen, "today")
        XCTAssertEqual(snap.size, Size(width: 100, height: 30))
        XCTAssertEqual(snap.format, .text)
        guard case .success(.snapshot(_, let svg)) = parse("snapshot today --size 100x30 --format svg") else { return XCTFail() }
        XCTAssertEqual(svg.format, .svg)
        guard case .success(.stats(_, let range)) = parse("stats --from 2026-01-01 --to 2026-01-31") else { return XCTFail() }
        XCTAssertEqual(range.from?.description, "2026-01-01")
        XCTAssertEqual(range.to?.description, "2026-01-31")
        guard case .success(.importExport(_, let imp)) = parse("import export.zip --quiet --prefer Garmin") else { return XCTFail() }
        XCTAssertEqual(imp, ImportRequest(path: "export.zip", quiet: true, prefer: ["Garmin"]))
        guard case .success(.sync(let so, let syncJSON)) = parse("sync --seed 7 --json") else { return XCTFail() }
        XCTAssertEqual(so.seed, 7)
        XCTAssertTrue(syncJSON)
        guard case .success(.listSnapshotScreens) = parse("snapshot --list") else { return XCTFail() }
        guard case .success(.checkTasks(let path)) = parse("tasks --check mine.json") else { return XCTFail() }
        XCTAssertEqual(path, "mine.json")
        guard case .success(.demo(_, let demo)) = parse("demo --ux --record out.cast") else { return XCTFail() }
        XCTAssertEqual(demo, DemoRequest(ux: true, record: "out.cast"))
        guard case .success(.run(let o)) = parse("--scenario bad-night --provider never --no-mouse --tasks t.json") else { return XCTFail() }
        XCTAssertEqual(o.scenarioName, "bad-night")
        XCTAssertEqual(o.scenario, .normal, "a scores scenario leaves the health provider normal")
        XCTAssertEqual(o.value(of: "--provider"), "never", "Care's own flag, parsed through the registry")
        XCTAssertFalse(o.mouse)
        XCTAssertEqual(o.value(of: "--tasks"), "t.json")
        guard case .success(.help) = parse("stats --help") else { return XCTFail() }
        guard case .success(.version) = parse("-V") else { return XCTFail() }
    }

    func testScenarioFromEnvironmentAndFlagWins() {
        guard case .success(.run(let o)) = parse("", env: ["TMM_SCENARIO": "empty"]) else { return XCTFail() }
        XCTAssertEqual(o.scenario, .empty)
        guard case .success(.run(let o2)) = parse("--scenario flaky", env: ["TMM_SCENARIO": "empty"]) else { return XCTFail() }
        XCTAssertEqual(o2.scenario, .flaky)
    }

    func testBadInputGivesOneClearLine() {
        let cases: [(String, String)] = [
            ("--bogus", "unknown option --bogus"),
            ("--theme", "--theme needs a value"),
            ("--scenario happy", "unknown scenario \"happy\""),
            ("stats --days 0", "--days needs a number from 1 to 3650"),
            ("stats --days many", "--days needs a number"),
            ("snapshot", "snapshot needs a screen"),
            ("snapshot lobby --size 80x24", "unknown screen \"lobby\""),
            ("snapshot today", "snapshot needs --size"),
            ("snapshot today --size 80", "--size needs WIDTHxHEIGHT"),
            ("snapshot today --size 0x24", "--size needs WIDTHxHEIGHT"),
            ("--days 3", "--days and --json go with the stats subcommand"),
            ("--size 80x24", "--size goes with the snapshot subcommand"),
            ("stats stats", "unexpected argument"),
            ("hello", "unexpected argument \"hello\""),
            ("--seed -1", "--seed needs a whole number from 0 to 18446744073709551615, not \"-1\""),
            ("--seed x", "--seed needs a whole number"),
            ("stats --from 2026-02-30", "--from needs a date"),
            ("stats --from 2026-02-01 --to 2026-01-01", "is after --to"),
            ("stats --all --from 2026-01-01", "--all goes without"),
            ("snapshot today --size 80x24 --format png", "--format needs text or svg"),
            ("--format svg", "--format goes with the glance or snapshot subcommand"),
            ("import", "import needs a path"),
            ("tasks mine.json", "tasks needs --check FILE"),
            ("--record x.cast", "--record goes with the demo subcommand"),
            ("--provider sometimes", "unknown provider presence"),
            ("--month 2026-13", "--month needs a month"),
        ]
        for (input, expected) in cases {
            guard case .failure(let e) = parse(input) else { XCTFail("\(input) should fail"); continue }
            XCTAssertTrue(e.message.contains(expected), "\(input): \(e.message)")
            XCTAssertFalse(e.message.contains("\n"), "one line")
        }
        guard case .failure(let e) = parse("", env: ["TMM_SCENARIO": "nope"]) else { return XCTFail() }
        XCTAssertTrue(e.message.contains("TMM_SCENARIO=nope"))
    }
}
