import FoundationEssentials
import Platform

/// What the screens show: daily values of any quantity types and sleep nights
/// for a range of days, from the cache or fresh.
///
/// A type missing from `series` was not read (not asked for, or not allowed);
/// `sleep` is nil when sleep was not read. `steps` and `energy` are views of
/// `series` kept for Today.
public struct HealthSnapshot: Equatable, Sendable {
    public var series: [QuantityType: [DailyTotal]]
    public var sleep: [SleepNight]?
    public var fetchedAt: Date
    public var isFromCache: Bool

    public init(series: [QuantityType: [DailyTotal]], sleep: [SleepNight]? = nil, fetchedAt: Date, isFromCache: Bool) {
        self.series = series
        self.sleep = sleep
        self.fetchedAt = fetchedAt
        self.isFromCache = isFromCache
    }

    public init(steps: [DailyTotal], energy: [DailyTotal]?, fetchedAt: Date, isFromCache: Bool) {
        var series: [QuantityType: [DailyTotal]] = [.stepCount: steps]
        if let energy { series[.activeEnergyBurned] = energy }
        self.init(series: series, sleep: nil, fetchedAt: fetchedAt, isFromCache: isFromCache)
    }

    public var steps: [DailyTotal] {
        get { series[.stepCount] ?? [] }
        set { series[.stepCount] = newValue }
    }

    /// nil when active energy is not allowed (partial access).
    public var energy: [DailyTotal]? {
        get { series[.activeEnergyBurned] }
        set { series[.activeEnergyBurned] = newValue }
    }

    /// The values of `type`, nil when it was not read.
    public func totals(_ type: QuantityType) -> [DailyTotal]? { series[type] }

    /// The value of `type` on `day`, nil when not read or not recorded.
    public func value(_ type: QuantityType, on day: DayKey) -> Double? {
        series[type]?.first { $0.day == day }?.value
    }

    public var isEmpty: Bool {
        series.values.allSatisfy { $0.allSatisfy { $0.value == 0 } } && (sleep ?? []).allSatisfy { $0.inBedMinutes == 0 }
    }
}
