import FoundationEssentials
import HealthDomain
import Platform

/// What an import leaves behind: the merged daily values of every imported type
/// and the nights of sleep (`totals`), and the naive per-day sums beside them
/// (`naive`, what adding every source's samples would give), for `stats`.
public struct ImportedHealthData: Codable, Equatable, Sendable {
    public var totals: HealthCacheData
    public var naive: HealthCacheData

    public init(totals: HealthCacheData = HealthCacheData(), naive: HealthCacheData = HealthCacheData()) {
        self.totals = totals
        self.naive = naive
    }

    /// First and last day holding any value or night.
    public var dayRange: ClosedRange<DayKey>? {
        var keys = totals.types.values.flatMap { $0.days.keys }
        keys += totals.sleep?.nights.keys.map { $0 } ?? []
        let days = keys.compactMap(DayKey.init(string:))
        guard let lo = days.min(), let hi = days.max() else { return nil }
        return lo...hi
    }

    /// Daily statistics as `DailyStatistics` gives them: every day of the range for a
    /// cumulative type (zero where nothing was recorded), only days with samples for a discrete one.
    public func dailyStatistics(of type: QuantityType, from first: DayKey, through last: DayKey,
                                calendar: LocalCalendar) -> [DailyTotal] {
        // A type the export never had reads as not recorded (null in `stats`), not as zeros; steps are always there.
        guard type == .stepCount || totals.series(type) != nil else { return [] }
        let values = totals.series(type)?.days ?? [:], naiveValues = naive.series(type)?.days ?? [:]
        func clean(_ v: Double?) -> Double? {
            guard let v, v.isFinite, v >= 0, v <= type.plausibleDailyMaximum else { return nil }
            return v
        }
        return DayKey.days(from: first, through: last, calendar: calendar).compactMap { day in
            let key = day.description
            switch type.aggregation {
            case .cumulative:
                // A day the export has no record of is no data (a gap), not a zero.
                guard let v = clean(values[key]) else { return nil }
                return DailyTotal(day: day, value: v, naiveSum: clean(naiveValues[key]) ?? v)
            case .discrete:
                guard let v = clean(values[key]) else { return nil }
                return DailyTotal(day: day, value: v, naiveSum: clean(naiveValues[key]) ?? v)
            }
        }
    }
}
