import FoundationEssentials
import HealthDomain
import Platform

/// The local calendar day (and month) an instant falls on, asked millions of
/// times during an import. Records of one source come in date order, so the day
/// found last is remembered and the calendar is asked only when an instant
/// leaves it (a few times per day of data, not per record).
struct LocalDayLocator {
    struct Day: Equatable {
        var key: DayKey
        /// Months since year 0 (`year * 12 + month - 1`): the spill bucket of the day.
        var month: Int
        var start: Double
        var end: Double
    }

    let calendar: LocalCalendar
    private var last: Day?

    init(calendar: LocalCalendar) { self.calendar = calendar }

    /// The day containing `t` (seconds since the reference date).
    mutating func day(containing t: Double) -> Day {
        if let known = knownDay(containing: t) { return known }
        let date = Date(timeIntervalSinceReferenceDate: t)
        let key = DayKey(date, calendar: calendar)
        let start = key.startDate(in: calendar).timeIntervalSinceReferenceDate
        let next = key.adding(days: 1)
        let end = next > key ? next.startDate(in: calendar).timeIntervalSinceReferenceDate : start + 86_400
        let found = Day(key: key, month: key.year * 12 + key.month - 1, start: start, end: max(end, t + 1e-6))
        // Only cache a well-formed interval that really contains t (a calendar oddity would otherwise stick).
        last = (t >= start && t < end) ? found : nil
        return found
    }

    /// The day found last, when it contains `t`. Changes nothing: a class that keeps the
    /// locator reads it without the run-time exclusivity check a mutating call costs.
    @inline(__always)
    func knownDay(containing t: Double) -> Day? {
        if let last, t >= last.start, t < last.end { return last }
        return nil
    }

    /// The first and last day of a month index.
    func days(ofMonth month: Int) -> (first: DayKey, last: DayKey) {
        let year = month / 12, m = month % 12 + 1
        let first = DayKey(year: year, month: m, day: 1)
        let nextMonth = m == 12 ? DayKey(year: year + 1, month: 1, day: 1) : DayKey(year: year, month: m + 1, day: 1)
        let last = nextMonth > DayKey.latest ? DayKey.latest : nextMonth.adding(days: -1)
        return (first, last)
    }
}
