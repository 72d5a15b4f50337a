import XCTest
@testable import HealthDomain
@testable import Platform

/// `[Meal].on(_:calendar:)` (the meals of a day, read by time only) is the filter by
/// `DayKey.contains(calendar:)` it replaced, in the log's order.
final class MealsOfDayTests: XCTestCase {
    func testTheMealsOfADayAreTheFilterByTheDayInTheLogsOrder() {
        let paris = LocalCalendar(zoneNamed: "Europe/Paris")!
        for calendar in [paris, LocalCalendar(zoneNamed: "UTC")!, LocalCalendar(zoneNamed: "Pacific/Kiritimati")!] {
            for day in [DayKey(year: 2026, month: 3, day: 29), DayKey(year: 2026, month: 10, day: 25), DayKey(year: 2026, month: 11, day: 22)] {
                let start = day.startDate(in: calendar)
                // Every 17 minutes from two hours before the day to two hours after, shuffled, with
                // the exact bounds in: the log is in no particular order.
                var times = stride(from: -120, through: 26 * 60, by: 17).map { start.addingTimeInterval(Double($0) * 60) }
                times += [start, start.addingTimeInterval(-1), day.adding(days: 1).startDate(in: calendar),
                          day.adding(days: 1).startDate(in: calendar).addingTimeInterval(-1)]
                let meals = times.enumerated().map { i, t in
                    Meal(time: t, name: "m\(i)", calories: i, protein: nil, carbs: nil, fat: nil)
                }.sorted { $0.name.hashValue < $1.name.hashValue }
                let onDay = day.contains(calendar: calendar)
                XCTAssertEqual(meals.on(day, calendar: calendar), meals.filter { onDay($0.time) }, "\(day)")
                XCTAssertEqual(meals.on(day, calendar: calendar), meals.filter { DayKey($0.time, calendar: calendar) == day }, "\(day)")
            }
        }
        let old = [Meal(time: .distantPast, name: "a", calories: 1, protein: nil, carbs: nil, fat: nil),
                   Meal(time: Date(timeIntervalSince1970: 0), name: "b", calories: 1, protein: nil, carbs: nil, fat: nil)]
        XCTAssertEqual(old.on(.earliest, calendar: paris), old.filter { DayKey($0.time, calendar: paris) == .earliest })
        XCTAssertNil(DayKey.earliest.bounds(calendar: paris))
        XCTAssertNil(DayKey.latest.bounds(calendar: paris))
    }
}
