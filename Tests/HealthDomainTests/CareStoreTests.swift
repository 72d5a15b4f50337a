import XCTest
@testable import HealthDomain
@testable import Platform

final class CareStoreTests: XCTestCase {
    var dir: URL!
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-care-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testCompletionsPersistPrivatelyAndOnce() throws {
        let paths = AppPaths.resolve(environment: [:], dataDirOverride: dir.path)
        let url = paths.careCompletionsFile
        let store = CareCompletionStore(url: url, now: t0)
        XCTAssertNil(store.record(CareCompletion(taskID: "2026-01-15#1", completedAt: t0, mood: "Calm"), now: t0))
        XCTAssertNil(store.record(CareCompletion(taskID: "2026-01-15#1", completedAt: t0 + 60, mood: "Tired"), now: t0))
        let reopened = CareCompletionStore(url: url, now: t0)
        XCTAssertEqual(reopened.completions, [CareCompletion(taskID: "2026-01-15#1", completedAt: t0, mood: "Calm")])
        XCTAssertEqual(reopened.byTaskID["2026-01-15#1"]?.mood, "Calm")
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o600)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains("\"schemaVersion\":1"), text)
    }

    func testDamagedFileIsSetAsideNotLost() throws {
        let url = dir.appendingPathComponent("care-completions.json")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data("{\"schemaVersion\":1,\"data\":[{\"taskID\":".utf8).write(to: url)
        let store = CareCompletionStore(url: url, now: t0)
        XCTAssertEqual(store.completions, [])
        XCTAssertTrue(store.loadNotice?.contains("not valid JSON") ?? false)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertTrue(names.contains { $0.hasPrefix("care-completions.json.corrupt-") }, "\(names)")
    }
}
