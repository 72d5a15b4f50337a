import XCTest
@testable import HealthDomain
@testable import Platform

final class ScoreFormulaTests: XCTestCase {
    func testSleepScoreByHand() {
        // asleep, in bed, expected
        let table: [(Double, Double, Int?)] = [
            (420, 480, 88),   // 0.75 × 0.875 + 0.25 × 0.875 = 0.875
            (480, 480, 100),
            (540, 600, 98),   // 0.75 × 1 + 0.25 × 0.9 = 0.975 → half away from zero
            (240, 480, 50),   // 0.75 × 0.5 + 0.25 × 0.5
            (0, 480, 0),
            (600, 480, 100),  // asleep clamped to in bed
            (420, 0, nil),
            (.nan, 480, nil),
            (-5, 480, nil),
        ]
        for (asleep, bed, want) in table {
            XCTAssertEqual(ScoreFormulas.sleepScore(asleepMinutes: asleep, inBedMinutes: bed), want, "\(asleep)/\(bed)")
        }
    }

    func alternating(_ a: Double, _ b: Double, _ n: Int) -> [Double] { (0..<n).map { $0 % 2 == 0 ? a : b } }

    func testBaseline() throws {
        XCTAssertNil(ScoreFormulas.baseline(alternating(40, 60, 13)), "13 days is calibrating")
        let b = try XCTUnwrap(ScoreFormulas.baseline(alternating(40, 60, 14)))
        XCTAssertEqual(b.mean, 50)
        XCTAssertEqual(b.standardDeviation, 10)
        XCTAssertEqual(b.normalRange, NormalRange(lower: 40, upper: 60))
        // Only the last 30 values count.
        let old = Array(repeating: 1000.0, count: 10) + alternating(40, 60, 30)
        XCTAssertEqual(ScoreFormulas.baseline(old)?.mean, 50)
        XCTAssertEqual(ScoreFormulas.baseline(old)?.days, 30)
        // A flat history gets the 5% floor.
        XCTAssertEqual(ScoreFormulas.baseline(Array(repeating: 50, count: 20))?.standardDeviation, 2.5)
        XCTAssertEqual(ScoreFormulas.baseline(alternating(40, 60, 14) + [.nan, .infinity])?.days, 14)
    }

    func testRecoveryScoreByHand() throws {
        let hrv = try XCTUnwrap(ScoreFormulas.baseline(alternating(40, 60, 14)))   // mean 50, sd 10
        let rhr = try XCTUnwrap(ScoreFormulas.baseline(alternating(52, 58, 14)))   // mean 55, sd 3
        // hrv, rhr, expected = 50 + 15 × (0.6 zHRV + 0.4 zRHR)
        let table: [(Double, Double, Int?)] = [
            (50, 55, 50),
            (60, 52, 65),    // z = +1, +1
            (30, 61, 20),    // z = −2, −2
            (65, 55, 64),    // 50 + 15 × 0.9 = 63.5
            (50, 49, 62),    // 50 + 15 × 0.8
            (200, 30, 100),  // clamped
            (5, 90, 0),
            (0, 55, nil),
            (.nan, 55, nil),
        ]
        for (h, r, want) in table {
            XCTAssertEqual(ScoreFormulas.recoveryScore(hrv: h, restingHeartRate: r, hrvBaseline: hrv, rhrBaseline: rhr), want, "\(h), \(r)")
        }
    }

    func testStrainScoreByHand() {
        // kcal, minutes, expected = 100 × ln(1 + load/50) / ln 81
        let table: [(Double, Double, Int?)] = [
            (0, 0, 0),
            (500, 0, 55),      // ln 11 / ln 81 = 0.5457
            (420, 30, 56),     // load 540: ln 11.8 / ln 81 = 0.5616
            (1000, 0, 69),     // ln 21 / ln 81 = 0.6928
            (4000, 0, 100),
            (1e12, 1e9, 100),
            (-1, 0, nil),
            (.infinity, 0, nil),
        ]
        for (kcal, minutes, want) in table {
            XCTAssertEqual(ScoreFormulas.strainScore(activeKilocalories: kcal, exerciseMinutes: minutes), want, "\(kcal), \(minutes)")
        }
    }

    func testTargetZoneFromRecovery() {
        let table: [(Int, Double, Double)] = [(0, 20, 40), (50, 40, 60), (100, 60, 80), (67, 47, 67), (-30, 20, 40), (400, 60, 80)]
        for (r, start, end) in table {
            let z = ScoreFormulas.strainTargetZone(recoveryScore: r)
            XCTAssertEqual([z.start, z.end], [start, end], "recovery \(r)")
        }
    }

    func testTargetZoneValidation() throws {
        XCTAssertThrowsError(try TargetZone(start: 60, end: 40)) { error in
            XCTAssertEqual((error as? TargetZoneError)?.message, "target zone start 60 is after its end 40")
        }
        XCTAssertThrowsError(try TargetZone(start: -1, end: 40)) { error in
            XCTAssertEqual((error as? TargetZoneError)?.message, "target zone -1–40 must lie within 0–100")
        }
        XCTAssertThrowsError(try TargetZone(start: .nan, end: 40))
        let edges = try TargetZone(start: 0, end: 100)
        XCTAssertEqual(edges.position(of: 0), .inside)
        XCTAssertEqual(edges.position(of: 100), .inside)
        let z = try TargetZone(start: 40, end: 60)
        XCTAssertEqual([z.position(of: 39.9), z.position(of: 40), z.position(of: 60), z.position(of: 61)], [.below, .inside, .inside, .above])
        XCTAssertNoThrow(try TargetZone(start: 50, end: 50))
    }

    func testMetricStatus() {
        let range = NormalRange(lower: 40, upper: 60)
        XCTAssertEqual(MetricStatus(value: 61, normalRange: range), .higher)
        XCTAssertEqual(MetricStatus(value: 39, normalRange: range), .lower)
        XCTAssertEqual(MetricStatus(value: 40, normalRange: range), .within)
        XCTAssertEqual(MetricStatus(value: 60, normalRange: range), .within)
        XCTAssertNil(MetricStatus(value: nil, normalRange: range))
        XCTAssertNil(MetricStatus(value: 50, normalRange: nil))
        XCTAssertNil(MetricStatus(value: .nan, normalRange: range))
        XCTAssertNil(NormalRange(lower: 5, upper: 4))
        XCTAssertNil(NormalRange(lower: .nan, upper: 4))
    }
}
