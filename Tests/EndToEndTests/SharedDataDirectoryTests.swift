import Foundation
import XCTest

/// Two real tmm-tui processes on one data directory (issue: nothing lost).
/// Each pane is its own process in its own tmux server; the files on disk are
/// the judge.
final class SharedDataDirectoryTests: ScreenFlowTestCase {
    var mealsFile: String { dataDir + "/data/meals.json" }
    var settingsFile: String { dataDir + "/config/settings.json" }

    /// The names in meals.json, read as JSON (not through the app's code).
    func mealNamesOnDisk() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: mealsFile))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let meals = try XCTUnwrap(root["data"] as? [[String: Any]])
        return meals.compactMap { $0["name"] as? String }.sorted()
    }

    func settingsOnDisk() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: settingsFile))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try XCTUnwrap(root["data"] as? [String: Any])
    }

    func save(_ s: TmuxSession, _ name: String, calories: String) {
        s.typeMeal(name, calories: calories)
        s.send("C-s")
        s.waitFor(text: "Saved \(name)")
    }

    func testMealsAddedInTwoPanesAreBothKeptAndEachPaneShowsTheOther() throws {
        let a = try onboardedApp()
        let b = try app()
        b.waitFor(text: "Last 7 days")

        save(a, "Apple", calories: "95")
        save(b, "Bread", calories: "250")
        // B saved on top of the file A wrote, so B shows both; A hears of B's meal by itself.
        b.waitFor(text: "Apple")
        a.waitFor(text: "Bread", timeout: 3)

        quit(a)
        quit(b)
        XCTAssertEqual(try mealNamesOnDisk(), ["Apple", "Bread"])
    }

    func testSettingsChangedInTwoPanesKeepBothChanges() throws {
        let a = try onboardedApp()
        let b = try app()
        b.waitForLoadedToday()

        a.send("t") // theme: dark → light, in A
        a.waitFor("the theme saved") { _ in (try? self.settingsOnDisk()["theme"] as? String) == "light" }
        b.send("+") // step goal up, in B (B never saw the theme change when it launched)
        b.waitFor("the goal saved") { _ in ((try? self.settingsOnDisk()["stepGoal"]) as? Int).map { $0 != 10_000 } ?? false }

        quit(a)
        quit(b)
        let settings = try settingsOnDisk()
        XCTAssertEqual(settings["theme"] as? String, "light", "A's theme survived B's goal")
        XCTAssertNotEqual(settings["stepGoal"] as? Int, 10_000, "B's goal was kept")
        XCTAssertEqual(settings["onboardingCompleted"] as? Bool, true)
    }

    func testAMealDeletedInOnePaneWhileTheOtherEditsItIsNotBroughtBack() throws {
        let a = try onboardedApp()
        save(a, "Apple", calories: "95")
        let b = try app()
        b.waitFor(text: "Last 7 days")
        b.send("2")
        b.waitFor(text: "Apple")

        // A opens the meal to edit it; B deletes it meanwhile.
        a.send("e")
        a.waitFor(text: "Food name")
        b.send("d")
        b.waitFor("Apple gone from B") { !$0.contains("Apple ") || $0.contains("Deleted") }
        a.waitFor(text: "Deleted in another tmm-tui window", timeout: 3)
        a.send("C-s")
        a.waitFor(text: "Deleted in another tmm-tui window")

        quit(b)
        a.send("Escape")
        a.waitFor("the sheet to close") { !$0.contains("Edit Meal") }
        quit(a)
        XCTAssertEqual(try mealNamesOnDisk(), [], "the deleted meal stays deleted")
    }

    /// A writer killed mid-write leaves `.NAME.tmp-PID-…`: the next app start removes it (its pid is gone), never a live one's.
    func testTheNextStartRemovesWhatAKilledWriterLeft() throws {
        let dead = try shell("/bin/sh", ["-c", "echo $$"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.createDirectory(atPath: dataDir + "/data", withIntermediateDirectories: true)
        let orphan = dataDir + "/data/.meals.json.tmp-\(dead)-1"
        let live = dataDir + "/data/.meals.json.tmp-1-2" // pid 1 is always running
        for path in [orphan, live] { try Data("half".utf8).write(to: URL(fileURLWithPath: path)) }
        let a = try app()
        a.waitFor(text: "Connect Health")
        a.waitFor("the orphan removed") { _ in !FileManager.default.fileExists(atPath: orphan) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        quit(a)
    }
}
