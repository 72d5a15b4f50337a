import Foundation
import XCTest
@testable import Platform

/// `FormatLocale` writes what ICU (full Foundation) writes, in every locale of its tables.
final class FormatLocaleTests: XCTestCase {
    /// Languages whose every ICU locale must have its own entry.
    private static let languages = ["en", "fr", "de", "es", "it", "nl", "pt", "sv", "da", "nb", "nn", "fi", "pl", "cs", "ru", "tr"]
    /// Locales users run with that ICU does not list by this name.
    private static let required = ["no", "no_NO", "nn_NO", "nb_NO"]
    /// Every entry of the tables; each is held to ICU below.
    private static var all: [String] { LocaleTables.identifiers }

    /// ICU's Islamic (en_SA) and Buddhist (en_TH) calendars are not what the app shows: for these
    /// the tables hold, and the tests check, what ICU writes with the Gregorian calendar.
    private static let otherCalendar: Set = ["en_SA", "en_TH"]

    private let utc = TimeZone(identifier: "UTC")!

    func testTablesHoldEveryLocaleICUListsForTheCoveredLanguages() {
        let listed = Locale.availableIdentifiers.filter { id in
            let parts = id.split(separator: "_")
            return parts.count <= 2 && Self.languages.contains(String(parts[0]))
        }
        XCTAssertGreaterThan(listed.count, 250)
        for id in listed + Self.required {
            XCTAssertNotNil(LocaleTables.table(id), id)
            XCTAssertTrue(LocaleTables.identifiers.contains(id), id)
            XCTAssertEqual(FormatLocale(identifier: id).identifier, id)
        }
        XCTAssertEqual(Set(LocaleTables.identifiers).count, LocaleTables.identifiers.count)
    }

    /// What QA saw differ from ICU while these locales fell back to their language.
    func testRegionsThatDifferFromTheirLanguage() {
        let c = CivilDateTime(year: 2026, month: 11, day: 22, weekday: 1)
        XCTAssertEqual(FormatLocale(identifier: "es_AR").integer(4_463), "4.463")
        XCTAssertEqual(FormatLocale(identifier: "de_LI").integer(10_000), "10\u{2019}000")
        XCTAssertEqual(FormatLocale(identifier: "fr_LU").integer(10_000), "10.000")
        XCTAssertEqual(FormatLocale(identifier: "pt_AO").integer(4_463), "4\u{A0}463")
        XCTAssertEqual(FormatLocale(identifier: "pt_AO").fullDate(c), "dom., 22/11/2026")
        XCTAssertEqual(FormatLocale(identifier: "en_SG").dayAndMonth(c), "Sun, 22 Nov")
        for id in ["no", "no_NO", "no_SJ", "nb_NO"] {
            XCTAssertEqual(FormatLocale(identifier: id).fullDate(c), "s\u{F8}n. 22. nov. 2026", id)
            XCTAssertEqual(FormatLocale(identifier: id).integer(-1_234), "\u{2212}1\u{A0}234", id)
        }
        XCTAssertEqual(FormatLocale(identifier: "nn_NO").fullDate(c), "s\u{F8}. 22. nov. 2026")
    }

    // MARK: Numbers

    private func icu(_ id: String, fractionDigits: Int) -> NumberFormatter {
        let f = NumberFormatter()
        f.locale = Locale(identifier: id)
        f.numberStyle = .decimal
        f.maximumFractionDigits = fractionDigits
        return f
    }

    func testSeparatorsAndFirstWeekdayMatchICU() {
        for id in Self.all {
            let l = FormatLocale(identifier: id), f = icu(id, fractionDigits: 1)
            XCTAssertEqual(l.decimalSeparator, f.decimalSeparator, id)
            XCTAssertEqual(l.groupingSeparator, f.groupingSeparator, id)
            var calendar = Calendar(identifier: .gregorian)
            calendar.locale = Locale(identifier: id)
            XCTAssertEqual(l.firstWeekday, calendar.firstWeekday, id)
        }
    }

    func testWholeNumbersMatchICU() {
        let ints = [0, 5, -5, 999, 1_000, -1_000, 4_463, 9_999, 10_000, 12_345, -1_234_567, 123_456_789, 1_000_000_000_000, Int.max, Int.min]
        let doubles: [Double] = [0, -0.0, 0.4, -0.4, 0.5, 1.5, 2.5, -2.5, 5, 999, 999.5, 1_000, -1_234_567, 12_345.65,
                                 1e14, 1e15, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e20, 1.2345678901234567e25, 1e300,
                                 .infinity, -.infinity, .nan, .greatestFiniteMagnitude]
        for id in Self.all {
            let l = FormatLocale(identifier: id), f = icu(id, fractionDigits: 0)
            for v in ints { XCTAssertEqual(l.integer(v), f.string(from: NSNumber(value: v)), "\(id) \(v)") }
            for v in doubles {
                // As `Formats`: rounded first, not finite → 0.
                let expected = f.string(from: NSNumber(value: v.isFinite ? v.rounded() : 0))
                XCTAssertEqual(l.integer(v), expected, "\(id) \(v)")
            }
        }
    }

    func testDecimalsMatchICURoundingHalfEven() {
        let values: [Double] = [0, -0.0, 5, 0.05, -0.04, 0.06, 0.15, 0.25, 2.25, 2.675, 9.95, -9.96, 99.95, 0.1 + 0.2,
                                0.125, 1e-7, .leastNonzeroMagnitude, 999.99, 1_000, 1234.5, -1_234_567.891, 12_345.65, 1e14, 1e15 + 0.25,
                                123_456.789_012, 1e20, 4.35e22, .pi, -.pi * 1e6, .infinity, .nan]
        for id in Self.all {
            let l = FormatLocale(identifier: id)
            for digits in 0...3 {
                let f = icu(id, fractionDigits: digits)
                for v in values {
                    let expected = f.string(from: NSNumber(value: v.isFinite ? v : 0))
                    XCTAssertEqual(l.decimal(v, maximumFractionDigits: digits), expected, "\(id) \(v) \(digits)")
                }
            }
        }
    }

    // MARK: Dates

    private func icuDate(_ id: String, template: String? = nil, fixed: String? = nil) -> DateFormatter {
        let d = DateFormatter()
        d.locale = Locale(identifier: Self.otherCalendar.contains(id) ? id + "@calendar=gregorian" : id)
        d.timeZone = utc
        if let template { d.setLocalizedDateFormatFromTemplate(template) }
        if let fixed { d.dateFormat = fixed }
        return d
    }

    private func civil(_ date: Date) -> CivilDateTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        return CivilDateTime(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!,
                             second: c.second!, weekday: c.weekday!)
    }

    func testOnlyEnSAAndEnTHDefaultToAnotherCalendar() {
        let other = Self.all.filter { Locale(identifier: $0).calendar.identifier != .gregorian }
        XCTAssertEqual(Set(other), Self.otherCalendar)
    }

    func testDatesMatchICUAcrossAYearAndLeapDays() {
        let start = Date(timeIntervalSince1970: 1_767_268_800) // 2026-01-01 12:00 UTC
        // Every third day (all weekdays, all months, days 1...31), at a time that moves through the day.
        var days = stride(from: 0, to: 365, by: 3).map { start.addingTimeInterval(Double($0) * 86_400 + Double($0 * 613 % 43_200)) }
        days += [951_825_600, 1_709_208_000, 1_835_438_400].map { Date(timeIntervalSince1970: $0) } // 29 Feb 2000, 2024, 2028 noon
        for id in Self.all {
            let l = FormatLocale(identifier: id)
            let (weekday, dayMonth, full) = (icuDate(id, template: "EEE"), icuDate(id, template: "EEE d MMM"),
                                             icuDate(id, template: "EEE d MMM yyyy"))
            let monthYear = icuDate(id, fixed: "LLLL yyyy"), hms = icuDate(id, template: "HH:mm:ss")
            for d in days {
                let c = civil(d)
                XCTAssertEqual(l.weekdayShort(c), weekday.string(from: d), "\(id) \(d)")
                XCTAssertEqual(l.dayAndMonth(c), dayMonth.string(from: d), "\(id) \(d)")
                XCTAssertEqual(l.monthAndYear(c), monthYear.string(from: d), "\(id) \(d)")
                XCTAssertEqual(l.fullDate(c), full.string(from: d), "\(id) \(d)")
                XCTAssertEqual(l.time(c, seconds: true), hms.string(from: d), "\(id) \(d)")
            }
        }
    }

    func testTimesMatchICUAcrossADay() {
        let midnight = Date(timeIntervalSince1970: 1_795_305_600) // 2026-11-22 00:00 UTC
        for id in Self.all {
            let l = FormatLocale(identifier: id)
            let (hm, hms) = (icuDate(id, template: "HH:mm"), icuDate(id, template: "HH:mm:ss"))
            for step in stride(from: 0, to: 86_400, by: 613) {
                let d = midnight.addingTimeInterval(Double(step))
                XCTAssertEqual(l.time(civil(d), seconds: false), hm.string(from: d), "\(id) \(d)")
                XCTAssertEqual(l.time(civil(d), seconds: true), hms.string(from: d), "\(id) \(d)")
            }
        }
    }

    func testUppercaseMatchesICU() {
        let samples = ["istanbul ıiIİ", "straße", "dim. 22 nov.", "ÿ ǆ ŉ", "çarşamba", "вс, нояб."]
        for id in Self.all {
            let l = FormatLocale(identifier: id), locale = Locale(identifier: id)
            let names = l.table.weekdays + l.table.standaloneWeekdays + l.table.months + l.table.standaloneFullMonths
            for s in samples + names { XCTAssertEqual(l.uppercased(s), s.uppercased(with: locale), "\(id) \(s)") }
        }
        XCTAssertEqual(FormatLocale(identifier: "az_AZ").uppercased("bir"), "BİR")
    }

    // MARK: Names and fallbacks

    func testIdentifiersAreNormalised() {
        for (name, id, language, region) in [
            ("fr_FR", "fr_FR", "fr", "FR"), ("fr-FR", "fr_FR", "fr", "FR"), ("fr_FR.UTF-8@euro", "fr_FR", "fr", "FR"),
            ("de_CH@euro", "de_CH", "de", "CH"), ("FR_fr", "fr_FR", "fr", "FR"), ("sr_Latn_RS", "sr_RS", "sr", "RS"),
            ("es-419", "es_419", "es", "419"), ("fr", "fr", "fr", nil), ("en_US_POSIX", "en_US", "en", "US"),
        ] as [(String, String, String, String?)] {
            let l = FormatLocale(identifier: name)
            XCTAssertEqual(l.identifier, id, name)
            XCTAssertEqual(l.languageCode, language, name)
            XCTAssertEqual(l.regionCode, region, name)
        }
    }

    func testFromEnvironment() {
        XCTAssertEqual(FormatLocale.fromEnvironment(["LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"]).identifier, "de_DE")
        XCTAssertEqual(FormatLocale.fromEnvironment(["LC_ALL": "", "LC_NUMERIC": "sv_SE", "LANG": "fr_FR"]).identifier, "sv_SE")
        XCTAssertEqual(FormatLocale.fromEnvironment(["LANG": "fr_FR.UTF-8"]).identifier, "fr_FR")
        XCTAssertEqual(FormatLocale.fromEnvironment(["LANG": "de_CH@euro"]).groupingSeparator, "\u{2019}")
        for env in [["LANG": "C"], ["LANG": "POSIX"], ["LC_ALL": "C.UTF-8", "LANG": "fr_FR"], [:], ["LANG": ""], ["LANG": "!!garbage!!"]] {
            XCTAssertEqual(FormatLocale.fromEnvironment(env), .enUS, "\(env)")
            XCTAssertEqual(FormatLocale.fromEnvironment(env).integer(-1234567), "-1,234,567")
        }
    }

    func testUnknownRegionTakesItsLanguage() {
        let c = CivilDateTime(year: 2026, month: 11, day: 22, weekday: 1)
        let us = FormatLocale(identifier: "fr_US"), fr = FormatLocale(identifier: "fr")
        XCTAssertNil(LocaleTables.table("fr_US"))
        XCTAssertEqual(us.identifier, "fr_US")
        XCTAssertEqual(us.regionCode, "US")
        XCTAssertEqual(us.fullDate(c), fr.fullDate(c))
        XCTAssertEqual(us.fullDate(c), "dim. 22 nov. 2026")
        XCTAssertEqual(us.integer(12_345), fr.integer(12_345))
        XCTAssertEqual(FormatLocale(identifier: "nn_SJ").fullDate(c), FormatLocale(identifier: "nn").fullDate(c))
    }

    func testUnknownLanguageIsEnglishWithBritishPatterns() {
        let c = CivilDateTime(year: 2026, month: 11, day: 22, hour: 7, minute: 4, second: 9, weekday: 1)
        let xx = FormatLocale(identifier: "xx_YY")
        XCTAssertEqual(xx.identifier, "xx_YY")
        XCTAssertEqual(xx.languageCode, "xx")
        XCTAssertEqual(xx.dayAndMonth(c), "Sun 22 Nov")
        XCTAssertEqual(xx.fullDate(c), "Sun, 22 Nov 2026")
        XCTAssertEqual(xx.monthAndYear(c), "November 2026")
        XCTAssertEqual(xx.time(c, seconds: true), "07:04:09")
        XCTAssertEqual(xx.decimalSeparator, ".")
        XCTAssertEqual(xx.groupingSeparator, ",")
        XCTAssertEqual(xx.decimal(-1234.56, maximumFractionDigits: 1), "-1,234.6")
        XCTAssertEqual(xx.firstWeekday, 2)
    }

    func testEqualityFollowsTheNormalisedIdentifier() {
        XCTAssertEqual(FormatLocale(identifier: "fr-FR"), FormatLocale(identifier: "fr_FR.UTF-8"))
        XCTAssertNotEqual(FormatLocale(identifier: "fr_FR"), FormatLocale(identifier: "fr_CA"))
        XCTAssertEqual(Set([FormatLocale(identifier: "de_CH"), FormatLocale(identifier: "de-CH@euro")]).count, 1)
    }

    /// The point of these types: the shipped binary formats without ICU.
    func testLocaleSourcesDoNotImportFoundation() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Platform/Locale").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                XCTAssertFalse(line == "import Foundation" || line.contains("FoundationInternationalization"), "\(file): \(line)")
            }
        }
    }
}
