import FoundationEssentials

/// The Gregorian calendar in one time zone, without ICU: civil dates are
/// plain arithmetic on day numbers, and the zone's offsets come from the
/// system's TZif files (`ZoneRules`). It answers the subset of Foundation's
/// `Calendar` API the app uses, with the same names and the same meaning
/// (wall-clock arithmetic for days and months, elapsed time for hours and
/// smaller, the earlier instant of a repeated wall time, the later side of a
/// skipped one), so code reads as it would with `Calendar`.
public struct LocalCalendar: Sendable, Hashable {
    public var timeZone: ZoneRules
    /// 1 = Sunday, 2 = Monday: where a week starts.
    public var firstWeekday: Int

    public init(timeZone: ZoneRules = .utc, firstWeekday: Int = 2) {
        self.timeZone = timeZone
        self.firstWeekday = (1...7).contains(firstWeekday) ? firstWeekday : 2
    }

    /// A calendar in the zone named `identifier` ("Europe/Paris"); nil when the system has no such zone.
    public init?(zoneNamed identifier: String, firstWeekday: Int = 2) {
        guard let zone = ZoneRules.named(identifier) else { return nil }
        self.init(timeZone: zone, firstWeekday: firstWeekday)
    }

    // MARK: Instants and wall-clock seconds

    /// Whole seconds of `date` since 1970 on the local wall clock, and the fraction left over.
    @inline(__always)
    func wallSeconds(_ date: Date) -> (seconds: Int, fraction: Double) {
        let t = date.timeIntervalSince1970
        guard t.isFinite else { return (0, 0) }
        let clamped = min(max(t, -Self.secondsLimit), Self.secondsLimit)
        let whole = clamped.rounded(.down)
        let unix = Int(whole)
        return (unix + timeZone.secondsFromGMT(atUnix: Int64(unix)), clamped - whole)
    }

    /// The instant at local wall-clock second `wall` (plus `fraction`).
    @inline(__always)
    func instant(wall: Int, fraction: Double = 0) -> Date {
        Date(timeIntervalSince1970: Double(wall - timeZone.secondsFromGMT(forLocal: Int64(wall))) + fraction)
    }

    /// The local day number (`CivilDays`) holding `date`.
    @inline(__always)
    func dayNumber(_ date: Date) -> Int { CivilDays.floorDivide(wallSeconds(date).seconds, 86_400).quotient }

    /// ±year 200,000: far past any date the app can hold, and well inside 64-bit arithmetic.
    static let secondsLimit: Double = 6.3e12

    // MARK: Civil fields

    /// The local year, month, day, time and weekday of `date`.
    public func civil(_ date: Date) -> CivilDateTime {
        let (days, secondOfDay) = CivilDays.floorDivide(wallSeconds(date).seconds, 86_400)
        let (y, m, d) = CivilDays.civil(days)
        return CivilDateTime(year: y, month: m, day: d, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
                             second: secondOfDay % 60, weekday: CivilDays.weekday(days))
    }

    /// The instant of a local date and time; months and days out of range carry over
    /// (month 13 is January of the next year, day 0 the last day of the month before), as `Calendar` does.
    public func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        instant(wall: Self.wall(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    static func wall(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
        let (carry, month0) = CivilDays.floorDivide(month - 1, 12)
        let days = CivilDays.from(year: year + carry, month: month0 + 1, day: 1) + day - 1
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    public func startOfDay(for date: Date) -> Date { instant(wall: dayNumber(date) * 86_400) }
}

extension LocalCalendar {
    /// The process's zone (`TZ`, else /etc/localtime), read once.
    public static let current = LocalCalendar(timeZone: ZoneRules.current(environment: ProcessEnvironment.variables()))
}
