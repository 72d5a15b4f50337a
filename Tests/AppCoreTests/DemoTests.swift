import Foundation
import Synchronization
import XCTest
@testable import AppCore
import DesignSystem
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
        let (outcome, cast, captions) = await play(TourScripts.ux())
        XCTAssertTrue(outcome.completed)
        // The Care part ends with the task done (a mood chosen, not skipped).
        let care = captions.first { $0.0.hasPrefix("A breathing exercise") }?.1.joined(separator: "\n") ?? ""
        XCTAssertTrue(care.contains("Done "), care)
        XCTAssertTrue((60...120).contains(outcome.duration), "got \(outcome.duration)")
        try checkAsciicast(cast, duration: outcome.duration)
    }

    /// Every caption fits whole on the recording's banner: no "…the screen is thr".
    func testEveryCaptionFitsTheRecordingBanner() {
        for script in [TourScripts.tour(), TourScripts.ux()] {
            let clock = " " + DemoCanvas.clockText(script.duration, of: script.duration) + " "
            let room = Commands.demoRecordingSize.width - TextWidth.of(clock) - 1 - 3
            for cue in script.cues {
                guard case .caption(let text?) = cue.action else { continue }
                XCTAssertLessThanOrEqual(TextWidth.of(text), room, text)
            }
        }
        // In a smaller terminal a caption wraps at words; past the banner's rows it ends at a word with "…".
        let caption = "Live updates: a simulated watch streams samples"
        XCTAssertEqual(DemoCanvas.fitting(caption, 30, rows: 2, glyphs: .unicode),
                       ["Live updates: a simulated", "watch streams samples"])
        XCTAssertEqual(DemoCanvas.fitting(caption, 30, rows: 1, glyphs: .unicode), ["Live updates: a simulated…"])
        XCTAssertEqual(DemoCanvas.fitting(caption, 20, rows: 2, glyphs: .ascii), ["Live updates: a", "simulated watch..."])
    }

    /// At 60 and 48 columns the banner grows to the rows the longest caption needs,
    /// and every caption of the tour is shown whole, its words in order.
    func testCaptionsWrapOnANarrowTerminal() {
        let script = TourScripts.tour()
        let clock = DemoCanvas.clockText(script.duration, of: script.duration)
        let captions = script.cues.compactMap { cue -> String? in
            if case .caption(let text?) = cue.action { return text } else { return nil }
        }
        for width in [60, 48] {
            let rows = DemoCanvas.bannerRows(for: captions, width: width, clock: clock, canvasHeight: 20)
            // Where the app needs every row but one, the banner keeps one and a long caption ends at a word with "…".
            XCTAssertEqual(DemoCanvas.bannerRows(for: captions, width: width, clock: clock, canvasHeight: 17), 1)
            XCTAssertGreaterThanOrEqual(rows, 2, "the longest caption takes more than one row at \(width) columns")
            for caption in captions {
                let frame = DemoCanvas.compose(app: nil, canvas: Size(width: width, height: 20), bannerRows: rows,
                                               theme: ThemeLoader.dark, caption: caption, clock: clock, glyphs: .unicode)
                let banner = frame.lines.suffix(rows).map { line in
                    String(line.dropFirst(3)).replacingOccurrences(of: " " + clock, with: "")
                        .trimmingCharacters(in: .whitespaces)
                }
                XCTAssertEqual(banner.filter { !$0.isEmpty }.joined(separator: " "), caption, "whole at \(width) columns")
            }
        }
        // At the recording's 100 columns every caption fits one row: the app keeps 29 rows.
        XCTAssertEqual(DemoCanvas.bannerRows(for: captions, width: 100, clock: clock, canvasHeight: 30), 1)
    }

    /// A viewer's terminal that is resized from 100×30 to 60×20 a few steps into the tour.
    final class ResizingOutput: DemoOutput, @unchecked Sendable {
        var paces = 0
        var text = ""
        var resizedAt: String.Index?
        func write(_ chunk: String, at seconds: Double) { text += chunk }
        func pace(_ seconds: Double, pause: (Bool) -> Void) -> PaceOutcome {
            paces += 1
            guard paces == 6 else { return paces > 40 ? .left : .waited }
            resizedAt = text.endIndex
            return .resized(canvas: Size(width: 60, height: 20), after: seconds / 2)
        }
        func finish(at seconds: Double) {}
    }

    /// A live demo follows a resize: the screen is cleared, and every frame after
    /// it is drawn inside the new size (no cursor move beyond row 20 or column 60).
    func testALiveDemoFollowsAResize() async throws {
        var options = Options()
        options.now = DemoPlayer.defaultStart
        let log = CaptionLog()
        var configured = DemoPlayer(script: TourScripts.tour(), canvas: Commands.demoRecordingSize, options: options,
                                    environment: Self.environment)
        configured.onCaption = { caption, screen in log.entries.withLock { $0.append((caption, screen)) } }
        let player = configured
        let output = await Commands.onOwnThread { () -> ResizingOutput in
            let output = ResizingOutput()
            _ = player.play(output: output)
            return output
        }
        let mark = try XCTUnwrap(output.resizedAt, "the resize was reported")
        let after = String(output.text[mark...])
        XCTAssertTrue(after.hasPrefix(ANSIRenderer.start), "the screen is cleared at the resize")
        let moves = try NSRegularExpression(pattern: "\u{1B}\\[(\\d+);(\\d+)H")
        let found = moves.matches(in: after, range: NSRange(after.startIndex..., in: after))
        XCTAssertFalse(found.isEmpty, "frames were drawn after the resize")
        for match in found {
            let row = Int((after as NSString).substring(with: match.range(at: 1)))!
            let column = Int((after as NSString).substring(with: match.range(at: 2)))!
            XCTAssertLessThanOrEqual(row, 20)
            XCTAssertLessThanOrEqual(column, 60)
        }
        let screens = log.entries.withLock { $0 }.map(\.1)
        let last = try XCTUnwrap(screens.last)
        let script = TourScripts.tour()
        let captions = script.cues.compactMap { cue -> String? in
            if case .caption(let text?) = cue.action { return text } else { return nil }
        }
        let banner = DemoCanvas.bannerRows(for: captions, width: 60, clock: DemoCanvas.clockText(script.duration, of: script.duration),
                                           canvasHeight: 20)
        XCTAssertEqual(last.count, 20 - banner, "the app fills the 60×20 terminal above the banner")
        XCTAssertTrue(last.allSatisfy { TextWidth.of($0) == 60 }, last.joined(separator: "\n"))
    }

    /// What a caption says is on the screen when it is shown.
    func testCaptionsSayWhatTheScreenShows() async throws {
        let (_, _, captions) = await play(TourScripts.tour())
        // The player reports each caption with the screen at its end; the screen when a caption
        // appears is the one reported with the caption before it.
        func screen(_ prefix: String) -> String {
            guard let i = captions.firstIndex(where: { $0.0.hasPrefix(prefix) }), i > 0 else { return "" }
            return captions[i - 1].1.joined(separator: "\n")
        }
        let joining = screen("The provider is here")
        XCTAssertTrue(joining.contains("Join now"), joining)
        let session = screen("A telehealth session")
        XCTAssertTrue(session.contains("session"), session)
        let done = screen("The mood is logged")
        XCTAssertTrue(done.contains("Task complete"), done)
        XCTAssertFalse(captions.contains { $0.0.contains("unlocks tomorrow") })
        let month = screen("Month:")
        XCTAssertTrue(month.contains("steps this month") || month.contains("Steps per day"), month)
        let settings = screen("Settings:")
        for word in ["goal", "Theme", "Bell", "Live updates"] {
            XCTAssertTrue(settings.localizedCaseInsensitiveContains(word), "\(word)\n\(settings)")
        }
    }

    /// The README's table states each recording's real length (the cast's last event, to the second).
    func testTheReadmeStatesTheRecordingsRealLengths() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for name in ["tour", "ux"] {
            let cast = try String(contentsOf: root.appendingPathComponent("docs/\(name).cast"), encoding: .utf8)
            let last = try XCTUnwrap(cast.split(separator: "\n").last)
            let seconds = Int(try XCTUnwrap(Double(last.dropFirst().prefix { $0 != "," })))
            let stated = "[docs/\(name).cast](docs/\(name).cast) | \(seconds / 60) min \(seconds % 60) s |"
            XCTAssertTrue(readme.contains(stated), "README should say: \(stated)")
        }
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
