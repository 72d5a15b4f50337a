import XCTest
@testable import AppCore
@testable import HealthDomain

/// Flags that used to be read as something else are refused with a usage error.
final class StrictFlagsTests: XCTestCase {
    func usageError(_ args: [String]) -> String? {
        if case .failure(let e) = CommandLineParser.parse(args, environment: [:]) { return e.message }
        return nil
    }

    func testADayTheMonthDoesNotHaveIsRefused() {
        XCTAssertNotNil(usageError(["stats", "--now", "2026-02-30T10:00:00Z"]), "February 30 is not March 2")
        XCTAssertNotNil(usageError(["stats", "--now", "2026-04-31T10:00:00Z"]))
        XCTAssertNotNil(usageError(["stats", "--now", "2026-13-01T10:00:00Z"]))
        XCTAssertNotNil(usageError(["stats", "--now", "2025-02-29T10:00:00Z"]), "2025 is not a leap year")
        XCTAssertNil(usageError(["stats", "--now", "2028-02-29T10:00:00Z"]), "2028 is")
        XCTAssertNil(usageError(["stats", "--now", "2026-01-31T23:59:59Z"]))
    }

    func testProviderDelaysAreDecimalSeconds() {
        XCTAssertNotNil(usageError(["--provider", "after-delay:0x10"]))
        XCTAssertNotNil(usageError(["--provider", "after-delay:1e3"]))
        XCTAssertNotNil(usageError(["--provider", "after-delay:"]))
        XCTAssertNil(usageError(["--provider", "after-delay:16"]))
        XCTAssertNil(usageError(["--provider", "after-delay:2.5"]))
        XCTAssertEqual(PresenceScenario(name: "after-delay:16"), .onlineAfterDelay(16))
    }

    func testAllWithDaysIsAContradiction() {
        XCTAssertNotNil(usageError(["stats", "--all", "--days", "7"]))
        XCTAssertNotNil(usageError(["stats", "--days", "7", "--all"]))
        XCTAssertNil(usageError(["stats", "--all"]))
    }
}
