import Foundation
import Synchronization
import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// The walkthrough: the scripted tour plays through the real runtime to its end
/// on a virtual clock (no sleeps, no terminal), shows every tab, and records
/// asciicast v2 that parses back.
final class DemoTests: XCTestCase {
    static let environment = ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"]

    final class CaptionLog: Sendable {
        let entries = Mutex<[(String, [String])]>([])
    }

    /// Plays a script headless at 100×30 on its own thread (the player blocks while work runs).
    func play(_ script: DemoScript) async -> (DemoPlayer.Outcome, String, [(String, [String])]) {
        var options = Options()
        options.now = DemoPlayer.defaultStart
        let log = CaptionLog()
        var configured = DemoPlayer(script: script, canvas: Commands.demoRecordingSize, options: options, environment: Self.environment)
        configured.onCaption = { caption, screen in log.entries.withLock { $0.append((caption, screen)) } }
        let player = configured
        let result = await Commands.onOwnThread { () -> (DemoPlayer.Outcome, String) in
            let output = AsciicastMemoryOutput(size: Commands.demoRecordingSize, startedAt: DemoPlayer.defaultStart)
            let outcome = player.play(output: output)
            return (outcome, output.text)
        }
        let captions = log.entries.withLock { $0 }
        if let path = ProcessInfo.processInfo.environment["DEMO_DUMP"] {
            let text = captions.map { "=== \($0.0)\n" + $0.1.joined(separator: "\n") }.joined(separator: "\n")
            try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return (result.0, result.1, captions)
    }

    func testTheTourPlaysToTheEndAndVisitsEveryTab() async throws {
        let (outcome, cast, _) = await play(TourScripts.tour())
        XCTAssertTrue(outcome.completed, "the script ran to its end")
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertTrue((120...300).contains(outcome.duration), "2–5 minutes of virtual time, got \(outcome.duration)")
        for tab in FeatureRegistry.tabs {
            XCTAssertTrue(outcome.visited.contains(tab.id), "the tour shows \(tab.id)")
        }
        XCTAssertTrue(outcome.visited.contains(.onboarding))
        try checkAsciicast(cast, duration: outcome.duration)
    }

    func testTheUXCutIsOneToTwoMinutes() async throws {
        let (outcome, cast, _) = await play(TourScripts.ux())
        XCTAssertTrue(outcome.completed)
        XCTAssertTrue((60...120).contains(outcome.duration), "got \(outcome.duration)")
        try checkAsciicast(cast, duration: outcome.duration)
    }

    /// Header with the size, then `[time, "o", text]` events with times that never go back.
    func checkAsciicast(_ cast: String, duration: Double) throws {
        let lines = cast.split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(lines.count, 100)
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 100)
        XCTAssertEqual(header["height"] as? Int, 30)
        var previous = 0.0
        for line in lines.dropFirst() {
            let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            XCTAssertEqual(event.count, 3)
            let time = try XCTUnwrap((event[0] as? NSNumber)?.doubleValue)
            XCTAssertGreaterThanOrEqual(time, previous)
            previous = time
            XCTAssertEqual(event[1] as? String, "o")
            XCTAssertNotNil(event[2] as? String)
        }
        XCTAssertEqual(previous, duration, accuracy: 0.01, "the last event is at the end of the tour")
    }
}

final class DemoSeedTests: XCTestCase {
    /// The tour's Devices scene needs the first connection to fail and the retry to work.
    func testTheDemoSeedFailsFirstThenSucceeds() async throws {
        let band = SimulatedWearable(seed: DemoPlayer.seed, sleeper: { _ in })
        await XCTAssertThrowsErrorAsync { try await band.connect() }
        let duration = try await band.connect()
        XCTAssertGreaterThan(duration, 0)
    }

    func XCTAssertThrowsErrorAsync(_ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async {
        do { try await body(); XCTFail("expected an error", file: file, line: line) } catch {}
    }
}
