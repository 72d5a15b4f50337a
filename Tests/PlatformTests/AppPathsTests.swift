import XCTest
import Foundation
@testable import Platform

final class AppPathsTests: XCTestCase {
    func testPathsAreTheSameWhetherOrNotTheyExist() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-paths-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = AppPaths.resolve(environment: [:], dataDirOverride: root)
        for dir in ["cache", "data", "config/themes", "config/settings.json"] {
            try FileManager.default.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        }
        let after = AppPaths.resolve(environment: [:], dataDirOverride: root)
        XCTAssertEqual(before, after, "a path does not change with what is on disk")
        XCTAssertEqual(after.settingsFile, before.settingsFile, "a folder where settings.json should be is still named as the file")
        XCTAssertEqual(after.settingsFile.path, root + "/config/settings.json")
        XCTAssertEqual(after.themesDirectory.path, root + "/config/themes")
        XCTAssertEqual(after.samplesFile.path, root + "/data/live-samples.json")
    }
}
