import XCTest
@testable import HealthDomain
@testable import Platform

/// The totals loop sorts each source's samples only when they arrive out of
/// order: any arrival order must give the same days.
final class DailyStatisticsOrderTests: XCTestCase {
    func testShuffledSamplesGiveTheSameTotalsAsOrderedOnes() {
        let calendar = LocalCalendar(zoneNamed: "Europe/Paris")!
        let watch = HealthSource(id: "w", name: "Watch", kind: .watch), phone = HealthSource(id: "p", name: "Phone", kind: .phone)
        let first = DayKey(year: 2026, month: 3, day: 28), last = DayKey(year: 2026, month: 3, day: 30) // across the DST change
        let start = first.startDate(in: calendar)
        var rng = SeededRandom(seed: 5)
        var samples: [QuantitySample] = []
        for i in 0..<2_000 {
            let t = start.addingTimeInterval(Double(i) * 120 + rng.double(0...60))
            let source = i % 3 == 0 ? phone : watch
            samples.append(QuantitySample(id: "\(i)", type: .stepCount, value: rng.double(1...90), start: t,
                                          end: t.addingTimeInterval(rng.double(0...400)), source: source))
        }
        let ordered = DailyStatistics.dailyTotals(samples, from: first, through: last, calendar: calendar)
        XCTAssertGreaterThan(ordered.reduce(0) { $0 + $1.value }, 0)
        for seed in 1...3 {
            var shuffler = SeededRandom(seed: UInt64(seed))
            var shuffled = samples
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, shuffler.int(0...i)) }
            let totals = DailyStatistics.dailyTotals(shuffled, from: first, through: last, calendar: calendar)
            XCTAssertEqual(totals.map(\.day), ordered.map(\.day))
            for (a, b) in zip(totals, ordered) {
                XCTAssertEqual(a.value, b.value, accuracy: 1e-6)
                XCTAssertEqual(a.naiveSum, b.naiveSum, accuracy: 1e-6)
            }
        }
    }
}
