import Foundation
import XCTest
@testable import Platform

/// The one day-number arithmetic, against Foundation's Gregorian calendar (proleptic
/// only from 1582 on, so compared from 1600) and against itself over a wide range.
final class CivilDaysTests: XCTestCase {
    func testDayNumbersAndWeekdaysMatchFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        var day = CivilDays.from(year: 1600, month: 1, day: 1)
        let last = CivilDays.from(year: 2400, month: 12, day: 31)
        while day <= last {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let (y, m, d) = CivilDays.civil(day)
            XCTAssertEqual([y, m, d, CivilDays.weekday(day)], [c.year, c.month, c.day, c.weekday], "\(day)")
            XCTAssertEqual(CivilDays.daysInMonth(year: y, month: m), calendar.range(of: .day, in: .month, for: date)?.count)
            day += 37
        }
    }

    func testRoundTripsFarFromNineteenSeventy() {
        for day in stride(from: -80_000_000, through: 80_000_000, by: 99_991) {
            let (y, m, d) = CivilDays.civil(day)
            XCTAssertEqual(CivilDays.from(year: y, month: m, day: d), day)
            XCTAssertTrue((1...7).contains(CivilDays.weekday(day)))
        }
        XCTAssertEqual(CivilDays.from(year: 1970, month: 1, day: 1), 0)
        XCTAssertEqual(CivilDays.weekday(0), 5, "1970-01-01 was a Thursday")
        XCTAssertEqual(CivilDays.from(year: 2026, month: 2, day: 29), CivilDays.from(year: 2026, month: 3, day: 1), "a day past the month carries on")
        XCTAssertTrue(CivilDays.isLeap(2000) && CivilDays.isLeap(2024) && !CivilDays.isLeap(1900) && !CivilDays.isLeap(2026))
        XCTAssertEqual(CivilDays.floorDivide(-1, 86_400).quotient, -1)
        XCTAssertEqual(CivilDays.floorDivide(-1, 86_400).remainder, 86_399)
    }
}
