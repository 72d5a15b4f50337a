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

    /// Glance's own reader on `dir`, with the options `env` gives stats.
    /// `cards` as the binary passes it: the features' strings only for a card.
    func source(_ dir: URL, scenario: String = "normal", environment: [String: String] = GlanceTests.utc, unicode: Bool = true,
                cards: Bool = true) -> GlanceSource {
        GlanceSource(options: env(dir, scenario: scenario, environment: environment, unicode: unicode).options, environment: environment,
                     unicode: unicode, now: Self.now, cards: cards)
    }

    func glance(_ dir: URL, _ request: GlanceRequest, terminal: Bool = false, environment: [String: String] = GlanceTests.utc,
                unicode: Bool = true, scenario: String = "normal") async -> String {
        let r = Commands.glance(source(dir, scenario: scenario, environment: environment, unicode: unicode, cards: request.card != nil), request,
                                terminal: terminal,
                                columns: nil, environment: environment)
        XCTAssertEqual(r.code, 0)
        return r.stdout
    }

    /// A settings file glance cannot read is said (for stderr), as stats says it, and left as it is;
    /// a readable one says nothing.
    func testADamagedSettingsFileIsSaidNotPassedOverInSilence() throws {
        let dir = freshDir()
        try seed(dir, steps: 5_000, energy: 200)
        XCTAssertEqual(source(dir).notices, [])
        let file = AppPaths.resolve(environment: Self.utc, dataDirOverride: dir.path).settingsFile
        let half = try Data(contentsOf: file).prefix(20)
        try half.write(to: file)
        let notices = source(dir).notices
        XCTAssertEqual(notices.count, 1)
        XCTAssertTrue(notices[0].hasPrefix(file.path + " could not be read because") && notices[0].contains("only reads"), "\(notices)")
        XCTAssertEqual(try Data(contentsOf: file), half, "left as it is")
    }

    // MARK: The line

    /// The line's words and marks from numbers set by hand: the stored ones, which glance shows
    /// when there is no provider to read (`--scenario unavailable`).
    func testStepsAndEnergyLineWorkedByHand() async throws {
        let dir = freshDir()
        // 6,000.4 of 8,000 steps = 75% → the fourth mark; 99.6 of 400 kcal → 100 = 25% → the second.
        try seed(dir, steps: 6_000.4, energy: 99.6)
        let out = await glance(dir, GlanceRequest(format: .plain, fields: [.steps, .energy]), scenario: "unavailable")
        XCTAssertEqual(out, "steps 6,000/8,000 ▇ · kcal 100/400 ▃\n")
        let ascii = await glance(dir, GlanceRequest(format: .plain, fields: [.energy, .steps]), unicode: false, scenario: "unavailable")
        XCTAssertEqual(ascii, "kcal 100/400 : | steps 6,000/8,000 O\n")
    }

    func testGoalReachedAndMissingValues() async throws {
        let dir = freshDir()
        // Steps past the goal: the full mark. No energy stored: a dash, never 0.
        try seed(dir, steps: 9_000, energy: nil)
        let out = await glance(dir, GlanceRequest(format: .plain, fields: [.steps, .energy]), scenario: "unavailable")
        XCTAssertEqual(out, "steps 9,000/8,000 █ · kcal —\n")
        let json = try decode(await glance(dir, GlanceRequest(format: .json, fields: [.steps, .energy]), scenario: "unavailable"))
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

    /// On a 16-colour terminal the " · " between fields stays visible: the labels' colour, never black
    /// on a dark background (the border colour quantized to 30) or white on a light one.
    func testSeparatorsAreVisibleIn16Colours() async throws {
        let dir = freshDir()
        try seed(dir, steps: 4_000, energy: 200)
        for theme in ["dark", "light"] {
            let env = Self.utc.merging(["TERM": "xterm"]) { $1 }
            var options = self.env(dir, environment: env).options
            options.theme = theme
            let source = GlanceSource(options: options, environment: env, now: Self.now, cards: false)
            let out = Commands.glance(source, GlanceRequest(format: .ansi, fields: [.steps, .energy]), terminal: true, columns: nil,
                                      environment: env).stdout
            func pen(before text: String) -> Substring? {
                guard let r = out.range(of: text), let esc = out[..<r.lowerBound].range(of: "\u{1B}[", options: .backwards) else { return nil }
                return out[esc.lowerBound..<r.lowerBound]
            }
            XCTAssertNotNil(pen(before: " · "), out)
            XCTAssertEqual(pen(before: " · "), pen(before: "steps"), "\(theme): the separator in the labels' colour: \(out.debugDescription)")
        }
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

    static let keys = ["date", "steps", "activeKcal", "sleepScore", "recoveryScore", "strainScore"]

    /// What the app's refresh leaves on `dir` (steps, energy, the day's other types, with
    /// `live` samples merged as the live pipeline stores them); `saved` are stored answers to the permission sheet.
    func refreshAsTheApp(_ dir: URL, scenario: String = "normal", saved: [QuantityType: AuthorizationStatus] = [:],
                         live: [QuantitySample]? = nil) async throws {
        let writer = env(dir, readOnly: false, scenario: scenario)
        XCTAssertNil(writer.storage.updateSettings { s in
            s.onboardingCompleted = true
            for (type, status) in saved { s.authorization[type.rawValue] = status }
        })
        writer.storage.flush()
        // The app as it starts next: its provider knows the saved answers.
        let app = env(dir, readOnly: false, scenario: scenario)
        try await Commands.authorizeUndetermined(app)
        let today = DayKey(year: 2026, month: 11, day: 22)
        _ = try await app.repository.refresh(from: today, through: today, now: Self.now, live: live, also: StatsRows.extraTypes, sleep: true)
    }

    /// glance --format json and stats --json --days 1 on `dir`: the shown values, by their stats names.
    func bothReaders(_ dir: URL, scenario: String = "normal") async throws -> (glance: [String: Any], stats: [String: Any]) {
        let glanceJSON = try decode(await glance(dir, GlanceRequest(format: .json), scenario: scenario))
        let stats = await Commands.stats(env(dir, scenario: scenario), StatsRequest(days: 1, json: true))
        XCTAssertEqual(stats.code, 0, stats.stderr)
        let rows = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [[String: Any]]
        return (glanceJSON, try XCTUnwrap(rows?.first, stats.stdout))
    }

    func assertAgree(_ both: (glance: [String: Any], stats: [String: Any]), _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for key in Self.keys {
            XCTAssertEqual("\(both.glance[key] ?? "absent")", "\(both.stats[key] ?? "absent")", "\(what): \(key)", file: file, line: line)
        }
    }

    func testJSONEqualsStatsOneDay() async throws {
        let dir = freshDir()
        try await refreshAsTheApp(dir)
        let both = try await bothReaders(dir)
        assertAgree(both, "normal")
        XCTAssertNotNil(both.stats["steps"] as? Int, "the mock gives steps today")
        for key in ["sleepScore", "recoveryScore", "strainScore"] { XCTAssertNotNil(both.stats[key] as? Int, key) }
    }

    /// Each Scores scenario shapes today's inputs; each world answers the consent its way.
    func testJSONEqualsStatsInEveryScoresScenarioAndWorld() async throws {
        for scenario in ["bad-night", "over-reached", "no-sleep", "calibrating", "partial", "empty"] {
            let dir = freshDir()
            try await refreshAsTheApp(dir, scenario: scenario)
            assertAgree(try await bothReaders(dir, scenario: scenario), scenario)
        }
        // By hand: no sleep recorded → no sleep score (null, never 0); partial → no energy.
        let noSleep = freshDir()
        try await refreshAsTheApp(noSleep, scenario: "no-sleep")
        let sleepless = try await bothReaders(noSleep, scenario: "no-sleep").glance
        XCTAssertTrue(sleepless["sleepScore"] is NSNull, "\(sleepless)")
        let partial = freshDir()
        try await refreshAsTheApp(partial, scenario: "partial")
        let stepsOnly = try await bothReaders(partial, scenario: "partial").glance
        XCTAssertTrue(stepsOnly["activeKcal"] is NSNull, "\(stepsOnly)")
    }

    /// The line reads today's walks alone where a morning reading makes every earlier day measured;
    /// its numbers equal the full reading's (every day of every type, as the widgets read them) in
    /// every scenario, at every hour, with any consent, and with live samples.
    func testTheLineReadsTheSameScoresFromFewerDays() async throws {
        let cal = LocalCalendar(zoneNamed: "UTC")!
        let day = DayKey(year: 2026, month: 11, day: 22)
        let hours: [Double] = [0.1, 6.9, 7.5, 15.5, 23.98]
        let consents: [[QuantityType: AuthorizationStatus]] = [
            [:], [.activeEnergyBurned: .denied, .stepCount: .authorized],
            [.restingHeartRate: .denied], [.restingHeartRate: .denied, .heartRateVariabilitySDNN: .denied],
        ]
        var compared = 0, shortcuts = 0
        for scenario in ["normal", "bad-night", "over-reached", "no-sleep", "calibrating", "partial", "empty", "denied"] {
            for saved in consents {
                let dir = freshDir()
                try? await refreshAsTheApp(dir, scenario: scenario, saved: saved) // `denied` refuses the refresh: still onboarded
                for hour in hours {
                    let now = day.startDate(in: cal).addingTimeInterval(hour * 3600)
                    let options = env(dir, scenario: scenario).options
                    let line = GlanceSource(options: options, environment: Self.utc, now: now, cards: false).reading()
                    let full = GlanceSource(options: options, environment: Self.utc, now: now, cards: true).reading()
                    let what = "\(scenario) \(saved) \(hour) h"
                    XCTAssertEqual(line.steps, full.steps, what)
                    XCTAssertEqual(line.activeKcal, full.activeKcal, what)
                    XCTAssertEqual(line.sleepScore, full.sleepScore, what)
                    XCTAssertEqual(line.recoveryScore, full.recoveryScore, what)
                    XCTAssertEqual(line.strainScore, full.strainScore, what)
                    XCTAssertNil(line.cards, "the line keeps no widgets: \(what)")
                    compared += 1
                    if full.strainScore != nil { shortcuts += 1 }
                }
            }
        }
        XCTAssertEqual(compared, 8 * 4 * 5)
        XCTAssertGreaterThan(shortcuts, 20, "strain was scored in enough of them to compare")
    }

    /// A saved "no" to active energy: both readers leave it out of the strain score alike.
    func testSavedAnswersAreTheConsentBothReadersUse() async throws {
        let dir = freshDir()
        try await refreshAsTheApp(dir, saved: [.activeEnergyBurned: .denied, .stepCount: .authorized])
        let both = try await bothReaders(dir)
        assertAgree(both, "energy denied")
        XCTAssertTrue(both.glance["activeKcal"] is NSNull, "\(both.glance)")
    }

    /// Onboarded, nothing stored yet: every number as stats computes it (the provider's day), steps too.
    func testNoStoredDataAgreesWithStats() async throws {
        let dir = freshDir()
        let writer = env(dir, readOnly: false)
        XCTAssertNil(writer.storage.updateSettings { $0.onboardingCompleted = true })
        writer.storage.flush()
        let json = try decode(await glance(dir, GlanceRequest(format: .json)))
        // (In process stats may keep a cache; the binary forbids it that, so it runs last here.)
        let stats = await Commands.stats(env(dir), StatsRequest(days: 1, json: true))
        let row = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [[String: Any]])?.first)
        for key in Self.keys { XCTAssertEqual("\(json[key] ?? "absent")", "\(row[key] ?? "absent")", key) }
        XCTAssertNotNil(json["steps"] as? Int, "\(json)")
    }

    /// What the app stored is older than the provider's day (the app last ran this morning, or the
    /// cache was written by something else): glance reads the day as stats does, never the stored
    /// count beside a strain score computed from this minute's energy.
    func testAStaleCacheIsNotShownInsteadOfTheDay() async throws {
        let dir = freshDir()
        try await refreshAsTheApp(dir)
        let truth = try await bothReaders(dir)
        try seed(dir, steps: 123, energy: 45)
        let both = try await bothReaders(dir)
        assertAgree(both, "stale cache")
        XCTAssertEqual(both.glance["steps"] as? Int, truth.stats["steps"] as? Int)
        XCTAssertNotEqual(both.glance["steps"] as? Int, 123)
        XCTAssertNotEqual(both.glance["activeKcal"] as? Int, 45)
    }

    /// Today's live samples (the log the app appends to) raise today's active energy and so the strain score.
    func testLiveSamplesCountAsInStats() async throws {
        let dir = freshDir()
        let watch = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        let t = Self.now.addingTimeInterval(-600)
        let live = (0..<10).flatMap { i -> [QuantitySample] in
            let a = t.addingTimeInterval(Double(i) * 50), b = a.addingTimeInterval(50)
            return [QuantitySample(id: "live-\(i)-s", type: .stepCount, value: 400, start: a, end: b, source: watch),
                    QuantitySample(id: "live-\(i)-e", type: .activeEnergyBurned, value: 90, start: a, end: b, source: watch)]
        }
        let paths = env(dir).paths
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try SampleLog(url: paths.samplesFile).append(live)
        try await refreshAsTheApp(dir, live: live)
        let both = try await bothReaders(dir)
        assertAgree(both, "live")
        // `--no-live` starts no stream; the saved samples still count (glance left them out).
        var options = env(dir).options
        options.live = false
        let noLive = Commands.glance(GlanceSource(options: options, environment: Self.utc, now: Self.now), GlanceRequest(format: .json),
                                     terminal: false, columns: nil, environment: Self.utc)
        XCTAssertEqual(try decode(noLive.stdout)["steps"] as? Int, both.glance["steps"] as? Int, "--no-live")
        // Without the live log, today's energy (so strain) is lower: the samples were read.
        let without = freshDir()
        try await refreshAsTheApp(without)
        let plain = try await bothReaders(without)
        XCTAssertLessThan(try XCTUnwrap(plain.glance["activeKcal"] as? Int), try XCTUnwrap(both.glance["activeKcal"] as? Int))
        XCTAssertLessThan(try XCTUnwrap(plain.glance["strainScore"] as? Int), try XCTUnwrap(both.glance["strainScore"] as? Int))
    }

    /// A log written by a run whose clock went on past `--now` holds samples that end later: `stats`
    /// and `glance` at `--now` read the day as it was then (they counted 89 steps more than at T).
    func testSamplesEndingAfterNowAreNotCounted() async throws {
        let watch = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        func samples(from start: Date, count: Int, tag: String) -> [QuantitySample] {
            (0..<count).flatMap { i -> [QuantitySample] in
                let a = start.addingTimeInterval(Double(i) * 50), b = a.addingTimeInterval(50)
                return [QuantitySample(id: "\(tag)-\(i)-s", type: .stepCount, value: 400, start: a, end: b, source: watch),
                        QuantitySample(id: "\(tag)-\(i)-e", type: .activeEnergyBurned, value: 90, start: a, end: b, source: watch)]
            }
        }
        let before = samples(from: Self.now.addingTimeInterval(-600), count: 10, tag: "before")   // 15:20–15:28:20
        let after = samples(from: Self.now.addingTimeInterval(60), count: 10, tag: "after")       // 15:31–15:39:20
        var readings: [[String: Any]] = []
        for log in [before, before + after] {
            let dir = freshDir()
            try FileManager.default.createDirectory(at: env(dir).paths.dataDirectory, withIntermediateDirectories: true)
            try SampleLog(url: env(dir).paths.samplesFile).append(log)
            try await refreshAsTheApp(dir)
            let both = try await bothReaders(dir)
            assertAgree(both, "\(log.count) samples")
            readings.append(both.stats)
        }
        for key in ["steps", "activeKcal"] {
            XCTAssertEqual("\(readings[0][key] ?? "absent")", "\(readings[1][key] ?? "absent")", "\(key): the later samples are left out")
        }
    }

    /// After an import: the import's own totals and nights, every number as stats reads them.
    func testImportedDataAgreesWithStats() async throws {
        let dir = freshDir()
        let writer = env(dir, readOnly: false)
        XCTAssertNil(writer.storage.updateSettings { $0.onboardingCompleted = true; $0.stepGoal = 8_000 })
        writer.storage.flush()
        // 40 days by hand, today (Nov 22) last: 7,000 + 10·k steps, 300 + k kcal, resting heart rate, HRV, exercise, nights.
        let today = DayKey(year: 2026, month: 11, day: 22)
        var totals = HealthCacheData()
        var nights: [String: SleepNight] = [:]
        func series(_ f: (Int) -> Double) -> HealthCacheData.Series {
            .init(fetchedAt: Self.now, days: Dictionary(uniqueKeysWithValues: (0..<40).map { (today.adding(days: -$0).description, f($0)) }))
        }
        totals.types[QuantityType.stepCount.rawValue] = series { 7_000 + Double(10 * $0) }
        totals.types[QuantityType.activeEnergyBurned.rawValue] = series { 300 + Double($0) }
        totals.types[QuantityType.restingHeartRate.rawValue] = series { 55 + Double($0 % 5) }
        totals.types[QuantityType.heartRateVariabilitySDNN.rawValue] = series { 48 + Double($0 % 7) }
        totals.types[QuantityType.appleExerciseTime.rawValue] = series { 20 + Double($0 % 9) }
        for k in 0..<40 {
            let night = today.adding(days: -k), end = night.startDate(in: writer.context.calendar).addingTimeInterval(7 * 3600)
            nights[night.description] = SleepNight(night: night, asleepMinutes: 400 + Double(k % 4) * 10, inBedMinutes: 450,
                                                   start: end.addingTimeInterval(-450 * 60), end: end)
        }
        totals.sleep = .init(fetchedAt: Self.now, nights: nights)
        let info = ImportInfo(exportDate: Self.now, importedAt: Self.now, path: "/tmp/export.zip", sources: [], otherSources: nil, prefer: nil,
                              recordsByType: [:], firstDay: today.adding(days: -39).description, lastDay: today.description, timeZone: "UTC")
        try ImportedHealthStore(paths: writer.paths).commit(ImportedHealthData(totals: totals, naive: totals), info: info, now: Self.now)
        let both = try await bothReaders(dir)
        assertAgree(both, "imported")
        XCTAssertEqual(both.glance["steps"] as? Int, 7_000)
        XCTAssertEqual(both.glance["activeKcal"] as? Int, 300)
        for key in ["sleepScore", "recoveryScore", "strainScore"] { XCTAssertNotNil(both.glance[key] as? Int, "\(key): \(both.glance)") }
        let line = await glance(dir, GlanceRequest(format: .plain, fields: [.steps]))
        XCTAssertEqual(line, "steps 7,000/8,000 ▇\n", "7,000 of 8,000 = 87.5%: the fourth mark")
    }

    /// A FIFO where the cache should be is refused at once (never opened to block on), and nothing is shown from it.
    func testAFIFOForTheCacheIsRefused() async throws {
        let dir = freshDir()
        let writer = env(dir, readOnly: false)
        XCTAssertNil(writer.storage.updateSettings { $0.onboardingCompleted = true })
        writer.storage.flush()
        try FileManager.default.createDirectory(at: writer.paths.cacheDirectory, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(writer.paths.healthCacheFile.path, 0o600), 0)
        // Without a provider to read, the stored day is what glance would show: a FIFO gives nothing.
        let line = await glance(dir, GlanceRequest(format: .plain, fields: [.steps]), scenario: "unavailable")
        XCTAssertEqual(line, "steps —\n")
    }

    // MARK: Cards

    func testCardsShowTheScoresScreensValues() async throws {
        let dir = freshDir()
        try seed(dir, steps: 4_000, energy: 200)
        // A command's run is the consent to read (glance's as `stats`'s): ask as `stats` asks.
        let scoresEnv = env(dir)
        try await Commands.authorizeUndetermined(scoresEnv)
        let cards = try await scoresEnv.service(ScoresMetrics.self).scores(for: DayKey(year: 2026, month: 11, day: 22),
                                                                          calendar: scoresEnv.context.calendar)
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

    /// `--card all` in a terminal of any width: no line wider than the terminal (a wider one wraps and
    /// breaks the boxes), the three side by side where they fit with their metric names whole, else
    /// two and one below, else one above another.
    func testAllCardsFitTheTerminalsWidth() async throws {
        let dir = freshDir()
        try seed(dir, steps: 4_000, energy: 200)
        let src = source(dir, cards: true)
        let cards = try XCTUnwrap(src.reading().cards)
        for (width, perRow) in [(200, 3), (134, 3), (133, 2), (100, 2), (89, 2), (88, 1), (80, 1), (60, 1), (44, 1)] {
            let buffer = GlanceCard.render(cards, .all, src.context, theme: GlanceSource.uncoloured, width: width)
            let rows = GlanceOutput.rows(buffer, ascii: false)
            XCTAssertLessThanOrEqual(buffer.size.width, width, "\(width) columns")
            XCTAssertEqual(rows.count, 8 * ((3 + perRow - 1) / perRow), "\(width) columns: \(perRow) per row")
            let text = rows.map { $0.map(\.text).joined() }.joined(separator: "\n")
            XCTAssertEqual(text.components(separatedBy: "╭─").count - 1, 3, text)
            XCTAssertFalse(text.contains("…"), "\(width) columns: every name whole:\n\(text)")
            XCTAssertEqual(rows[0].map(\.text).joined().components(separatedBy: "╭─").count - 1, perRow, text)
        }
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
