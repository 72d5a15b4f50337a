import FoundationEssentials
import Platform

extension DayKey {
    /// A test for "does this instant fall on this day?" that asks the calendar
    /// twice (the day's bounds) instead of once per instant: filtering 5,000
    /// meals by day per frame cost ~15 ms with a `DayKey` per meal.
    /// Equivalent to `DayKey(date, calendar:) == self`, which the clamped ends
    /// (`earliest`, `latest`) still use.
    public func contains(calendar: LocalCalendar) -> @Sendable (Date) -> Bool {
        let day = self
        guard let (start, end) = bounds(calendar: calendar) else {
            return { DayKey($0, calendar: calendar) == day }
        }
        return { $0 >= start && $0 < end }
    }

    /// The instants of this day, `start..<end`, when `contains(calendar:)` tests by them; nil
    /// for the clamped ends (`earliest`, `latest`) and a day the calendar cannot bound.
    public func bounds(calendar: LocalCalendar) -> (start: Date, end: Date)? {
        let next = adding(days: 1)
        let start = startDate(in: calendar), end = next.startDate(in: calendar)
        guard self != .earliest, self != .latest, next > self, end > start else { return nil }
        return (start, end)
    }
}

extension Array where Element == Meal {
    /// The meals that fall on `day`, in this array's order: `filter` with
    /// `day.contains(calendar:)`, reading only each meal's time (a frame of the
    /// Nutrition and Today screens looks through all 5,000 meals; copying each meal
    /// into a closure — its name and id — cost more than the test).
    public func on(_ day: DayKey, calendar: LocalCalendar) -> [Meal] {
        guard let (start, end) = day.bounds(calendar: calendar) else {
            return filter { DayKey($0.time, calendar: calendar) == day }
        }
        return withUnsafeBufferPointer { meals in
            var out: [Meal] = []
            for i in meals.indices where meals[i].time >= start && meals[i].time < end { out.append(meals[i]) }
            return out
        }
    }
}
