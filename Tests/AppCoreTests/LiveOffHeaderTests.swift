import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// With live updates off, the header says so instead of an old "Last sync · N updates".
@MainActor
final class LiveOffHeaderTests: XCTestCase {
    let source = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)

    /// The header's row and the one under it (where the status goes when the tabs fill the top row).
    func header(_ d: Driver) -> String { d.screenText.components(separatedBy: "\n").prefix(2).joined(separator: "\n") }

    func testTurningLiveOffInSettingsReplacesTheSyncLine() async {
        let d = Driver(size: Size(width: 120, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        let t = d.clock.now.addingTimeInterval(-5)
        await d.receiveLive([QuantitySample(id: "a", type: .stepCount, value: 30, start: t, end: t.addingTimeInterval(5), source: source)])
        XCTAssertTrue(header(d).contains("Last sync") || header(d).contains("Synced"), header(d))
        d.model.shared.settings.liveUpdates = false
        XCTAssertTrue(header(d).contains("Live updates off") || header(d).contains("Live off"), header(d))
        XCTAssertFalse(header(d).contains("Synced") || header(d).contains("Last sync"), header(d))
    }

    func testNoLiveFlagSaysLiveUpdatesAreOff() async {
        let d = Driver(size: Size(width: 120, height: 30), options: { $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertTrue(header(d).contains("Live updates off") || header(d).contains("Live off"), header(d))
        XCTAssertEqual(d.model.today.status(d.model.shared, d.ctx)?.texts.first, "Live updates off · Updated 15:30")
    }
}
