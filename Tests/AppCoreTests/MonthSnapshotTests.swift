import XCTest
@testable import AppCore
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// The Month screen's states as text plus style runs: 80×24 and 120×40, dark
/// and light, in English; French and the long pseudo-locale at 80×24.
/// RECORD_SNAPSHOTS=1 re-records after an intended change.
@MainActor
final class MonthSnapshotTests: XCTestCase {
    static let english = Driver.utcEnvironment
    static let french = ["TZ": "UTC", "LANG": "fr_FR.UTF-8", "HOME": "/nonexistent"]
    static let long = ["TZ": "UTC", "LANG": "en_XA.UTF-8", "HOME": "/nonexistent"]

    func check(_ name: String, scenario: Scenario = .normal, sizes: [Size] = ScreenSnapshotTests.sizes, themes: [String] = ScreenSnapshotTests.themes,
               environment: [String: String] = MonthSnapshotTests.english, _ setUp: (Driver) async -> Void) async {
        for size in sizes {
            for theme in themes {
                let d = Driver(scenario: scenario, size: size, theme: theme, environment: environment)
                await d.onboard()
                await d.press(.char("3"))
                await setUp(d)
                d.model.shared.toast = nil
                assertSnapshot(d.renderContent(), named: "\(name)-\(size.width)x\(size.height)-\(theme)")
                d.cleanUp()
            }
        }
    }

    static let states: [(String, Scenario, (Driver) async -> Void)] = [
        ("month", .normal, { _ in }),
        ("month-no-data", .empty, { _ in }),
        ("month-scrolled-badges", .normal, { d in await d.press(.tab); for _ in 0..<9 { await d.press(.right) } }),
        ("month-achievement-detail", .normal, { d in await d.press(.tab, .right, .right, .enter) }),
    ]

    func testEnglish() async {
        for (name, scenario, setUp) in Self.states { await check(name, scenario: scenario, setUp) }
    }

    func testFrench() async {
        for (name, scenario, setUp) in Self.states {
            await check(name + "-fr", scenario: scenario, sizes: [Size(width: 80, height: 24)], environment: Self.french, setUp)
        }
    }

    func testTheLongPseudoLocaleFitsAt80x24() async {
        for (name, scenario, setUp) in Self.states {
            await check(name + "-xa", scenario: scenario, sizes: [Size(width: 80, height: 24)], themes: ["dark"], environment: Self.long, setUp)
        }
    }

    func testEverySizeFromTheMinimumRendersWithoutTrapping() async {
        for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 200, height: 60)] {
            let d = Driver(size: size)
            await d.onboard()
            await d.press(.char("3"))
            for key: Key in [.down, .pageDown, .tab, .right, .enter, .left, .escape, .char("["), .pageUp] {
                await d.press(key)
                let lines = d.render().lines
                XCTAssertEqual(lines.count, size.height)
            }
            d.cleanUp()
        }
    }
}
