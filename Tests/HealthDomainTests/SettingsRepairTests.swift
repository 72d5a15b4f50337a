import XCTest
@testable import HealthDomain
@testable import Platform

final class SettingsRepairTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Opens a settings.json holding the other settings plus `field: value` (raw JSON) in place of its usual value.
    func open(_ field: String, _ value: String) throws -> RecordStore<Settings> {
        let url = dir.appendingPathComponent("settings.json")
        var fields = [("onboardingCompleted", "true"), ("theme", #""light""#), ("energyGoal", "650"), ("stepGoal", "9000"),
                      ("celebratedDays", #"["2026-11-20"]"#), ("authorization", #"{"stepCount": "authorized"}"#)].filter { $0.0 != field }
        fields.append((field, value))
        let json = #"{"schemaVersion": 1, "data": {"# + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}"
        try Data(json.utf8).write(to: url)
        return RecordStore(file: VersionedFile<Settings>(url: url, schemaVersion: StoreSchemas.settings), empty: Settings())
    }

    func testABadGoalResetsOnlyThatFieldWithANotice() throws {
        let table: [(field: String, raw: String, expected: Int, says: String)] = [
            ("stepGoal", "1e300", 50_000, "outside 1000–50000"),
            ("stepGoal", "-5", 1_000, "outside 1000–50000"),
            ("stepGoal", #""abc""#, 10_000, "not a number"),
            ("stepGoal", "9223372036854775807", 50_000, "outside"),
            ("stepGoal", "null", 10_000, "not a number"),
            ("stepGoal", "12000.6", 12_001, "not a whole number"),
            ("energyGoal", "1e300", 3_000, "outside 50–3000"),
            ("energyGoal", "-5", 50, "outside 50–3000"),
            ("energyGoal", #""abc""#, 500, "not a number"),
            ("energyGoal", "9223372036854775807", 3_000, "outside"),
        ]
        for row in table {
            let store = try open(row.field, row.raw)
            let s = store.value
            let goal = row.field == "stepGoal" ? s.stepGoal : s.energyGoal
            XCTAssertEqual(goal, row.expected, "\(row.field) = \(row.raw)")
            if row.field == "stepGoal" { XCTAssertEqual(s.energyGoal, 650, row.raw) } else { XCTAssertEqual(s.stepGoal, 9000, row.raw) }
            XCTAssertTrue(s.onboardingCompleted, "the user is not sent back to onboarding (\(row.raw))")
            XCTAssertEqual(s.theme, "light")
            XCTAssertEqual(s.celebratedDays, ["2026-11-20"])
            XCTAssertEqual(s.authorization, ["stepCount": .authorized])
            let notice = try XCTUnwrap(store.loadNotice, "\(row.field) = \(row.raw)")
            XCTAssertTrue(notice.contains(row.field) && notice.contains(row.says), notice)
            XCTAssertTrue(notice.hasPrefix("settings.json: "), notice)
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("settings.json").path), "not moved aside")
        }
    }

    func testGoodValuesGiveNoNotice() throws {
        let store = try open("limitedMode", "true")
        XCTAssertNil(store.loadNotice)
        XCTAssertEqual(store.value.stepGoal, 9000)
        XCTAssertTrue(store.value.limitedMode)
    }

    func testOtherBadFieldsResetAlone() throws {
        let bool = try open("limitedMode", #""yes""#)
        XCTAssertFalse(bool.value.limitedMode)
        XCTAssertTrue(bool.loadNotice?.contains("limitedMode") ?? false)
        XCTAssertEqual(bool.value.stepGoal, 9000)

        let url = dir.appendingPathComponent("settings.json")
        try Data(#"{"schemaVersion": 1, "data": {"stepGoal": 8000, "authorization": {"stepCount": "authorized", "activeEnergyBurned": "maybe"}}}"#.utf8)
            .write(to: url)
        let auth = RecordStore(file: VersionedFile<Settings>(url: url, schemaVersion: 1), empty: Settings())
        XCTAssertEqual(auth.value.authorization, ["stepCount": .authorized])
        XCTAssertTrue(auth.loadNotice?.contains("activeEnergyBurned") ?? false)
    }

    func testARepairedFileSavesCleanAndRepairsAreNotSaved() throws {
        let store = try open("stepGoal", "1e300")
        XCTAssertNil(store.update { $0.energyGoal = 700 })
        let reopened = RecordStore(file: VersionedFile<Settings>(url: dir.appendingPathComponent("settings.json"), schemaVersion: 1), empty: Settings())
        XCTAssertNil(reopened.loadNotice)
        XCTAssertEqual(reopened.value.stepGoal, 50_000)
        XCTAssertEqual(reopened.value.energyGoal, 700)
        XCTAssertEqual(reopened.value, store.value, "repairs do not take part in ==")
    }

    func testSaturatingIntNeverTraps() {
        let table: [(Double, Int)] = [(1e300, .max), (-1e300, .min), (.nan, 0), (.infinity, .max), (-.infinity, .min),
                                      (9_223_372_036_854_775_807.0, .max), (-9_223_372_036_854_775_808.0, .min), (42.9, 42), (-42.9, -42)]
        for (x, expected) in table { XCTAssertEqual(Int(saturating: x), expected, "\(x)") }
    }

    func testNumberFormattingOfHugeOrBrokenValues() {
        let en = FormatLocale(identifier: "en_US")
        XCTAssertEqual(LocaleNumber.format(1e300, locale: en, maxDecimals: 1).count, 301)
        XCTAssertEqual(LocaleNumber.format(.nan, locale: en, maxDecimals: 1), "")
        XCTAssertEqual(LocaleNumber.format(25.5, locale: en, maxDecimals: 1), "25.5")
        XCTAssertEqual(LocaleNumber.format(25, locale: en, maxDecimals: 1), "25")
    }
}
