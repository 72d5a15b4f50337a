import Foundation
import Testing
import HealthDomain
import Platform
@testable import HealthImport

@Suite struct RecordMapperTests {
    private static let start = Date(timeIntervalSince1970: 1_711_846_800)

    private func scanned(
        _ type: ImportedType, unit: String? = nil, value: ScannedValue = .number(10), source: String? = "Watch",
        start: ScannedDate = .date(start), end: ScannedDate = .date(start.addingTimeInterval(600))
    ) -> ScannedRecord {
        ScannedRecord(type: type.identifier, sourceName: source, unit: unit ?? type.canonicalUnit, value: value,
                      startDate: start, endDate: end)
    }

    private func quantity(_ record: ScannedRecord) -> Double? {
        if case .record(let mapped) = RecordMapper.map(record) { return mapped.quantity }
        return nil
    }

    @Test(arguments: [
        (ImportedType.activeEnergy, "kcal", 100.0, 100.0),
        (.activeEnergy, "Cal", 100, 100),
        (.activeEnergy, "kJ", 418.4, 100),
        (.activeEnergy, "cal", 100_000, 100),
        (.stepCount, "count", 412, 412),
        (.exerciseTime, "min", 3, 3),
        (.exerciseTime, "s", 180, 3),
        (.restingHeartRate, "count/min", 52, 52),
        (.heartRateVariability, "ms", 48.5, 48.5),
    ])
    func convertsUnits(type: ImportedType, unit: String, value: Double, expected: Double) throws {
        let converted = try #require(quantity(scanned(type, unit: unit, value: .number(value))))
        #expect(abs(converted - expected) < 1e-9)
    }

    @Test(arguments: [
        ("HKCategoryValueSleepAnalysisInBed", SleepStage.inBed),
        ("HKCategoryValueSleepAnalysisAsleep", .asleepUnspecified),
        ("HKCategoryValueSleepAnalysisAsleepUnspecified", .asleepUnspecified),
        ("HKCategoryValueSleepAnalysisAsleepCore", .asleepCore),
        ("HKCategoryValueSleepAnalysisAsleepDeep", .asleepDeep),
        ("HKCategoryValueSleepAnalysisAsleepREM", .asleepREM),
        ("HKCategoryValueSleepAnalysisAwake", .awake),
    ])
    func mapsSleepStages(text: String, stage: SleepStage) {
        guard case .record(let record) = RecordMapper.map(scanned(.sleepAnalysis, unit: nil, value: .text(text))) else {
            Issue.record("not mapped")
            return
        }
        #expect(record.sleepStage == stage)
        #expect(record.type == .sleepAnalysis)
    }

    @Test func skipsWithAReason() {
        let cases: [(ScannedRecord, SkipReason)] = [
            (scanned(.stepCount, source: nil), .missingAttribute),
            (scanned(.stepCount, start: .missing), .missingAttribute),
            (scanned(.stepCount, value: .missing), .missingAttribute),
            (ScannedRecord(type: ImportedType.stepCount.identifier, sourceName: "W", unit: nil, value: .number(1),
                           startDate: .date(Self.start), endDate: .date(Self.start)), .missingAttribute),
            (scanned(.stepCount, end: .unparsable), .unparsableDate),
            (scanned(.stepCount, end: .date(Self.start.addingTimeInterval(-1))), .endBeforeStart),
            (scanned(.stepCount, value: .number(-3)), .negativeValue),
            (scanned(.stepCount, value: .text("12,5")), .unparsableValue),
            (scanned(.sleepAnalysis, unit: nil, value: .text("HKCategoryValueSleepAnalysisDreaming")), .unparsableValue),
            (scanned(.stepCount, unit: "km"), .unknownUnit),
            (scanned(.activeEnergy, unit: "kcal/hr"), .unknownUnit),
            (scanned(.stepCount, value: .number(5_000_000)), .absurdValue),
            (scanned(.restingHeartRate, value: .number(5)), .absurdValue),
            (scanned(.heartRateVariability, value: .number(4000)), .absurdValue),
            (scanned(.stepCount, end: .date(Self.start.addingTimeInterval(3 * 86_400))), .absurdValue),
            (scanned(.stepCount, start: .date(Date(timeIntervalSince1970: 0)), end: .date(Date(timeIntervalSince1970: 60))), .absurdValue),
        ]
        for (record, reason) in cases {
            guard case .skipped(_, let got) = RecordMapper.map(record) else {
                Issue.record("\(record) was not skipped")
                continue
            }
            #expect(got == reason, "\(record)")
        }
    }

    @Test func otherTypesAreUnsupported() {
        let heartRate = ScannedRecord(type: "HKQuantityTypeIdentifierHeartRate", sourceName: "W", unit: "count/min",
                                      value: .number(60), startDate: .date(Self.start), endDate: .date(Self.start))
        #expect(RecordMapper.map(heartRate) == .unsupported)
    }

    @Test func exactDuplicatesCountOnce() {
        var pipeline = ImportPipeline()
        let record = scanned(.stepCount, value: .number(100))
        var otherValue = record
        otherValue.value = .number(101)
        var otherSource = record
        otherSource.sourceName = "iPhone"
        let kept = [record, record, otherValue, otherSource, record].compactMap { pipeline.accept($0) }
        #expect(kept.count == 3)
        #expect(pipeline.summary.duplicates == 2)
        #expect(pipeline.summary.recordsByType[.stepCount] == 3)
        #expect(pipeline.summary.recordsBySource == ["Watch": 2, "iPhone": 1])
    }

    @Test func duplicateMemoryStaysBounded() {
        var filter = DuplicateFilter()
        for minute in 0..<50_000 {
            let start = Self.start.addingTimeInterval(Double(minute) * 60)
            let record = ImportedRecord(type: .stepCount, source: "W", deviceModel: nil, value: .quantity(1),
                                        start: start, end: start.addingTimeInterval(60))
            let first = filter.isFirstOccurrence(record)
            #expect(first)
        }
        #expect(filter.rememberedCount < 10_000, "only about two days of minutes are remembered")
        let recent = Self.start.addingTimeInterval(49_999 * 60)
        let repeated = filter.isFirstOccurrence(ImportedRecord(type: .stepCount, source: "W", deviceModel: nil,
                                                               value: .quantity(1), start: recent, end: recent.addingTimeInterval(60)))
        #expect(!repeated)
    }
}

@Suite struct SourceRankingTests {
    private let sources = [
        SourceDescriptor(name: "Strava"),
        SourceDescriptor(name: "Anna’s iPhone", deviceModels: ["iPhone"]),
        SourceDescriptor(name: "Oura"),
        SourceDescriptor(name: "Anna’s Apple Watch", deviceModels: ["Watch"]),
        SourceDescriptor(name: "Old phone", deviceModels: ["iPhone"]),
        SourceDescriptor(name: "Watch by name"),
        SourceDescriptor(name: "autoSleep"),
    ]

    @Test func watchesThenPhonesThenOthersAlphabetically() {
        let ranking = SourceRanking(sources)
        #expect(ranking.ordered == ["Anna’s Apple Watch", "Watch by name", "Anna’s iPhone", "Old phone", "autoSleep", "Oura", "Strava"])
        #expect(!ranking.preferredFound)
        #expect(ranking.priorities["Anna’s Apple Watch"] == 7)
        #expect(ranking.priorities["Strava"] == 1)
    }

    @Test func preferPutsOneSourceFirst() {
        let ranking = SourceRanking(sources, prefer: " oura ")
        #expect(ranking.ordered.first == "Oura")
        #expect(ranking.ordered.dropFirst().first == "Anna’s Apple Watch")
        #expect(ranking.preferredFound)
        #expect(!SourceRanking(sources, prefer: "Garmin").preferredFound)
    }

    @Test func classifiesByModelOrName() {
        #expect(SourceKind.classify(name: "Jo", deviceModels: ["Watch"]) == .watch)
        #expect(SourceKind.classify(name: "Jo’s iPhone", deviceModels: []) == .phone)
        #expect(SourceKind.classify(name: "Health", deviceModels: []) == .other)
    }
}

/// The byte search behind `SourceKind.classify`, against a plain lowercased search.
@Suite struct CaseInsensitiveSearchTests {
    @Test func agreesWithLowercasingOnASCIIAndBeyond() {
        let texts = ["Jo’s iPhone", "APPLE WATCH", "watc", "My Watch 2", "iphon", "", "Éric's IPHONE", "İPHONE", "ＷＡＴＣＨ", "swatch"]
        for text in texts {
            for word in ["watch", "iphone"] {
                let expected = text.lowercased().contains(word) && !text.contains("İ")
                #expect(NaturalOrder.contains(text, ignoringCase: word) == expected, "\(text) / \(word)")
            }
        }
    }

    @Test func naturalKeysOfASCIINamesMatchTheUnicodePath() {
        // "Watch 2" before "watch 10"; case ignored; digits by value: an independent expectation, by hand.
        let names = ["watch 10", "Watch 2", "App 007", "app 7", "Zepp", "autosleep"]
        let sorted = names.sorted { NaturalOrder.compare($0, $1) < 0 || (NaturalOrder.compare($0, $1) == 0 && $0 < $1) }
        #expect(sorted == ["App 007", "app 7", "autosleep", "Watch 2", "watch 10", "Zepp"])
    }
}
