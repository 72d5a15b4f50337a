import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform

/// `Formats` (our own tables and calendar, no ICU) writes what ICU writes
/// through Foundation's formatters in the same locale and time zone.
final class FormatsTests: XCTestCase {
    private func icuNumber(_ v: Double, _ locale: String, fractionDigits: Int) -> String {
        let f = NumberFormatter()
        f.locale = Foundation.Locale(identifier: locale)
        f.numberStyle = .decimal
        f.maximumFractionDigits = fractionDigits
        return f.string(from: NSNumber(value: v)) ?? "?"
    }

    private func icuDate(_ locale: String, _ zone: String, template: String? = nil, pattern: String? = nil) -> DateFormatter {
        let d = DateFormatter()
        d.locale = Foundation.Locale(identifier: locale)
        d.timeZone = Foundation.TimeZone(identifier: zone)
        if let template { d.setLocalizedDateFormatFromTemplate(template) }
        if let pattern { d.dateFormat = pattern }
        return d
    }

    private let locales = ["en_US", "en_GB", "fr_FR", "de_DE"]

    func testNumbersMatchICU() throws {
        let values: [Double] = [0, 7, -7, 999, 1_000, 12_345, -12_345, 999_999, 1_000_000, 8_412.4, 123_456_789, 99_999_999_999_999]
        for locale in locales {
            let f = Formats(locale: FormatLocale(identifier: locale), timeZone: .utc)
            for v in values {
                XCTAssertEqual(f.integer(v), icuNumber(v.rounded(), locale, fractionDigits: 0), "\(locale) \(v)")
                XCTAssertEqual(f.integer(Int(v)), icuNumber(Double(Int(v)), locale, fractionDigits: 0), "\(locale) \(Int(v))")
                XCTAssertEqual(f.decimal(v / 100), icuNumber(v / 100, locale, fractionDigits: 1), "\(locale) \(v / 100)")
            }
        }
    }

    func testClockTimesMatchICUAcrossDaylightSavingTime() throws {
        let zone = try XCTUnwrap(ZoneRules.named("Europe/Paris"))
        let f = Formats(locale: FormatLocale(identifier: "en_US"), timeZone: zone)
        let (hm, hms) = (icuDate("en_US", "Europe/Paris", template: "HH:mm"), icuDate("en_US", "Europe/Paris", template: "HH:mm:ss"))
        for start in [1_774_742_400.0, 1_792_886_400.0] { // 2026-03-29 and 2026-10-25 00:00 UTC: the changes in Paris
            for step in stride(from: 0, to: 86_400 * 2, by: 1_337) {
                let d = Date(timeIntervalSince1970: start + Double(step))
                XCTAssertEqual(f.time(d), hm.string(from: d))
                XCTAssertEqual(f.timeWithSeconds(d), hms.string(from: d))
            }
        }
    }

    func testDatesMatchICUForEveryDayOfAYear() throws {
        for locale in locales {
            let f = Formats(locale: FormatLocale(identifier: locale), timeZone: .utc)
            let (weekday, dayMonth, full) = (icuDate(locale, "UTC", template: "EEE"), icuDate(locale, "UTC", template: "EEE d MMM"),
                                             icuDate(locale, "UTC", template: "EEE d MMM yyyy"))
            let monthYear = icuDate(locale, "UTC", pattern: "LLLL yyyy")
            var day = DayKey(year: 2028, month: 1, day: 1)
            while day.year == 2028 {
                let noon = Date(timeIntervalSince1970: Double(CivilDays.from(year: 2028, month: day.month, day: day.day)) * 86_400 + 43_200)
                XCTAssertEqual(f.weekday(day), weekday.string(from: noon), "\(locale) \(day)")
                XCTAssertEqual(f.dayAndMonth(day), dayMonth.string(from: noon), "\(locale) \(day)")
                XCTAssertEqual(f.fullDate(day), full.string(from: noon), "\(locale) \(day)")
                XCTAssertEqual(f.monthAndYear(day), monthYear.string(from: noon), "\(locale) \(day)")
                day = day.adding(days: 1)
            }
        }
    }

    func testTheWeekStartsWhereTheLocaleSays() {
        XCTAssertEqual(Formats(locale: FormatLocale(identifier: "en_US"), timeZone: .utc).calendar.firstWeekday, 1)
        XCTAssertEqual(Formats(locale: FormatLocale(identifier: "fr_FR"), timeZone: .utc).calendar.firstWeekday, 2)
    }
}
