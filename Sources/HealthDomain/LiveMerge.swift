import FoundationEssentials
import Platform

/// Daily totals that include live samples: the provider's raw samples of the
/// days the live samples touch, plus the live samples, through the same
/// `DailyStatistics` as everything else — so a live sample overlapping one the
/// provider already has is counted once, and samples crossing midnight split.
public enum LiveMerge {
    /// The local days, within `first...last`, that any of `samples` touches.
    public static func days(touchedBy samples: [QuantitySample], within first: DayKey, _ last: DayKey,
                            calendar: LocalCalendar) -> ClosedRange<DayKey>? {
        guard let earliest = samples.map(\.start).min(), let latest = samples.map(\.end).max() else { return nil }
        let from = max(first, DayKey(earliest, calendar: calendar))
        // A sample ending exactly at midnight does not touch the next day.
        let to = min(last, DayKey(latest.addingTimeInterval(-0.001), calendar: calendar))
        return from <= to ? from...to : nil
    }

    /// The interval to ask the provider for raw samples covering `days`.
    public static func interval(of days: ClosedRange<DayKey>, calendar: LocalCalendar) -> DateInterval {
        DateInterval(start: days.lowerBound.startDate(in: calendar),
                     end: days.upperBound.adding(days: 1).startDate(in: calendar))
    }

    public static func totals(_ type: QuantityType, base: [QuantitySample], live: [QuantitySample],
                              days: ClosedRange<DayKey>, calendar: LocalCalendar) -> [DailyTotal] {
        let samples = base.filter { $0.type == type } + live.filter { $0.type == type }
        return DailyStatistics.dailyTotals(samples, from: days.lowerBound, through: days.upperBound, calendar: calendar)
    }

    /// `totals` with the days in `fresh` replaced (or added, in day order).
    public static func patch(_ totals: [DailyTotal], with fresh: [DailyTotal]) -> [DailyTotal] {
        var byDay = Dictionary(totals.map { ($0.day, $0) }, uniquingKeysWith: { $1 })
        for t in fresh { byDay[t.day] = t }
        return byDay.values.sorted { $0.day < $1.day }
    }
}
