import Foundation
import XCTest

/// The Care screen (issue 18): a task from a tasks file through breathing, the
/// provider's session and the mood log, and what survives a relaunch.
final class CareEndToEndTests: ScreenFlowTestCase {
    var tasksFile = ""

    override func setUp() {
        super.setUp()
        // Today's task (2 breaths, 10 s each) and a locked one; the dates match `now`.
        tasksFile = (dataDir as NSString).appendingPathComponent("my-tasks.json")
        let json = #"[[2, ["Calm", "Tired"], "2026-11-20"], [3, ["Okay"], "2026-11-22"]]"#
        FileManager.default.createFile(atPath: tasksFile, contents: Data(json.utf8))
    }

    func care(_ provider: String) throws -> TmuxSession {
        try app(["--tasks", tasksFile, "--provider", provider])
    }

    @discardableResult
    func openCare(_ s: TmuxSession, file: StaticString = #filePath, line: UInt = #line) -> String {
        s.send("5")
        return s.waitFor("the task list", file: file, line: line) { ScreenText.hasLine($0, with: "Fri, Nov 20", "Ready now") }
    }

    func testBreatheJoinTheProviderMidExerciseLogAMoodAndItStaysCompleted() throws {
        let s = try care("mid-exercise")
        s.onboard()
        let list = openCare(s)
        XCTAssertTrue(list.contains("0 of 2 done"), list)
        XCTAssertTrue(ScreenText.hasLine(list, with: "Sun, Nov 22", "Locked"), list)

        s.send("Enter")
        let breathing = s.waitFor(text: "Breathing exercise")
        XCTAssertTrue(breathing.contains("2 breaths left"), breathing)
        XCTAssertTrue(breathing.contains("Breathe in"), breathing)

        // The provider comes online during the exercise: a prompt, not a jump.
        let prompt = s.waitFor("the provider's prompt", timeout: 20) { $0.contains("is online now") }
        XCTAssertTrue(prompt.contains("Join now (Enter)"), prompt)
        XCTAssertTrue(prompt.contains("Breathing exercise"), "still breathing under the prompt:\n\(prompt)")
        s.send("Enter")
        let session = s.waitFor(text: "You are in a session with")
        XCTAssertTrue(session.contains("Telehealth session"), session)
        XCTAssertTrue(session.contains("Task of Fri, Nov 20"), session)

        s.send("Enter") // End session
        let mood = s.waitFor(text: "How do you feel today?")
        XCTAssertTrue(mood.contains("Calm") && mood.contains("Tired"), "the task's own moods:\n\(mood)")
        XCTAssertFalse(mood.contains("(•)"), "no answer is chosen for the person:\n\(mood)")
        s.send("Down")
        s.waitFor("Calm under the cursor") { ScreenText.hasLine($0, with: "(•)", "Calm") }
        s.send("Down")
        s.waitFor("Tired chosen") { ScreenText.hasLine($0, with: "(•)", "Tired") }
        s.send("Enter")
        let done = s.waitFor(text: "Mood: Tired")
        XCTAssertTrue(done.contains("Completed Fri, Nov 20"), done)
        s.send("Enter")
        let after = s.waitFor("the completed row") { ScreenText.hasLine($0, with: "Done Fri, Nov 20", "Tired") }
        XCTAssertTrue(after.contains("1 of 2 done"), after)
        XCTAssertFalse(after.contains("Ready now"), after)
        quit(s)

        let again = try care("mid-exercise")
        again.waitFor(text: "Last 7 days")
        again.send("5")
        let relaunched = again.waitFor("the completion after a relaunch") { ScreenText.hasLine($0, with: "Done Fri, Nov 20", "Tired") }
        XCTAssertTrue(relaunched.contains("1 of 2 done"), relaunched)
        quit(again)
    }

    func testAProviderAvailableNowSkipsTheBreathingStraightToTheSession() throws {
        let s = try care("available-now")
        s.onboard()
        openCare(s)
        s.send("Enter")
        let session = s.waitFor(text: "You are in a session with")
        XCTAssertFalse(session.contains("Breathing exercise"), session)
        s.send("Enter")
        s.waitFor(text: "How do you feel today?")
        s.send("Down") // the first mood, Calm
        s.send("Enter")
        s.waitFor(text: "Mood: Calm")
        s.send("Enter")
        s.waitFor("the completed row") { ScreenText.hasLine($0, with: "Done Fri, Nov 20", "Calm") }
        quit(s)

        let again = try care("available-now")
        again.waitFor(text: "Last 7 days")
        again.send("5")
        again.waitFor("the completion after a relaunch") { ScreenText.hasLine($0, with: "Done Fri, Nov 20", "Calm") }
        quit(again)
    }

    func testLeavingOrQuittingMidExerciseNeverCompletesTheTask() throws {
        let s = try care("never")
        s.onboard()
        openCare(s)
        s.send("Enter")
        s.waitFor(text: "Breathing exercise")
        s.send("Escape")
        s.waitFor(text: "Leave this task?")
        s.send("y")
        let left = s.waitFor("the list again") { ScreenText.hasLine($0, with: "Fri, Nov 20", "Ready now") }
        XCTAssertTrue(left.contains("0 of 2 done"), left)

        // Quitting the app in the middle of the exercise.
        s.send("Enter")
        s.waitFor(text: "Breathing exercise")
        quit(s)

        let again = try care("never")
        again.waitFor(text: "Last 7 days")
        let list = openCare(again)
        XCTAssertTrue(list.contains("0 of 2 done"), list)
        quit(again)
    }

    func testLogTheMoodEarlyInTheWaitingRoomAndEndingTheSessionCompletesTheTask() throws {
        // One breath (10 s), then a waiting room until the provider comes (20 s after launch).
        let oneBreath = (dataDir as NSString).appendingPathComponent("one-breath.json")
        FileManager.default.createFile(atPath: oneBreath, contents: Data(#"[[1, ["Calm", "Tired"], "2026-11-20"]]"#.utf8))
        let s = try app(["--tasks", oneBreath, "--provider", "after-delay:20"])
        s.onboard()
        openCare(s)
        s.send("Enter")
        s.waitFor(text: "Breathing exercise")
        let waiting = s.waitFor("the waiting room", timeout: 15) { $0.contains("Waiting room") }
        XCTAssertTrue(waiting.contains("press m to log how you feel"), waiting)
        s.send("m")
        s.waitFor(text: "Log your mood now")
        s.send("Down")
        s.waitFor("Calm under the cursor") { ScreenText.hasLine($0, with: "(•)", "Calm") }
        s.send("Down")
        s.waitFor("Tired chosen") { ScreenText.hasLine($0, with: "(•)", "Tired") }
        s.send("Enter")
        s.waitFor(text: "Mood logged: Tired (m to change)")
        let session = s.waitFor("the provider to join", timeout: 20) { $0.contains("You are in a session with") }
        XCTAssertTrue(session.contains("Mood logged: Tired"), session)
        s.send("Enter") // End session: the mood is already there, so the task completes
        let done = s.waitFor(text: "Mood: Tired")
        XCTAssertFalse(done.contains("How do you feel today?"), done)
        s.send("Enter")
        s.waitFor("the completed row") { ScreenText.hasLine($0, with: "Done Fri, Nov 20", "Tired") }
        quit(s)
    }
}
