import XCTest
@testable import HealthDomain
@testable import Platform

final class DayRangeTests: XCTestCase {
    let utc: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "UTC")!
        return c
    }()

    func testDaysBeforeYearOneAndAfter9999Clamp() {
        XCTAssertEqual(DayKey.earliest.adding(days: -1), .earliest)
        XCTAssertEqual(DayKey.earliest.adding(days: -3650), .earliest)
        XCTAssertEqual(DayKey.latest.adding(days: 1), .latest)
        XCTAssertEqual(DayKey(year: 2026, month: 1, day: 1).adding(days: .max), .latest)
        XCTAssertEqual(DayKey(year: 2026, month: 1, day: 1).adding(days: .min), .earliest)
        XCTAssertEqual(DayKey(Date.distantPast, calendar: utc), .earliest)
        XCTAssertEqual(DayKey(Date(timeIntervalSinceReferenceDate: 1e15), calendar: utc), .latest)
    }

    func testDayStringsAreStrict() {
        XCTAssertEqual(DayKey(string: "2026-11-22"), DayKey(year: 2026, month: 11, day: 22))
        for bad in ["99999-01-01", "0000-01-01", "2026-13-01", "2026-1-1", "-2026-01-01", "2026-11-22-1", ""] {
            XCTAssertNil(DayKey(string: bad), bad)
        }
    }

    func testDayRangesStopAtTheEndsAndAreCapped() {
        XCTAssertEqual(DayKey.days(from: DayKey.latest.adding(days: -2), through: .latest, calendar: utc).count, 3)
        XCTAssertEqual(DayKey.days(from: DayKey(year: 2026, month: 1, day: 2), through: DayKey(year: 2026, month: 1, day: 1), calendar: utc), [])
        let capped = DayKey.days(from: DayKey(year: 1900, month: 1, day: 1), through: DayKey(year: 2026, month: 1, day: 1), calendar: utc, limit: 10)
        XCTAssertEqual(capped.count, 10)
        XCTAssertEqual(capped.last, DayKey(year: 2026, month: 1, day: 1), "a capped range keeps its most recent days")
    }

    func testStatisticsAtTheEndsOfTimeDoNotTrap() {
        let sample = QuantitySample(id: "a", type: .stepCount, value: 100, start: DayKey.latest.startDate(in: utc),
                                    end: DayKey.latest.startDate(in: utc).addingTimeInterval(600), source: .watch)
        XCTAssertEqual(DailyStatistics.dailyTotals([sample], from: .latest, through: .latest, calendar: utc).map(\.value), [100])
        XCTAssertEqual(DailyStatistics.dailyTotals([], from: .earliest, through: DayKey.earliest.adding(days: 2), calendar: utc).count, 3)
        XCTAssertEqual(DailyStatistics.dailyTotals([], from: .latest, through: .earliest, calendar: utc), [])
    }
}
