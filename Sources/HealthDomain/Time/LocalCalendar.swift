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
    func wallSeconds(_ date: Date) -> (seconds: Int64, fraction: Double) {
        let t = date.timeIntervalSince1970
        guard t.isFinite else { return (0, 0) }
        let clamped = min(max(t, -Self.secondsLimit), Self.secondsLimit)
        let whole = clamped.rounded(.down)
        let unix = Int64(whole)
        return (unix + Int64(timeZone.secondsFromGMT(atUnix: unix)), clamped - whole)
    }

    /// The instant at local wall-clock second `wall` (plus `fraction`).
    @inline(__always)
    func instant(wall: Int64, fraction: Double = 0) -> Date {
        Date(timeIntervalSince1970: Double(wall - Int64(timeZone.secondsFromGMT(forLocal: wall))) + fraction)
    }

    /// ±year 200,000: far past any date the app can hold, and well inside `Int64` arithmetic.
    static let secondsLimit: Double = 6.3e12

    // MARK: Civil fields

    /// The local year, month, day, time and weekday of `date`.
    public func civil(_ date: Date) -> CivilDateTime {
        let wall = wallSeconds(date).seconds
        let (days, secondOfDay) = Self.floorDivide(wall, 86_400)
        let (y, m, d) = Self.civilDate(days: days)
        let s = Int(secondOfDay)
        return CivilDateTime(year: y, month: m, day: d, hour: s / 3600, minute: s / 60 % 60, second: s % 60,
                             weekday: Self.weekday(days: days))
    }

    /// The instant of a local date and time; months and days out of range carry over
    /// (month 13 is January of the next year, day 0 the last day of the month before), as `Calendar` does.
    public func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        instant(wall: Self.wall(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    static func wall(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        let (carry, month0) = floorDivide(Int64(month) - 1, 12)
        let days = daysFromCivil(year: Int64(year) + carry, month: Int(month0) + 1, day: 1) + Int64(day) - 1
        return days * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
    }

    public func startOfDay(for date: Date) -> Date {
        let (days, _) = Self.floorDivide(wallSeconds(date).seconds, 86_400)
        return instant(wall: days * 86_400)
    }

    /// Days in the month of `year`/`month`.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    // MARK: Day numbers (days since 1970-01-01 in the proleptic Gregorian calendar)

    /// Quotient rounded toward −∞ and a remainder in 0..<d.
    @inline(__always)
    static func floorDivide(_ n: Int64, _ d: Int64) -> (Int64, Int64) {
        let q = n / d, r = n % d
        return r < 0 ? (q - 1, r + d) : (q, r)
    }

    /// Days from 1970-01-01 to `year`-`month`-`day`, counted in 400-year eras of 146,097 days.
    public static func daysFromCivil(year: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400).0
        let yearOfEra = y - era * 400                                   // 0...399
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)     // March = 0
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1   // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func civilDate(days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097).0
        let dayOfEra = z - era * 146_097                                              // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// 1 = Sunday … 7 = Saturday; 1970-01-01 was a Thursday.
    public static func weekday(days: Int64) -> Int { Int(floorDivide(days + 4, 7).1) + 1 }
}

extension LocalCalendar {
    /// The process's zone (`TZ`, else /etc/localtime), read once.
    public static let current = LocalCalendar(timeZone: ZoneRules.current(environment: ProcessInfo.processInfo.environment))
}
