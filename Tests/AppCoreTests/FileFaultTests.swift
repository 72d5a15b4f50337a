import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform

/// Damaged files at launch: the app starts, says what happened, keeps working,
/// and the meal log's bytes are never destroyed.
@MainActor
final class FileFaultTests: XCTestCase {
    static let faults: [(name: String, contents: () -> Data, reason: String)] = [
        ("corrupt", { Data("{\"schemaVersion\":1,\"data\":[{\"id\":".utf8) + Data([0xFF, 0xFE, 0x00]) }, "not valid JSON"),
        ("truncated", { Data("{\"schemaVersion\":1,\"savedAt\":\"2026-11-22T10:00:00Z\",\"data\":[{\"name\":\"Oats\"".utf8) }, "not valid JSON"),
        ("empty", { Data() }, "it is empty"),
        ("wrong schema version", { Data("{\"schemaVersion\":99,\"data\":[]}".utf8) }, "schema version 99, expected 1"),
        ("wrong shape", { Data("{\"schemaVersion\":1,\"data\":{\"meals\":3}}".utf8) }, "do not match the expected format"),
        ("huge", { Data(repeating: UInt8(ascii: " "), count: 50 * 1_048_576) + Data("{}".utf8) }, "too large (50 MB; at most 16 MB)"),
    ]

    func dataDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tmm-faults-\(UUID().uuidString)")
    }

    func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func testADamagedMealLogIsKeptAsideAndTheAppKeepsWorking() async throws {
        for fault in Self.faults {
            let dir = dataDir()
            defer { try? FileManager.default.removeItem(at: dir) }
            let mealsFile = dir.appendingPathComponent("data/meals.json")
            let original = fault.contents()
            try write(original, to: mealsFile)

            let d = Driver(dataDir: dir)
            await d.onboard()
            let notice = d.env.notices.joined(separator: " ")
            XCTAssertTrue(notice.contains("meals.json could not be opened because") && notice.contains(fault.reason),
                          "\(fault.name): \(notice)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: mealsFile.deletingLastPathComponent().path)
                .filter { $0.hasPrefix("meals.json.corrupt-") }
            XCTAssertEqual(kept.count, 1, fault.name)
            let keptData = try Data(contentsOf: mealsFile.deletingLastPathComponent().appendingPathComponent(kept.first ?? ""))
            XCTAssertTrue(keptData == original, "\(fault.name): the damaged log is kept byte for byte")

            // Still works: a meal can be logged and is saved.
            await d.logMeal("Oats", calories: "300")
            guard case .loaded(let saved) = d.env.storage.mealsFile.load() else { return XCTFail("\(fault.name): meals.json not written") }
            XCTAssertEqual(saved.map(\.name), ["Oats"], fault.name)
        }
    }

    func testDamagedSettingsAndCacheStartFreshAndSaySo() async throws {
        for fault in Self.faults where fault.name != "huge" {
            let dir = dataDir()
            defer { try? FileManager.default.removeItem(at: dir) }
            try write(fault.contents(), to: dir.appendingPathComponent("config/settings.json"))
            try write(fault.contents(), to: dir.appendingPathComponent("cache/health-cache.json"))
            let d = Driver(dataDir: dir)
            await d.launch()
            XCTAssertEqual(d.model.route, .onboarding, "\(fault.name): settings start fresh")
            if fault.name == "wrong shape" {
                // Settings decode tolerantly (every field has a default), so an unknown shape is just defaults.
                XCTAssertFalse(d.env.notices.contains { $0.contains("settings.json") })
            } else {
                XCTAssertTrue(d.env.notices.contains { $0.contains("settings.json could not be opened") }, "\(fault.name): \(d.env.notices)")
            }
            XCTAssertTrue(d.env.notices.contains { $0.contains("The health cache was reset") }, "\(fault.name): \(d.env.notices)")
            XCTAssertNotNil(d.model.shared.toast, "\(fault.name): the user is told on screen")
            await d.press(.enter)
            await d.advance(0.3)
            await d.press(.enter)
            XCTAssertEqual(d.model.route, .today, fault.name)
            XCTAssertNotNil(d.model.today.snapshot, "\(fault.name): fresh numbers, and a new cache")
        }
    }

    func testADamagedLiveSampleLogIsSetAside() async throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(Data("not a log".utf8), to: dir.appendingPathComponent("data/live-samples.json"))
        let d = Driver(dataDir: dir)
        await d.onboard()
        XCTAssertTrue(d.env.notices.contains { $0.contains("live-samples.json could not be opened") }, "\(d.env.notices)")
        XCTAssertNotNil(d.model.today.snapshot)
    }

    func testAnUnusableDataDirectoryIsReportedAndNothingTypedIsLost() async throws {
        let dir = dataDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // "data" is a file, so nothing can be created under it (fails even for root).
        try write(Data("in the way".utf8), to: dir.appendingPathComponent("data"))
        let d = Driver(dataDir: dir)
        await d.onboard()
        XCTAssertNotNil(d.model.today.snapshot, "Today works")
        await d.logMeal("Oats", calories: "300")
        XCTAssertNotNil(d.model.nutrition.form, "the sheet stays open with what was typed")
        XCTAssertEqual(d.model.nutrition.form?.values.name, "Oats")
        XCTAssertTrue(d.model.nutrition.form?.saveError?.contains("not a directory") == true, d.model.nutrition.form?.saveError ?? "")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("data"), encoding: .utf8), "in the way")
    }
}

/// `--data-dir` naming a file, a FIFO or a device is refused before anything runs (one message,
/// exit 2), without opening it; a folder, or one not made yet, is taken.
final class DataDirArgumentTests: XCTestCase {
    func testSomethingOtherThanADirectoryIsRefusedAtOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-datadir-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("file").path, fifo = root.appendingPathComponent("fifo").path
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        func problem(_ path: String) -> String? {
            for subcommand in [[], ["stats"], ["glance"], ["snapshot", "today", "--size", "80x24"]] {
                if case .failure(let e) = CommandLineParser.parse(subcommand + ["--data-dir", path]) { return e.message }
            }
            return nil
        }
        XCTAssertEqual(problem(file), "--data-dir \(file) is not a directory")
        XCTAssertEqual(problem(fifo), "--data-dir \(fifo) is not a directory")
        XCTAssertEqual(problem("/dev/null"), "--data-dir /dev/null is not a directory")
        XCTAssertEqual(problem(file + "/sub"), "--data-dir \(file)/sub: a part of that path is a file, not a directory")
        XCTAssertNil(problem(root.path))
        XCTAssertNil(problem(root.appendingPathComponent("not-made-yet").path))
    }
}

/// `snapshot` and `stats` only read: a damaged or unreadable user file stays exactly where and as it is.
final class ReadOnlyCommandTests: XCTestCase {
    func testSnapshotAndStatsNeverMoveOrWriteTheUsersFiles() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-readonly-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data"), config = dir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let meals = data.appendingPathComponent("meals.json"), settings = config.appendingPathComponent("settings.json")
        try Data("{ broken".utf8).write(to: meals)
        try Data("".utf8).write(to: settings)
        func listing() throws -> [String] {
            try (FileManager.default.contentsOfDirectory(atPath: data.path) + FileManager.default.contentsOfDirectory(atPath: config.path)).sorted()
        }
        let before = try listing()
        for args in [["snapshot", "nutrition", "--size", "80x24"], ["snapshot", "today", "--size", "80x24"], ["stats", "--json"]] {
            guard case .success(let command) = CommandLineParser.parse(args + ["--data-dir", dir.path, "--now", "2026-11-22T15:30:00Z"]) else {
                return XCTFail("\(args)")
            }
            switch command {
            case .snapshot(let o, let r):
                XCTAssertTrue(o.readOnly)
                _ = await Commands.snapshotOutput(AppEnvironment(options: o, environment: ["TZ": "UTC"]), r)
            case .stats(let o, let r):
                XCTAssertTrue(o.readOnly)
                _ = await Commands.stats(AppEnvironment(options: o, environment: ["TZ": "UTC"]), r)
            default: XCTFail("\(args)")
            }
            XCTAssertEqual(try listing(), before, "\(args) moved or added a file")
            XCTAssertEqual(try Data(contentsOf: meals), Data("{ broken".utf8))
            XCTAssertEqual(try Data(contentsOf: settings), Data())
        }
    }
}
