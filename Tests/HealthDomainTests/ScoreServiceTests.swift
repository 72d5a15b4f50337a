import XCTest
@testable import HealthDomain
@testable import Platform

final class ScoreServiceTests: XCTestCase {
    let cal: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "Europe/London")!
        return c
    }()
    let today = DayKey(year: 2026, month: 11, day: 20)

    func cards(_ s: MetricScenario, seed: UInt64 = 42) async throws -> DailyScoreCards {
        try await MockMetricDataService(scenario: s, today: today, seed: seed).scores(for: today, calendar: cal)
    }

    func testNormalDayHasEveryScoreMetricAndRange() async throws {
        let c = try await cards(.normal)
        for kind in ScoreKind.allCases {
            let card = c.card(kind)
            XCTAssertEqual(card.kind, kind)
            XCTAssertNotNil(card.score, "\(kind)")
            XCTAssertNil(card.unavailableReason)
            XCTAssertTrue((0...100).contains(card.score ?? -1))
            XCTAssertEqual(card.metrics.count, 2)
            XCTAssertTrue(card.metrics.allSatisfy { $0.value != nil && $0.normalRange != nil && $0.status != nil }, "\(card.metrics)")
        }
        XCTAssertEqual(c.sleep.metrics.map(\.kind), [.timeInBed, .timeAsleep])
        XCTAssertEqual(c.recovery.metrics.map(\.kind), [.heartRateVariability, .restingHeartRate])
        XCTAssertEqual(c.strain.metrics.map(\.kind), [.exerciseDuration, .activeEnergy])
        XCTAssertNotNil(c.strain.targetZone)
        XCTAssertNil(c.sleep.targetZone)
        let again = try await cards(.normal)
        XCTAssertEqual(c, again, "deterministic")
    }

    func testBadNight() async throws {
        let c = try await cards(.badNight)
        XCTAssertEqual(c.sleep.score, ScoreFormulas.sleepScore(asleepMinutes: 270, inBedMinutes: 450))
        XCTAssertEqual(c.sleep.score, 57)  // 0.75 × 0.5625 + 0.25 × 0.6
        XCTAssertEqual(c.sleep.metric(.timeAsleep)?.status, .lower)
        XCTAssertEqual(c.recovery.metric(.heartRateVariability)?.status, .lower)
        XCTAssertEqual(c.recovery.metric(.restingHeartRate)?.status, .higher)
        XCTAssertLessThan(c.recovery.score ?? 100, 25)
    }

    func testOverReachedIsAboveItsZone() async throws {
        let c = try await cards(.overReached)
        let zone = try XCTUnwrap(c.strain.targetZone)
        let strain = try XCTUnwrap(c.strain.score)
        XCTAssertEqual(zone.position(of: Double(strain)), .above)
        XCTAssertEqual(c.strain.metric(.activeEnergy)?.value, 1_640)
        XCTAssertEqual(c.strain.metric(.activeEnergy)?.status, .higher)
    }

    func testNoSleepIsNilNeverZero() async throws {
        let c = try await cards(.noSleep)
        XCTAssertNil(c.sleep.score)
        XCTAssertEqual(c.sleep.unavailableReason, "No sleep recorded last night")
        XCTAssertEqual(c.sleep.metrics.map(\.value), [nil, nil])
        XCTAssertNil(c.sleep.metric(.timeAsleep)?.status)
        XCTAssertNil(c.recovery.score)
        XCTAssertEqual(c.recovery.unavailableReason, "Recovery needs last night's heart-rate variability")
        XCTAssertNil(c.recovery.metric(.heartRateVariability)?.value)
        XCTAssertNotNil(c.recovery.metric(.restingHeartRate)?.value)
        XCTAssertNotNil(c.strain.score)
        XCTAssertNil(c.strain.targetZone, "no recovery, no target")
    }

    func testCalibratingWithholdsScoresButShowsValues() async throws {
        let c = try await cards(.calibrating)
        for kind in ScoreKind.allCases {
            XCTAssertNil(c.card(kind).score)
            XCTAssertEqual(c.card(kind).unavailableReason, "Calibrating: 6 of 14 days")
            XCTAssertTrue(c.card(kind).metrics.allSatisfy { $0.value != nil && $0.normalRange == nil && $0.status == nil })
        }
    }

    func testAdjustedNumbersComeThrough() async throws {
        let service = MockMetricDataService(today: today, adjust: { day, v in
            if day == DayKey(year: 2026, month: 11, day: 20) { v.timeInBedMinutes = 500; v.timeAsleepMinutes = 400; v.activeKilocalories = 2_140 }
        })
        let c = try await service.scores(for: today, calendar: cal)
        XCTAssertEqual(c.sleep.metric(.timeInBed)?.value, 500)
        XCTAssertEqual(c.sleep.score, 83)  // 0.75 × 400/480 + 0.25 × 400/500 = 0.825 → half away from zero
        XCTAssertEqual(c.strain.metric(.activeEnergy)?.value, 2_140)
    }

    func testHistoryIsSevenDaysEndingToday() async throws {
        let h = try await MockMetricDataService(scenario: .calibrating, today: today).history(of: .sleep, through: today, days: 7, calendar: cal)
        XCTAssertEqual(h.map(\.day.description), ["2026-11-14", "2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"])
        XCTAssertEqual(h.map(\.score), Array(repeating: nil, count: 7), "still calibrating all week")
        let normal = try await MockMetricDataService(today: today).history(of: .recovery, through: today, days: 7, calendar: cal)
        XCTAssertTrue(normal.allSatisfy { $0.score != nil })
        let future = try await MockMetricDataService(today: today).scores(for: today.adding(days: 1), calendar: cal)
        XCTAssertNil(future.strain.score)
        XCTAssertNil(future.strain.metric(.activeEnergy)?.value)
    }

    func testScenarioNames() {
        XCTAssertEqual(MetricScenario.allCases.map(\.rawValue), ["normal", "bad-night", "over-reached", "no-sleep", "calibrating"])
    }
}
