import Foundation
import XCTest

/// What the screen-flow tests share: a fresh data directory per test, a
/// launcher that always passes it, and readers for numbers on a captured screen.
class ScreenFlowTestCase: XCTestCase {
    var dataDir = ""
    /// A fixed start time keeps the mocked day (and the tasks' dates) the same on every run.
    static let now = "2026-11-20T15:30:00Z"

    override func setUp() { dataDir = temporaryDataDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dataDir) }

    /// Launches the binary on this test's data directory, at `now`, without live samples.
    func app(_ args: [String] = [], width: Int = 80, height: Int = 24, now: String = ScreenFlowTestCase.now,
             live: Bool = false) throws -> TmuxSession {
        var all = ["--data-dir", dataDir, "--now", now, "--reduce-motion"]
        if !live { all.append("--no-live") }
        return try TmuxSession(all + args, width: width, height: height)
    }

    /// A first launch taken through onboarding to Today.
    func onboardedApp(_ args: [String] = [], width: Int = 80, height: Int = 24,
                      file: StaticString = #filePath, line: UInt = #line) throws -> TmuxSession {
        let s = try app(args, width: width, height: height)
        s.onboard(file: file, line: line)
        return s
    }

    /// Quits with q and checks the app ended cleanly.
    func quit(_ s: TmuxSession, file: StaticString = #filePath, line: UInt = #line) {
        s.send("q")
        let exit = s.waitForExit(file: file, line: line)
        XCTAssertEqual(exit.status, 0, "exit status", file: file, line: line)
    }
}

/// Reading what a screen says.
enum ScreenText {
    /// The first line holding `text`, or "".
    static func line(_ screen: String, containing text: String) -> String {
        screen.components(separatedBy: "\n").first { $0.contains(text) } ?? ""
    }

    /// The grouped integer ("12,304") right before `suffix` on the first line holding it.
    static func number(_ screen: String, before suffix: String) -> Int? {
        let l = line(screen, containing: suffix)
        guard let range = l.range(of: suffix) else { return nil }
        let head = l[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        let digits = head.reversed().prefix { $0.isNumber || $0 == "," }
        return Int(String(digits.reversed()).replacingOccurrences(of: ",", with: ""))
    }

    /// The grouped integer right after `prefix` on the first line holding it.
    static func number(_ screen: String, after prefix: String) -> Int? {
        let l = line(screen, containing: prefix)
        guard let range = l.range(of: prefix) else { return nil }
        let tail = l[range.upperBound...].drop { $0 == " " }
        let digits = tail.prefix { $0.isNumber || $0 == "," }
        return Int(digits.replacingOccurrences(of: ",", with: ""))
    }

    /// Whether any line holds both strings (a row of a list, a readout).
    static func hasLine(_ screen: String, with a: String, _ b: String) -> Bool {
        screen.components(separatedBy: "\n").contains { $0.contains(a) && $0.contains(b) }
    }
}
