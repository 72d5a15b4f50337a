import FoundationEssentials
import Platform

extension DayKey {
    /// Every day from `first` through `last`, at most `limit` of them (the most
    /// recent ones when the range is longer). Empty when `first > last`. Stops
    /// at `DayKey.latest` instead of looping on it.
    public static func days(from first: DayKey, through last: DayKey, calendar: LocalCalendar,
                            limit: Int = DailyStatistics.maxDays) -> [DayKey] {
        guard first <= last, limit > 0 else { return [] }
        let start = max(first, last.adding(days: -(limit - 1)))
        var out: [DayKey] = []
        var day = start
        while day <= last {
            out.append(day)
            let next = day.adding(days: 1)
            guard next > day else { break }
            day = next
        }
        return out
    }
}
