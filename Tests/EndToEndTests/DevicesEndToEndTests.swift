import Foundation
import XCTest

/// The Devices screen (issue 19): connecting the simulated wearable, failures
/// and retries, and the last sync remembered across launches.
final class DevicesEndToEndTests: ScreenFlowTestCase {
    /// Seed 8's first connection fails with "out of range" (`tmm-tui sync --seed 8`); seed 1's succeeds.
    static let failingFirstSeed = "8"
    static let succeedingSeed = "1"

    @discardableResult
    func openDevices(_ s: TmuxSession, file: StaticString = #filePath, line: UInt = #line) -> String {
        s.send("6")
        return s.waitFor("the Devices screen", file: file, line: line) { $0.contains("Pulse Band 2") && $0.contains("Enter Connect") }
    }

    /// Presses Enter and waits for the attempt to end; returns the screen and whether it synced.
    func attempt(_ s: TmuxSession, file: StaticString = #filePath, line: UInt = #line) -> (screen: String, synced: Bool) {
        s.send("Enter")
        s.waitFor(text: "Connecting", file: file, line: line)
        let end = s.waitFor("the attempt to end", timeout: 15, file: file, line: line) {
            $0.contains("✓ Synced") || $0.contains("Sync failed")
        }
        return (end, end.contains("✓ Synced"))
    }

    func testAFailedConnectionRetriedUntilItSyncsAndTheLastSyncIsShownOnRelaunch() throws {
        let s = try onboardedApp(["--seed", Self.failingFirstSeed])
        let first = openDevices(s)
        XCTAssertTrue(first.contains("Never synced"), first)

        let failed = attempt(s)
        XCTAssertFalse(failed.synced, "seed \(Self.failingFirstSeed) fails first:\n\(failed.screen)")
        XCTAssertTrue(failed.screen.contains("Your wearable is out of range."), failed.screen)
        XCTAssertTrue(failed.screen.contains("Enter Retry"), failed.screen)
        XCTAssertTrue(failed.screen.contains("Never synced"), "a failure is not a sync:\n\(failed.screen)")

        var result = failed
        for _ in 0..<4 where !result.synced { result = attempt(s) }
        let synced = result.screen
        XCTAssertTrue(result.synced, "a retry succeeds within four tries:\n\(synced)")
        XCTAssertTrue(synced.contains("Last sync"), synced)
        XCTAssertTrue(synced.contains("STEPS") && synced.contains("bpm"), synced)
        let deviceSteps = try XCTUnwrap(ScreenText.number(synced, after: "Pulse Band 2   "), synced)
        let merged = ScreenText.number(synced, after: "Today, merged  ")
        XCTAssertNotNil(merged, "the device's steps beside Today's:\n\(synced)")
        quit(s)

        // The next launch shows the stored sync before any new connection.
        let again = try app(["--seed", Self.failingFirstSeed])
        again.waitFor(text: "Last 7 days")
        let relaunched = openDevices(again)
        XCTAssertTrue(relaunched.contains("Not connected"), relaunched)
        XCTAssertTrue(ScreenText.line(relaunched, containing: "Last sync").contains("ago")
                      || ScreenText.line(relaunched, containing: "Last sync").contains("just now"), relaunched)
        XCTAssertEqual(ScreenText.number(relaunched, after: "Pulse Band 2   "), deviceSteps, relaunched)
        quit(again)
    }

    func testAForcedFailureKeepsFailingThenAGoodRunSyncsAndIsRemembered() throws {
        let s = try onboardedApp(["--scenario", "out-of-range"])
        openDevices(s)
        for _ in 0..<2 {
            let failed = attempt(s)
            XCTAssertFalse(failed.synced, failed.screen)
            XCTAssertTrue(failed.screen.contains("Your wearable is out of range."), failed.screen)
            XCTAssertTrue(failed.screen.contains("Bring it within a few metres"), "the advice:\n\(failed.screen)")
        }
        quit(s)

        let good = try app(["--seed", Self.succeedingSeed])
        let before = openDevices(good)
        XCTAssertTrue(before.contains("Never synced"), "failures stored nothing:\n\(before)")
        let synced = attempt(good)
        XCTAssertTrue(synced.synced, synced.screen)
        quit(good)

        let again = try app()
        again.waitFor(text: "Last 7 days")
        let shown = openDevices(again)
        XCTAssertTrue(shown.contains("Last sync"), shown)
        XCTAssertFalse(shown.contains("Never synced"), shown)
        quit(again)
    }

    func testEscCancelsAConnection() throws {
        let s = try onboardedApp(["--seed", Self.succeedingSeed])
        openDevices(s)
        s.send("Enter")
        s.waitFor(text: "Esc Cancel")
        s.send("Escape")
        let cancelled = s.waitFor("the connection cancelled") { $0.contains("Not connected") && $0.contains("Enter Connect") }
        XCTAssertTrue(cancelled.contains("Never synced"), cancelled)
        quit(s)
    }
}
