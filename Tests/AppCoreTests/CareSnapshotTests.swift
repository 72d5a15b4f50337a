import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// Golden frames of every Care screen at 80×24 and 120×40 in both themes, and
/// every screen drawn at the small sizes without a crash or a lost line.
@MainActor
final class CareSnapshotTests: XCTestCase {
    /// Each state: its name, the provider scenario, and how to get there from the list.
    var states: [(String, String, (Driver) async -> Void)] {
        return [
            ("list", "available-now", { d in await d.press(.enter, .enter, .down, .enter, .enter) }),
            ("breathing-start", "never", { d in await d.press(.enter) }),
            ("breathing-mid-inhale", "never", { d in await d.press(.enter); await CareHarness.advance(d, 2, step: 0.25) }),
            ("breathing-full", "never", { d in await d.press(.enter); await CareHarness.advance(d, 4, step: 0.25) }),
            ("breathing-mid-exhale", "never", { d in await d.press(.enter); await CareHarness.advance(d, 7, step: 0.25) }),
            ("prompt", "after-delay:15", { d in await d.press(.enter); await CareHarness.advance(d, 16, step: 0.25) }),
            ("waiting", "never", { d in await d.press(.enter); await CareHarness.advance(d, 31, step: 0.5); await d.advance(42) }),
            ("waiting-mood", "never", { d in await d.press(.enter); await CareHarness.advance(d, 31, step: 0.5); await d.press(.char("m"), .down) }),
            ("session", "available-now", { d in await d.press(.enter); await d.advance(185) }),
            ("mood", "available-now", { d in await d.press(.enter, .enter, .down) }),
            ("completed", "available-now", { d in await d.press(.enter, .enter, .down, .enter) }),
            ("quit", "never", { d in await d.press(.enter); await CareHarness.advance(d, 3, step: 0.5); await d.press(.escape) }),
        ]
    }

    func testGoldenFramesAt80x24And120x40InBothThemes() async throws {
        for (name, provider, steps) in states {
            for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
                for theme in ["dark", "light"] {
                    let d = try await CareHarness.driver(provider: provider, size: size, theme: theme)
                    await steps(d)
                    d.model.shared.toast = nil
                    assertSnapshot(d.renderContent(), named: "care-\(name)-\(size.width)x\(size.height)-\(theme)")
                    d.cleanUp()
                }
            }
        }
    }

    func testEveryScreenFitsFrom48x16Up() async throws {
        for (name, provider, steps) in states {
            for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40)] {
                let d = try await CareHarness.driver(provider: provider, size: size)
                await steps(d)
                let lines = d.render().lines
                XCTAssertEqual(lines.count, size.height, name)
                XCTAssertTrue(lines[0].contains("Care"), "\(name) \(size): the tab bar stays: \(lines[0])")
                XCTAssertFalse(lines.last!.trimmingCharacters(in: CharacterSet.whitespaces).isEmpty, "\(name) \(size): the footer stays")
                d.cleanUp()
            }
        }
    }

    func testProblemsDialogAndAsciiList() async throws {
        let d = try await CareHarness.driver(size: Size(width: 80, height: 24))
        defer { d.cleanUp() }
        await d.press(Key.char("p"))
        assertSnapshot(d.renderContent(), named: "care-problems-80x24-dark")
    }
}

