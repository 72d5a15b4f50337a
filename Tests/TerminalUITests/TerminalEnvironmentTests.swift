import XCTest
@testable import TerminalUI

final class TerminalEnvironmentTests: XCTestCase {
    func testUTF8LocaleNames() {
        for name in ["C.UTF-8", "en_US.utf8", "fr_FR.UTF8@euro", "de_DE.Utf-8"] {
            XCTAssertTrue(TerminalEnvironment.isUTF8(localeName: name), name)
        }
        for name in ["C", "POSIX", "en_US.ISO-8859-1", "ja_JP.eucJP", "", "utf"] {
            XCTAssertFalse(TerminalEnvironment.isUTF8(localeName: name), name)
        }
    }

    /// The first of LC_ALL, LC_CTYPE, LANG that is set and not empty decides, as setlocale does.
    func testTheLocaleVariableThatDecides() {
        XCTAssertTrue(TerminalEnvironment.localeIsUTF8(["LANG": "C.UTF-8"]))
        XCTAssertFalse(TerminalEnvironment.localeIsUTF8(["LC_ALL": "C", "LANG": "C.UTF-8"]))
        XCTAssertTrue(TerminalEnvironment.localeIsUTF8(["LC_ALL": "", "LC_CTYPE": "en_GB.UTF-8", "LANG": "C"]))
        XCTAssertFalse(TerminalEnvironment.localeIsUTF8(["LC_CTYPE": "POSIX", "LANG": "en_US.UTF-8"]))
        XCTAssertFalse(TerminalEnvironment.localeIsUTF8([:]))
    }

    func testColorDepthFromTermAndColorterm() {
        XCTAssertEqual(TerminalEnvironment.colorDepth(["COLORTERM": "truecolor", "TERM": "xterm"]), .trueColor)
        XCTAssertEqual(TerminalEnvironment.colorDepth(["COLORTERM": "24BIT"]), .trueColor)
        XCTAssertEqual(TerminalEnvironment.colorDepth(["COLORTERM": "yes", "TERM": "tmux-256color"]), .palette256)
        XCTAssertEqual(TerminalEnvironment.colorDepth(["TERM": "xterm-256color"]), .palette256)
        XCTAssertEqual(TerminalEnvironment.colorDepth(["TERM": "linux"]), .ansi16)
        XCTAssertEqual(TerminalEnvironment.colorDepth([:]), .ansi16)
    }

    func testSearchIgnoresASCIICaseOnly() {
        XCTAssertTrue(TerminalEnvironment.containsIgnoringASCIICase("xTERM-256Color", "term-256c"))
        XCTAssertTrue(TerminalEnvironment.containsIgnoringASCIICase("abc", ""))
        XCTAssertFalse(TerminalEnvironment.containsIgnoringASCIICase("ab", "abc"))
        XCTAssertFalse(TerminalEnvironment.containsIgnoringASCIICase("ÉTÉ", "été"), "only ASCII letters fold")
        XCTAssertTrue(TerminalEnvironment.containsIgnoringASCIICase("aaab", "aab"), "a partial match restarts one byte on")
    }
}
