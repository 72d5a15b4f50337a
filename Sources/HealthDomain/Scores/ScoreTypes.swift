import FoundationEssentials
import Platform

public enum ScoreKind: String, CaseIterable, Hashable, Sendable {
    case sleep, recovery, strain
}

public enum MetricUnit: Hashable, Sendable {
    /// Shown as hours and minutes ("7h 25m").
    case minutes
    case milliseconds
    case beatsPerMinute
    case kilocalories
}

/// The additional metrics under each score.
public enum MetricKind: String, CaseIterable, Hashable, Sendable {
    case timeInBed, timeAsleep
    case heartRateVariability, restingHeartRate
    case exerciseDuration, activeEnergy

    public var unit: MetricUnit {
        switch self {
        case .timeInBed, .timeAsleep, .exerciseDuration: return .minutes
        case .heartRateVariability: return .milliseconds
        case .restingHeartRate: return .beatsPerMinute
        case .activeEnergy: return .kilocalories
        }
    }

    /// English titles; the app localizes by `rawValue`.
    public var title: String {
        switch self {
        case .timeInBed: return "Time in bed"
        case .timeAsleep: return "Time asleep"
        case .heartRateVariability: return "Heart rate variability"
        case .restingHeartRate: return "Resting heart rate"
        case .exerciseDuration: return "Exercise duration"
        case .activeEnergy: return "Calories burned"
        }
    }
}

/// Whether a value is above, below or within the user's normal range.
public enum MetricStatus: String, Hashable, Sendable {
    case higher, lower, within

    /// nil when there is no value or no range (not enough history), or the value is not finite.
    public init?(value: Double?, normalRange: NormalRange?) {
        guard let value, value.isFinite, let range = normalRange else { return nil }
        if value > range.upper { self = .higher } else if value < range.lower { self = .lower } else { self = .within }
    }
}

/// The user's usual span for a metric (from their own history).
public struct NormalRange: Hashable, Sendable {
    public let lower: Double
    public let upper: Double

    /// nil unless both bounds are finite and lower ≤ upper.
    public init?(lower: Double, upper: Double) {
        guard lower.isFinite, upper.isFinite, lower <= upper else { return nil }
        self.lower = lower
        self.upper = upper
    }
}

/// One additional metric: its value (nil = not measured; never 0 in its place) and normal range.
public struct MetricReading: Hashable, Sendable {
    public var kind: MetricKind
    public var value: Double?
    public var normalRange: NormalRange?

    public init(kind: MetricKind, value: Double?, normalRange: NormalRange?) {
        self.kind = kind
        self.value = value
        self.normalRange = normalRange
    }

    public var status: MetricStatus? { MetricStatus(value: value, normalRange: normalRange) }
}

public struct TargetZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A span of the 0–100 gauge to aim for (the strain target).
public struct TargetZone: Hashable, Sendable {
    public let start: Double
    public let end: Double

    public enum Position: String, Hashable, Sendable { case below, inside, above }

    public init(start: Double, end: Double) throws(TargetZoneError) {
        guard start.isFinite, end.isFinite else { throw TargetZoneError(message: "target zone bounds must be numbers") }
        guard (0...100).contains(start), (0...100).contains(end) else {
            throw TargetZoneError(message: "target zone \(Self.shown(start))–\(Self.shown(end)) must lie within 0–100")
        }
        guard start <= end else {
            throw TargetZoneError(message: "target zone start \(Self.shown(start)) is after its end \(Self.shown(end))")
        }
        self.start = start
        self.end = end
    }

    /// For bounds already known to be valid (computed by the formulas).
    init(validStart start: Double, end: Double) {
        self.start = min(max(start, 0), 100)
        self.end = min(max(end, self.start), 100)
    }

    /// Where a score sits against the zone (edges count as inside).
    public func position(of score: Double) -> Position {
        score < start ? .below : score > end ? .above : .inside
    }

    private static func shown(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// One widget's data: the score (0–100) or why there is none, the metrics below it, and
/// an optional target zone.
public struct ScoreCard: Hashable, Sendable {
    public var kind: ScoreKind
    public var score: Int?
    /// Why `score` is nil ("Calibrating: 6 of 14 days", "No sleep recorded").
    public var unavailableReason: String?
    public var metrics: [MetricReading]
    public var targetZone: TargetZone?

    public init(kind: ScoreKind, score: Int?, unavailableReason: String?, metrics: [MetricReading], targetZone: TargetZone? = nil) {
        self.kind = kind
        self.score = score
        self.unavailableReason = unavailableReason
        self.metrics = metrics
        self.targetZone = targetZone
    }

    public func metric(_ kind: MetricKind) -> MetricReading? { metrics.first { $0.kind == kind } }
}

/// The three configurations for one day.
public struct DailyScoreCards: Hashable, Sendable {
    public var day: DayKey
    public var sleep: ScoreCard
    public var recovery: ScoreCard
    public var strain: ScoreCard

    public func card(_ kind: ScoreKind) -> ScoreCard {
        switch kind {
        case .sleep: return sleep
        case .recovery: return recovery
        case .strain: return strain
        }
    }
}

public struct DayScore: Hashable, Sendable {
    public var day: DayKey
    public var score: Int?

    public init(day: DayKey, score: Int?) {
        self.day = day
        self.score = score
    }
}
