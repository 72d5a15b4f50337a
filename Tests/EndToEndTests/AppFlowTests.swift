import Foundation
import XCTest

/// The real release binary in tmux, driven the way a person would.
final class AppFlowTests: XCTestCase {
    var dataDir = ""

    override func setUp() { dataDir = temporaryDataDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dataDir) }

    func app(_ args: [String] = [], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws -> TmuxSession {
        try TmuxSession(["--data-dir", dataDir] + args, width: width, height: height, environment: environment)
    }

    func testShellHelpThemeResizeAndQuitRestoresTheTerminal() throws {
        let s = try app()
        s.waitFor(text: "Connect Health")
        XCTAssertTrue(s.capture().contains("? Help"))
        s.send("?")
        s.waitFor(text: "Keyboard shortcuts")
        s.send("Escape")
        s.waitFor("help to close") { !$0.contains("Keyboard shortcuts") }
        let darkColors = s.capture(colors: true)
        s.send("t")
        s.waitFor(text: "Light theme")
        XCTAssertNotEqual(s.capture(colors: true), darkColors, "colors changed")
        s.resize(30, 10)
        s.waitFor(text: "Terminal too small")
        XCTAssertTrue(s.capture().contains("now 30×10"))
        s.resize(80, 24)
        s.waitFor(text: "Connect Health")
        s.send("q")
        let exit = s.waitForExit()
        XCTAssertEqual(exit.status, 0)
        XCTAssertTrue(exit.restored, "cooked mode with echo back after quitting:\n\(exit.screen)")
        XCTAssertFalse(exit.screen.contains("Connect Health"), "left the alternate screen")
    }

    /// Esc and the next key in one burst (a fast typist, or a paste) reach the terminal as
    /// the bytes of Alt+key: both are kept, help closes and the theme changes.
    func testEscapeAndAKeyTogetherAreBothKept() throws {
        let s = try app()
        s.waitFor(text: "Connect Health")
        s.send("?")
        s.waitFor(text: "Keyboard shortcuts")
        s.send("Escape", "t")
        s.waitFor(text: "Light theme")
        XCTAssertFalse(s.capture().contains("Keyboard shortcuts"), "help closed too")
        s.send("q")
        XCTAssertEqual(s.waitForExit().status, 0)
    }

    func testOnboardingToTodayAndSecondLaunchSkipsIt() throws {
        let s = try app()
        s.onboard()
        s.waitFor(text: "Best day")
        s.send("q")
        XCTAssertEqual(s.waitForExit().status, 0)

        // The second launch: no onboarding, and with a slow provider the first
        // frame is clearly the cached one.
        let again = try app(["--scenario", "slow"])
        let first = again.waitFor(text: "Last 7 days")
        XCTAssertTrue(first.contains("Cached · Updated") || first.contains("Refreshing"), first)
        XCTAssertFalse(first.contains("Connect Health"))
        again.waitFor("fresh numbers") { $0.contains("Updated") && !$0.contains("Cached") && !$0.contains("Refreshing") }
        again.send("c")
        again.waitFor(text: "kcal")
        again.send("g")
        again.waitFor(text: "Goal reached!")
        again.send("q")
        XCTAssertEqual(again.waitForExit().status, 0)
    }

    func testDenyShowsLimitedModeAndRetryWorks() throws {
        let s = try app()
        s.waitFor(text: "Connect Health")
        s.send("Enter")
        s.waitFor(text: "Health Access")
        s.send("d")
        s.waitFor(text: "Limited Mode")
        XCTAssertTrue(s.capture().contains("Still works"))
        s.send("Enter") // Retry
        s.waitFor(text: "Health Access")
        s.send("Enter") // Allow
        s.waitFor(text: "Last 7 days")
        s.send("q")
        _ = s.waitForExit()
    }

    func testLogAMealQuitRelaunchAndItIsThere() throws {
        let s = try app(["--scenario", "empty"])
        s.waitFor(text: "Connect Health")
        s.send("Enter")
        s.waitFor(text: "Health Access")
        s.send("Enter")
        s.waitFor(text: "No activity yet")
        s.send("2")
        s.waitFor(text: "No meals logged today")
        s.send("n")
        s.waitFor(text: "Food name")
        s.type("Soup")
        s.send("C-s")
        s.waitFor(text: "Save ⊘")
        s.waitFor(text: "Required")
        // Saving an invalid form moves the cursor to the first field to fix.
        s.type("abc")
        s.waitFor(text: "Must be a number, e.g. 450")
        XCTAssertTrue(s.capture().contains("Save ⊘"), "Save is disabled while invalid")
        s.send("BSpace", "BSpace", "BSpace")
        s.type("240")
        s.waitFor("Save to turn on") { !$0.contains("Save ⊘") }
        s.send("C-s")
        s.waitFor(text: "Saved Soup · 240 kcal")
        s.send("q")
        XCTAssertEqual(s.waitForExit().status, 0)

        let again = try app(["--scenario", "empty"])
        again.waitFor(text: "No activity yet")
        again.send("2")
        again.waitFor(text: "Soup")
        XCTAssertTrue(again.capture().contains("240 kcal"))
        again.send("q")
        _ = again.waitForExit()
    }
}
