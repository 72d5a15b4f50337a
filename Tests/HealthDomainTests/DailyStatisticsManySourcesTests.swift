import Foundation
import XCTest
@testable import HealthDomain
import Platform

/// Many sources, checked against a brute-force reference written from the rule
/// itself: cut time at every sample edge; in each slice the highest-priority
/// source with a sample there counts, through its first (earliest-starting)
/// sample covering the slice, at that sample's rate. An instant counts unless
/// a higher-priority source, or an earlier sample of its own, covers it.
final class DailyStatisticsManySourcesTests: XCTestCase {
    let calendar = LocalCalendar(timeZone: .utc)
    let first = DayKey(year: 2026, month: 3, day: 1), last = DayKey(year: 2026, month: 3, day: 3)

    func reference(_ samples: [QuantitySample]) -> [Double] {
        let dayStart = first.startDate(in: calendar).timeIntervalSinceReferenceDate
        var totals = [0.0, 0.0, 0.0]
        func add(_ a: Double, _ b: Double, _ rate: Double) {
            for d in 0..<3 {
                let lo = max(a, dayStart + Double(d) * 86_400), hi = min(b, dayStart + Double(d + 1) * 86_400)
                if lo < hi { totals[d] += rate * (hi - lo) }
            }
        }
        let kept = samples.filter { $0.value > 0 && $0.end >= $0.start }
        let sources = Array(Set(kept.map(\.source))).sorted(by: DailyStatistics.priorityOrder)
        // Each source's samples in the order the rule reads them: by start, ties in input order.
        let bySource = sources.map { src in kept.enumerated().filter { $0.element.source == src }
            .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element) }
        let edges = Array(Set(kept.flatMap { [$0.start.timeIntervalSinceReferenceDate, $0.end.timeIntervalSinceReferenceDate] })).sorted()
        func covers(_ s: QuantitySample, _ t: Double) -> Bool {
            s.start.timeIntervalSinceReferenceDate <= t && t < s.end.timeIntervalSinceReferenceDate
        }
        for (a, b) in zip(edges, edges.dropFirst()) {
            let mid = (a + b) / 2
            for list in bySource {
                if let s = list.first(where: { covers($0, mid) }) {
                    add(a, b, s.value / (s.end.timeIntervalSinceReferenceDate - s.start.timeIntervalSinceReferenceDate))
                    break
                }
            }
        }
        for (rank, list) in bySource.enumerated() {
            for (k, s) in list.enumerated() where s.end <= s.start {
                let t = s.start.timeIntervalSinceReferenceDate
                let higher = bySource[..<rank].contains { $0.contains { covers($0, t) } }
                let own = list[..<k].contains { $0.end > $0.start && covers($0, t) }
                if !higher && !own { add(t, t + 1, s.value) } // an instant's whole value, on its day
            }
        }
        return totals
    }

    func testThreeHundredSourcesAgreeWithTheReference() {
        var rng = SeededRandom(seed: 2026)
        let base = first.startDate(in: calendar)
        var samples: [QuantitySample] = []
        for i in 0..<2_000 {
            let kind: HealthSource.Kind = [.watch, .phone, .app][Int.random(in: 0..<3, using: &rng)]
            let source = HealthSource(id: "s\(Int.random(in: 0..<300, using: &rng))-\(kind.rawValue)", name: "S", kind: kind)
            // Minute-aligned starts so slices are exact; some instants, some long, some crossing midnight.
            let start = base.addingTimeInterval(Double(Int.random(in: 0..<(3 * 1440), using: &rng)) * 60)
            let minutes = [0, 1, 1, 5, 30, 240][Int.random(in: 0..<6, using: &rng)]
            let value = Double(Int.random(in: 1...600, using: &rng))
            samples.append(QuantitySample(id: "\(i)", type: .stepCount, value: value, start: start,
                                          end: start.addingTimeInterval(Double(minutes) * 60), source: source))
        }
        let got = DailyStatistics.dailyTotals(samples, from: first, through: last, calendar: calendar).map(\.value)
        let expected = reference(samples)
        for d in 0..<3 { XCTAssertEqual(got[d], expected[d], accuracy: 1e-6 * max(1, expected[d]), "day \(d)") }
    }

    /// 20,000 sources of one sample each, as an export of many apps: every sample its own source, nothing lost.
    func testTwentyThousandSourcesOfOneSampleEachAreAllCounted() {
        let base = first.startDate(in: calendar)
        let samples = (0..<20_000).map { i in
            QuantitySample(id: "\(i)", type: .stepCount, value: 3, start: base.addingTimeInterval(Double(i) * 10),
                           end: base.addingTimeInterval(Double(i) * 10 + 10), source: HealthSource(id: "app\(i)", name: "App", kind: .app))
        }
        let got = DailyStatistics.dailyTotals(samples, from: first, through: last, calendar: calendar).map(\.value)
        // 20,000 × 10 s = 200,000 s: the first 86,400 s on day one, the next 86,400 on day two, the rest on day three.
        XCTAssertEqual(got[0], 8_640 * 3, accuracy: 1e-6)
        XCTAssertEqual(got[1], 8_640 * 3, accuracy: 1e-6)
        XCTAssertEqual(got[2], 2_720 * 3, accuracy: 1e-6)
    }

    /// The pieces and instants read in time order with each source's end kept by rank are
    /// exactly those of a plain reading source by source (a Dictionary of each rank's
    /// spans, each read by start): the same pieces, bit for bit, and the same instants in
    /// the same order once both are sorted by time (equal times by rank). Ranks few and
    /// dense (an array), and scattered (a table); equal starts, overlaps, instants.
    func testPiecesReadInTimeOrderAreThoseReadSourceBySource() {
        typealias Ranked = DailyStatistics.RankedSpan
        func reference(_ input: [(span: Ranked, order: Int32)]) -> (pieces: [DailyStatistics.Piece], instants: [DailyStatistics.Instant]) {
            let byRank = Dictionary(grouping: input, by: \.span.rank)
            var pieces: [DailyStatistics.Piece] = [], instants: [DailyStatistics.Instant] = []
            for rank in byRank.keys.sorted() {
                var maxEnd = -Double.infinity
                for (s, _) in byRank[rank]!.sorted(by: { ($0.span.start, $0.order) < ($1.span.start, $1.order) }) {
                    if s.end <= s.start {
                        if s.start >= maxEnd { instants.append(.init(time: s.start, value: s.value, rank: s.rank)) }
                        continue
                    }
                    let from = max(s.start, maxEnd)
                    maxEnd = max(maxEnd, s.end)
                    if from < s.end { pieces.append(.init(start: from, end: s.end, rate: s.value / (s.end - s.start), rank: s.rank)) }
                }
            }
            // What the sweep reads: instants by time, ties in the order they were found (by rank here).
            let sortedInstants = instants.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            return (pieces, sortedInstants)
        }
        var rng = SeededRandom(seed: 31)
        for round in 0..<60 {
            let scattered = round % 3 == 2
            let sources = [1, 3, 40, 700][round % 4]
            var input: [(span: Ranked, order: Int32)] = []
            for order in 0..<Int.random(in: 1...1500, using: &rng) {
                let start = Double(Int.random(in: 0..<600, using: &rng) * 30)
                let length = [0.0, 0, 30, 60, 90, 600, 3_600][Int.random(in: 0..<7, using: &rng)]
                let source = Int32(Int.random(in: 0..<sources, using: &rng))
                let rank = scattered ? source &* 1_000_003 &- 500_000_000 : source
                input.append((Ranked(start: start, end: start + length, value: Double(Int.random(in: 0...50, using: &rng)), rank: rank),
                              Int32(order)))
            }
            let expected = reference(input)
            var pieces = input.map { item in
                var span = item.span
                span.order = item.order
                return span
            }
            let instants = DailyStatistics.piecesAndInstants(&pieces)
            func key(_ p: DailyStatistics.Piece) -> [Double] { [p.start, Double(p.rank), p.end, p.rate] }
            pieces.sort { key($0).lexicographicallyPrecedes(key($1)) }
            let expectedPieces = expected.pieces.sorted { key($0).lexicographicallyPrecedes(key($1)) }
            XCTAssertEqual(pieces.map(key), expectedPieces.map(key), "round \(round)")
            XCTAssertEqual(instants.map { [$0.time, $0.value, Double($0.rank)] },
                           expected.instants.map { [$0.time, $0.value, Double($0.rank)] }, "round \(round)")
        }
    }
}
