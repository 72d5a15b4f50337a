import XCTest
@testable import HealthDomain
@testable import Platform

final class StorageTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-storage-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func meal(_ name: String) -> Meal {
        Meal(time: Date(timeIntervalSince1970: 1_800_000_000), name: name, calories: 300, protein: 10, carbs: 40, fat: 8)
    }

    func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as! NSNumber).intValue
    }

    func testRoundTripAndPrivatePermissions() throws {
        let url = dir.appendingPathComponent("nested/meals.json")
        let store = RecordStore(file: VersionedFile<[Meal]>(url: url, schemaVersion: 1), empty: [])
        XCTAssertNil(store.update { $0.append(self.meal("Oats")) })
        let reopened = RecordStore(file: VersionedFile<[Meal]>(url: url, schemaVersion: 1), empty: [])
        XCTAssertEqual(reopened.value.map(\.name), ["Oats"])
        XCTAssertNil(reopened.loadNotice)
        XCTAssertEqual(try mode(url), 0o600)
        XCTAssertEqual(try mode(url.deletingLastPathComponent()), 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(leftovers, [], "no temp files left behind")
    }

    func assertQuarantined(_ contents: Data, reasonContains: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = dir.appendingPathComponent("meals.json")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try contents.write(to: url)
        let store = RecordStore(file: VersionedFile<[Meal]>(url: url, schemaVersion: 1), empty: [])
        XCTAssertEqual(store.value, [], file: file, line: line)
        let notice = try XCTUnwrap(store.loadNotice, file: file, line: line)
        XCTAssertTrue(notice.contains(reasonContains), notice, file: file, line: line)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        let aside = try XCTUnwrap(names.first { $0.hasPrefix("meals.json.corrupt-") }, file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(aside)), contents, "the original bytes are kept", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), file: file, line: line)
        // And the store works again afterwards.
        XCTAssertNil(store.update { $0.append(self.meal("Toast")) }, file: file, line: line)
    }

    func testCorruptFileIsMovedAside() throws {
        try assertQuarantined(Data("{ not json".utf8), reasonContains: "not valid JSON")
    }

    func testTruncatedFileIsMovedAside() throws {
        let url = dir.appendingPathComponent("full.json")
        try VersionedFile<[Meal]>(url: url, schemaVersion: 1).save([meal("A"), meal("B")])
        let full = try Data(contentsOf: url)
        try assertQuarantined(full.prefix(full.count / 2), reasonContains: "not valid JSON")
    }

    func testEmptyFileIsMovedAside() throws {
        try assertQuarantined(Data(), reasonContains: "empty")
    }

    func testUnknownSchemaVersionIsMovedAside() throws {
        try assertQuarantined(Data(#"{"schemaVersion": 99, "data": []}"#.utf8), reasonContains: "schema version 99")
    }

    func testWrongShapeIsMovedAside() throws {
        try assertQuarantined(Data(#"{"schemaVersion": 1, "data": {"x": 1}}"#.utf8), reasonContains: "do not match")
    }

    func testTooLargeFileIsMovedAside() throws {
        let url = dir.appendingPathComponent("meals.json")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(repeating: 0x20, count: 2048).write(to: url)
        let store = RecordStore(file: VersionedFile<[Meal]>(url: url, schemaVersion: 1, maxBytes: 1024), empty: [])
        XCTAssertTrue(store.loadNotice?.contains("too large") ?? false)
    }

    func testFailedWriteIsReportedAndMemoryStaysIntact() throws {
        // A regular file where the directory should be makes every write fail, even as root.
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let blocker = dir.appendingPathComponent("blocked")
        try Data("x".utf8).write(to: blocker)
        let store = RecordStore(file: VersionedFile<[Meal]>(url: blocker.appendingPathComponent("meals.json"), schemaVersion: 1), empty: [meal("Kept")])
        let error = store.update { $0.append(self.meal("New")) }
        XCTAssertNotNil(error)
        XCTAssertTrue(error!.message.contains("not a directory"), error!.message)
        XCTAssertEqual(store.value.map(\.name), ["Kept"], "unchanged in memory: the caller keeps the form")
    }

    func testReadOnlyDirectoryIsReportedWhenNotRoot() throws {
        try XCTSkipIf(geteuid() == 0, "root ignores directory permissions; covered by the blocked-path test")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        chmod(dir.path, 0o500)
        defer { chmod(dir.path, 0o700) }
        let store = RecordStore(file: VersionedFile<[Meal]>(url: dir.appendingPathComponent("meals.json"), schemaVersion: 1), empty: [])
        XCTAssertNotNil(store.update { $0.append(self.meal("x")) })
        XCTAssertEqual(store.value, [])
    }

    func testUnreadableFileIsProtectedFromBeingOverwritten() throws {
        // A directory in the file's place cannot be read as a file; it is moved aside.
        // An unreadable file that cannot be moved is left alone and writes are refused.
        let url = dir.appendingPathComponent("meals.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let store = RecordStore(file: VersionedFile<[Meal]>(url: url, schemaVersion: 1), empty: [])
        XCTAssertTrue(store.loadNotice?.contains("directory") ?? false)
    }

    func testAFileWithoutReadPermissionIsProtectedFromBeingOverwritten() throws {
        try XCTSkipIf(geteuid() == 0, "root reads any file whatever its mode; ReliabilityTests covers this as an unprivileged user (setpriv)")
        let locked = dir.appendingPathComponent("locked.json")
        try Data("[]".utf8).write(to: locked)
        chmod(locked.path, 0)
        defer { chmod(locked.path, 0o600) }
        let s = RecordStore(file: VersionedFile<[Meal]>(url: locked, schemaVersion: 1), empty: [])
        XCTAssertTrue(s.isProtected)
        XCTAssertNotNil(s.update { $0.append(self.meal("x")) })
    }

    func testSettingsDecodeWithMissingKeys() throws {
        let url = dir.appendingPathComponent("settings.json")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion": 1, "data": {"stepGoal": 8000}}"#.utf8).write(to: url)
        let s = RecordStore(file: VersionedFile<Settings>(url: url, schemaVersion: 1), empty: Settings())
        XCTAssertEqual(s.value.stepGoal, 8000)
        XCTAssertEqual(s.value.energyGoal, 500)
        XCTAssertFalse(s.value.onboardingCompleted)
    }

    func testXDGPaths() {
        let p = AppPaths.resolve(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "relative/ignored"])
        XCTAssertEqual(p.configDirectory.path, "/cfg/tmm-tui")
        XCTAssertEqual(p.dataDirectory.path, "/home/u/.local/share/tmm-tui")
        XCTAssertEqual(p.cacheDirectory.path, "/home/u/.cache/tmm-tui")
        let d = AppPaths.resolve(environment: [:], dataDirOverride: "/tmp/x")
        XCTAssertEqual(d.mealsFile.path, "/tmp/x/data/meals.json")
        XCTAssertEqual(d.healthCacheFile.path, "/tmp/x/cache/health-cache.json")
    }

    func testRepositoryCachesWhatItFetched() async throws {
        let cal = LocalCalendar(zoneNamed: "UTC")!
        let today = DayKey(year: 2026, month: 11, day: 22)
        let now = today.startDate(in: cal).addingTimeInterval(15 * 3600)
        let provider = MockHealthProvider(scenario: .normal, seed: 9, authorization: [.stepCount: .authorized, .activeEnergyBurned: .authorized],
                                          now: { now }, sleeper: { _ in })
        let repo = HealthRepository(provider: provider, cacheURL: dir.appendingPathComponent("cache.json"), calendar: cal)
        let first = today.adding(days: -6)
        XCTAssertNil(repo.cached(from: first, through: today).snapshot)
        let fresh = try await repo.refresh(from: first, through: today, now: now)
        XCTAssertNil(fresh.saveError)
        let cached = try XCTUnwrap(repo.cached(from: first, through: today).snapshot)
        XCTAssertTrue(cached.isFromCache)
        XCTAssertEqual(cached.steps.map(\.value), fresh.snapshot.steps.map(\.value))
        XCTAssertEqual(cached.energy?.map(\.value), fresh.snapshot.energy?.map(\.value))
    }
}
