import Foundation
import XCTest

final class TerminalHygieneTests: XCTestCase {
    func testNotATTYIsRefusedWithExitCode2() throws {
        let r = try shell(try Binary.require(), [], environment: ["TERM": "xterm", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("needs an interactive terminal"), r.err)
        XCTAssertEqual(r.out, "", "no garbage on stdout")
    }

    func testHelpVersionAndBadFlags() throws {
        let bin = try Binary.require()
        let help = try shell(bin, ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("Usage: tmm-tui"))
        XCTAssertTrue(help.out.contains("--reduce-motion"))
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

    func testCtrlCQuitsCleanlyAndCtrlZSuspends() throws {
        let dir = temporaryDataDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = try TmuxSession(["--data-dir", dir])
        s.waitFor(text: "Connect Health")
        s.send("C-c")
        let exit = s.waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertTrue(exit.restored)
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
