import Foundation
import XCTest

final class TerminalHygieneTests: XCTestCase {
    func testNotATTYIsRefusedWithExitCode2() throws {
        let r = try shell(try Binary.require(), [], environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("needs an interactive terminal"), r.err)
        XCTAssertEqual(r.out, "", "no garbage on stdout")
    }

    func testResetYesWorksWithoutATerminalAndResetAloneSaysWhy() throws {
        let bin = try Binary.require()
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = (dir as NSString).appendingPathComponent("config")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let settings = (config as NSString).appendingPathComponent("settings.json")
        try Data(#"{"schemaVersion":1,"savedAt":"2026-11-22T10:00:00Z","data":{"onboardingCompleted":true,"stepGoal":12000}}"#.utf8)
            .write(to: URL(fileURLWithPath: settings))
        let refused = try shell(bin, ["--reset", "--data-dir", dir], environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.err.contains("without a terminal add --yes"), refused.err)
        let reset = try shell(bin, ["--reset", "--yes", "--data-dir", dir], environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(reset.status, 0, reset.err)
        XCTAssertTrue(reset.out.contains("Settings reset; meals kept."), reset.out)
        let text = try String(contentsOfFile: settings, encoding: .utf8)
        XCTAssertTrue(text.contains("\"onboardingCompleted\" : false") || text.contains("\"onboardingCompleted\":false"), text)
    }

    func testSnapshotFollowsTheLocaleAndNoColor() throws {
        let bin = try Binary.require()
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["snapshot", "today", "--size", "80x24", "--data-dir", dir, "--now", "2026-11-22T15:30:00Z"]
        let ascii = try shell(bin, args, environment: ["LANG": "C", "LC_ALL": "C", "TZ": "UTC"])
        XCTAssertEqual(ascii.status, 0, ascii.err)
        XCTAssertTrue(ascii.out.unicodeScalars.allSatisfy(\.isASCII), "LANG=C: the same ASCII the app draws:\n\(ascii.out)")
        let unicode = try shell(bin, args, environment: ["LANG": "C.UTF-8", "TZ": "UTC"])
        XCTAssertTrue(unicode.out.contains("╭"), unicode.out)
        let svg = try shell(bin, args + ["--format", "svg"], environment: ["LANG": "C.UTF-8", "TZ": "UTC", "NO_COLOR": "1"])
        XCTAssertTrue(svg.out.hasPrefix("<svg") || svg.out.hasPrefix("<?xml"), String(svg.out.prefix(80)))
    }

    func testHelpVersionAndBadFlags() throws {
        let bin = try Binary.require()
        let help = try shell(bin, ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("Usage: tmm-tui"))
        XCTAssertTrue(help.out.contains("--reduce-motion"))
        XCTAssertTrue(help.out.contains("--now"))
        let wide = help.out.split(separator: "\n").filter { $0.count > 80 }
        XCTAssertEqual(wide, [], "--help fits 80 columns")
        let version = try shell(bin, ["--version"])
        XCTAssertTrue(version.out.hasPrefix("tmm-tui "))
        let bad = try shell(bin, ["--frobnicate"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.err, "tmm-tui: unknown option --frobnicate\nTry 'tmm-tui --help' for usage.\n")
    }

    func testDumbAndUnsetTermAreRefused() throws {
        for term in ["dumb", ""] {
            let s = try TmuxSession([], environment: ["TERM": term])
            let exit = s.waitForExit()
            XCTAssertEqual(exit.status, 2, "TERM=\(term)")
            XCTAssertTrue(exit.screen.contains("needs a terminal that can move the cursor"), exit.screen)
        }
    }

    func testSigtermAndSighupRestoreTheTerminal() throws {
        for (signal, code) in [("TERM", 143), ("HUP", 129)] {
            let dir = temporaryDataDir()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let s = try TmuxSession(["--data-dir", dir])
            s.waitFor(text: "Connect Health")
            guard let pid = s.pid else { return XCTFail("no app process") }
            try shell("/bin/kill", ["-\(signal)", "\(pid)"])
            let exit = s.waitForExit()
            XCTAssertEqual(exit.status, Int32(code), signal)
            XCTAssertTrue(exit.restored, "\(signal): \(exit.screen)")
        }
    }

    func testCrashSignalRestoresTheTerminalAndSaysSo() throws {
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TmuxSession(["--data-dir", dir])
        s.waitFor(text: "Connect Health")
        guard let pid = s.pid else { return XCTFail("no app process") }
        try shell("/bin/kill", ["-SEGV", "\(pid)"])
        let exit = s.waitForExit()
        XCTAssertEqual(exit.status, 139)
        XCTAssertTrue(exit.restored, exit.screen)
        XCTAssertTrue(exit.screen.contains("tmm-tui crashed; the terminal was restored"), exit.screen)
    }

    func testCtrlCQuitsCleanly() throws {
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TmuxSession(["--data-dir", dir])
        s.waitFor(text: "Connect Health")
        s.send("C-c")
        let exit = s.waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertTrue(exit.restored)
    }

    /// Ctrl-Z, and "Suspend" run from the palette, stop the app as a user's shell sees it
    /// ("Stopped", the prompt back, the full-screen frame gone), and `fg` brings it back drawn
    /// whole and taking keys; quitting after that leaves the terminal as it was.
    func testCtrlZAndThePalettesSuspendStopTheAppAndFgBringsItBackWhole() throws {
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TmuxSession(["--data-dir", dir], jobControl: true)
        s.onboard()
        s.waitForLoadedToday()
        guard let pid = s.pid else { return XCTFail("no app process under the pane") }
        for (n, how) in ["Ctrl-Z", "the palette"].enumerated() {
            if how == "Ctrl-Z" {
                s.send("C-z")
            } else {
                s.send(":")
                s.waitFor(text: "Commands")
                s.type("suspend")
                s.waitFor(text: "Suspend (fg resumes)")
                s.send("Enter")
            }
            let stopped = s.waitFor("the shell's prompt after \(how)") { screen in
                screen.components(separatedBy: "Stopped").count == n + 2 && !screen.contains("Last 7 days")
            }
            XCTAssertTrue(stopped.hasSuffix("$") || stopped.contains("\n$"), stopped)
            XCTAssertEqual(Self.processState(pid), "T", "\(how) stops the process")
            s.type("fg")
            s.send("Enter")
            s.waitFor("Today drawn again after \(how) and fg") { $0.contains("Last 7 days") && $0.contains("c Chart") }
        }
        s.send("2")
        s.waitFor(text: "Log Meal")
        s.send("q")
        s.waitFor("the prompt after quitting") { !$0.contains("Log Meal") }
        s.reportExit()
        let exit = s.waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertTrue(exit.restored)
    }

    /// A process's state letter from /proc ("T" stopped, "S" sleeping).
    static func processState(_ pid: Int32) -> String {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // "pid (comm) S …": the state follows the command's closing parenthesis.
        return stat.components(separatedBy: ") ").dropFirst().first.map { String($0.prefix(1)) } ?? "?"
    }

    func testNoColorAndASCIIFallback() throws {
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TmuxSession(["--data-dir", dir], environment: ["NO_COLOR": "1"])
        s.waitFor(text: "Connect Health")
        let colored = s.capture(colors: true)
        XCTAssertFalse(colored.contains("38;5;") || colored.contains("48;5;"), "no 256-color codes with NO_COLOR")
        s.send("q")
        _ = s.waitForExit()

        let ascii = try TmuxSession(["--data-dir", dir], environment: ["LANG": "C", "LC_ALL": "C"])
        let screen = ascii.waitFor(text: "Connect Health")
        XCTAssertTrue(screen.unicodeScalars.allSatisfy(\.isASCII), "LANG=C draws only ASCII:\n\(screen)")
        ascii.send("q")
        _ = ascii.waitForExit()
    }
}
