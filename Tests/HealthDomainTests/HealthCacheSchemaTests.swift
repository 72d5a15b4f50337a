import XCTest
@testable import HealthDomain
@testable import Platform

final class HealthCacheSchemaTests: XCTestCase {
    var dir: URL!
    let cal: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "UTC")!
        return c
    }()
    let today = DayKey(year: 2026, month: 11, day: 22)

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    var now: Date { today.startDate(in: cal).addingTimeInterval(15 * 3600) }

    func repository(_ scenario: Scenario = .normal) -> HealthRepository {
        let t = now
        let all = Dictionary(uniqueKeysWithValues: QuantityType.allCases.map { ($0, AuthorizationStatus.authorized) })
        let provider = MockHealthProvider(scenario: scenario, seed: 9, authorization: all, categoryAuthorization: [.sleepAnalysis: .authorized],
                                          now: { t }, sleeper: { _ in })
        return HealthRepository(provider: provider, cacheURL: dir.appendingPathComponent("health-cache.json"), calendar: cal)
    }

    /// A cache file exactly as version 1 wrote it.
    let v1 = #"""
    {"data":{"types":{"activeEnergyBurned":{"days":{"2026-11-21":412.5,"2026-11-22":120},"fetchedAt":"2026-11-22T14:00:00Z"},
    "stepCount":{"days":{"2026-11-21":8412,"2026-11-22":3001},"fetchedAt":"2026-11-22T14:00:00Z"}}},
    "savedAt":"2026-11-22T14:00:00Z","schemaVersion":1}
    """#

    func testAVersion1CacheIsMigrated() throws {
        let url = dir.appendingPathComponent("health-cache.json")
        try Data(v1.utf8).write(to: url)
        let (snapshot, notice) = repository().cached(from: today.adding(days: -1), through: today)
        XCTAssertNil(notice)
        let s = try XCTUnwrap(snapshot)
        XCTAssertEqual(s.steps.map(\.value), [8412, 3001])
        XCTAssertEqual(s.energy?.map(\.value), [412.5, 120])
        XCTAssertNil(s.sleep, "version 1 had no sleep")
        XCTAssertEqual(s.fetchedAt, ISO8601DateFormatter().date(from: "2026-11-22T14:00:00Z"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "migrated in place, not set aside")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["health-cache.json"])
    }

    func testAMigratedCacheIsWrittenBackAsVersion2() throws {
        let url = dir.appendingPathComponent("health-cache.json")
        try Data(v1.utf8).write(to: url)
        let repo = repository()
        try repo.storeLiveTotals(steps: [DailyTotal(day: today, value: 3500)], energy: [DailyTotal(day: today, value: 130)], now: now)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        XCTAssertEqual(json?["schemaVersion"] as? Int, 2)
        let s = try XCTUnwrap(repo.cached(from: today.adding(days: -1), through: today).snapshot)
        XCTAssertEqual(s.steps.map(\.value), [8412, 3500], "the old day kept, today updated")
    }

    func testATooNewOrDamagedCacheIsSetAsideNotFatal() throws {
        let table: [(String, String)] = [
            (#"{"schemaVersion": 3, "data": {"types": {}}}"#, "schema version 3"),
            (#"{"schemaVersion": 1, "data": {"types": 5}}"#, "could not be converted"),
            (#"{"schemaVersion": 0, "data": {"types": {}}}"#, "schema version 0"),
            ("{ cut off", "not valid JSON"),
        ]
        for (contents, reason) in table {
            let url = dir.appendingPathComponent("health-cache.json")
            try Data(contents.utf8).write(to: url)
            let (snapshot, notice) = repository().cached(from: today, through: today)
            XCTAssertNil(snapshot, contents)
            XCTAssertTrue(notice?.contains(reason) ?? false, "\(contents): \(notice ?? "nil")")
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), contents)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".corrupt-") }.count, table.count,
                       "every bad file is kept aside")
    }

    func testRefreshCachesEveryTypeAndSleep() async throws {
        let repo = repository()
        let first = today.adding(days: -6)
        let fresh = try await repo.refresh(from: first, through: today, now: now,
                                           also: [.appleExerciseTime, .restingHeartRate, .heartRateVariabilitySDNN], sleep: true)
        XCTAssertEqual(Set(fresh.snapshot.series.keys), Set(QuantityType.allCases))
        XCTAssertEqual(fresh.snapshot.sleep?.count, 7)
        let cached = try XCTUnwrap(repo.cached(from: first, through: today).snapshot)
        XCTAssertEqual(cached.series, fresh.snapshot.series.mapValues { $0.map { DailyTotal(day: $0.day, value: $0.value) } })
        XCTAssertEqual(cached.sleep, fresh.snapshot.sleep)
        // A refresh without the extras leaves what they cached.
        _ = try await repo.refresh(from: first, through: today, now: now)
        XCTAssertEqual(repo.cached(from: first, through: today).snapshot?.sleep, fresh.snapshot.sleep)
    }

    func testDeniedExtrasAreLeftOutOfTheSnapshot() async throws {
        let t = now
        let provider = MockHealthProvider(scenario: .normal, seed: 9, authorization: [.stepCount: .authorized, .activeEnergyBurned: .authorized],
                                          now: { t }, sleeper: { _ in })
        let repo = HealthRepository(provider: provider, cacheURL: dir.appendingPathComponent("c.json"), calendar: cal)
        let fresh = try await repo.refresh(from: today, through: today, now: now, also: [.restingHeartRate], sleep: true)
        XCTAssertEqual(Set(fresh.snapshot.series.keys), [.stepCount, .activeEnergyBurned])
        XCTAssertNil(fresh.snapshot.sleep)
    }

    func testImplausibleCachedNumbersAreLeftOut() throws {
        var data = HealthCacheData()
        data.types["stepCount"] = .init(fetchedAt: now, days: ["2026-11-20": 1e300, "2026-11-21": -5, "2026-11-22": 9.223372036854775808e18,
                                                               "2026-11-19": 7000])
        data.types["somethingNew"] = .init(fetchedAt: now, days: ["2026-11-22": 1])
        let totals = data.totals(.stepCount, from: today.adding(days: -3), through: today, calendar: cal)
        XCTAssertEqual(totals.map(\.value), [7000])
        XCTAssertEqual(data.quantityTypes, [.stepCount], "unknown names are kept but not read")
    }

    func testSnapshotKeepsTheStepsAndEnergyViews() {
        var s = HealthSnapshot(steps: [DailyTotal(day: today, value: 5)], energy: nil, fetchedAt: now, isFromCache: false)
        XCTAssertNil(s.energy)
        XCTAssertEqual(s.totals(.stepCount)?.count, 1)
        s.energy = [DailyTotal(day: today, value: 7)]
        XCTAssertEqual(s.value(.activeEnergyBurned, on: today), 7)
        XCTAssertFalse(s.isEmpty)
        XCTAssertTrue(HealthSnapshot(series: [:], sleep: [], fetchedAt: now, isFromCache: true).isEmpty)
    }
}
