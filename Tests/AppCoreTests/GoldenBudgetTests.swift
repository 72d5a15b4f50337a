import Foundation
import XCTest
@testable import AppCore
import HealthDomain

/// The goldens scale with the change: a feature's goldens hold its content
/// area only, so the shell's words (tab names) live in a handful of files,
/// and all goldens together stay small.
final class GoldenBudgetTests: XCTestCase {
    static let dirs = ["AppCoreTests", "DesignSystemTests"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../\($0)/__Snapshots__").standardized
    }

    func goldens() throws -> [URL] {
        try Self.dirs.flatMap { dir in
            try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "txt" && !$0.lastPathComponent.hasSuffix(".failed.txt") }
        }
    }

    func testAllGoldensTogetherAreUnderTwoMegabytes() throws {
        let bytes = try goldens().reduce(0) { $0 + (try Data(contentsOf: $1)).count }
        XCTAssertLessThan(bytes, 2_000_000, "\(bytes) bytes of goldens")
    }

    /// Renaming a tab touches only the goldens that show the tab bar (or list the tabs): at most 10.
    func testTabNamesLiveInAtMostTenGoldens() throws {
        let strings = Strings(language: "en")
        let names = FeatureRegistry.tabs.enumerated().map { "\($0.offset + 1) \(strings("route.\($0.element.id)"))" }
        let holding = try goldens().filter { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            return names.contains { text.contains($0) }
        }
        XCTAssertLessThanOrEqual(holding.count, 10, holding.map(\.lastPathComponent).joined(separator: ", "))
        XCTAssertGreaterThan(holding.count, 0, "the shell's own goldens show the tabs")
    }
}
