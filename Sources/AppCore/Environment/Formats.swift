import FoundationEssentials
import HealthDomain
import Platform

/// Locale-aware formatting of numbers, dates and times, written by our own
/// tables (`FormatLocale`) instead of ICU: no formatter to build, no locale
/// data to load, nothing allocated per call beyond the string. Dates are
/// read in the app's calendar (its time zone and first weekday).
public struct Formats: Sendable {
    public let locale: FormatLocale
    public let calendar: LocalCalendar

    public init(locale: FormatLocale, timeZone: ZoneRules) {
        self.locale = locale
        calendar = LocalCalendar(timeZone: timeZone, firstWeekday: locale.firstWeekday)
    }

    public func integer(_ v: Double) -> String { locale.integer(v.isFinite ? v.rounded() : 0) }
    public func integer(_ v: Int) -> String { locale.integer(v) }
    public func decimal(_ v: Double) -> String { locale.decimal(v.isFinite ? v : 0, maximumFractionDigits: 1) }
    public func time(_ d: Date) -> String { locale.time(calendar.civil(d), seconds: false) }
    public func timeWithSeconds(_ d: Date) -> String { locale.time(calendar.civil(d), seconds: true) }
    public func weekday(_ day: DayKey) -> String { locale.weekdayShort(civil(day)) }
    public func dayAndMonth(_ day: DayKey) -> String { locale.dayAndMonth(civil(day)) }
    /// "November 2026", "novembre 2026": the month's standalone form.
    public func monthAndYear(_ day: DayKey) -> String { locale.monthAndYear(civil(day)) }
    /// "Sun 22 Nov 2026", "dim. 22 nov. 2026".
    public func fullDate(_ day: DayKey) -> String { locale.fullDate(civil(day)) }

    /// A day's fields need no time zone: the weekday follows from the date.
    private func civil(_ day: DayKey) -> CivilDateTime {
        let days = CivilDays.from(year: day.year, month: day.month, day: day.day)
        return CivilDateTime(year: day.year, month: day.month, day: day.day, hour: 12, weekday: CivilDays.weekday(days))
    }

    /// Short axis labels: 12k, 2.5k, 800.
    public func compact(_ v: Double) -> String {
        if v >= 1000 {
            let k = v / 1000
            return (k == k.rounded() ? integer(k) : decimal(k)) + "k"
        }
        return integer(v)
    }
}
