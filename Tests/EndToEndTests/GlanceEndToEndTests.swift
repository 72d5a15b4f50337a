import Foundation
import XCTest

/// The real `tmm-tui glance`: it leaves the data directory exactly as it was
/// (bytes and inodes), its numbers equal `stats --json --days 1`, and tmux
/// shows its `--format tmux` line in the status bar.
final class GlanceEndToEndTests: ScreenFlowTestCase {
    static let importNow = "2026-11-20T18:00:00Z"

    /// Imports the hand-made export of ImportEndToEndTests (Nov 20: 4,234 steps, 350 kcal).
    func importData() throws -> [String: String] {
        let inner = (dataDir as NSString).appendingPathComponent("phone/apple_health_export")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let xml = (inner as NSString).appendingPathComponent("export.xml")
        try ImportEndToEndTests.exportXML.write(toFile: xml, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env["HOME"] = NSTemporaryDirectory()
        env["LANG"] = "C.UTF-8"
        env.removeValue(forKey: "NO_COLOR")
        let r = try shell(try Binary.require(), ["import", xml, "--data-dir", dataDir, "--quiet"], environment: env)
        XCTAssertEqual(r.status, 0, r.err)
        try FileManager.default.removeItem(atPath: (dataDir as NSString).appendingPathComponent("phone"))
        return env
    }

    /// Every entry under the data directory: its inode, mode, size, mtime and bytes.
    func tree() throws -> [String: String] {
        var out: [String: String] = [:]
        let root = URL(fileURLWithPath: dataDir)
        var paths = [root.path]
        if let e = FileManager.default.enumerator(atPath: root.path) { for case let p as String in e { paths.append(root.appendingPathComponent(p).path) } }
        for p in paths {
            var st = stat()
            XCTAssertEqual(lstat(p, &st), 0)
            var line = "ino=\(st.st_ino) mode=\(st.st_mode) size=\(st.st_size) mtime=\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) links=\(st.st_nlink)"
            if (st.st_mode & S_IFMT) == S_IFREG, let data = FileManager.default.contents(atPath: p) { line += " bytes=\(data.base64EncodedString())" }
            out[p] = line
        }
        return out
    }

    func testGlanceLeavesTheDataDirectoryUnchangedAndAgreesWithStats() throws {
        let env = try importData()
        let bin = try Binary.require()
        let before = try tree()
        XCTAssertGreaterThan(before.count, 2, "the import stored files")
        var outputs: [String] = []
        for args in [["glance"], ["glance", "--format", "json"], ["glance", "--format", "tmux"], ["glance", "--format", "ansi"],
                     ["glance", "--card", "all"], ["glance", "--card", "strain", "--format", "ansi"]] {
            let r = try shell(bin, args + ["--data-dir", dataDir, "--now", Self.importNow], environment: env)
            XCTAssertEqual(r.status, 0, "\(args): \(r.err)")
            XCTAssertEqual(r.err, "", "\(args) printed on stderr")
            outputs.append(r.out)
        }
        let after = try tree()
        XCTAssertEqual(before, after, "glance changed the data directory")
        XCTAssertEqual(outputs[0], "steps 4,234/10,000 ▃ · kcal 350/500 ▅ · sleep — · recovery — · strain —\n",
                       "the export by hand: 4,234 steps, 350 kcal, nothing scored")
        XCTAssertFalse(outputs[0].contains("\u{1B}"), "not a terminal: plain")
        // The numbers equal stats --json --days 1 (same directory, same clock).
        let stats = try shell(bin, ["stats", "--json", "--days", "1", "--data-dir", dataDir, "--now", Self.importNow], environment: env)
        let row = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [[String: Any]])?.first)
        let glance = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outputs[1].utf8)) as? [String: Any])
        for key in ["date", "steps", "activeKcal", "sleepScore", "recoveryScore", "strainScore"] {
            XCTAssertEqual("\(glance[key] ?? "absent")", "\(row[key] ?? "absent")", key)
        }
    }

    /// Without an import: the simulated provider's days. Settings written by hand (onboarded, steps and
    /// energy allowed, as the permission sheet leaves them); stats keeps no cache (it only reads), and
    /// glance reads the day as stats does: every number, steps and energy too, equals stats'. In each
    /// Scores scenario, no sleep recorded included, and with nothing stored the directory is left as it was.
    func testSimulatedScoresAgreeWithStatsAndNothingIsWritten() throws {
        let config = (dataDir as NSString).appendingPathComponent("config")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try #"{"schemaVersion":1,"data":{"onboardingCompleted":true,"stepGoal":8000,"authorization":{"stepCount":"authorized","activeEnergyBurned":"authorized"}}}"#
            .write(toFile: (config as NSString).appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
        let env = ["TZ": "Europe/Paris", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        let bin = try Binary.require()
        let before = try tree()
        for scenario in ["normal", "no-sleep", "bad-night", "calibrating"] {
            let common = ["--data-dir", dataDir, "--now", Self.importNow, "--scenario", scenario]
            let g = try shell(bin, ["glance", "--format", "json"] + common, environment: env)
            XCTAssertEqual(g.status, 0, g.err)
            XCTAssertEqual(g.err, "")
            let stats = try shell(bin, ["stats", "--json", "--days", "1"] + common, environment: env)
            XCTAssertEqual(stats.status, 0, stats.err)
            let row = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(stats.out.utf8)) as? [[String: Any]])?.first)
            let glance = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(g.out.utf8)) as? [String: Any])
            for key in ["date", "steps", "activeKcal", "sleepScore", "recoveryScore", "strainScore"] {
                XCTAssertEqual("\(glance[key] ?? "absent")", "\(row[key] ?? "absent")", "\(scenario): \(key)")
            }
            XCTAssertNotNil(glance["steps"] as? Int, "nothing stored, the provider's day: \(glance)")
            XCTAssertEqual((glance["goals"] as? [String: Any])?["steps"] as? Int, 8_000, "the goal from the settings")
            if scenario == "no-sleep" { XCTAssertTrue(glance["sleepScore"] is NSNull, "no sleep: null, never 0") }
            if scenario == "normal" { XCTAssertNotNil(glance["recoveryScore"] as? Int, "\(glance)") }
            let line = try shell(bin, ["glance", "--fields", "steps,sleep"] + common, environment: env)
            // 5100 → "5,100" (C.UTF-8: the English separator), grouped by hand.
            let digits = String(glance["steps"] as? Int ?? -1)
            let steps = digits.enumerated().map { ($0.offset > 0 && (digits.count - $0.offset) % 3 == 0 ? "," : "") + String($0.element) }.joined()
            XCTAssertTrue(line.out.hasPrefix("steps \(steps)/8,000 "), line.out)
        }
        XCTAssertEqual(before, try tree(), "glance or stats changed the data directory")
    }

    func testFirstRunHintAndNoDirectoryCreated() throws {
        let empty = (dataDir as NSString).appendingPathComponent("never-used")
        let r = try shell(try Binary.require(), ["glance", "--data-dir", empty], environment: ["TZ": "UTC", "LANG": "C", "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, "tmm-tui is not set up yet: run tmm-tui once\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: empty), "glance created the data directory")
    }

    func testLangCIsASCII() throws {
        var env = try importData()
        env["LANG"] = "C"
        env["LC_ALL"] = "C"
        let r = try shell(try Binary.require(), ["glance", "--data-dir", dataDir, "--now", Self.importNow], environment: env)
        XCTAssertEqual(r.out, "steps 4,234/10,000 : | kcal 350/500 o | sleep -- | recovery -- | strain --\n")
    }

    /// tmux runs `glance --format tmux` for its status line; the rendered status shows the numbers.
    func testTmuxStatusLineShowsGlance() throws {
        let env = try importData()
        let tmux = try TmuxRunner.require()
        let socket = "tmm-glance-\(UUID().uuidString.prefix(8))"
        defer { _ = try? shell(tmux, ["-L", socket, "kill-server"]) }
        let command = [try Binary.require(), "glance", "--format", "tmux", "--fields", "steps,energy", "--data-dir", dataDir, "--now", Self.importNow]
            .map(shellQuote).joined(separator: " ")
        var tenv = env
        tenv["TMUX"] = nil
        let started = try shell(tmux, ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "g", "-x", "120", "-y", "10", "cat"], environment: tenv)
        XCTAssertEqual(started.status, 0, started.err)
        _ = try shell(tmux, ["-L", socket, "set", "-g", "status-right-length", "100"], environment: tenv)
        _ = try shell(tmux, ["-L", socket, "set", "-g", "status-interval", "1"], environment: tenv)
        _ = try shell(tmux, ["-L", socket, "set", "-g", "status-right", "#(\(command))"], environment: tenv)
        // tmux runs #() for an attached client: attach one inside a second tmux and read its status line from that pane.
        let outer = "tmm-glance-outer-\(UUID().uuidString.prefix(8))"
        defer { _ = try? shell(tmux, ["-L", outer, "kill-server"]) }
        let attach = "TMUX= \(shellQuote(tmux)) -L \(socket) attach -t g"
        let o = try shell(tmux, ["-L", outer, "-f", "/dev/null", "new-session", "-d", "-s", "o", "-x", "120", "-y", "10", attach], environment: tenv)
        XCTAssertEqual(o.status, 0, o.err)
        var shown = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            shown = try shell(tmux, ["-L", outer, "capture-pane", "-p", "-t", "o"], environment: tenv).out
            if shown.contains("4,234") { break }
        }
        let status = shown.split(separator: "\n").last { $0.contains("[g]") }.map(String.init) ?? shown
        XCTAssertTrue(status.contains("steps"), status)
        XCTAssertTrue(status.contains("4,234/10,000"), "status line: \(status)")
        XCTAssertTrue(status.contains("350/500"), status)
        XCTAssertFalse(status.contains("#["), "tmux read the style codes instead of showing them: \(status)")
        let colours = try shell(tmux, ["-L", outer, "capture-pane", "-p", "-e", "-t", "o"], environment: tenv).out
        XCTAssertTrue(colours.contains("\u{1B}["), "the status line is coloured")
    }
}

enum TmuxRunner {
    static func require() throws -> String {
        for p in ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"] where FileManager.default.isExecutableFile(atPath: p) { return p }
        throw XCTSkip("tmux is not installed (make deps-test installs it)")
    }
}
