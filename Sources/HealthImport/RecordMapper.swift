import FoundationEssentials
import HealthDomain
import Platform

/// Validates a scanned record and converts it to canonical units. Pure: the same
/// input always maps the same way. Records of other types map to `.unsupported`.
public enum RecordMapper {
    public enum Outcome: Sendable, Equatable {
        case record(ImportedRecord)
        case skipped(ImportedType, SkipReason)
        case unsupported
    }

    /// No single sample of any supported type lasts longer than this.
    public static let maxDuration: TimeInterval = 2 * 86_400
    /// Health data before the first iPhone or after 2100 is a broken clock, not a measurement.
    public static let plausibleDates = Date(timeIntervalSince1970: 946_684_800)...Date(timeIntervalSince1970: 4_102_444_800)

    public static func map(_ scanned: ScannedRecord) -> Outcome {
        guard let type = ImportedType(identifier: scanned.type) else { return .unsupported }
        return map(scanned, as: type)
    }

    /// `map` for a record whose type identifier is already known to be `type`.
    static func map(_ scanned: ScannedRecord, as type: ImportedType) -> Outcome {
        guard let source = scanned.sourceName, !source.isEmpty else { return .skipped(type, .missingAttribute) }
        let start: Date, end: Date
        switch (scanned.startDate, scanned.endDate) {
        case (.missing, _), (_, .missing):
            return .skipped(type, .missingAttribute)
        case (.date(let first), .date(let last)):
            start = first
            end = last
        default:
            return .skipped(type, .unparsableDate)
        }
        guard end >= start else { return .skipped(type, .endBeforeStart) }
        guard end.timeIntervalSince(start) <= maxDuration, plausibleDates.contains(start),
              plausibleDates.contains(end) else { return .skipped(type, .absurdValue) }

        let value: ImportedValue
        switch mapValue(type, scanned) {
        case .value(let mapped): value = mapped
        case .skip(let reason): return .skipped(type, reason)
        }
        return .record(ImportedRecord(
            type: type, source: source, deviceModel: scanned.deviceModel, value: value, start: start, end: end))
    }

    private enum ValueOutcome {
        case value(ImportedValue)
        case skip(SkipReason)
    }

    private static func mapValue(_ type: ImportedType, _ scanned: ScannedRecord) -> ValueOutcome {
        if type == .sleepAnalysis {
            switch scanned.value {
            case .missing: return .skip(.missingAttribute)
            case .text(let text): return sleepStage(text).map { .value(.sleep($0)) } ?? .skip(.unparsableValue)
            case .number(let number): return sleepStage(number).map { .value(.sleep($0)) } ?? .skip(.unparsableValue)
            }
        }
        let amount: Double
        switch scanned.value {
        case .missing: return .skip(.missingAttribute)
        case .text: return .skip(.unparsableValue)
        case .number(let number): amount = number
        }
        guard let unit = scanned.unit else { return .skip(.missingAttribute) }
        guard let factor = conversionFactor(type, unit: unit) else { return .skip(.unknownUnit) }
        guard amount.isFinite else { return .skip(.absurdValue) }
        guard amount >= 0 else { return .skip(.negativeValue) }
        let converted = amount * factor
        guard plausibleRange(type).contains(converted) else { return .skip(.absurdValue) }
        return .value(.quantity(converted))
    }

    /// Multiplier from `unit` to the type's canonical unit; nil for units we do not know.
    public static func conversionFactor(_ type: ImportedType, unit: String) -> Double? {
        switch (type, unit) {
        case (.stepCount, "count"): return 1
        case (.activeEnergy, "kcal"), (.activeEnergy, "Cal"): return 1
        case (.activeEnergy, "kJ"): return 1 / 4.184
        case (.activeEnergy, "cal"): return 1 / 1000
        case (.activeEnergy, "J"): return 1 / 4184
        case (.exerciseTime, "min"): return 1
        case (.exerciseTime, "s"): return 1 / 60
        case (.exerciseTime, "hr"): return 60
        case (.restingHeartRate, "count/min"): return 1
        case (.restingHeartRate, "count/s"): return 60
        case (.heartRateVariability, "ms"): return 1
        case (.heartRateVariability, "s"): return 1000
        default: return nil
        }
    }

    /// Values no single sample reaches (in canonical units); zero is allowed where a device writes it.
    static func plausibleRange(_ type: ImportedType) -> ClosedRange<Double> {
        switch type {
        case .stepCount: return 0...200_000
        case .activeEnergy: return 0...20_000
        case .exerciseTime: return 0...(maxDuration / 60)
        case .restingHeartRate: return 20...250
        case .heartRateVariability: return 1...1000
        case .sleepAnalysis: return 0...0
        }
    }

    static func sleepStage(_ text: String) -> SleepStage? {
        switch text {
        case "HKCategoryValueSleepAnalysisInBed": return .inBed
        case "HKCategoryValueSleepAnalysisAsleep", "HKCategoryValueSleepAnalysisAsleepUnspecified":
            return .asleepUnspecified
        case "HKCategoryValueSleepAnalysisAsleepCore": return .asleepCore
        case "HKCategoryValueSleepAnalysisAsleepDeep": return .asleepDeep
        case "HKCategoryValueSleepAnalysisAsleepREM": return .asleepREM
        case "HKCategoryValueSleepAnalysisAwake": return .awake
        default: return nil
        }
    }

    /// HealthKit's raw category values, as some tools write them.
    static func sleepStage(_ number: Double) -> SleepStage? {
        switch number {
        case 0: return .inBed
        case 1: return .asleepUnspecified
        case 2: return .awake
        case 3: return .asleepCore
        case 4: return .asleepDeep
        case 5: return .asleepREM
        default: return nil
        }
    }
}
