/// A POSIX TZ rule such as "EST5EDT,M3.2.0,M11.1.0" or "<+0330>-3:30": standard time,
/// and optionally daylight time between two yearly changes (TZif v3+ extensions included:
/// change times may be negative or beyond 24 h).
struct PosixTimeZoneRule: Sendable, Hashable {
    let standardName: String
    /// Seconds east of UTC (POSIX writes the opposite sign: "EST5" is UTC−5).
    let standardOffset: Int
    let daylight: Daylight?

    struct Daylight: Sendable, Hashable {
        let name: String
        let offset: Int
        /// Written in local standard time.
        let start: Change
        /// Written in local daylight time.
        let end: Change
    }

    struct Change: Sendable, Hashable {
        let day: Day
        let secondsIntoDay: Int
    }

    enum Day: Sendable, Hashable {
        /// "Jn", 1...365; February 29 is never counted.
        case julianSkippingLeapDay(Int)
        /// "n", 0...365; February 29 counts in leap years.
        case zeroBased(Int)
        /// "Mm.w.d": weekday d (0 = Sunday) of week w (5 = last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// What POSIX implementations assume when a daylight name comes without its dates.
    static let usStart = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0), secondsIntoDay: 7200)
    static let usEnd = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0), secondsIntoDay: 7200)

    init(standardName: String, standardOffset: Int, daylight: Daylight?) {
        self.standardName = standardName
        self.standardOffset = standardOffset
        self.daylight = daylight
    }

    func offset(isDaylight: Bool) -> Int {
        isDaylight ? (daylight?.offset ?? standardOffset) : standardOffset
    }

    func abbreviation(isDaylight: Bool) -> String {
        isDaylight ? (daylight?.name ?? standardName) : standardName
    }

    /// Daylight time is in force when the latest change at or before `unixSeconds` started it.
    /// Changes of the neighbouring years are considered too, since v3 times may spill over New Year;
    /// this also makes rules whose daylight period spans New Year (southern hemisphere) work.
    func isDaylight(atUnix unixSeconds: Int64) -> Bool {
        guard let daylight else { return false }
        let t = min(max(unixSeconds, -CivilCalendar.safeSeconds), CivilCalendar.safeSeconds)
        let year = CivilCalendar.year(ofUnix: t)
        var latest = Int64.min
        var inDaylight = false
        for y in (year - 1)...(year + 1) {
            let start = daylight.start.instant(inYear: y, localOffset: standardOffset)
            let end = daylight.end.instant(inYear: y, localOffset: daylight.offset)
            // A tie means daylight all year ("0/0,J365/25"): the start wins.
            if start <= t && start >= latest { latest = start; inDaylight = true }
            if end <= t && end > latest { latest = end; inDaylight = false }
        }
        return inDaylight
    }
}

extension PosixTimeZoneRule.Change {
    /// The UTC instant of this change in `year`, for a rule written in a local time `localOffset` east of UTC.
    @inline(__always)
    func instant(inYear year: Int64, localOffset: Int) -> Int64 {
        let dayNumber: Int64
        switch day {
        case .julianSkippingLeapDay(let n):
            let leapDay: Int64 = n >= 60 && CivilDays.isLeap(Int(year)) ? 1 : 0
            dayNumber = CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(n - 1) + leapDay
        case .zeroBased(let n):
            dayNumber = CivilCalendar.daysFromCivil(year: year, month: 1, day: 1) + Int64(n)
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilCalendar.daysFromCivil(year: year, month: month, day: 1)
            let firstWeekday = Int64(CivilDays.weekday(Int(first)) - 1) // 0 = Sunday, as POSIX counts
            var offset = (Int64(weekday) - firstWeekday + 7) % 7 + Int64(week - 1) * 7
            let length = Int64(CivilDays.daysInMonth(year: Int(year), month: month))
            while offset >= length { offset -= 7 }
            dayNumber = first + offset
        }
        return dayNumber * 86_400 + Int64(secondsIntoDay) - Int64(localOffset)
    }
}

/// The Int64 seconds of the zone code on top of `CivilDays`.
enum CivilCalendar {
    /// Instants beyond about ±140 million years are clamped so the arithmetic cannot overflow.
    static let safeSeconds: Int64 = 1 << 52

    @inline(__always)
    static func daysFromCivil(year: Int64, month: Int, day: Int) -> Int64 {
        Int64(CivilDays.from(year: Int(year), month: month, day: day))
    }

    static func year(ofUnix seconds: Int64) -> Int64 {
        Int64(CivilDays.civil(CivilDays.floorDivide(Int(seconds), 86_400).quotient).year)
    }
}
