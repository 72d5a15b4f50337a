import FoundationEssentials
import HealthDomain
import Platform

/// The Health types tmm-tui imports.
public enum ImportedType: String, CaseIterable, Codable, Sendable, Hashable {
    case stepCount
    case activeEnergy
    case exerciseTime
    case restingHeartRate
    case heartRateVariability
    case sleepAnalysis

    /// The HealthKit identifier as written in export.xml.
    public var identifier: String {
        switch self {
        case .stepCount: return "HKQuantityTypeIdentifierStepCount"
        case .activeEnergy: return "HKQuantityTypeIdentifierActiveEnergyBurned"
        case .exerciseTime: return "HKQuantityTypeIdentifierAppleExerciseTime"
        case .restingHeartRate: return "HKQuantityTypeIdentifierRestingHeartRate"
        case .heartRateVariability: return "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
        case .sleepAnalysis: return "HKCategoryTypeIdentifierSleepAnalysis"
        }
    }

    public init?(identifier: String) {
        guard let match = Self.allCases.first(where: { $0.identifier == identifier }) else { return nil }
        self = match
    }

    /// The unit of `ImportedValue.quantity` for this type after conversion.
    public var canonicalUnit: String {
        switch self {
        case .stepCount: return "count"
        case .activeEnergy: return "kcal"
        case .exerciseTime: return "min"
        case .restingHeartRate: return "count/min"
        case .heartRateVariability: return "ms"
        case .sleepAnalysis: return ""
        }
    }
}

// Sleep stages are HealthDomain's `SleepStage` (`Asleep` before iOS 16 reads as `asleepUnspecified`).

public enum ImportedValue: Sendable, Hashable {
    /// In the type's canonical unit (count, kcal, min, count/min, ms).
    case quantity(Double)
    case sleep(SleepStage)
}

/// A validated record in canonical units, ready for daily aggregation.
public struct ImportedRecord: Sendable, Hashable {
    public var type: ImportedType
    public var source: String
    /// The device's model ("Watch", "iPhone"), when the export says.
    public var deviceModel: String?
    public var value: ImportedValue
    public var start: Date
    public var end: Date
    /// Where `source` is in `ImportSummary.sourceCounts` of the import that read this record
    /// (nil for a record not read by `HealthExportReader`): a number to index by, where the
    /// name would be hashed. Not part of the record's value (`==` and `hash` leave it out).
    public internal(set) var sourceIndex: Int?

    public init(type: ImportedType, source: String, deviceModel: String?, value: ImportedValue, start: Date, end: Date) {
        self.type = type
        self.source = source
        self.deviceModel = deviceModel
        self.value = value
        self.start = start
        self.end = end
    }

    public static func == (a: ImportedRecord, b: ImportedRecord) -> Bool {
        a.type == b.type && a.source == b.source && a.deviceModel == b.deviceModel && a.value == b.value
            && a.start == b.start && a.end == b.end
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(source)
        hasher.combine(deviceModel)
        hasher.combine(value)
        hasher.combine(start)
        hasher.combine(end)
    }

    public var quantity: Double? {
        if case .quantity(let amount) = value { return amount }
        return nil
    }

    public var sleepStage: SleepStage? {
        if case .sleep(let stage) = value { return stage }
        return nil
    }
}

/// Why a record of a supported type was left out.
public enum SkipReason: String, CaseIterable, Codable, Sendable, Hashable {
    case missingAttribute
    case unparsableDate
    case endBeforeStart
    case negativeValue
    case unparsableValue
    case unknownUnit
    case absurdValue

    public var explanation: String {
        switch self {
        case .missingAttribute: return "a required attribute is missing"
        case .unparsableDate: return "a date could not be read"
        case .endBeforeStart: return "it ends before it starts"
        case .negativeValue: return "its value is negative"
        case .unparsableValue: return "its value is not a number or known category"
        case .unknownUnit: return "its unit is unknown"
        case .absurdValue: return "its value or duration is not plausible"
        }
    }
}
