import Foundation
import Testing
@testable import AppCore
import HealthDomain
import Platform
@testable import HealthImport

/// The spilled, month-by-month computation gives exactly what `DailyStatistics`
/// and `SleepStatistics` give over all samples at once.
@Suite struct DailyAggregatorTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func calendar(_ tz: String) -> LocalCalendar {
        let c = LocalCalendar(zoneNamed: tz)!
        return c
    }

    /// Overlapping sources listed one after the other (as exports do), across month ends and DST.
    static func records(seed: UInt64) -> [ImportedRecord] {
        var g = Generator(state: seed)
        let base = Date(timeIntervalSince1970: 1_709_251_200) // 2024-03-01 00:00 UTC
        var out: [ImportedRecord] = []
        for (source, model) in [("Anna’s Apple Watch", "Watch"), ("Anna’s iPhone", "iPhone"), ("Pedometer++", nil)] {
            for type in [ImportedType.stepCount, .activeEnergy, .restingHeartRate] {
                var t = base.timeIntervalSince1970 + Double(g.next(3600))
                while t < base.timeIntervalSince1970 + 75 * 86_400 {
                    let length = Double(g.next(4) == 0 ? 0 : 60 + g.next(3 * 3600))
                    let value = type == .restingHeartRate ? Double(45 + g.next(30)) : Double(1 + g.next(900)) / 3
                    out.append(ImportedRecord(type: type, source: source, deviceModel: model, value: .quantity(value),
                                              start: Date(timeIntervalSince1970: t), end: Date(timeIntervalSince1970: t + length)))
                    t += length - Double(g.next(1800)) + Double(g.next(7200))
                }
            }
            var night = base.timeIntervalSince1970 + 22 * 3600
            while night < base.timeIntervalSince1970 + 75 * 86_400 {
                var t = night + Double(g.next(3600))
                for _ in 0..<(2 + g.next(6)) {
                    let length = Double(600 + g.next(7200))
                    let stage = SleepStage.allCases[g.next(SleepStage.allCases.count)]
                    out.append(ImportedRecord(type: .sleepAnalysis, source: source, deviceModel: model, value: .sleep(stage),
                                              start: Date(timeIntervalSince1970: t), end: Date(timeIntervalSince1970: t + length)))
                    t += length + Double(g.next(3 * 3600)) - 1800
                }
                night += 86_400
            }
        }
        return out
    }

    @Test(arguments: ["Europe/London", "America/New_York"])
    func equalsDailyStatisticsOverAllSamples(tz: String) throws {
        let cal = Self.calendar(tz)
        let records = Self.records(seed: 7)
        let order = ["Pedometer++", "Anna’s Apple Watch", "Anna’s iPhone"]
        let aggregator = try DailyAggregator(calendar: cal, spillDirectory: FileManager.default.temporaryDirectory, bufferBudget: 37)
        defer { aggregator.discard() }
        for r in records { try aggregator.add(r) }
        let result = try aggregator.finish(order: order, fetchedAt: Date(timeIntervalSince1970: 0))

        let names = Array(Set(records.map(\.source))).sorted()
        let sources = Dictionary(uniqueKeysWithValues: zip(names, DailyAggregator.healthSources(names: names, order: order)))
        let first = DayKey(string: "2024-02-28")!, last = DayKey(string: "2024-05-20")!
        for type in [ImportedType.stepCount, .activeEnergy, .restingHeartRate] {
            guard let q = DailyAggregator.quantityType(type) else { continue }
            let samples = records.filter { $0.type == type }.compactMap { r -> QuantitySample? in
                guard let v = r.quantity, let s = sources[r.source] else { return nil }
                return QuantitySample(id: "", type: q, value: v, start: r.start, end: r.end, source: s)
            }
            let expected = DailyStatistics.dailyStatistics(of: q, samples, from: first, through: last, calendar: cal)
                .filter { q.aggregation == .discrete || $0.value > 0 || $0.naiveSum > 0 }
            let got = result.totals.series(q)?.days ?? [:], naive = result.naive.series(q)?.days ?? [:]
            #expect(got.count == expected.count, "\(q)")
            #expect(expected.count > 60)
            for day in expected {
                #expect(got[day.day.description] == day.value, "\(q) \(day.day)")
                #expect(naive[day.day.description] == day.naiveSum, "\(q) \(day.day) naive")
            }
        }
        let sleep = records.filter { $0.type == .sleepAnalysis }.compactMap { r -> CategorySample? in
            guard let stage = r.sleepStage, let s = sources[r.source] else { return nil }
            return CategorySample(id: "", stage: stage, start: r.start, end: r.end, source: s)
        }
        let nights = SleepStatistics.nights(sleep, from: .earliest, through: .latest, calendar: cal)
        #expect(nights.count > 60)
        #expect(result.totals.sleepNights(from: .earliest, through: .latest) == nights)
    }

    /// Records read by `HealthExportReader` come numbered by their source's summary position:
    /// merged by that number and `orderedIndices`, they give exactly what the same records give
    /// numbered by name (sleep and resting heart rate need each source's name, steps only ranks).
    @Test func recordsNumberedByTheImportGiveWhatNamesGive() throws {
        let cal = Self.calendar("Europe/London")
        let records = Self.records(seed: 7)
        let order = ["Pedometer++", "Anna’s Apple Watch", "Anna’s iPhone"]
        var positions: [String: Int] = [:]
        for r in records where positions[r.source] == nil { positions[r.source] = positions.count }
        #expect(positions.count == 3)
        let byName = try DailyAggregator(calendar: cal, spillDirectory: FileManager.default.temporaryDirectory, bufferBudget: 37)
        let byNumber = try DailyAggregator(calendar: cal, spillDirectory: FileManager.default.temporaryDirectory, bufferBudget: 37)
        defer { byName.discard(); byNumber.discard() }
        for r in records {
            try byName.add(r)
            var numbered = r
            numbered.sourceIndex = positions[r.source]
            try byNumber.add(numbered)
        }
        let fetched = Date(timeIntervalSince1970: 0)
        let expected = try byName.finish(order: order, fetchedAt: fetched)
        let got = try byNumber.finish(order: order, orderedIndices: order.map { positions[$0]! }, fetchedAt: fetched)
        #expect(got == expected)
        #expect(got.totals.series(.restingHeartRate) != nil && !got.totals.sleepNights(from: .earliest, through: .latest).isEmpty)
    }

    @Test func numberedAndUnnumberedRecordsAreNotMixed() throws {
        let aggregator = try DailyAggregator(calendar: Self.calendar("UTC"), spillDirectory: FileManager.default.temporaryDirectory)
        defer { aggregator.discard() }
        let records = Self.records(seed: 1)
        var numbered = records[0]
        numbered.sourceIndex = 0
        try aggregator.add(numbered)
        #expect(throws: ImportFailure.self) { try aggregator.add(records[1]) }
        #expect(throws: ImportFailure.self) { _ = try aggregator.finish(order: [records[0].source], fetchedAt: Date()) }
    }

    @Test func memoryHoldsOnlyTheBufferBudget() throws {
        // Spilled bytes grow with the input; what stays in memory is bounded by the budget.
        let aggregator = try DailyAggregator(calendar: Self.calendar("UTC"), spillDirectory: FileManager.default.temporaryDirectory,
                                             bufferBudget: 100)
        defer { aggregator.discard() }
        let records = Self.records(seed: 3)
        for r in records { try aggregator.add(r) }
        #expect(aggregator.spilledBytes >= UInt64((records.count - 100) * 32))
    }

    @Test func preferNamesMoveToTheFrontAndUnknownOnesAreReported() {
        var summary = ImportSummary()
        summary.sourceCounts = [SourceCount(name: "Anna’s Apple Watch", records: 3, deviceModels: ["Watch"]),
                                SourceCount(name: "Anna’s iPhone", records: 2, deviceModels: ["iPhone"]),
                                SourceCount(name: "Zepp", records: 1), SourceCount(name: "Autosleep", records: 1)]
        #expect(SourceOrder(summary, prefer: []).ordered == ["Anna’s Apple Watch", "Anna’s iPhone", "Autosleep", "Zepp"])
        let order = SourceOrder(summary, prefer: ["zepp", "Nope", "anna’s iphone"])
        #expect(order.ordered == ["Zepp", "Anna’s iPhone", "Anna’s Apple Watch", "Autosleep"])
        #expect(order.unmatched == ["Nope"])
    }

    @Test func progressLineFitsAndShowsRateAndETA() {
        let p = ImportProgress(fileBytesRead: 50_000_000, fileBytesTotal: 200_000_000, xmlBytesRead: 0, recordsImported: 1_000_000)
        let line = ImportProgressLine(width: 80, unicode: false).text(p, elapsed: 10)
        #expect(line.count <= 79)
        #expect(line.contains("25%"))
        #expect(line.contains("50.0/200.0 MB"))
        #expect(line.contains("100k rec/s"))
        #expect(line.contains("ETA 0:30"))
        #expect(ImportProgressLine(width: 20, unicode: true).text(p, elapsed: 10).count <= 19)
    }
}
