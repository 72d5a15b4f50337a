import XCTest
@testable import AppCore
import TerminalUI

/// The run loop presents the frame of the keys it handled before it carries out their
/// effects (work started, writes queued, a bell), so the frame never waits for them.
@MainActor
final class EffectOrderTests: XCTestCase {
    final class RecordingTerminal: TerminalDevice {
        var size = Size(width: 80, height: 24)
        var log: [String] = []
        func present(_ buffer: Buffer) { log.append("frame") }
        func waitForEvents(timeout: Double?) -> [TerminalEvent] { [.keys([.char("q")])] }
        func bell() { log.append("haptic") }
        func flashScreen() { log.append("haptic") }
        func suspend() {}
    }

    func testAKeysFrameIsPresentedBeforeItsEffectsRun() async {
        let onboarded = Driver()
        defer { onboarded.cleanUp() }
        await onboarded.onboard()
        let d = onboarded.relaunch()
        let terminal = RecordingTerminal()
        let runtime = AppRuntime(env: d.env, device: terminal, wake: {})
        // The runtime's launch work (its reads write the cache and take the lock) done and its writes on
        // disk before the folder goes: landing after, they made the folder again (one left per run).
        defer { d.cleanUp() }
        defer { d.env.storage.flush() }
        XCTAssertEqual(runtime.model.route, .today)

        runtime.step([.keys([.char("g")])]) // a simulated goal: a celebration and its haptic
        XCTAssertEqual(terminal.log, ["frame", "haptic"])

        terminal.log = []
        runtime.step([.keys([.char("g"), .char("g")])])
        XCTAssertEqual(terminal.log, ["frame", "haptic", "haptic"], "one frame for the batch, then each key's effects in order")
        await eventually("the launch work finished") { runtime.runningWorkCount == 0 }
    }
}
