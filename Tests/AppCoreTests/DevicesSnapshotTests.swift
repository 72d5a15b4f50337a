import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// Every Devices state at 80×24 and 120×40 in dark and light (and the smallest
/// size in dark), as text plus style runs.
@MainActor
final class DevicesSnapshotTests: XCTestCase {
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    func check(_ name: String, wearable: String = "success", smallest: Bool = true, _ setUp: (Driver) async -> Void) async {
        var runs = Self.sizes.flatMap { size in ["dark", "light"].map { (size, $0) } }
        if smallest { runs.append((Size(width: 48, height: 16), "dark")) }
        for (size, theme) in runs {
            let d = Driver(wearable: wearable, size: size, theme: theme)
            await d.openDevices()
            await setUp(d)
            d.model.shared.toast = nil
            assertSnapshot(d.renderContent(), named: "devices-\(name)-\(size.width)x\(size.height)-\(theme)")
            d.cleanUp()
        }
    }

    func testEveryState() async {
        await check("new") { _ in }
        await check("connecting") { d in
            _ = d.hold(.key(.enter))
            d.clock.advance(1.4)
        }
        await check("fetching") { d in
            _ = await d.finishWork(d.hold(.key(.enter)))
            d.clock.advance(0.2)
        }
        await check("synced") { d in await d.press(.enter) }
        await check("failed", wearable: "out-of-range") { d in await d.press(.enter) }
        await check("bad-payload", wearable: "bad-payload", smallest: false) { d in await d.press(.enter) }
        await check("timed-out", wearable: "hang", smallest: false) { d in
            _ = d.hold(.key(.enter))
            await d.advance(10)
        }
        await check("last-sync") { d in
            await d.press(.enter)
            let again = d.relaunch()
            again.clock.advance(3 * 3600)
            await again.launch()
            await again.press(Driver.tabKey(.devices))
            d.model = again.model
            d.clock.advance(3 * 3600)
        }
        await check("failed-keeps-last-sync", wearable: "success") { d in
            await d.press(.enter)
            d.clock.advance(600)
            _ = d.hold(.key(.enter))
            await d.send(.message(.feature(.devices), DevicesViewModel.WorkResult(event: .failed(.pairingRefused, attempt: 2, at: d.clock.now))))
        }
    }
}
