import Foundation

/// Calculations behind the insight cards. Today is partial, so averages and
/// week comparisons use complete days only; "best day" includes today.
public struct Insights: Equatable, Sendable {
    public enum WeekComparison: Equatable, Sendable {
        case percent(Int)       // this 7 days vs the 7 before, rounded
        case newThisWeek        // nothing the week before: no division by zero
        case noData
    }

    public var sevenDayAverage: Double?
    public var daysInAverage: Int
    public var bestDay: DailyTotal?
    public var weekComparison: WeekComparison
    public var streak: Int

    /// - Parameters:
    ///   - totals: daily totals (any order; missing days are simply absent).
    ///   - today: the current local day.
    public static func compute(_ totals: [DailyTotal], today: DayKey, goal: Double, calendar: Calendar) -> Insights {
        var byDay: [DayKey: Double] = [:]
        for t in totals where t.value.isFinite { byDay[t.day] = t.value }
        let pastWeek = (1...7).map { today.adding(days: -$0, calendar: calendar) }
        let weekBefore = (8...14).map { today.adding(days: -$0, calendar: calendar) }

        let pastValues = pastWeek.compactMap { byDay[$0] }
        let average = pastValues.isEmpty ? nil : pastValues.reduce(0, +) / Double(pastValues.count)

        let bestCandidates = ([today] + pastWeek).compactMap { d in byDay[d].map { DailyTotal(day: d, value: $0) } }
        let best = bestCandidates.filter { $0.value > 0 }.max { a, b in a.value < b.value || (a.value == b.value && a.day > b.day) }

        let thisSum = pastValues.reduce(0, +)
        let beforeValues = weekBefore.compactMap { byDay[$0] }
        let beforeSum = beforeValues.reduce(0, +)
        let comparison: WeekComparison
        if pastValues.isEmpty || (thisSum == 0 && beforeSum == 0) {
            comparison = .noData
        } else if beforeSum <= 0 {
            comparison = .newThisWeek
        } else {
            comparison = .percent(Int(saturating: ((thisSum - beforeSum) / beforeSum * 100).rounded()))
        }

        // Consecutive days at or over goal, ending yesterday (today joins once reached).
        var streak = 0
        if goal > 0 {
            if let t = byDay[today], t >= goal { streak = 1 }
            var d = today.adding(days: -1, calendar: calendar)
            while let v = byDay[d], v >= goal, streak < 10_000 {
                streak += 1
                d = d.adding(days: -1, calendar: calendar)
            }
        }
        return Insights(sevenDayAverage: average, daysInAverage: pastValues.count, bestDay: best,
                        weekComparison: comparison, streak: streak)
    }
}
