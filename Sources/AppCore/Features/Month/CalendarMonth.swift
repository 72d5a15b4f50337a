import FoundationEssentials
import HealthDomain
import Platform

/// A local calendar month ("2026-11"): its days run from the 1st through the
/// 28th…31st, and its span is the local midnights that bound it (an hour short
/// or long in the months the clocks change).
public struct CalendarMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    /// 1…12
    public var month: Int

    public init(year: Int, month: Int) {
        // Months past December or before January carry into the year.
        let index = min(max(year, 0), 10_000) * 12 + (min(max(month, -1_000_000), 1_000_000) - 1)
        let clamped = min(max(index, DayKey.supportedYears.lowerBound * 12), DayKey.supportedYears.upperBound * 12 + 11)
        self.year = clamped / 12
        self.month = clamped % 12 + 1
    }

    /// The month a day belongs to.
    public init(containing day: DayKey) {
        self.init(year: day.year, month: day.month)
    }

    public init(_ date: Date, calendar: LocalCalendar) {
        self.init(containing: DayKey(date, calendar: calendar))
    }

    /// "2026-11" (what `--month` takes); nil for anything else.
    public init?(string: String) {
        guard string.count == 7, let day = DayKey(string: string + "-01") else { return nil }
        self.init(containing: day)
    }

    public var first: DayKey { DayKey(year: year, month: month, day: 1) }

    /// 28, 29, 30 or 31, as the calendar counts them.
    public func dayCount(_ calendar: LocalCalendar) -> Int {
        let noon = calendar.date(byAdding: .hour, value: 12, to: first.startDate(in: calendar)) ?? first.startDate(in: calendar)
        return calendar.range(of: .day, in: .month, for: noon)?.count ?? 30
    }

    public func last(_ calendar: LocalCalendar) -> DayKey {
        DayKey(year: year, month: month, day: dayCount(calendar))
    }

    /// Every day of the month, in order.
    public func days(_ calendar: LocalCalendar) -> [DayKey] {
        (1...dayCount(calendar)).map { DayKey(year: year, month: month, day: $0) }
    }

    /// From the local midnight starting the 1st to the one starting the next month.
    public func interval(_ calendar: LocalCalendar) -> DateInterval {
        let start = first.startDate(in: calendar)
        let end = adding(months: 1).first.startDate(in: calendar)
        return DateInterval(start: start, end: max(start, end))
    }

    public func adding(months: Int) -> CalendarMonth {
        let delta = min(max(months, -120_000), 120_000)
        return CalendarMonth(year: year, month: month + delta)
    }

    public var description: String { String.zeroPadded(year, width: 4) + "-" + String.zeroPadded(month, width: 2) }

    public static func < (a: CalendarMonth, b: CalendarMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}
