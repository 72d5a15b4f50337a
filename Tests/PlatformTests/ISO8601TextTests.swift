import XCTest
@testable import Platform

final class ISO8601TextTests: XCTestCase {
    let base = Date(timeIntervalSince1970: 1_795_361_400) // 2026-11-22T15:30:00Z

    func testTheUsualFormsAreRead() {
        XCTAssertEqual(ISO8601Text.date("2026-11-22T15:30:00Z"), base)
        XCTAssertEqual(ISO8601Text.date("2026-11-22T16:30:00+01:00"), base)
        XCTAssertEqual(ISO8601Text.date("  2026-11-22T15:30:00Z\n"), base, "white space around is ignored")
        XCTAssertEqual(ISO8601Text.date("2026-11-22T15:30:00.250Z")?.timeIntervalSince1970 ?? 0, base.timeIntervalSince1970 + 0.25, accuracy: 1e-6)
    }

    func testFractionsLongerThanNanosecondsAreCutNotRefused() throws {
        let long = try XCTUnwrap(ISO8601Text.date("2026-12-02T10:00:00.1234567890123Z"))
        let nine = try XCTUnwrap(ISO8601Text.date("2026-12-02T10:00:00.123456789Z"))
        XCTAssertEqual(long.timeIntervalSince1970, nine.timeIntervalSince1970, accuracy: 1e-6)
    }

    func testOutOfRangeFieldsAndGarbageAreRefused() {
        for text in ["2026-11-22T15:30:60Z", "2026-11-22T23:59:60Z", "2026-11-22T15:60:00Z", "2026-11-22", "garbage",
                     "2026-11-22T15:30Z", "2026-11-22T1:30:00Z", "", "T", "2026-11-22Tab:cd:efZ"] {
            XCTAssertNil(ISO8601Text.date(text), text)
        }
    }
}
