import FoundationEssentials
import Platform

extension HealthRepository {
    /// Like `cached(from:through:)`, but a range that starts before the recent
    /// window also reads the history file (recent days win where both have a
    /// day). For screens that browse back in time, such as a past month.
    /// Nil snapshot when neither file holds steps for the range.
    public func cachedIncludingHistory(from first: DayKey, through last: DayKey, now: Date) -> (snapshot: HealthSnapshot?, notice: String?) {
        let cut = DayKey(now, calendar: calendar).adding(days: -(Self.hotDays - 1))
        guard first < cut else { return cached(from: first, through: last) }
        var notices: [String] = []
        var data = HealthCacheData()
        if case .loaded(let history) = historyFile.load() { data = history }
        switch cacheFile.load() {
        case .loaded(let recent): data.merge(recent)
        case .recovered(let reason, let moved): notices.append(Self.cacheNotice(reason, movedTo: moved))
        case .missing: break
        }
        guard let steps = data.series(.stepCount) else { return (nil, notices.first) }
        var series: [QuantityType: [DailyTotal]] = [:]
        for type in data.quantityTypes { series[type] = data.totals(type, from: first, through: last, calendar: calendar) }
        return (HealthSnapshot(series: series, sleep: nil, fetchedAt: steps.fetchedAt, isFromCache: true), notices.first)
    }
}
