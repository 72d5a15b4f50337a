import Foundation
import Testing
@testable import AppCore
import HealthDomain
import Platform
@testable import HealthImport

/// Apple Health's merge: the higher-priority source owns every interval it has a
/// sample for, whatever the sample's value — a Watch minute of 0 steps is not
/// filled in by the iPhone. Checked on a synthetic Watch + iPhone year against a
/// second, deliberately simple implementation (elementary intervals, a linear scan).
@Suite struct ZeroValueMergeTests {
    static let watch = "Anna’s Apple Watch", phone = "Anna’s iPhone"
    static let days = 460
    static let tz = "Europe/Paris"

    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Integer-second samples: the watch in back-to-back 1–6 minute pieces, about one in
    /// five of them 0 steps; the phone in longer pieces over the same hours; now and then
    /// a sample across midnight.
    static func records() -> [ImportedRecord] {
        var g = Generator(state: 2024)
        let base = 1_704_063_600 // 2024-01-01 00:00 Paris (UTC+1)
        var out: [ImportedRecord] = []
        func add(_ source: String, _ value: Int, _ start: Int, _ end: Int) {
            out.append(ImportedRecord(type: .stepCount, source: source, deviceModel: source == watch ? "Watch" : "iPhone",
                                      value: .quantity(Double(value)),
                                      start: Date(timeIntervalSince1970: Double(start)), end: Date(timeIntervalSince1970: Double(end))))
        }
        for day in 0..<days {
            let midnight = base + day * 86_400 // the hour of DST shifts these; the merge does not care
            var t = midnight + 6 * 3600 + g.next(3600)
            while t < midnight + 23 * 3600 {
                let length = 60 * (1 + g.next(6))
                add(watch, g.next(5) == 0 ? 0 : 1 + g.next(400), t, t + length)
                t += length + (g.next(3) == 0 ? g.next(1200) : 0)
            }
            if g.next(4) == 0 { add(watch, g.next(2) == 0 ? 0 : 30, midnight + 86_400 - 600, midnight + 86_400 + 600) }
            t = midnight + 6 * 3600 + g.next(7200)
            while t < midnight + 23 * 3600 {
                let length = 300 + g.next(1500)
                add(phone, 10 + g.next(1500), t, t + length)
                t += length + g.next(1800)
            }
        }
        return out
    }

    /// The reference: cut time at every sample edge and every local midnight; each piece
    /// goes to the highest-priority source with a sample covering it (any value), at the
    /// rate of that source's earliest-starting covering sample.
    static func reference(_ records: [ImportedRecord], priority: [String], days range: [DayKey],
                          calendar: LocalCalendar) -> [DayKey: Double] {
        let midnights = (range + [range[range.count - 1].adding(days: 1)]).map { Int($0.startDate(in: calendar).timeIntervalSince1970) }
        struct S { var start: Int, end: Int, rate: Double, rank: Int }
        let samples = records.compactMap { r -> S? in
            guard let v = r.quantity, let rank = priority.firstIndex(of: r.source) else { return nil }
            let s = Int(r.start.timeIntervalSince1970), e = Int(r.end.timeIntervalSince1970)
            return S(start: s, end: e, rate: v / Double(e - s), rank: rank)
        }
        var out: [DayKey: Double] = [:]
        for (i, day) in range.enumerated() {
            let lo = midnights[i], hi = midnights[i + 1]
            let here = samples.filter { $0.start < hi && $0.end > lo }
            let cuts = Array(Set(here.flatMap { [max(lo, $0.start), min(hi, $0.end)] } + [lo, hi])).sorted()
            var total = 0.0
            for (a, b) in zip(cuts, cuts.dropFirst()) {
                let covering = here.filter { $0.start <= a && $0.end >= b }
                guard let best = covering.min(by: { ($0.rank, $0.start) < ($1.rank, $1.start) }) else { continue }
                total += best.rate * Double(b - a)
            }
            out[day] = total
        }
        return out
    }

    @Test func watchZeroMinutesAreNotFilledByThePhone() throws {
        let calendar = LocalCalendar(zoneNamed: Self.tz)!
        let records = Self.records()
        #expect(records.contains { $0.quantity == 0 })
        let first = DayKey(string: "2024-01-01")!
        let range = DayKey.days(from: first, through: first.adding(days: Self.days - 1), calendar: calendar)
        let expected = Self.reference(records, priority: [Self.watch, Self.phone], days: range, calendar: calendar)

        // The app's merge (DailyStatistics) …
        let sources = DailyAggregator.healthSources(names: [Self.watch, Self.phone], order: [Self.watch, Self.phone])
        let samples = records.map {
            QuantitySample(id: "", type: .stepCount, value: $0.quantity!, start: $0.start, end: $0.end,
                           source: $0.source == Self.watch ? sources[0] : sources[1])
        }
        let direct = DailyStatistics.dailyTotals(samples, from: range[0], through: range[range.count - 1], calendar: calendar)
        // … and the import's spilled, month-by-month one.
        let aggregator = try DailyAggregator(calendar: calendar, spillDirectory: FileManager.default.temporaryDirectory, bufferBudget: 4096)
        defer { aggregator.discard() }
        for r in records { try aggregator.add(r) }
        let imported = try aggregator.finish(order: [Self.watch, Self.phone], fetchedAt: Date(timeIntervalSince1970: 0))
        let importedDays = imported.totals.series(.stepCount)?.days ?? [:]

        var directOff = 0, importOff = 0
        for day in direct {
            let want = expected[day.day] ?? -1
            if (day.value.rounded() - want.rounded()).magnitude > 0 || (day.value - want).magnitude > 1e-6 { directOff += 1 }
            let got = importedDays[day.day.description] ?? 0
            if (got.rounded() - want.rounded()).magnitude > 0 || (got - want).magnitude > 1e-6 { importOff += 1 }
        }
        #expect(direct.count == Self.days)
        #expect(directOff == 0, "DailyStatistics disagrees with the reference on \(directOff) of \(Self.days) days")
        #expect(importOff == 0, "the import disagrees with the reference on \(importOff) of \(Self.days) days")
    }

    @Test func aZeroWatchMinuteHidesThePhoneByHand() {
        // Watch 08:00–08:10 0 steps, 08:10–08:20 100 steps; phone 08:00–08:20 400 steps.
        // The watch owns 08:00–08:20 entirely: the day is 100, not 100 + 200.
        let calendar = LocalCalendar(zoneNamed: "UTC")!
        let w = HealthSource(id: "0", name: "Watch", kind: .app), p = HealthSource(id: "1", name: "Phone", kind: .app)
        let t = Date(timeIntervalSince1970: 1_717_995_600) // 2024-06-10 05:00 UTC
        func sample(_ s: HealthSource, _ v: Double, _ a: Double, _ b: Double) -> QuantitySample {
            QuantitySample(id: "", type: .stepCount, value: v, start: t + a * 60, end: t + b * 60, source: s)
        }
        let day = DayKey(string: "2024-06-10")!
        let totals = DailyStatistics.dailyTotals([sample(w, 0, 0, 10), sample(w, 100, 10, 20), sample(p, 400, 0, 20)],
                                                 from: day, through: day, calendar: calendar)
        #expect(totals.first?.value == 100)
        #expect(totals.first?.naiveSum == 500)
    }
}
