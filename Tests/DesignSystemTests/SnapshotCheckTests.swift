import Foundation
import SnapshotTesting
import XCTest

final class SnapshotCheckTests: XCTestCase {
    func testAMissingGoldenFailsAndIsNotRecorded() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snapcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let failure = SnapshotCheck.check("hello", named: "screen", in: dir, record: false)
        XCTAssertNotNil(failure)
        XCTAssertTrue(failure?.contains("no golden file screen.txt") == true, failure ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("screen.txt").path), "never recorded silently")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("screen.failed.txt"), encoding: .utf8), "hello")
    }

    func testRecordingWritesAndThenMatches() {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snapcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertNil(SnapshotCheck.check("a\nb", named: "s", in: dir, record: true))
        XCTAssertNil(SnapshotCheck.check("a\nb", named: "s", in: dir, record: false))
        let diff = SnapshotCheck.check("a\nc", named: "s", in: dir, record: false)
        XCTAssertTrue(diff?.contains("line 2") == true, diff ?? "")
    }
}
