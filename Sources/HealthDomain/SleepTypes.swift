import FoundationEssentials
import Platform

/// A kind of health record that is a state over time rather than a number,
/// shaped like HealthKit's category types. Sleep is the only one so far.
public enum CategoryType: String, CaseIterable, Codable, Sendable, Hashable {
    case sleepAnalysis

    public var displayName: String { "Sleep" }
}

/// What a sleep interval records, as HealthKit's `HKCategoryValueSleepAnalysis`.
/// Core, deep, REM and unspecified sleep all count as asleep.
public enum SleepStage: String, CaseIterable, Codable, Sendable, Hashable {
    case inBed
    case asleepUnspecified
    case asleepCore
    case asleepDeep
    case asleepREM
    case awake

    public var isAsleep: Bool {
        switch self {
        case .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM: return true
        case .inBed, .awake: return false
        }
    }
}

/// One sleep interval from one source, e.g. deep sleep 02:10–02:45 from the watch.
public struct CategorySample: Codable, Hashable, Sendable {
    public var id: String
    public var stage: SleepStage
    public var start: Date
    public var end: Date
    public var source: HealthSource

    public init(id: String, stage: SleepStage, start: Date, end: Date, source: HealthSource) {
        self.id = id
        self.stage = stage
        self.start = start
        self.end = end
        self.source = source
    }
}

/// One night's sleep, keyed by the local day the night ends on (see `SleepStatistics`).
public struct SleepNight: Codable, Hashable, Sendable {
    public var night: DayKey
    /// Minutes asleep: the union of every source's asleep intervals, never a sum.
    public var asleepMinutes: Double
    /// Minutes in bed: the union of all intervals of any stage (asleep and awake in bed included).
    public var inBedMinutes: Double
    /// When the first interval of the night started and the last one ended.
    public var start: Date
    public var end: Date

    public init(night: DayKey, asleepMinutes: Double, inBedMinutes: Double, start: Date, end: Date) {
        self.night = night
        self.asleepMinutes = asleepMinutes
        self.inBedMinutes = inBedMinutes
        self.start = start
        self.end = end
    }
}
