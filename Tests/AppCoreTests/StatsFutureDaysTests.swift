import XCTest
@testable import AppCore
import HealthDomain
import Platform

/// `stats` over a range that runs past today: the rows stop at today (days not come yet
/// have no values, not zeros), today reads what it reads when the range ends today, and
/// stderr says why the rows stop.
final class StatsFutureDaysTests: XCTestCase {
    func env(_ dir: URL, now: Date) -> AppEnvironment {
        var options = Options()
        options.dataDir = dir.path
        options.seed = 42
        return AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"], now: { now }, sleeper: { _ in })
    }

    func rows(_ json: String) throws -> [[String: Any]] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    func testTheRowsStopAtTodayAndTodayIsTheSameAsARangeEndingToday() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stats-future-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let now = ISO8601DateFormatter().date(from: "2026-11-26T15:30:00Z")!
        let e = env(dir, now: now)
        let today = DayKey(string: "2026-11-26")!
        let past = await Commands.stats(e, StatsRequest(days: 7, json: true, from: DayKey(string: "2026-11-20"), to: DayKey(string: "2026-11-30")))
        let toToday = await Commands.stats(e, StatsRequest(days: 7, json: true, from: DayKey(string: "2026-11-20"), to: today))
        XCTAssertEqual(past.code, 0)
        let long = try rows(past.stdout), short = try rows(toToday.stdout)
        XCTAssertEqual(long.map { $0["date"] as? String }, (20...26).map { "2026-11-\($0)" })
        XCTAssertEqual(long.last?["steps"] as? Int, short.last?["steps"] as? Int, "today as on a range that ends today")
        XCTAssertTrue(past.stderr.contains("2026-11-27 to 2026-11-30) have not come yet"), past.stderr)
        XCTAssertFalse(toToday.stderr.contains("have not come yet"))
        // A range wholly in the future: no rows, said so, not an error.
        let ahead = await Commands.stats(e, StatsRequest(days: 7, json: true, from: DayKey(string: "2026-12-01"), to: DayKey(string: "2026-12-05")))
        XCTAssertEqual(ahead.code, 0)
        XCTAssertEqual(try rows(ahead.stdout).count, 0)
        XCTAssertTrue(ahead.stderr.contains("has come yet"), ahead.stderr)
    }
}
