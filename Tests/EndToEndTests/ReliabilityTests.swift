import Foundation
import XCTest

/// Data survives signals and `kill -9`; unreadable files and read-only
/// directories are reported without losing anything (run as an ordinary user).
final class ReliabilityTests: XCTestCase {
    var dataDir = ""
    override func setUp() { dataDir = temporaryDataDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: dataDir) }

    func onboardedApp(_ args: [String] = [], prefix: [String] = []) throws -> TmuxSession {
        let s = try TmuxSession(["--data-dir", dataDir] + args, launcher: prefix)
        s.onboard()
        return s
    }

    func liveSampleLines() -> Int {
        let text = (try? String(contentsOfFile: dataDir + "/data/live-samples.json", encoding: .utf8)) ?? ""
        return max(0, text.split(separator: "\n").count - 1) // minus the header
    }

    func testSigtermAndSighupFlushLiveSamplesThatWereNotWrittenYet() throws {
        for signal in ["TERM", "HUP"] {
            try? FileManager.default.removeItem(atPath: dataDir)
            dataDir = temporaryDataDir()
            let s = try onboardedApp()
            // The first live samples arrive within 1–5 s; a batch is written only after 100 samples or 10 s.
            s.waitFor("live samples", timeout: 8) { $0.contains("updates") }
            let before = liveSampleLines()
            guard let pid = s.pid else { return XCTFail("no app process") }
            try shell("/bin/kill", ["-\(signal)", "\(pid)"])
            let exit = s.waitForExit()
            XCTAssertTrue(exit.restored, signal)
            XCTAssertGreaterThan(liveSampleLines(), before, "\(signal): pending samples were written on the way out")
        }
    }

    func testKill9RightAfterSavingAMealKeepsIt() throws {
        let s = try onboardedApp(["--no-live"])
        s.typeMeal("Ramen 🍜", calories: "650")
        s.send("C-s")
        s.waitFor(text: "Saved Ramen")
        guard let pid = s.pid else { return XCTFail("no app process") }
        try shell("/bin/kill", ["-KILL", "\(pid)"])
        s.waitFor("the app to die") { $0.contains(TmuxSession.marker) }
        let again = try TmuxSession(["--data-dir", dataDir, "--no-live"])
        again.waitFor(text: "Last 7 days")
        again.send("2")
        again.waitFor(text: "Ramen 🍜")
        again.send("q")
        XCTAssertEqual(again.waitForExit().status, 0)
    }

    /// Root reads and writes anything, so as root these run the app as `nobody`.
    func asOrdinaryUser() throws -> [String] {
        guard getuid() == 0 else { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("root without setpriv") }
        try shell("/bin/chown", ["-R", "65534:65534", dataDir])
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    }

    func testAnUnreadableMealLogIsLeftAloneAndSaysSo() throws {
        try FileManager.default.createDirectory(atPath: dataDir + "/data", withIntermediateDirectories: true)
        let original = "{\"schemaVersion\":1,\"data\":[]}"
        try original.write(toFile: dataDir + "/data/meals.json", atomically: true, encoding: .utf8)
        let prefix = try asOrdinaryUser()
        try shell("/bin/chmod", ["000", dataDir + "/data/meals.json"])
        let s = try onboardedApp(["--no-live"], prefix: prefix)
        s.waitFor(text: "meals.json left untouched")
        s.typeMeal("Oats", calories: "300")
        s.send("C-s")
        s.waitFor(text: "so it is not saved over")
        XCTAssertTrue(s.capture().contains("Oats"), "the form keeps what was typed")
        s.discardMeal()
        s.send("q")
        _ = s.waitForExit()
        try shell("/bin/chmod", ["600", dataDir + "/data/meals.json"])
        XCTAssertEqual(try String(contentsOfFile: dataDir + "/data/meals.json", encoding: .utf8), original, "never written over")
    }

    /// The save error says "move or mend it, then save again": mending the permissions in place
    /// (which moves no mtime) and saving again works without a restart, and keeps what the file held.
    func testAMealLogMendedInPlaceIsSavedToWithoutARestart() throws {
        try FileManager.default.createDirectory(atPath: dataDir + "/data", withIntermediateDirectories: true)
        let file = dataDir + "/data/meals.json"
        let held = #"{"schemaVersion":1,"data":[{"id":"5C4E2B7A-1B2C-4D3E-8F90-A1B2C3D4E5F6","time":"2026-11-20T08:00:00Z","name":"Toast","calories":150}]}"#
        try held.write(toFile: file, atomically: true, encoding: .utf8)
        let prefix = try asOrdinaryUser()
        try shell("/bin/chmod", ["000", file])
        let s = try onboardedApp(["--no-live"], prefix: prefix)
        s.typeMeal("Oats", calories: "300")
        s.send("C-s")
        s.waitFor(text: "so it is not saved over")
        try shell("/bin/chmod", ["600", file])
        s.send("C-s")
        s.waitFor(text: "Saved Oats")
        s.send("q")
        _ = s.waitForExit()
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(saved.contains("Oats") && saved.contains("Toast"), "the new meal beside the one the file held: \(saved)")
    }

    func testAReadOnlyDataDirectoryIsReportedAndTheAppKeepsWorking() throws {
        try FileManager.default.createDirectory(atPath: dataDir + "/data", withIntermediateDirectories: true)
        let prefix = try asOrdinaryUser()
        try shell("/bin/chmod", ["500", dataDir + "/data"])
        defer { _ = try? shell("/bin/chmod", ["700", dataDir + "/data"]) }
        let s = try onboardedApp(["--no-live"], prefix: prefix)
        s.typeMeal("Oats", calories: "300")
        s.send("C-s")
        s.waitFor(text: "Not saved: cannot write")
        XCTAssertTrue(s.capture().contains("Oats"), "the form keeps what was typed")
        s.discardMeal()
        s.send("1")
        s.waitFor(text: "Last 7 days")
        s.send("q")
        XCTAssertEqual(s.waitForExit().status, 0)
    }
}
