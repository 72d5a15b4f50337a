import XCTest
import Foundation
@testable import Platform

final class ProcessEnvironmentTests: XCTestCase {
    /// The same variables Foundation reads (a second implementation of the same reading).
    func testReadsWhatFoundationReads() {
        XCTAssertEqual(ProcessEnvironment.variables(), ProcessInfo.processInfo.environment)
    }

    func testSeesChangesMadeWithSetenvAndUnsetenv() {
        let name = "TMM_TUI_ENV_TEST_\(getpid())"
        setenv(name, "a=b=c ü", 1)
        XCTAssertEqual(ProcessEnvironment.variables()[name], "a=b=c ü", "split at the first '=' only")
        setenv(name, "", 1)
        XCTAssertEqual(ProcessEnvironment.variables()[name], "", "an empty value is a value")
        unsetenv(name)
        XCTAssertNil(ProcessEnvironment.variables()[name])
    }
}
