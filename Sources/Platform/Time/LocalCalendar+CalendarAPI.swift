import FoundationEssentials

/// The part of Foundation's `Calendar` API the app uses, with its meaning.
extension LocalCalendar {
    public func dateComponents(_ components: Set<Calendar.Component>, from date: Date) -> DateComponents {
        let c = civil(date)
        var out = DateComponents()
        for component in components {
            switch component {
            case .era: out.era = c.year > 0 ? 1 : 0
            case .year: out.year = c.year > 0 ? c.year : 1 - c.year
            case .month: out.month = c.month
            case .day: out.day = c.day
            case .hour: out.hour = c.hour
            case .minute: out.minute = c.minute
            case .second: out.second = c.second
            case .weekday: out.weekday = c.weekday
            case .nanosecond: out.nanosecond = Int(wallSeconds(date).fraction * 1e9)
            default: break
            }
        }
        return out
    }

    public func component(_ component: Calendar.Component, from date: Date) -> Int {
        switch component {
        case .era, .year, .month, .day, .hour, .minute, .second, .weekday, .nanosecond:
            return dateComponents([component], from: date).value(for: component) ?? 0
        default: return 0
        }
    }

    /// The instant of `components` read in this calendar's zone; fields left out are
    /// the start of their unit (January, the 1st, midnight). nil without a year.
    public func date(from components: DateComponents) -> Date? {
        guard var year = components.year else { return nil }
        if components.era == 0 { year = 1 - year }
        let wall = Self.wall(year: year, month: components.month ?? 1, day: components.day ?? 1,
                             hour: components.hour ?? 0, minute: components.minute ?? 0, second: components.second ?? 0)
        return instant(wall: wall, fraction: Double(components.nanosecond ?? 0) / 1e9)
    }

    /// Days, weeks, months and years move the wall clock (a day is 23 or 25 hours across a
    /// change of offset); hours and smaller add elapsed time. A month keeps its day where it
    /// can (31 January + 1 month is 28 or 29 February).
    public func date(byAdding component: Calendar.Component, value: Int, to date: Date) -> Date? {
        switch component {
        case .second: return date.addingTimeInterval(Double(value))
        case .minute: return date.addingTimeInterval(Double(value) * 60)
        case .hour: return date.addingTimeInterval(Double(value) * 3600)
        case .day, .weekday: return addingWallDays(value, to: date)
        case .weekOfYear, .weekOfMonth: return addingWallDays(value * 7, to: date)
        case .month: return addingMonths(value, to: date)
        case .year: return addingMonths(value * 12, to: date)
        default: return nil
        }
    }

    private func addingWallDays(_ days: Int, to date: Date) -> Date {
        let (wall, fraction) = wallSeconds(date)
        return instant(wall: wall + days * 86_400, fraction: fraction)
    }

    private func addingMonths(_ months: Int, to date: Date) -> Date {
        let (wall, fraction) = wallSeconds(date)
        let (days, secondOfDay) = CivilDays.floorDivide(wall, 86_400)
        let (y, m, d) = CivilDays.civil(days)
        let (carry, month0) = CivilDays.floorDivide(m - 1 + months, 12)
        let year = y + carry, month = month0 + 1
        let day = min(d, CivilDays.daysInMonth(year: year, month: month))
        let newDays = CivilDays.from(year: year, month: month, day: day)
        return instant(wall: newDays * 86_400 + secondOfDay, fraction: fraction)
    }

    public func date(bySettingHour hour: Int, minute: Int, second: Int, of date: Date) -> Date? {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        return instant(wall: dayNumber(date) * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// Whole days from `start` to `end` on the wall clock (only `.day` is answered).
    public func dateComponents(_ components: Set<Calendar.Component>, from start: Date, to end: Date) -> DateComponents {
        var out = DateComponents()
        if components.contains(.day) {
            let a = wallSeconds(start), b = wallSeconds(end)
            let (da, sa) = CivilDays.floorDivide(a.seconds, 86_400), (db, sb) = CivilDays.floorDivide(b.seconds, 86_400)
            var days = db - da
            let endEarlierInDay = (sb, b.fraction) < (sa, a.fraction)
            if days > 0 && endEarlierInDay { days -= 1 }
            if days < 0 && !endEarlierInDay && (sb, b.fraction) != (sa, a.fraction) { days += 1 }
            out.day = days
        }
        return out
    }

    /// The days of the month of `date` (only `.day` in `.month`).
    public func range(of smaller: Calendar.Component, in larger: Calendar.Component, for date: Date) -> Range<Int>? {
        guard smaller == .day, larger == .month else { return nil }
        let c = civil(date)
        return 1..<(CivilDays.daysInMonth(year: c.year, month: c.month) + 1)
    }

    /// The local day holding `date` (only `.day`): 23, 24 or 25 hours long.
    public func dateInterval(of component: Calendar.Component, for date: Date) -> DateInterval? {
        guard component == .day else { return nil }
        let days = dayNumber(date)
        let start = instant(wall: days * 86_400), end = instant(wall: (days + 1) * 86_400)
        return DateInterval(start: start, end: end)
    }

    public func isDate(_ a: Date, inSameDayAs b: Date) -> Bool {
        dayNumber(a) == dayNumber(b)
    }
}
