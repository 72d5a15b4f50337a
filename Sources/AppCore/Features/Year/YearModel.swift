import FoundationEssentials
import HealthDomain
import Platform
import TerminalUI

/// The Year view of the Month screen: the last weeks as a heatmap calendar
/// (weeks as columns, weekdays as rows), a day cursor, and the numbers of the
/// weeks shown. `[`/`]` page back and forth a year (52 weeks, so weekdays stay on their rows), or the weeks
/// shown when fewer fit.
public struct YearState: Equatable, Sendable {
    /// 0: ending with the current week; -1: the 52 weeks before (or the weeks shown, if fewer), and so on.
    public var page = 0
    /// The day under the cursor; nil: the last day shown (today on page 0).
    public var cursor: DayKey?
    /// Steps by day for `loaded` (a day missing here has no data).
    public var steps: [DayKey: Double] = [:]
    public var loaded: ClosedRange<DayKey>?
    public var isLoading = false
    public var error: HealthError?

    public init() {}
}

/// The geometry and the numbers of a year window: which days, where each goes.
struct YearWindow: Equatable {
    static let maximumWeeks = 53
    var weeks: Int
    /// The first day of the first column, and the last day shown (today, or the end of a past page).
    var first: DayKey
    var last: DayKey
    var firstWeekday: Int

    /// Weeks that fit a content width: a year from 78 columns, 34 weeks from 58, else 26 (fewer if even that is too wide).
    static func weeks(contentWidth: Int, cellWidth: Int) -> Int {
        let fit = max(1, (contentWidth - YearLayout.gutter) / cellWidth)
        let wanted = contentWidth >= 78 ? maximumWeeks : contentWidth >= 58 ? 34 : 26
        return min(wanted, fit)
    }

    /// Two cells per day from 120 columns of terminal (118 of content).
    static func cellWidth(contentWidth: Int) -> Int { contentWidth >= 118 ? 2 : 1 }

    init(today: DayKey, page: Int, weeks: Int, firstWeekday: Int) {
        self.weeks = weeks
        self.firstWeekday = firstWeekday
        // A page back is a year (52 weeks) where the view shows one, else the weeks it shows, so
        // paging never skips a week on a narrow terminal.
        let stride = Self.stride(weeks: weeks)
        let end = page == 0 ? today : Self.startOfWeek(today, firstWeekday).adding(days: 7 * stride * page + 6)
        last = end
        first = Self.startOfWeek(end, firstWeekday).adding(days: -7 * (weeks - 1))
    }

    /// The page (0, -1, …) nearest today whose window of `weeks` holds `day`.
    static func page(holding day: DayKey, today: DayKey, weeks: Int, firstWeekday: Int) -> Int {
        let civil = { (d: DayKey) in CivilDays.from(year: d.year, month: d.month, day: d.day) }
        let weeksBack = max(0, (civil(startOfWeek(today, firstWeekday)) - civil(startOfWeek(day, firstWeekday))) / 7)
        guard weeksBack > weeks - 1 else { return 0 }
        let stride = stride(weeks: weeks)
        return -((weeksBack - (weeks - 1) + stride - 1) / stride)
    }

    /// Weeks a page moves: a year (52 weeks) where the view shows one, else the weeks shown.
    static func stride(weeks: Int) -> Int { min(weeks, 52) }
    var stride: Int { Self.stride(weeks: weeks) }

    /// 1 = Sunday … 7 = Saturday.
    static func weekday(_ day: DayKey) -> Int { CivilDays.weekday(CivilDays.from(year: day.year, month: day.month, day: day.day)) }

    static func startOfWeek(_ day: DayKey, _ firstWeekday: Int) -> DayKey {
        day.adding(days: -((weekday(day) - firstWeekday + 7) % 7))
    }

    /// Column and row of a day (nil outside the window).
    func position(_ day: DayKey) -> (column: Int, row: Int)? {
        guard day >= first, day <= last else { return nil }
        let offset = CivilDays.from(year: day.year, month: day.month, day: day.day) - CivilDays.from(year: first.year, month: first.month, day: first.day)
        return (offset / 7, offset % 7)
    }

    func day(column: Int, row: Int) -> DayKey { first.adding(days: column * 7 + row) }

    var days: [DayKey] {
        var out: [DayKey] = [], d = first
        while d <= last { out.append(d); d = d.adding(days: 1) }
        return out
    }
}

/// The numbers of the weeks shown.
struct YearSummary: Equatable {
    var total: Double
    var recordedDays: Int
    var daysAtGoal: Int
    var longestStreak: Int
    var best: (day: DayKey, steps: Double)?

    static func == (a: YearSummary, b: YearSummary) -> Bool {
        a.total == b.total && a.recordedDays == b.recordedDays && a.daysAtGoal == b.daysAtGoal && a.longestStreak == b.longestStreak
            && a.best?.day == b.best?.day && a.best?.steps == b.best?.steps
    }

    init(days: [DayKey], steps: [DayKey: Double], goal: Int) {
        total = 0; recordedDays = 0; daysAtGoal = 0; longestStreak = 0; best = nil
        var streak = 0
        for day in days {
            // Whole steps per day, as `stats` prints them, so the sums agree.
            guard let raw = steps[day], raw.isFinite, raw >= 0 else { streak = 0; continue }
            let v = raw.rounded()
            total += v
            recordedDays += 1
            if v >= Double(goal) {
                daysAtGoal += 1
                streak += 1
                longestStreak = max(longestStreak, streak)
            } else {
                streak = 0
            }
            if v > (best?.steps ?? -1) { best = (day, v) }
        }
    }
}
