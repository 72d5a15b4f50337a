import Foundation
@testable import SnapshotTesting
import TerminalUI
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

    /// Two themes of one screen: one file, the text once, each theme's styles run-length encoded.
    func testThemesOfAScreenShareOneGoldenWithTheTextOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("snapcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        func screen(_ fg: RGB) -> Buffer {
            var b = Buffer(size: Size(width: 6, height: 2))
            b.write("Hi", x: 1, y: 0, style: Style(fg: fg))
            return b
        }
        let dark = screen(RGB(255, 255, 255)), light = screen(RGB(0, 0, 0))
        XCTAssertNotNil(ThemedGolden.check(dark, theme: "dark", base: "s-6x2", in: dir, record: false), "missing must fail")
        XCTAssertNil(ThemedGolden.check(dark, theme: "dark", base: "s-6x2", in: dir, record: true))
        XCTAssertNil(ThemedGolden.check(light, theme: "light", base: "s-6x2", in: dir, record: true))
        let file = try String(contentsOf: dir.appendingPathComponent("s-6x2.txt"), encoding: .utf8)
        XCTAssertEqual(file, """
        size 6x2
        --- text
        | Hi   |
        |      |
        --- styles dark
        1A2B3A
        6A
        --- legend dark
        A fg=default bg=default
        B fg=#ffffff bg=default
        --- styles light
        1A2B3A
        6A
        --- legend light
        A fg=default bg=default
        B fg=#000000 bg=default

        """)
        XCTAssertNil(ThemedGolden.check(dark, theme: "dark", base: "s-6x2", in: dir, record: false))
        XCTAssertNil(ThemedGolden.check(light, theme: "light", base: "s-6x2", in: dir, record: false))
        let swapped = ThemedGolden.check(light, theme: "dark", base: "s-6x2", in: dir, record: false)
        XCTAssertTrue(swapped?.contains("differs") == true, swapped ?? "a changed colour must fail")
        XCTAssertNotNil(ThemedGolden.check(dark, theme: "dark", base: "other-6x2", in: dir, record: false), "a missing golden fails")
    }
}
