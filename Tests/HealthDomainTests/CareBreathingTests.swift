import XCTest
@testable import HealthDomain
@testable import Platform

final class CareBreathingTests: XCTestCase {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    func testNBreathsTakeNCycles() {
        for n in [1, 3, 10, 60] {
            let plan = BreathingPlan(breaths: n)
            XCTAssertEqual(plan.totalSeconds, Double(n) * 10)
            XCTAssertEqual(plan.frame(atElapsed: plan.totalSeconds - 0.001).phase, .exhale)
            XCTAssertEqual(plan.frame(atElapsed: plan.totalSeconds - 0.001).breathsLeft, 1)
            XCTAssertEqual(plan.frame(atElapsed: plan.totalSeconds).phase, .done)
            // Count inhale starts over the whole exercise.
            var inhales = 0, last = BreathPhase.done
            for step in 0...(n * 100) {
                let phase = plan.frame(atElapsed: Double(step) * 0.1).phase
                if phase == .inhale && last != .inhale { inhales += 1 }
                last = phase
            }
            XCTAssertEqual(inhales, n)
        }
    }

    func testFramesOverOneCycle() {
        let plan = BreathingPlan(breaths: 3, inhaleSeconds: 4, exhaleSeconds: 6)
        // elapsed, phase, breaths left, breath number, radius
        let table: [(Double, BreathPhase, Int, Int, Double)] = [
            (0, .inhale, 3, 1, 0),
            (1, .inhale, 3, 1, (1 - cos(Double.pi / 4)) / 2),   // 0.1464
            (2, .inhale, 3, 1, 0.5),
            (4, .exhale, 3, 1, 1),
            (7, .exhale, 3, 1, 0.5),
            (10, .inhale, 2, 2, 0),
            (12, .inhale, 2, 2, 0.5),
            (29.999, .exhale, 1, 3, 0),
            (30, .done, 0, 3, 0),
            (1e9, .done, 0, 3, 0),
            (-5, .inhale, 3, 1, 0),
            (.nan, .inhale, 3, 1, 0),
        ]
        for (t, phase, left, number, radius) in table {
            let f = plan.frame(atElapsed: t)
            XCTAssertEqual(f.phase, phase, "t=\(t)")
            XCTAssertEqual(f.breathsLeft, left, "t=\(t)")
            XCTAssertEqual(f.breathNumber, number, "t=\(t)")
            XCTAssertEqual(f.radius, radius, accuracy: 1e-3, "t=\(t)")
        }
        XCTAssertEqual(plan.frame(atElapsed: 1).secondsLeftInPhase, 3, accuracy: 1e-9)
        XCTAssertEqual(plan.frame(atElapsed: 5).secondsLeftInPhase, 5, accuracy: 1e-9)
    }

    func testRadiusIsMonotonicWithinEachHalf() {
        let plan = BreathingPlan(breaths: 1)
        var previous = -1.0
        for i in 0...40 { let r = plan.frame(atElapsed: Double(i) * 0.1).radius; XCTAssertGreaterThanOrEqual(r, previous); previous = r }
        previous = 2
        for i in 41...99 { let r = plan.frame(atElapsed: Double(i) * 0.1).radius; XCTAssertLessThanOrEqual(r, previous); previous = r }
    }

    func testPlanClampsBadValues() {
        XCTAssertEqual(BreathingPlan(breaths: -4).breaths, 1)
        XCTAssertEqual(BreathingPlan(breaths: Int.max).breaths, 60)
        XCTAssertEqual(BreathingPlan(breaths: 2, inhaleSeconds: 0, exhaleSeconds: .infinity).cycleSeconds, 5)
    }

    func testPauseAndResumeExcludePausedTime() {
        var s = BreathingSession(plan: BreathingPlan(breaths: 2), startedAt: t0)
        s.pause(at: t0 + 3)
        XCTAssertTrue(s.isPaused)
        XCTAssertNil(s.finishesAt)
        XCTAssertEqual(s.elapsed(at: t0 + 100), 3)
        XCTAssertEqual(s.frame(at: t0 + 100).phase, .inhale)
        s.pause(at: t0 + 50)   // already paused: ignored
        s.resume(at: t0 + 13)
        XCTAssertEqual(s.elapsed(at: t0 + 14), 4)
        XCTAssertEqual(s.frame(at: t0 + 14).phase, .exhale)
        XCTAssertEqual(s.finishesAt, t0 + 30)
        XCTAssertFalse(s.isFinished(at: t0 + 29.9))
        XCTAssertTrue(s.isFinished(at: t0 + 30))
        s.resume(at: t0 + 40)  // not paused: ignored
        XCTAssertEqual(s.pausedTotal, 10)
        s.pause(at: t0 + 31)   // finished: ignored
        XCTAssertFalse(s.isPaused)
    }

    func testEasingEnds() {
        XCTAssertEqual(Easing.inOut(0), 0)
        XCTAssertEqual(Easing.inOut(1), 1)
        XCTAssertEqual(Easing.inOut(0.5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(Easing.inOut(-3), 0)
        XCTAssertEqual(Easing.inOut(7), 1)
    }
}
