import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// The Care screen driven like a person would: keys in, the test clock moved by hand.
@MainActor
final class CareTests: XCTestCase {
    /// Driver.start is 2026-11-22 15:30 UTC: the first task is overdue (eligible), the
    /// second due today (waits its turn), the third locked; the fourth entry is broken.
    static let fixture = """
    [[3, ["Calm", "Anxious", "Tired"], "2026-11-21"],
     [2, ["Okay", "Good"], "2026-11-22"],
     [4, ["Fine", "Low"], "2026-11-25"],
     [0, [], "2026-02-30"]]
    """

    func careDriver(provider: String = "never", tasks: String? = CareTests.fixture, reduceMotion: Bool = false,
                    size: Size = Size(width: 80, height: 24), theme: String = "dark") async throws -> Driver {
        let d = try await CareHarness.driver(provider: provider, tasks: tasks, reduceMotion: reduceMotion, size: size, theme: theme)
        XCTAssertEqual(d.model.route, .care)
        return d
    }

    func stage(_ d: Driver) -> String {
        switch d.model.care.stage {
        case nil: return "list"
        case .breathing?: return d.model.care.joinPromptShown ? "prompt" : "breathing"
        case .waitingRoom?: return "waiting"
        case .session?: return "session"
        case .moodLog?: return "mood"
        case .completed?: return "completed"
        }
    }

    func advance(_ d: Driver, _ seconds: Double, step: Double = 0.25) async {
        await CareHarness.advance(d, seconds, step: step)
    }

    func savedCompletions(_ d: Driver) -> [CareCompletion] {
        d.env.storage.flush()
        return CareCompletionStore(url: d.env.paths.careCompletionsFile).completions
    }

    /// Each row's status in words that fit whole, the longest that does, at every width: the
    /// full sentence at 80 columns, fewer words at 56 (beside the breaths column), never a cut.
    func testRowStatusesKeepWholeWordsAtEveryWidth() async throws {
        let expected: [(width: Int, statuses: [String])] = [
            (80, ["Ready now · overdue", "Due · after the earlier task", "Locked until Wed, Nov 25"]),
            (56, ["Ready now · overdue", "Due · waits its turn", "Locked"]),
            (48, ["Ready now · overdue", "Due · waits its turn", "Locked until Wed, Nov 25"]),
        ]
        for (width, statuses) in expected {
            let d = try await careDriver(size: Size(width: width, height: 18))
            defer { d.cleanUp() }
            let rows = d.screenText.components(separatedBy: "\n").filter { $0.contains("Nov 2") && $0.contains("│") }
            XCTAssertEqual(rows.count, 3, d.screenText)
            for (row, status) in zip(rows, statuses) {
                XCTAssertTrue(row.contains(status + " "), "\(width) columns: \(row)")
                XCTAssertFalse(row.contains("…"), "\(width) columns: \(row)")
            }
        }
    }

    // MARK: The flow, branch by branch

    func testProviderAvailableAtStartSkipsBreathingAndTheMoodCompletesTheTask() async throws {
        let d = try await careDriver(provider: "available-now")
        defer { d.cleanUp() }
        let bells = d.hapticCount
        await d.press(.enter)
        let opened = d.clock.now
        XCTAssertEqual(stage(d), "session", "someone is there: breathing skipped")
        XCTAssertEqual(d.hapticCount, bells + 1, "a gentle cue that the provider is there")
        await d.advance(65)
        let screen = d.screenText
        XCTAssertTrue(screen.contains("Dr. Maya Patel"), screen)
        XCTAssertTrue(screen.contains("In session 1m 05s"), screen)
        await d.press(.enter)
        XCTAssertEqual(stage(d), "mood", "no mood yet: the session's end asks for one")
        XCTAssertTrue(savedCompletions(d).isEmpty, "not complete without a mood")
        XCTAssertNil(d.model.care.moodIndex, "no mood is preselected")
        await d.press(.enter)
        XCTAssertEqual(stage(d), "mood", "Enter with no mood chosen logs nothing")
        XCTAssertEqual(d.model.shared.toast?.message, "Choose a mood first: ↑/↓, then Enter")
        await d.press(.down, .down, .enter)
        XCTAssertEqual(stage(d), "completed")
        XCTAssertEqual(d.screenText.components(separatedBy: "Task complete").count - 1, 1, "said once:\n\(d.screenText)")
        let saved = savedCompletions(d)
        XCTAssertEqual(saved.map(\.mood), ["Anxious"])
        XCTAssertEqual(saved.first?.taskID, "2026-11-21#1")
        XCTAssertEqual(saved.first!.completedAt.timeIntervalSince(opened), 65, accuracy: 1, "completed when the session was exited (stored to the second)")
        let attributes = try FileManager.default.attributesOfItem(atPath: d.env.paths.careCompletionsFile.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        await d.press(.enter)
        XCTAssertEqual(stage(d), "list")
        XCTAssertEqual(d.model.care.selected, 1, "the cursor moves to the next task to do")
        XCTAssertTrue(d.screenText.contains("Done Sun, Nov 22 · Anxious"), d.screenText)
    }

    func testProviderOnlineMidExerciseThenJoinNow() async throws {
        let d = try await careDriver(provider: "after-delay:15")
        defer { d.cleanUp() }
        await d.press(.enter)
        await advance(d, 14)
        XCTAssertEqual(stage(d), "breathing")
        await advance(d, 1.5)
        XCTAssertEqual(stage(d), "prompt")
        let before = d.model.care.breathing!.frame(at: d.clock.now)
        XCTAssertTrue(d.screenText.contains("Dr. Maya Patel is online now"), d.screenText)
        await advance(d, 1)
        XCTAssertNotEqual(d.model.care.breathing!.frame(at: d.clock.now), before, "the prompt does not block: breathing goes on")
        XCTAssertEqual(stage(d), "prompt")
        await d.press(.enter)
        XCTAssertEqual(stage(d), "session")
    }

    /// Was a bug: the provider came online while "Leave this task?" was asked, and its
    /// "Join now (Enter)" prompt showed beside "Stay (Enter)": one Enter, two answers on screen.
    func testTheJoinPromptWaitsWhileLeavingIsAsked() async throws {
        let d = try await careDriver(provider: "after-delay:15")
        defer { d.cleanUp() }
        await d.press(.enter)
        await advance(d, 14)
        await d.press(.escape)
        XCTAssertTrue(d.screenText.contains("Leave this task?"), d.screenText)
        await advance(d, 20)
        XCTAssertTrue(d.screenText.contains("Leave this task?"), d.screenText)
        XCTAssertFalse(d.screenText.contains("Join now"), "one question at a time:\n\(d.screenText)")
        XCTAssertFalse(d.screenText.contains("is online now"), d.screenText)
        await d.press(.enter) // Stay
        XCTAssertFalse(d.screenText.contains("Leave this task?"), d.screenText)
        await advance(d, 2)
        XCTAssertEqual(stage(d), "prompt")
        XCTAssertTrue(d.screenText.contains("Join now"), "the prompt once the question is answered:\n\(d.screenText)")
        await d.press(.enter)
        XCTAssertEqual(stage(d), "session")
    }

    func testProviderOnlineMidExerciseThenFinishBreathingFirst() async throws {
        let d = try await careDriver(provider: "after-delay:15")
        defer { d.cleanUp() }
        await d.press(.enter)
        await advance(d, 16)
        XCTAssertEqual(stage(d), "prompt")
        await d.press(.char("f"))
        XCTAssertEqual(stage(d), "breathing", "prompt hidden, exercise goes on")
        XCTAssertTrue(d.screenText.contains("Dr. Maya Patel is waiting for you after the exercise"), d.screenText)
        await advance(d, 13.5)
        XCTAssertEqual(stage(d), "breathing")
        await advance(d, 1)
        XCTAssertEqual(stage(d), "session", "exercise done with the provider there: straight into the session")
        await d.press(.enter, .down, .enter)
        XCTAssertEqual(stage(d), "completed")
        XCTAssertEqual(savedCompletions(d).map(\.mood), ["Calm"])
    }

    func testProviderNeverOnlineWaitsAndQuittingNeverCompletes() async throws {
        let d = try await careDriver(provider: "never")
        defer { d.cleanUp() }
        await d.press(.enter)
        await advance(d, 31)
        XCTAssertEqual(stage(d), "waiting")
        await d.advance(600)
        XCTAssertEqual(stage(d), "waiting", "nobody comes: the user keeps waiting")
        XCTAssertTrue(d.screenText.contains("Waiting for Dr. Maya Patel"), d.screenText)
        await d.press(.char("m"), .down, .down, .down, .enter)
        XCTAssertEqual(d.model.care.visit?.mood, "Tired", "mood logged early")
        XCTAssertEqual(stage(d), "waiting")
        await d.press(.escape)
        XCTAssertTrue(d.model.care.confirmingQuit)
        await d.press(.char("y"))
        XCTAssertEqual(stage(d), "list")
        XCTAssertTrue(savedCompletions(d).isEmpty, "leaving never completes, even with a mood")
        XCTAssertTrue(d.screenText.contains("Ready now · overdue"), d.screenText)
    }

    /// A task started, its provider still on the way (the waiting room), and `m` pressed: the mood picker opened early.
    func moodPickerWhileWaiting() async throws -> Driver {
        let d = try await careDriver(provider: "after-delay:60")
        await d.press(.enter)
        await advance(d, 31)
        XCTAssertEqual(stage(d), "waiting")
        await d.press(.char("m"))
        XCTAssertTrue(d.model.care.choosingMoodEarly)
        return d
    }

    func testMoodLoggedEarlyCompletesTheTaskWhenTheSessionEnds() async throws {
        let d = try await moodPickerWhileWaiting()
        defer { d.cleanUp() }
        XCTAssertTrue(d.screenText.contains("Log your mood now"), d.screenText)
        await d.press(.down, .down, .enter)
        XCTAssertEqual(d.model.care.visit?.mood, "Anxious")
        let bells = d.hapticCount
        await advance(d, 30, step: 1)
        XCTAssertEqual(stage(d), "session")
        XCTAssertEqual(d.hapticCount, bells + 1, "the provider's arrival is cued")
        XCTAssertTrue(d.screenText.contains("Mood logged: Anxious"), d.screenText)
        await d.press(.enter)
        XCTAssertEqual(stage(d), "completed", "the mood was already logged: no mood screen")
        XCTAssertEqual(savedCompletions(d).map(\.mood), ["Anxious"])
    }

    func testQuitMidFlowAsksFirstAndNeverCompletes() async throws {
        let d = try await careDriver(provider: "available-now")
        defer { d.cleanUp() }
        // From the session's mood log: the session is over, the mood missing.
        await d.press(.enter, .enter)
        XCTAssertEqual(stage(d), "mood")
        await d.press(.escape)
        XCTAssertTrue(d.screenText.contains("Leave this task?"), d.screenText)
        await d.press(.char("n"))
        XCTAssertEqual(stage(d), "mood", "n stays")
        await d.press(.escape, .enter)
        XCTAssertEqual(stage(d), "mood", "Enter is Stay: it never discards the task")
        XCTAssertFalse(d.model.care.confirmingQuit)
        await d.press(.escape, .char("y"))
        XCTAssertEqual(stage(d), "list")
        XCTAssertTrue(savedCompletions(d).isEmpty)
        // A relaunch shows it still to do.
        let again = d.relaunch()
        await again.onboard()
        await again.press(Driver.tabKey(.care))
        XCTAssertTrue(again.model.care.completions.isEmpty)
    }

    func testQuitFromBreathingAndTheAppQuittingMidFlow() async throws {
        let d = try await careDriver(provider: "never")
        defer { d.cleanUp() }
        await d.press(.enter)
        await advance(d, 5)
        await d.press(.escape)
        XCTAssertTrue(d.model.care.confirmingQuit)
        XCTAssertEqual(d.model.care.breathing?.isPaused, true, "the exercise waits while the question is up")
        await d.advance(30)
        await d.press(.char("n"))
        XCTAssertEqual(stage(d), "breathing")
        XCTAssertEqual(d.model.care.breathing?.isPaused, false, "Stay goes on where it was")
        XCTAssertEqual(d.model.care.breathing!.elapsed(at: d.clock.now), 5, accuracy: 0.01)
        await d.press(.char("q"))
        XCTAssertTrue(d.model.quitRequested, "q quits the app from anywhere")
        XCTAssertTrue(savedCompletions(d).isEmpty)
    }

    /// The footer's pair reads "↑/↓ Move"; help names each direction.
    func testHelpNamesEachDirectionOfTheList() async throws {
        let d = try await careDriver()
        defer { d.cleanUp() }
        let hints = d.model.keyHints(d.ctx).screen
        XCTAssertEqual(hints.first { $0.keys.contains(.up) }.map { [$0.label, $0.shortTitle, $0.title] }, ["↑/↓", "Move", "Move up"])
        XCTAssertEqual(hints.first { $0.keys.contains(.down) }?.title, "Move down")
        XCTAssertTrue(d.screenText.contains("↑/↓ Move"), d.screenText)
    }

    func testOnlyTheEligibleTaskOpens() async throws {
        let d = try await careDriver()
        defer { d.cleanUp() }
        await d.press(.down, .enter)
        XCTAssertEqual(stage(d), "list", "today's task waits for the overdue one")
        XCTAssertEqual(d.model.shared.toast?.message, "One task at a time: finish the earlier one first")
        await d.press(.down, .enter)
        XCTAssertEqual(stage(d), "list")
        XCTAssertEqual(d.model.shared.toast?.message, "Locked until Wed, Nov 25: a task opens on its due date")
        XCTAssertTrue(d.screenText.contains("Enter Why not now?"), "the footer does not offer to start it:\n\(d.screenText)")
        await d.press(.up, .up, .enter)
        XCTAssertEqual(stage(d), "breathing")
        XCTAssertNil(d.model.shared.toast, "the list's note does not follow the session onto the breathing screen")
        XCTAssertFalse(d.screenText.contains("Locked until"), d.screenText)
    }

    /// The list's notes are whole at every size: where the sentence does not fit the toast's line
    /// its shorter wording does ("Locked until Wed, Nov 25"), never the sentence cut.
    func testTheListsNotesAreWholeOnANarrowScreen() async throws {
        for (size, locked, wait) in [(Size(width: 80, height: 24), "Locked until Wed, Nov 25: a task opens on its due date",
                                      "One task at a time: finish the earlier one first"),
                                     (Size(width: 60, height: 20), "Locked until Wed, Nov 25", "One task at a time: finish the earlier one first"),
                                     (Size(width: 48, height: 16), "Locked until Wed, Nov 25", "Finish the earlier task first")] {
            let d = try await careDriver(size: size)
            defer { d.cleanUp() }
            await d.press(.down, .enter)
            var toastLine = d.render().lines[1]
            XCTAssertTrue(toastLine.contains(wait) && !toastLine.contains("…"), "\(size): \(toastLine)")
            await d.press(.down, .enter)
            toastLine = d.render().lines[1]
            XCTAssertTrue(toastLine.contains(locked) && !toastLine.contains("…"), "\(size): \(toastLine)")
            if size.width < 80 { XCTAssertFalse(toastLine.contains("due date"), "\(size): the short wording") }
        }
    }

    // MARK: Breathing on screen

    func testBreathingPhasesCountdownAndACueAtEachPhaseChange() async throws {
        let d = try await careDriver(provider: "never")
        defer { d.cleanUp() }
        let bells = d.hapticCount
        await d.press(.enter)
        XCTAssertEqual(d.hapticCount, bells + 1, "the first inhale is cued")
        func discDots() -> Int { d.screenText.filter { $0 == "⣿" }.count }
        var screen = d.screenText
        XCTAssertTrue(screen.contains("Breathe in…") && screen.contains("3 breaths left") && screen.contains("Breath 1 of 3"), screen)
        let small = discDots()
        await advance(d, 2)
        let middle = discDots()
        await advance(d, 1.9)
        let full = discDots()
        XCTAssertLessThan(small, middle, "the disc grows on the inhale")
        XCTAssertLessThan(middle, full)
        await advance(d, 3.1)
        screen = d.screenText
        XCTAssertTrue(screen.contains("Breathe out…"), screen)
        XCTAssertLessThan(discDots(), full, "and shrinks on the exhale")
        await advance(d, 3)
        screen = d.screenText
        XCTAssertTrue(screen.contains("Breathe in…") && screen.contains("2 breaths left") && screen.contains("Breath 2 of 3"), screen)
        await advance(d, 20)
        XCTAssertEqual(stage(d), "waiting", "N breaths take N cycles of 10 s")
        // inhale+exhale per breath, then the end of the exercise.
        XCTAssertEqual(d.hapticCount, bells + 3 * 2 + 1)
    }

    func testAnimatesOnlyWhileTheDiscMovesAndTimersFollowThePhases() async throws {
        let d = try await careDriver(provider: "after-delay:15")
        defer { d.cleanUp() }
        var care = d.model.care
        XCTAssertFalse(care.isAnimating(now: d.clock.now, d.model.shared, d.ctx), "the list is still")
        XCTAssertNil(care.nextTimer(after: d.clock.now))
        await d.press(.enter)
        await d.advance(0.3)
        care = d.model.care
        XCTAssertTrue(care.isAnimating(now: d.clock.now, d.model.shared, d.ctx))
        XCTAssertEqual(care.nextTimer(after: d.clock.now)!.timeIntervalSince(d.clock.now), 0.701, accuracy: 0.01, "the next whole second of the phase")
        await d.press(.char(" "))
        care = d.model.care
        XCTAssertFalse(care.isAnimating(now: d.clock.now, d.model.shared, d.ctx), "paused: no frames")
        XCTAssertEqual(care.nextTimer(after: d.clock.now)!.timeIntervalSince(care.visit!.openedAt), 15.001, accuracy: 0.01,
                       "paused, it still wakes for the provider")
        let frozen = care.breathing!.frame(at: d.clock.now)
        await d.advance(5)
        XCTAssertEqual(d.model.care.breathing!.frame(at: d.clock.now), frozen, "paused time does not count")
        XCTAssertTrue(d.screenText.contains("Paused"), d.screenText)
        await d.press(.char(" "))
        await d.advance(1)
        XCTAssertNotEqual(d.model.care.breathing!.frame(at: d.clock.now), frozen)
    }

    func testTheMoodPickersKeysNameTheirDirectionInHelp() async throws {
        let d = try await moodPickerWhileWaiting()
        defer { d.cleanUp() }
        let help = d.helpLines
        XCTAssertTrue(help.contains("↑/k/←/h Previous mood"), "\(help)")
        XCTAssertTrue(help.contains("↓/j/→/l Next mood"), "\(help)")
        XCTAssertTrue(d.render().lines.last?.contains("↑/↓ Choose") == true, "the footer keeps the pair's word")
    }

    func testLeavingTheTabPausesTheBreathing() async throws {
        let d = try await careDriver(provider: "never")
        defer { d.cleanUp() }
        await d.press(.enter)
        await advance(d, 2)
        await d.press(.char("1"))
        await d.advance(6)
        XCTAssertEqual(d.model.care.breathing?.isPaused, true)
        XCTAssertEqual(d.model.care.breathing!.elapsed(at: d.clock.now), 2, accuracy: 0.01, "paused from the moment the tab was left")
        await d.press(Driver.tabKey(.care))
        XCTAssertTrue(d.screenText.contains("Paused"), d.screenText)
    }

    func testReduceMotionShowsAStillRingWithASecondsCountdown() async throws {
        let d = try await careDriver(provider: "never", reduceMotion: true)
        defer { d.cleanUp() }
        await d.press(.enter)
        XCTAssertFalse(d.model.care.isAnimating(now: d.clock.now, d.model.shared, d.ctx))
        var screen = d.screenText
        XCTAssertTrue(screen.contains("Breathe in… 4"), screen)
        XCTAssertFalse(screen.contains("⣿"), "a ring, not a moving disc")
        await advance(d, 1.5, step: 0.5)
        screen = d.screenText
        XCTAssertTrue(screen.contains("Breathe in… 3"), screen)
        await advance(d, 3)
        XCTAssertTrue(d.screenText.contains("Breathe out… 6"), d.screenText)
        XCTAssertLessThanOrEqual(d.model.care.nextTimer(after: d.clock.now)!.timeIntervalSince(d.clock.now), 1.01)
    }

    // MARK: Tasks files

    func testProblemsInTheUsersFileAreShownAndGoodEntriesKept() async throws {
        let d = try await careDriver()
        defer { d.cleanUp() }
        XCTAssertEqual(d.model.care.tasks.count, 3)
        XCTAssertEqual(d.model.care.problems.count, 3)
        XCTAssertTrue(d.screenText.contains("3 problems in the tasks file"), d.screenText)
        await d.press(.char("p"))
        let screen = d.screenText
        XCTAssertTrue(screen.contains("entry 4, breath count: 0 is too few (1–60)"), screen)
        XCTAssertTrue(screen.contains("entry 4, mood choices"), screen)
        XCTAssertTrue(screen.contains("entry 4, due date"), screen)
        await d.press(.escape)
        XCTAssertFalse(d.model.care.showingProblems)
    }

    /// The banner and the problems sheet never cut a sentence: a shorter banner that still names
    /// the key, and each problem wrapped onto the rows it needs.
    func testProblemsAreSaidWholeAtEverySize() async throws {
        for size in [Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 48, height: 16)] {
            let d = try await careDriver(size: size)
            defer { d.cleanUp() }
            var screen = d.screenText
            if size.height >= 20 {
                XCTAssertTrue(screen.contains("3 problems in the tasks file; the good tasks are shown. Press p for details.")
                              || screen.contains("3 problems in the tasks file. p: details"), "\(size):\n\(screen)")
            }
            XCTAssertFalse(screen.contains("…"), "\(size):\n\(screen)")
            await d.press(.char("p"))
            screen = d.screenText
            // The sheet's rows, their borders and indents taken away, joined: each problem reads whole.
            let text = screen.split(separator: "\n").map { line -> String in
                let parts = line.split(separator: "│", omittingEmptySubsequences: false)
                return parts.count >= 3 ? parts[parts.count - 2].trimmingCharacters(in: .whitespaces) : ""
            }.joined(separator: " ")
            for problem in d.model.care.problems.map(\.description) where size.height >= 20 {
                XCTAssertTrue(text.contains(problem), "\(size): \(problem)\n\(screen)")
            }
            XCTAssertFalse(screen.contains("…"), "\(size):\n\(screen)")
        }
    }

    func testSampleWhenNoFileAndTasksOptionWins() async throws {
        let sample = try await careDriver(tasks: nil)
        defer { sample.cleanUp() }
        XCTAssertEqual(sample.model.care.origin, .sample)
        XCTAssertEqual(sample.model.care.tasks.count, 6)
        XCTAssertTrue(sample.model.care.problems.isEmpty)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-care-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("mine.json")
        try Data(#"[[7, ["Good"], "2026-11-22"]]"#.utf8).write(to: file)
        let d = Driver(options: { $0.featureValues["--tasks"] = file.path })
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertEqual(d.model.care.origin, .file(file.path))
        XCTAssertEqual(d.model.care.tasks.map(\.breathCount), [7])

        let missing = Driver(options: { $0.featureValues["--tasks"] = dir.appendingPathComponent("nope.json").path })
        defer { missing.cleanUp() }
        await missing.onboard()
        await missing.press(Driver.tabKey(.care))
        XCTAssertTrue(missing.model.care.tasks.isEmpty, "a missing --tasks file is not replaced by the sample")
        XCTAssertEqual(missing.model.care.problems.first?.message, "cannot read the file: no such file")
        let screen = missing.screenText
        for text in ["The tasks file can't be used", "nope.json", "cannot read the file: no such file", "tasks --check"] {
            XCTAssertTrue(screen.contains(text), "\(text)\n\(screen)")
        }
        XCTAssertFalse(screen.contains("All caught up"), screen)
        XCTAssertFalse(screen.contains("the good tasks are shown"), screen)
    }

    func testCompletionsSurviveARelaunch() async throws {
        let d = try await careDriver(provider: "available-now")
        defer { d.cleanUp() }
        await d.press(.enter, .enter, .down, .enter)
        XCTAssertEqual(stage(d), "completed")
        let again = d.relaunch()
        await again.onboard()
        XCTAssertEqual(again.model.care.completions["2026-11-21#1"]?.mood, "Calm")
    }

    func testADamagedCompletionsFileIsSetAsideAndSaid() async throws {
        let d = Driver()
        defer { d.cleanUp() }
        let url = d.env.paths.careCompletionsFile
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: url)
        await d.onboard()
        XCTAssertTrue(d.model.care.loaded)
        XCTAssertTrue(d.model.care.completions.isEmpty)
        let aside = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        XCTAssertTrue(aside.contains { $0.hasPrefix("care-completions.json") && $0 != "care-completions.json" }, "\(aside)")
    }

    // MARK: tasks --check

    func testTasksCheckCommand() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["TZ": "UTC"]
        let good = dir.appendingPathComponent("good.json")
        try Data(#"[[10, ["Calm"], "2026-11-20"], [5, ["Ok", "Low"], "2026-11-21T09:00:00Z"]]"#.utf8).write(to: good)
        let ok = Commands.checkTasks(path: good.path, environment: env)
        XCTAssertEqual(ok.code, 0)
        XCTAssertEqual(ok.stdout, "\(good.path): OK, 2 tasks\n")

        let bad = dir.appendingPathComponent("bad.json")
        try Data(Self.fixture.utf8).write(to: bad)
        let problems = Commands.checkTasks(path: bad.path, environment: env)
        XCTAssertEqual(problems.code, 1)
        let lines = problems.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[0], "\(bad.path): entry 4, breath count: 0 is too few (1–60)")
        XCTAssertTrue(lines[1].hasPrefix("\(bad.path): entry 4, mood choices: "))
        XCTAssertTrue(lines[2].hasPrefix("\(bad.path): entry 4, due date: \"2026-02-30\" is not a date"))
        XCTAssertEqual(lines[3], "3 problems; 3 tasks would load")

        let broken = dir.appendingPathComponent("broken.json")
        try Data("[[1, [\"a\"]".utf8).write(to: broken)
        let notJSON = Commands.checkTasks(path: broken.path, environment: env)
        XCTAssertEqual(notJSON.code, 1)
        XCTAssertEqual(notJSON.stdout.split(separator: "\n").first.map(String.init),
                       "\(broken.path): the file is not valid JSON: line 1, column 11: expected ',' or ']', found the end of the file (cut off?)")

        XCTAssertEqual(Commands.checkTasks(path: dir.appendingPathComponent("none.json").path, environment: env).code, 1)
        let folder = Commands.checkTasks(path: dir.path, environment: env)
        XCTAssertEqual(folder.code, 1)
        XCTAssertEqual(folder.stderr, "tmm-tui: cannot read \(dir.path): it is a folder, not a file\n")
    }

    func testClockFormat() {
        let table: [(Double, String)] = [(0, "0:00"), (65, "1:05"), (3_599.9, "59:59"), (3_725, "1:02:05"), (-4, "0:00"),
                                         (.nan, "0:00"), (.infinity, "0:00"), (1e12, "99:59:59")]
        for (seconds, text) in table { XCTAssertEqual(CareViewModel.clock(seconds), text, "\(seconds)") }
    }
}

/// Drivers for the Care tests: on the Care tab with a tasks file, time moved in steps.
@MainActor
enum CareHarness {
    /// A Care driver on the Care tab, with `tasks` as the user's own tasks.json.
    static func driver(provider: String = "never", tasks: String? = CareTests.fixture, reduceMotion: Bool = false,
                    size: Size = Size(width: 80, height: 24), theme: String = "dark") async throws -> Driver {
        let d = Driver(size: size, theme: theme, options: { o in
            o.featureValues["--provider"] = provider
            o.reduceMotion = reduceMotion
        })
        if let tasks {
            let url = d.env.paths.careTasksFile
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(tasks.utf8).write(to: url)
        }
        await d.onboard()
        await d.press(Driver.tabKey(.care))
        return d
    }

    /// Moves time in small steps, as the run loop's timers would.
    static func advance(_ d: Driver, _ seconds: Double, step: Double = 0.25) async {
        var left = seconds
        while left > 1e-9 {
            let s = min(step, left)
            await d.advance(s)
            left -= s
        }
    }

}

/// An invalid tasks file: the Care screen names the file, the problem (with line and column) and the fix.
@MainActor
final class CareFileErrorTests: XCTestCase {
    func testInvalidJSONShowsAnErrorStateNotAllCaughtUp() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-care-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("tasks.json")
        try Data("[[3, [\"Calm\"], \"2026-11-21\"]\n [2, [\"Okay\"], \"2026-11-22\"]]".utf8).write(to: file)
        let d = Driver(size: Size(width: 100, height: 30), options: { $0.featureValues["--tasks"] = file.path })
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(Driver.tabKey(.care))
        let screen = d.screenText
        for text in ["The tasks file can't be used", "tasks.json", "line 2, column 2: expected", "found '['", "tasks --check"] {
            XCTAssertTrue(screen.contains(text), "\(text)\n\(screen)")
        }
        XCTAssertTrue(screen.contains("Tasks file problem"), screen)
        XCTAssertFalse(screen.contains("All caught up"), screen)
        XCTAssertFalse(screen.contains("0/0"), screen)
        XCTAssertFalse(screen.contains("Start task"), "nothing to start:\n\(screen)")
    }
}
