import Platform

extension Insights {
    /// `compute`, kept for the last few inputs: a frame of Today asks for insights three
    /// times (each summary card's context line and the insight cards), and every frame after
    /// it asks again with the same days until they change. Comparing an input is cheap when
    /// the days are the same array as before (an array equals its own storage at once).
    public static func kept(_ totals: [DailyTotal], today: DayKey, goal: Double, calendar: LocalCalendar,
                            weekEnding: DayKey? = nil) -> Insights {
        let input = Input(totals: totals, today: today, goal: goal, calendar: calendar, weekEnding: weekEnding)
        return computed.result(for: input) {
            compute($0.totals, today: $0.today, goal: $0.goal, calendar: $0.calendar, weekEnding: $0.weekEnding)
        }
    }

    private struct Input: Equatable, Sendable {
        var totals: [DailyTotal]
        var today: DayKey
        var goal: Double
        var calendar: LocalCalendar
        var weekEnding: DayKey?
    }

    private static let computed = KeptResults<Input, Insights>(capacity: 6)
}
