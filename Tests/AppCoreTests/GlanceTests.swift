import Foundation
import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// `tmm-tui glance` in process: hand-worked lines, the formats, the JSON against
/// `stats --json --days 1`, missing values, the first-run hint and the cards.
final class GlanceTests: XCTestCase {
    static let now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")!
    static let utc = ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"]
    var dirs: [URL] = []

    override func tearDown() { for d in dirs { try? FileManager.default.removeItem(at: d) } }

    func freshDir() -> URL {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-glance-\(UUID().uuidString)")
        dirs.append(d)
        return d
    }

    /// An environment on `dir` at the fixed time; `readOnly` as glance and stats build theirs.
    func env(_ dir: URL, readOnly: Bool = true, scenario: String = "normal", environment: [String: String] = GlanceTests.utc,
             unicode: Bool = true) -> AppEnvironment {
        var options = Options()
        options.dataDir = dir.path
        options.readOnly = readOnly
        options.scenarioName = scenario
        options.scenario = Scenario(rawValue: scenario) ?? .normal
        options.now = Self.now
        let now = Self.now
        return AppEnvironment(options: options, environment: environment, unicode: unicode, now: { now }, sleeper: { _ in })
    }

    /// Stores by hand what a day of the app leaves: onboarded, goals, and today's totals.
    func seed(_ dir: URL, steps: Double?, energy: Double?, stepGoal: Int = 8_000, energyGoal: Int = 400) throws {
        let writer = env(dir, readOnly: false)
        XCTAssertNil(writer.storage.updateSettings { $0.onboardingCompleted = true; $0.stepGoal = stepGoal; $0.energyGoal = energyGoal })
        writer.storage.flush()
        var data = HealthCacheData()
        if let steps { data.types[QuantityType.stepCount.rawValue] = .init(fetchedAt: Self.now, days: ["2026-11-22": steps]) }
        if let energy { data.types[QuantityType.activeEnergyBurned.rawValue] = .init(fetchedAt: Self.now, days: ["2026-11-22": energy]) }
        try writer.repository.saveCache(data, now: Self.now)
    }

    func glance(_ dir: URL, _ request: GlanceRequest, terminal: Bool = false, environment: [String: String] = GlanceTests.utc,
                unicode: Bool = true, scenario: String = "normal") async -> String {
        let e = env(dir, scenario: scenario, environment: environment, unicode: unicode)
        let r = await Commands.glance(e, request, terminal: terminal, columns: nil, environment: environment)
        XCTAssertEqual(r.code, 0)
        return r.stdout
    }

    // MARK: The line

    func testStepsAndEnergyLineWorkedByHand() async throws {
        let dir = freshDir()
        // 6,000.4 of 8,000 steps = 75% → the fourth mark; 99.6 of 400 kcal → 100 = 25% → the second.
        try seed(dir, steps: 6_000.4, energy: 99.6)
        let out = await glance(dir, GlanceRequest(format: .plain, fields: [.steps, .energy]))
        XCTAssertEqual(out, "steps 6,000/8,000 ▇ · kcal 100/400 ▃\n")
        let ascii = await glance(dir, GlanceRequest(format: .plain, fields: [.energy, .steps]), unicode: false)
        XCTAssertEqual(ascii, "kcal 100/400 : | steps 6,000/8,000 O\n")
    }

    func testGoalReachedAndMissingValues() async throws {
        let dir = freshDir()
        // Steps past the goal: the full mark. No energy stored: a dash, never 0.
        try seed(dir, steps: 9_000, energy: nil)
        let out = await glance(dir, GlanceRequest(format: .plain, fields: [.steps, .energy]))
        XCTAssertEqual(out, "steps 9,000/8,000 █ · kcal —\n")
        let json = try decode(await glance(dir, GlanceRequest(format: .json, fields: [.steps, .energy])))
        XCTAssertEqual(json["steps"] as? Int, 9000)
        XCTAssertTrue(json["activeKcal"] is NSNull, "a missing value is null: \(json)")
        XCTAssertEqual((json["progress"] as? [String: Any])?["steps"] as? Double, 1.125)
        XCTAssertTrue((json["progress"] as? [String: Any])?["activeKcal"] is NSNull)
        XCTAssertEqual((json["goals"] as? [String: Any])?["activeKcal"] as? Int, 400)
    }

    func testNoSleepShowsADashNotZero() async throws {
        let dir = freshDir()
        try seed(dir, steps: 1_000, energy: 50)
        let out = await glance(dir, GlanceRequest(format: .plain, fields: [.sleep]), scenario: "no-sleep")
        XCTAssertEqual(out, "sleep —\n")
        let json = try decode(await glance(dir, GlanceRequest(format: .json, fields: [.sleep]), scenario: "no-sleep"))
        XCTAssertTrue(json["sleepScore"] is NSNull)
    }

    func testNotSetUpPrintsOneHintLine() async throws {
        let dir = freshDir()
        let out = await glance(dir, GlanceRequest())
        XCTAssertEqual(out, "tmm-tui is not set up yet: run tmm-tui once\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path), "glance created the data directory")
    }

    // MARK: Formats

    func testFormats() async throws {
        let dir = freshDir()
        try seed(dir, steps: 4_000, energy: 200)
        let plain = await glance(dir, GlanceRequest(fields: [.steps]))
        XCTAssertFalse(plain.contains("\u{1B}"), "not a terminal: plain")
        let ansi = await glance(dir, GlanceRequest(fields: [.steps]), terminal: true, environment: Self.utc.merging(["COLORTERM": "truecolor"]) { $1 })
        XCTAssertTrue(ansi.hasPrefix("\u{1B}["), ansi)
        // The steps colour of the dark theme, in 24-bit.
        let stepsColor = ThemeLoader.dark[.chartSteps]
        XCTAssertTrue(ansi.contains("38;2;\(stepsColor.r);\(stepsColor.g);\(stepsColor.b)"), ansi)
        XCTAssertTrue(ansi.hasSuffix("\u{1B}[0m\n"))
        let mono = await glance(dir, GlanceRequest(fields: [.steps]), terminal: true, environment: Self.utc.merging(["NO_COLOR": "1"]) { $1 })
        XCTAssertFalse(mono.contains("38;"), "NO_COLOR: no colour codes: \(mono)")
        let tmux = await glance(dir, GlanceRequest(format: .tmux, fields: [.steps]))
        XCTAssertTrue(tmux.contains("#[default,fg=\(stepsColor.hex),bold]"), tmux)
        XCTAssertTrue(tmux.hasSuffix("#[default]\n"))
        XCTAssertFalse(tmux.contains("\u{1B}"))
        XCTAssertEqual(GlanceOutput.encode([[GlanceSpan(text: "a#b", style: Style())]], .tmux, depth: .trueColor, monochrome: true),
                       "#[default]a##b#[default]\n", "a # in text is doubled for tmux")
    }

    func testLangCIsASCIIOnly() async throws {
        let dir = freshDir()
        try seed(dir, steps: 4_000, energy: nil)
        let env = Self.utc.merging(["LANG": "C"]) { $1 }
        for request in [GlanceRequest(format: .plain), GlanceRequest(format: .plain, card: .all)] {
            let out = await glance(dir, request, environment: env, unicode: false)
            XCTAssertTrue(out.unicodeScalars.allSatisfy { $0.isASCII }, out)
        }
    }

    // MARK: The numbers agree with stats

    func testJSONEqualsStatsOneDay() async throws {
        let dir = freshDir()
        // What the app's refresh leaves (steps, energy, the day's other types), then both readers.
        let writer = env(dir, readOnly: false)
        XCTAssertNil(writer.storage.updateSettings { $0.onboardingCompleted = true })
        writer.storage.flush()
        try await Commands.authorizeUndetermined(writer)
        _ = try await writer.repository.refresh(from: DayKey(year: 2026, month: 11, day: 22), through: DayKey(year: 2026, month: 11, day: 22), now: Self.now,
                                                also: StatsRows.extraTypes, sleep: true)
        let glanceJSON = try decode(await glance(dir, GlanceRequest(format: .json)))
        let stats = await Commands.stats(env(dir), StatsRequest(days: 1, json: true))
        let rows = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [[String: Any]]
        let row = try XCTUnwrap(rows?.first)
        for key in ["date", "steps", "activeKcal", "sleepScore", "recoveryScore", "strainScore"] {
            XCTAssertEqual("\(glanceJSON[key] ?? "absent")", "\(row[key] ?? "absent")", key)
        }
        XCTAssertNotNil(row["steps"] as? Int, "the mock gives steps today")
    }

    // MARK: Cards

    func testCardsShowTheScoresScreensValues() async throws {
        let dir = freshDir()
        try seed(dir, steps: 4_000, energy: 200)
        let cards = try await env(dir).metrics.scores(for: DayKey(year: 2026, month: 11, day: 22), calendar: env(dir).context.calendar)
        let one = await glance(dir, GlanceRequest(format: .plain, card: .sleep))
        let lines = one.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertTrue((3...8).contains(lines.count), "a 3–8 line card: \(one)")
        XCTAssertTrue(lines[0].contains("Sleep"), one)
        XCTAssertTrue(one.contains("\(cards.sleep.score!)%"), one)
        let all = await glance(dir, GlanceRequest(format: .plain, card: .all))
        let first = all.split(separator: "\n")[0]
        for title in ["Sleep", "Recovery", "Strain"] { XCTAssertTrue(first.contains(title), "side by side: \(first)") }
        for kind in ScoreKind.allCases { XCTAssertTrue(all.contains("\(cards.card(kind).score!)%"), "\(kind): \(all)") }
    }

    // MARK: Parsing and the output edge

    func testParsing() {
        guard case .success(.glance(let o, let r)) = CommandLineParser.parse(["glance", "--format", "tmux", "--fields", "strain,steps", "--now",
                                                                              "2026-11-22T15:30:00Z"]) else { return XCTFail("glance did not parse") }
        XCTAssertTrue(o.readOnly, "glance only reads")
        XCTAssertEqual(r.format, .tmux)
        XCTAssertEqual(r.fields, [.strain, .steps])
        guard case .success(.glance(_, let c)) = CommandLineParser.parse(["glance", "--card", "all"]) else { return XCTFail() }
        XCTAssertEqual(c.card, .all)
        XCTAssertNil(c.format, "the default follows the terminal")
        for bad in [["glance", "--format", "svg"], ["glance", "--fields", "steps,mood"], ["glance", "--card", "mood"],
                    ["stats", "--fields", "steps"], ["snapshot", "today", "--size", "80x24", "--format", "tmux"]] {
            guard case .failure = CommandLineParser.parse(bad) else { return XCTFail("\(bad) should fail") }
        }
    }

    func testTerminalSafeTextReplacesControls() {
        XCTAssertEqual(TerminalSafeText.clean("a\u{1B}[31mb\u{7F}c\u{9B}d\u{202E}e\u{2066}f\tg"), "a\u{FFFD}[31mb\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g")
        XCTAssertEqual(TerminalSafeText.clean("Café · 5 537"), "Café · 5 537")
    }

    func testGoalShareLevels() {
        // By hand: quarters of the goal, the goal itself, and nothing.
        XCTAssertEqual([0, 2_499, 2_500, 4_999, 5_000, 7_500, 9_999, 10_000, 20_000].map { GoalShare.level(Double($0), goal: 10_000) },
                       [0, 0, 1, 1, 2, 3, 3, 4, 4])
        XCTAssertEqual(GoalShare.level(.nan, goal: 10_000), 0)
        XCTAssertEqual(GoalShare.shades(unicode: false), [".", ":", "o", "O", "@"])
    }

    func decode(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }
}
