/// Days of the proleptic Gregorian calendar counted from 1970-01-01 — the one
/// place the app turns year-month-day into a day number and back (the
/// calendar, the time-zone rules, our JSON dates, the Health export's dates).
/// Years are counted from March, so the leap day ends the year and every
/// 400-year era has the same 146,097 days; exact for any year.
public enum CivilDays {
    /// Quotient rounded toward −∞, and a remainder in 0..<d (d > 0).
    @inlinable @inline(__always)
    public static func floorDivide(_ n: Int, _ d: Int) -> (quotient: Int, remainder: Int) {
        let q = n / d, r = n % d
        return r < 0 ? (q - 1, r + d) : (q, r)
    }

    @inlinable
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    @inlinable
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The day number of `year`-`month`-`day` (month 1...12; a day past the month's end carries on).
    @inlinable
    public static func from(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400).quotient
        let yearOfEra = marchYear - era * 400                                // 0...399
        let monthFromMarch = month > 2 ? month - 3 : month + 9               // 0...11
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1             // 0...365
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468                            // 0000-03-01 to 1970-01-01
    }

    /// The year, month and day of day number `days`.
    @inlinable
    public static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097                                              // 0...146096
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 1 = Sunday … 7 = Saturday, as Foundation counts; 1970-01-01 was a Thursday.
    @inlinable
    public static func weekday(_ days: Int) -> Int { floorDivide(days + 4, 7).remainder + 1 }
}
