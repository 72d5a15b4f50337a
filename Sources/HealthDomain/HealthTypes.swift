import FoundationEssentials
import Platform

/// A kind of health measurement, shaped like HealthKit's quantity types.
/// Cumulative types are summed per day; discrete ones (heart rate, HRV) are
/// averaged, which is why the aggregation style is part of the type.
public enum QuantityType: String, CaseIterable, Codable, Sendable, Hashable {
    case stepCount
    case activeEnergyBurned
    /// Minutes of brisk activity (HealthKit's `appleExerciseTime`), summed per day.
    case appleExerciseTime
    /// Beats per minute at rest; a day's value is the average of its samples.
    case restingHeartRate
    /// Heart-rate variability (SDNN) in milliseconds; a day's value is the average of its samples.
    case heartRateVariabilitySDNN

    public enum Aggregation: Sendable { case cumulative, discrete }

    public var aggregation: Aggregation {
        switch self {
        case .stepCount, .activeEnergyBurned, .appleExerciseTime: return .cumulative
        case .restingHeartRate, .heartRateVariabilitySDNN: return .discrete
        }
    }

    /// The HealthKit unit string the values are in.
    public var unit: String {
        switch self {
        case .stepCount: return "count"
        case .activeEnergyBurned: return "kcal"
        case .appleExerciseTime: return "min"
        case .restingHeartRate: return "count/min"
        case .heartRateVariabilitySDNN: return "ms"
        }
    }

    /// The unit as a person reads it next to a value (not localized).
    public var displayUnit: String {
        switch self {
        case .stepCount: return "steps"
        case .activeEnergyBurned: return "kcal"
        case .appleExerciseTime: return "min"
        case .restingHeartRate: return "bpm"
        case .heartRateVariabilitySDNN: return "ms"
        }
    }

    /// An English name for messages from the domain (screens use their string tables).
    public var displayName: String {
        switch self {
        case .stepCount: return "Steps"
        case .activeEnergyBurned: return "Active Energy"
        case .appleExerciseTime: return "Exercise Minutes"
        case .restingHeartRate: return "Resting Heart Rate"
        case .heartRateVariabilitySDNN: return "Heart Rate Variability"
        }
    }

    /// The largest daily value taken as real; anything above is damaged data
    /// (and would trap an `Int(...)` conversion downstream).
    public var plausibleDailyMaximum: Double {
        switch self {
        case .stepCount: return 1_000_000
        case .activeEnergyBurned: return 100_000
        case .appleExerciseTime: return 1_440
        case .restingHeartRate: return 300
        case .heartRateVariabilitySDNN: return 1_000
        }
    }
}

/// Where a sample came from. Priority decides whose numbers count when two
/// sources measured the same minutes (watch over phone over other apps).
public struct HealthSource: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case watch, phone, app
        public var defaultPriority: Int {
            switch self {
            case .watch: return 300
            case .phone: return 200
            case .app: return 100
            }
        }
    }

    public var id: String
    public var name: String
    public var kind: Kind

    public init(id: String, name: String, kind: Kind) {
        self.id = id
        self.name = name
        self.kind = kind
    }

    public static let watch = HealthSource(id: "mock.watch", name: "Apple Watch", kind: .watch)
    public static let phone = HealthSource(id: "mock.phone", name: "iPhone", kind: .phone)
}

/// One measurement over an interval, e.g. 412 steps from 08:10 to 08:20.
public struct QuantitySample: Codable, Hashable, Sendable {
    public var id: String
    public var type: QuantityType
    public var value: Double
    public var start: Date
    public var end: Date
    public var source: HealthSource

    public init(id: String, type: QuantityType, value: Double, start: Date, end: Date, source: HealthSource) {
        self.id = id
        self.type = type
        self.value = value
        self.start = start
        self.end = end
        self.source = source
    }
}

public enum AuthorizationStatus: String, Codable, Sendable {
    case notDetermined, authorized, denied
}

/// Errors a person can understand and act on.
public enum HealthError: Error, Equatable, Sendable, CustomStringConvertible {
    case unavailable
    case notAuthorized([QuantityType])
    /// Sleep (a category type) was not allowed.
    case categoryNotAuthorized([CategoryType])
    case timeout
    case transient(String)
    /// The imported Apple Health data could not be read; the message says where it was kept and what to do.
    case importUnreadable(String)

    public var description: String {
        switch self {
        case .unavailable:
            return "Health data is not available on this device."
        case .notAuthorized(let types):
            let names = types.map(\.displayName).joined(separator: " and ")
            return "Access to \(names) was not allowed."
        case .categoryNotAuthorized(let types):
            return "Access to \(types.map(\.displayName).joined(separator: " and ")) was not allowed."
        case .timeout:
            return "Health data took too long to answer."
        case .transient(let reason):
            return "Could not read health data (\(reason))."
        case .importUnreadable(let message):
            return message
        }
    }
}

/// A local calendar day, "2026-11-22". Used as the cache key so a day means the
/// same thing whatever the time zone offset on that day.
public struct DayKey: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The days a key can name: years 1 to 9999 of the common era, the years a
    /// four-digit "yyyy-MM-dd" can hold and every calendar handles. Dates
    /// outside (BC years, year 10000+) clamp to these ends, so a key never
    /// wraps around (year 10 BC would otherwise sort as year 10).
    public static let earliest = DayKey(year: 1, month: 1, day: 1)
    public static let latest = DayKey(year: 9999, month: 12, day: 31)
    public static let supportedYears = 1...9999

    public init(_ date: Date, calendar: LocalCalendar) {
        let c = calendar.civil(date)
        if c.year < Self.supportedYears.lowerBound { self = .earliest; return }
        if c.year > Self.supportedYears.upperBound { self = .latest; return }
        self.init(year: c.year, month: c.month, day: c.day)
    }

    public init?(string: String) {
        let parts = string.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              Self.supportedYears.contains(y), (1...12).contains(m), (1...31).contains(d) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public func startDate(in calendar: LocalCalendar) -> Date {
        calendar.date(year: year, month: month, day: day)
    }

    /// The day `days` later (earlier when negative), clamped to `earliest...latest`.
    /// Day numbers need no time zone: a day is a day in every calendar the app uses.
    public func adding(days: Int) -> DayKey {
        // More than the whole supported span moves to an end at once.
        let span = 3_700_000
        if days > span { return .latest }
        if days < -span { return .earliest }
        let (y, m, d) = CivilDays.civil(CivilDays.from(year: year, month: month, day: day) + days)
        if y < Self.supportedYears.lowerBound { return .earliest }
        if y > Self.supportedYears.upperBound { return .latest }
        return DayKey(year: y, month: m, day: d)
    }

    /// "2026-11-22" (as `%04d-%02d-%02d`; hot: every cache lookup makes one, and `String(cFormat:)` is slow).
    public var description: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    /// `v` zero-padded to `width` characters like printf's `%0Nd` (the sign counts in the width).
    static func padded(_ v: Int, _ width: Int) -> String {
        let digits = String(v.magnitude)
        let sign = v < 0 ? "-" : ""
        let zeros = width - sign.count - digits.count
        return zeros > 0 ? sign + String(repeating: "0", count: zeros) + digits : sign + digits
    }

    public static func < (a: DayKey, b: DayKey) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let key = DayKey(string: s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad day \(s)"))
        }
        self = key
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// A day's statistic: the deduplicated total and, for comparison, the naive sum.
public struct DailyTotal: Codable, Hashable, Sendable {
    public var day: DayKey
    public var value: Double
    public var naiveSum: Double

    public init(day: DayKey, value: Double, naiveSum: Double = 0) {
        self.day = day
        self.value = value
        self.naiveSum = naiveSum
    }
}
