import FoundationEssentials
import Platform

/// Calculations behind the insight cards. Today is partial, so averages and
/// week comparisons use complete days only; "best day" includes today.
///
/// A day "has data" when it is present in the totals, even at zero (a day the
/// watch stayed in a drawer is still a day); a day absent from them (not
/// loaded, not cached yet) is left out rather than counted as zero.
public struct Insights: Equatable, Sendable {
    /// Every day an insight reads: today and the 14 full days before it. Load
    /// at least this many, or the week before is cut short.
    public static let daysNeeded = 15

    public enum WeekComparison: Equatable, Sendable {
        /// The daily average of days −1…−7 against that of days −8…−14, in percent, rounded.
        case percent(Int)
        /// Nothing (or only zeros) the week before: no division by zero.
        case newThisWeek
        case noData
    }

    /// The average of the last 7 FULL days (`averageFirstDay...averageLastDay`, today left out).
    public var sevenDayAverage: Double?
    public var daysInAverage: Int
    /// The days the average and "this week" cover: today −7 and today −1, for the card's label.
    public var averageFirstDay: DayKey
    public var averageLastDay: DayKey
    public var bestDay: DailyTotal?
    public var weekComparison: WeekComparison
    /// How many of the 7 days of each week had data ("6 of 7 days").
    public var thisWeekDays: Int
    public var previousWeekDays: Int
    /// The daily averages compared (nil for a week without data).
    public var thisWeekAverage: Double?
    public var previousWeekAverage: Double?
    /// Consecutive days at or over goal ending on the week's last day (today once reached).
    public var streak: Int
    /// Days of the week (`averageFirstDay...averageLastDay`) at or over goal.
    public var daysAtGoal: Int

    /// - Parameters:
    ///   - totals: daily totals (any order; missing days are simply absent).
    ///   - today: the current local day.
    ///   - weekEnding: the last day of a past week being paged (nil: the current week). A past
    ///     week is complete, so its average, best day and days at goal are its own 7 days,
    ///     compared with the 7 before them.
    public static func compute(_ totals: [DailyTotal], today: DayKey, goal: Double, calendar: LocalCalendar,
                               weekEnding: DayKey? = nil) -> Insights {
        // Each day counts as the whole number shown for it (the one rounding rule), so the
        // average of a week is the average of the days on screen and in `stats`.
        var byDay: [DayKey: Double] = [:]
        for t in totals where t.value.isFinite { byDay[t.day] = WholeSteps.of(t.value) }
        let paged = weekEnding.map { $0 < today } ?? false
        // The current week: the 7 full days before today (today is partial); a paged week: its own 7 days.
        let anchor = paged ? weekEnding!.adding(days: 1) : today
        let pastWeek = (1...7).map { anchor.adding(days: -$0) }
        let weekBefore = (8...14).map { anchor.adding(days: -$0) }

        let pastValues = pastWeek.compactMap { byDay[$0] }
        let beforeValues = weekBefore.compactMap { byDay[$0] }
        let average = mean(pastValues)
        let beforeAverage = mean(beforeValues)

        let bestCandidates = ((paged ? [] : [today]) + pastWeek).compactMap { d in byDay[d].map { DailyTotal(day: d, value: $0) } }
        let best = bestCandidates.filter { $0.value > 0 }.max { a, b in a.value < b.value || (a.value == b.value && a.day > b.day) }

        let comparison: WeekComparison
        switch (average, beforeAverage) {
        case (nil, _), (0?, 0?), (0?, nil):
            comparison = .noData
        case (let now?, let before?) where before > 0:
            comparison = .percent(Int(saturating: ((now - before) / before * 100).rounded()))
        default:
            comparison = .newThisWeek
        }

        // Consecutive days at or over goal, ending yesterday (today joins once reached),
        // or ending on the paged week's last day.
        var streak = 0
        if goal > 0 {
            if !paged, let t = byDay[today], t >= goal { streak = 1 }
            var d = anchor.adding(days: -1)
            while let v = byDay[d], v >= goal, streak < 10_000 {
                streak += 1
                let previous = d.adding(days: -1)
                guard previous < d else { break }
                d = previous
            }
        }
        return Insights(sevenDayAverage: average, daysInAverage: pastValues.count,
                        averageFirstDay: pastWeek[pastWeek.count - 1], averageLastDay: pastWeek[0], bestDay: best,
                        weekComparison: comparison, thisWeekDays: pastValues.count, previousWeekDays: beforeValues.count,
                        thisWeekAverage: average, previousWeekAverage: beforeAverage, streak: streak,
                        daysAtGoal: goal > 0 ? pastValues.filter { $0 >= goal }.count : 0)
    }

    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
