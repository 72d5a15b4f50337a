import Foundation
import XCTest

/// Settings and meals on any day (issue 15), through the real binary.
final class SettingsEndToEndTests: ScreenFlowTestCase {
    /// Two problems at start (a damaged settings file, a theme that is not there): the toast says
    /// there are two, and Settings ▸ Messages has both, whole, after the toast has gone.
    func testStartupProblemsCanBeReadInSettingsAfterTheToast() throws {
        let config = URL(fileURLWithPath: dataDir).appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("{\"schemaVersion\": 1, \"data\": {".utf8).write(to: config.appendingPathComponent("settings.json"))
        let s = try app(["--theme", "nosuch"])
        s.waitFor(text: "2 problems: read them in Settings ▸ Messages")
        s.onboard()
        s.send("7")
        s.waitFor(text: "Daily step goal")
        s.send("End", "Up")
        s.waitFor("the Messages row") { ScreenText.hasLine($0, with: "Messages", "2 this session · Read…") && $0.contains("Enter Read messages") }
        s.send("Enter")
        let sheet = s.waitFor(text: "Messages this session")
        XCTAssertTrue(sheet.contains("Theme not found (using dark)"), sheet)
        XCTAssertTrue(sheet.contains("settings.json could not be opened"), sheet)
        XCTAssertTrue(sheet.contains("settings.json.corrupt-"), "where the damaged file went:\n\(sheet)")
        s.send("Escape")
        s.waitFor("the sheet closed") { !$0.contains("Messages this session") && $0.contains("Daily step goal") }
        quit(s)
    }

    func testChangeTheStepGoalInSettingsAndTodaysProgressFollows() throws {
        let s = try onboardedApp()
        let before = s.waitFor(text: "steps to go")
        XCTAssertTrue(before.contains("Goal 10,000"), before)
        let toGo = try XCTUnwrap(ScreenText.number(before, before: " steps to go"), before)
        let steps = 10_000 - toGo

        s.send("7")
        s.waitFor(text: "Daily step goal")
        s.send("Right")
        s.waitFor("the goal at 10,500") { ScreenText.hasLine($0, with: "Daily step goal", "10,500") }
        s.send("Right")
        s.waitFor("the goal at 11,000") { ScreenText.hasLine($0, with: "Daily step goal", "11,000") }

        s.send("1")
        let today = s.waitFor(text: "Goal 11,000")
        XCTAssertEqual(ScreenText.number(today, before: " steps to go"), 11_000 - steps, today)
        XCTAssertTrue(today.contains("\(steps * 100 / 11_000)%"), "progress against the new goal:\n\(today)")

        // A typed goal: out of range is refused with the allowed range, a good one is set.
        s.send("7")
        s.waitFor(text: "Daily step goal")
        s.send("Enter")
        s.type("60000")
        s.send("Enter")
        s.waitFor(text: "Allowed 1,000–50,000")
        for _ in 0..<5 { s.send("BSpace") }
        s.type("6000")
        s.send("Enter")
        s.waitFor("the goal at 6,000") { ScreenText.hasLine($0, with: "Daily step goal", "6,000") }
        s.send("1")
        let lower = s.waitFor(text: "Goal 6,000")
        XCTAssertEqual(ScreenText.number(lower, before: " steps to go"), 6_000 - steps, lower)
        quit(s)

        // Saved: the next launch starts with it.
        let again = try app()
        let relaunched = again.waitFor(text: "Goal 6,000")
        XCTAssertFalse(relaunched.contains("Connect Health"))
        quit(again)
    }

    func testEditAMealAndSeeTheNewCalories() throws {
        let s = try onboardedApp()
        s.send("2")
        s.waitFor(text: "No meals logged today")
        s.send("n")
        s.waitFor(text: "Log Meal · Today")
        s.type("Soup")
        s.send("Tab")
        s.type("240")
        s.send("C-s")
        s.waitFor(text: "Saved Soup · 240 kcal")
        s.waitFor("the meal's row") { ScreenText.hasLine($0, with: "Soup", "240 kcal") }

        // Enter on the selected meal opens it filled in.
        s.send("Enter")
        let sheet = s.waitForMealSheet("Edit Meal · Today")
        XCTAssertTrue(ScreenText.hasLine(sheet, with: "Food name", "Soup"), sheet)
        XCTAssertTrue(ScreenText.hasLine(sheet, with: "Calories", "240"), sheet)
        s.send("Tab")
        s.send("BSpace", "BSpace", "BSpace")
        s.type("310")
        s.waitFor("the new calories typed") { ScreenText.hasLine($0, with: "Calories", "310") }
        s.send("C-s")
        s.waitFor(text: "Updated Soup")
        let list = s.waitFor("the edited row") { ScreenText.hasLine($0, with: "Soup", "310 kcal") }
        XCTAssertTrue(list.contains("Eaten 310 kcal"), "the day's total follows:\n\(list)")
        XCTAssertTrue(list.contains("1 logged"), "replaced, not added:\n\(list)")
        XCTAssertFalse(list.contains("240 kcal"), list)

        // e opens the same sheet; Esc on an untouched sheet just closes it.
        s.send("e")
        s.waitFor(text: "Edit Meal · Today")
        s.send("Escape")
        s.waitFor("the sheet to close") { !$0.contains("Edit Meal") }

        // Today's Eaten reads the edited meal too.
        s.send("1")
        s.waitFor(text: "Eaten 310 kcal")

        // Undo brings the meal back as it was.
        s.send("2")
        s.waitFor(text: "Undo edit")
        s.send("u")
        s.waitFor("the edit undone") { ScreenText.hasLine($0, with: "Soup", "240 kcal") }
        quit(s)
    }

    func testLogAMealForYesterdayAndSeeItAfterARelaunch() throws {
        let s = try onboardedApp()
        s.send("2")
        s.waitFor(text: "‹ Today ›")
        s.send("Left")
        s.waitFor(text: "‹ Yesterday ›")
        s.send("n")
        let sheet = s.waitForMealSheet("Log Meal · Yesterday")
        XCTAssertTrue(ScreenText.hasLine(sheet, with: "Time", "12:00"), "a past day defaults to noon:\n\(sheet)")
        s.type("Pasta")
        s.send("Tab")
        s.type("520")
        s.send("C-s")
        s.waitFor(text: "Saved Pasta · 520 kcal")
        let yesterday = s.waitFor("yesterday's row") { ScreenText.hasLine($0, with: "12:00 Pasta", "520 kcal") }
        XCTAssertTrue(yesterday.contains("‹ Yesterday ›"), "still on yesterday:\n\(yesterday)")
        XCTAssertTrue(yesterday.contains("Eaten 520 kcal"), yesterday)

        // Not on today.
        s.send("Right")
        let today = s.waitFor(text: "‹ Today ›")
        XCTAssertFalse(today.contains("12:00 Pasta"), today)
        XCTAssertTrue(today.contains("No meals logged today"), today)
        s.send("Right")
        s.waitFor(text: "Meals can only be logged up to today")
        quit(s)

        let again = try app()
        again.waitFor(text: "Last 7 days")
        XCTAssertFalse(again.capture().contains("Eaten 520"), "yesterday's meal is not today's")
        again.send("2")
        again.waitFor(text: "‹ Today ›")
        again.send("Left")
        again.waitFor(text: "‹ Yesterday ›")
        again.waitFor("yesterday's meal after a relaunch") { ScreenText.hasLine($0, with: "12:00 Pasta", "520 kcal") }
        quit(again)
    }

    /// Settings → Health access → Allow: the permission sheet, then back to Settings, and Today still has its numbers.
    func testReviewHealthAccessFromSettingsAndAllowAgain() throws {
        let s = try appOnHealthAccessSheetFromSettings()
        s.send("Enter") // Allow
        s.waitFor(text: "Daily step goal")
        s.send("1")
        s.waitFor(text: "Last 7 days")
        quit(s)
    }

    /// Was a bug: Esc on the permission sheet opened from Settings
    /// leaves the user on onboarding's Welcome page, with no tabs and number keys ignored.
    func testEscOnHealthAccessOpenedFromSettingsGoesBackToSettings() throws {
        let s = try appOnHealthAccessSheetFromSettings()
        s.send("Escape")
        s.waitFor("the sheet to close") { !$0.contains("would like to read") }
        s.waitFor(text: "Daily step goal")
        quit(s)
    }

    /// Was a bug: access turned off from Settings still shows the
    /// numbers; the next launch calls it "Offline" and shows cached numbers.
    func testTurningHealthAccessOffFromSettingsHidesTheNumbers() throws {
        let s = try appOnHealthAccessSheetFromSettings()
        s.send("d") // Don't Allow
        s.waitFor(text: "Limited Mode")
        s.send("Tab")
        s.send("Enter") // Continue in Limited Mode: back to Settings
        s.waitFor(text: "Daily step goal")
        s.send("1")
        s.waitFor(text: "Health access is off")
        quit(s)

        let again = try app()
        let relaunched = again.waitFor(text: "Health access is off")
        XCTAssertFalse(relaunched.contains("Offline"), relaunched)
        quit(again)
    }

    /// An onboarded app with the permission sheet opened from Settings → Health access.
    private func appOnHealthAccessSheetFromSettings() throws -> TmuxSession {
        let s = try onboardedApp()
        s.send("7")
        s.waitFor(text: "Daily step goal")
        s.send("Up", "Up", "Up", "Up") // up from the first row wraps to Reset, Messages, Data directory, Health access
        s.waitFor("Health access selected") { ScreenText.hasLine($0, with: "›", "Health access") }
        s.send("Enter")
        s.waitFor(text: "Health Access")
        return s
    }
}
