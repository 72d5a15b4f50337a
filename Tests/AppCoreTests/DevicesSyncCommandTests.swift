import Foundation
import XCTest
import Synchronization
@testable import AppCore
import HealthDomain
import Platform

/// `tmm-tui sync [--seed N] [--json]`: progress and errors on stderr, the payload (or
/// with --json the error as data) on stdout, exit 0 / 1, and the last sync stored like the screen stores it.
final class DevicesSyncCommandTests: XCTestCase {
    static let start = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")!
    static let utc = ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"]

    final class Lines: Sendable {
        let items = Mutex<[String]>([])
        func append(_ s: String) { items.withLock { $0.append(s) } }
        var all: String { items.withLock { $0.joined() } }
    }

    let dirs = Mutex<[URL]>([])
    override func tearDown() {
        for dir in dirs.withLock({ $0 }) { try? FileManager.default.removeItem(at: dir) }
    }

    /// An environment on fresh files whose band answers at once (`instant`) or really waits.
    func environment(_ scenario: String, seed: UInt64 = 42, dir: URL? = nil, instant: Bool = true) -> AppEnvironment {
        let dir = dir ?? FileManager.default.temporaryDirectory.appendingPathComponent("tmm-sync-\(UUID().uuidString)")
        dirs.withLock { $0.append(dir) }
        var options = Options()
        options.dataDir = dir.path
        options.scenarioName = scenario
        options.seed = seed
        let now = Self.start
        let instantly: MockHealthProvider.Sleeper = { _ in }
        return AppEnvironment(options: options, environment: Self.utc, now: { now }, sleeper: instant ? instantly : nil)
    }

    /// Runs the command with a real (10 s) deadline that a quick band never reaches.
    func run(_ env: AppEnvironment, json: Bool) async -> (stdout: String, stderr: String, code: Int32, progress: String) {
        let progress = Lines()
        let r = await Commands.sync(env, json: json, timeout: 10,
                                    timeoutSleeper: { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) },
                                    progress: { progress.append($0) })
        return (r.stdout, r.stderr, r.code, progress.all)
    }

    /// The settings as the next launch reads them.
    func storedSync(_ env: AppEnvironment) -> LastSync? {
        AppEnvironment(options: env.options, environment: Self.utc).settingsValue.lastDeviceSync
    }

    func testASuccessPrintsThePayloadExitsZeroAndIsStored() async throws {
        let env = environment("success")
        let r = await run(env, json: false)
        XCTAssertEqual(r.code, 0, r.stderr)
        XCTAssertTrue(r.progress.contains("Connecting to Pulse Band 2…") && r.progress.contains("reading data"), r.progress)
        XCTAssertTrue(r.stdout.hasPrefix("Pulse Band 2 · steps "), r.stdout)
        XCTAssertTrue(r.stdout.contains(" bpm · sleep ") && r.stdout.hasSuffix("m\n"), r.stdout)
        XCTAssertTrue(r.stderr.contains("Saved as the last sync."))
        let stored = try XCTUnwrap(storedSync(env))
        XCTAssertEqual(stored.syncedAt, Self.start)
        XCTAssertTrue(r.stdout.contains(env.context.formats.integer(stored.payload.steps)))
    }

    func testJSONOnSuccessIsThePayload() async throws {
        let env = environment("success")
        let r = await run(env, json: true)
        XCTAssertEqual(r.code, 0)
        XCTAssertEqual(r.stderr, "", "--json keeps stderr for progress only")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["device", "syncedAt", "steps", "heartRate", "sleepHours"])
        XCTAssertEqual(object["syncedAt"] as? String, "2026-11-22T15:30:00Z")
        let stored = try XCTUnwrap(storedSync(env))
        XCTAssertEqual(object["steps"] as? Int, stored.payload.steps)
        XCTAssertEqual(object["heartRate"] as? Int, stored.payload.heartRate)
    }

    func testEachSimulatedFailureExitsOneWithItsReasonAndStoresNothing() async throws {
        for (scenario, code) in [("out-of-range", "out-of-range"), ("timed-out", "timed-out"), ("pairing-refused", "pairing-refused"),
                                 ("bad-payload", "invalid-payload")] {
            let env = environment(scenario)
            let r = await run(env, json: true)
            XCTAssertEqual(r.code, 1, scenario)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: String], scenario)
            XCTAssertEqual(object["error"], code)
            XCTAssertFalse((object["message"] ?? "").isEmpty)
            XCTAssertFalse((object["advice"] ?? "").isEmpty)
            XCTAssertNil(storedSync(env), scenario)

            let text = await run(environment(scenario), json: false)
            XCTAssertEqual(text.code, 1)
            XCTAssertEqual(text.stdout, "", "an error is not output")
            let lines = text.stderr.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 2, "the reason, then the advice: \(text.stderr)")
            XCTAssertEqual(lines.first, "tmm-tui: sync failed: " + (object["message"] ?? ""), "in words, not the code: \(text.stderr)")
            XCTAssertEqual(lines.last, object["advice"])
        }
    }

    func testAFailureKeepsThePreviousSync() async throws {
        let good = environment("success")
        _ = await run(good, json: false)
        let before = try XCTUnwrap(storedSync(good))
        let dir = URL(fileURLWithPath: try XCTUnwrap(good.options.dataDir))
        let bad = environment("out-of-range", dir: dir)
        let r = await run(bad, json: false)
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(storedSync(bad), before)
    }

    func testTheSeedDecides() async throws {
        var outcomes: [Int32] = []
        for seed in UInt64(0)..<40 { outcomes.append(await run(environment("random", seed: seed), json: true).code) }
        let again = await run(environment("random", seed: 7), json: true)
        XCTAssertEqual(again.code, outcomes[7], "same seed, same outcome")
        XCTAssertTrue(outcomes.contains(0) && outcomes.contains(1), "some seeds fail, most succeed: \(outcomes)")
        XCTAssertGreaterThan(outcomes.filter { $0 == 0 }.count, 24)
    }

    func testABandThatNeverAnswersTimesOut() async throws {
        // The band really waits (a day); the deadline's clock is instant: it fires first, every time.
        let env = environment("hang", instant: false)
        let progress = Lines()
        let r = await Commands.sync(env, json: true, timeout: 10, timeoutSleeper: { _ in }, progress: { progress.append($0) })
        XCTAssertEqual(r.code, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: String])
        XCTAssertEqual(object["error"], "no-response")
        XCTAssertEqual(object["message"], "No answer from the wearable after 10 seconds.")
    }

    func testTheCommandLineReachesIt() {
        guard case .success(.sync(let options, let json)) = CommandLineParser.parse(["sync", "--seed", "9", "--json"]) else { return XCTFail() }
        XCTAssertEqual(options.seed, 9)
        XCTAssertTrue(json)
        guard case .success(.sync(let o2, false)) = CommandLineParser.parse(["sync", "--scenario", "pairing-refused"]) else { return XCTFail() }
        XCTAssertEqual(o2.scenarioName, "pairing-refused")
    }
}
