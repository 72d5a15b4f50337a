import XCTest
@testable import HealthDomain
@testable import Platform

final class CareFlowTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let task = CareTask(id: "2026-01-15#1", breathCount: 3, moodChoices: ["Calm", "Tired"], due: DayKey(year: 2026, month: 1, day: 15))
    var row: CareTaskRow { CareTaskRow(task: task, status: .eligible, isOverdue: false) }

    func flow(_ scenario: PresenceScenario) -> CareFlow {
        CareFlow(presence: MockProviderPresence(scenario: scenario, seed: 1, providerName: "Dr. Test"))
    }

    func stage(_ f: CareFlow) -> CareStage? {
        if case .visit(_, let s) = f.state { return s }
        return nil
    }

    func isBreathing(_ f: CareFlow) -> (prompt: Bool, dismissed: Bool)? {
        if case .breathing(_, _, let p, let d)? = stage(f) { return (p, d) }
        return nil
    }

    func testProviderAvailableAtStartSkipsBreathing() {
        var f = flow(.availableNow)
        XCTAssertEqual(f.handle(.open(row, at: t0)), [.providerOnline])
        XCTAssertEqual(stage(f), .session(providerName: "Dr. Test", startedAt: t0))
        f.handle(.exitSession(t0 + 600))
        XCTAssertEqual(stage(f), .moodLog(sessionEndedAt: t0 + 600))
        let c = CareCompletion(taskID: task.id, completedAt: t0 + 600, mood: "Calm")
        XCTAssertEqual(f.handle(.logMood("calm", at: t0 + 620)), [.saveCompletion(c)])
        XCTAssertEqual(stage(f), .completed(c))
        f.handle(.quit)
        XCTAssertEqual(f.state, .list)
    }

    func testOnlineMidExerciseThenJoinNow() {
        var f = flow(.onlineMidExercise)
        let online = MockProviderPresence(scenario: .onlineMidExercise, seed: 1).onlineAt(visitStart: t0, exerciseSeconds: 30)!
        let delay = online.timeIntervalSince(t0)
        XCTAssertTrue((9...21).contains(delay), "mid-exercise: \(delay)")
        XCTAssertEqual(f.handle(.open(row, at: t0)), [.cue(.inhale)])
        XCTAssertEqual(f.handle(.tick(t0 + 4.5)), [.cue(.exhale)])
        XCTAssertEqual(f.handle(.joinNow(t0 + 5)), [.rejected("Your provider is not online yet")])
        XCTAssertTrue(f.handle(.tick(online + 0.1)).contains(.providerOnline))
        XCTAssertEqual(isBreathing(f)?.prompt, true, "the prompt does not stop the breathing")
        f.handle(.joinNow(online + 2))
        XCTAssertEqual(stage(f), .session(providerName: "Dr. Test", startedAt: online + 2))
    }

    func testOnlineMidExerciseThenFinishFirst() {
        var f = flow(.onlineAfterDelay(12))
        f.handle(.open(row, at: t0))
        XCTAssertEqual(f.handle(.tick(t0 + 12)), [.cue(.inhale), .providerOnline])
        f.handle(.keepBreathing)
        XCTAssertEqual(isBreathing(f)?.prompt, false)
        XCTAssertEqual(f.handle(.tick(t0 + 15)), [.cue(.exhale)], "no second prompt once dismissed")
        XCTAssertEqual(f.handle(.tick(t0 + 30)), [], "already told the provider is there")
        XCTAssertEqual(stage(f), .session(providerName: "Dr. Test", startedAt: t0 + 30))
    }

    func testNeverOnlineWaitsAndQuitNeverCompletes() {
        var f = flow(.never)
        f.handle(.open(row, at: t0))
        XCTAssertEqual(f.handle(.tick(t0 + 31)), [.cue(.done)])
        XCTAssertEqual(stage(f), .waitingRoom(since: t0 + 30))
        XCTAssertEqual(f.handle(.tick(t0 + 3600)), [])
        XCTAssertEqual(f.handle(.exitSession(t0 + 3601)), [.rejected("Not available now")])
        XCTAssertEqual(f.handle(.quit), [])
        XCTAssertEqual(f.state, .list)
    }

    func testMoodLoggedEarlyCompletesOnExit() {
        var f = flow(.onlineAfterDelay(100))
        f.handle(.open(row, at: t0))
        f.handle(.tick(t0 + 30))
        XCTAssertEqual(stage(f), .waitingRoom(since: t0 + 30))
        XCTAssertEqual(f.handle(.logMood("Happy", at: t0 + 40)).count, 1, "not one of the task's moods")
        XCTAssertEqual(f.handle(.logMood("Tired", at: t0 + 41)), [])
        XCTAssertEqual(f.handle(.logMood("Calm", at: t0 + 42)), [], "can change their mind while waiting")
        XCTAssertEqual(f.handle(.tick(t0 + 100)), [.providerOnline])
        XCTAssertEqual(stage(f), .session(providerName: "Dr. Test", startedAt: t0 + 100))
        let c = CareCompletion(taskID: task.id, completedAt: t0 + 700, mood: "Calm")
        XCTAssertEqual(f.handle(.exitSession(t0 + 700)), [.saveCompletion(c)])
    }

    func testQuitAtEveryStageNeverCompletes() {
        let stops: [(PresenceScenario, [CareFlowEvent])] = [
            (.never, []),                                       // breathing
            (.never, [.pause(t0 + 2)]),                         // paused
            (.never, [.tick(t0 + 40)]),                         // waiting room
            (.never, [.tick(t0 + 40), .logMood("Calm", at: t0 + 41)]), // waiting, mood logged
            (.availableNow, []),                                // session
            (.availableNow, [.exitSession(t0 + 5)]),            // mood log
        ]
        for (scenario, events) in stops {
            var f = flow(scenario)
            var effects = f.handle(.open(row, at: t0))
            for e in events { effects += f.handle(e) }
            effects += f.handle(.quit)
            XCTAssertEqual(f.state, .list)
            XCTAssertFalse(effects.contains { if case .saveCompletion = $0 { return true }; return false }, "\(scenario) \(events)")
        }
    }

    func testPauseHoldsTheExerciseAndMoodIsRefusedWhileBreathing() {
        var f = flow(.never)
        f.handle(.open(row, at: t0))
        f.handle(.pause(t0 + 5))
        f.handle(.tick(t0 + 100))
        XCTAssertNotNil(isBreathing(f), "paused breathing does not finish")
        f.handle(.resume(t0 + 100))
        XCTAssertEqual(f.handle(.logMood("Calm", at: t0 + 101)).count, 1)
        f.handle(.tick(t0 + 124.9))
        XCTAssertNotNil(isBreathing(f))
        f.handle(.tick(t0 + 125))
        XCTAssertEqual(stage(f), .waitingRoom(since: t0 + 125))
    }

    func testOnlyEligibleTasksOpen() {
        for status in [CareTaskStatus.locked, .waiting, .completed(CareCompletion(taskID: task.id, completedAt: t0, mood: "Calm"))] {
            var f = flow(.availableNow)
            XCTAssertEqual(f.handle(.open(CareTaskRow(task: task, status: status, isOverdue: false), at: t0)).count, 1)
            XCTAssertEqual(f.state, .list)
        }
        var f = flow(.availableNow)
        XCTAssertEqual(f.handle(.tick(t0)), [.rejected("Open an eligible task first")])
    }

    func testScenarioNames() {
        XCTAssertEqual(PresenceScenario(name: "available-now"), .availableNow)
        XCTAssertEqual(PresenceScenario(name: "after-delay:45"), .onlineAfterDelay(45))
        XCTAssertEqual(PresenceScenario(name: "after-delay"), .onlineAfterDelay(90))
        XCTAssertEqual(PresenceScenario(name: "mid-exercise"), .onlineMidExercise)
        XCTAssertEqual(PresenceScenario(name: "never"), .never)
        XCTAssertNil(PresenceScenario(name: "after-delay:-1"))
        XCTAssertNil(PresenceScenario(name: "after-delay:nan"))
        XCTAssertNil(PresenceScenario(name: "soon"))
    }

    func testPresenceQuery() {
        let p = MockProviderPresence(scenario: .onlineAfterDelay(20))
        XCTAssertFalse(p.isOnline(at: t0 + 19.9, visitStart: t0, exerciseSeconds: 30))
        XCTAssertTrue(p.isOnline(at: t0 + 20, visitStart: t0, exerciseSeconds: 30))
        XCTAssertFalse(MockProviderPresence(scenario: .never).isOnline(at: t0 + 1e6, visitStart: t0, exerciseSeconds: 30))
    }
}
