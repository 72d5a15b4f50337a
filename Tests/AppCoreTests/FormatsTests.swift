import XCTest
@testable import AppCore
import HealthDomain

/// The ICU-free English paths write exactly what ICU writes.
final class FormatsTests: XCTestCase {
    private func icuInteger(_ v: Double, _ locale: String) -> String {
        let f = NumberFormatter()
        f.locale = Locale(identifier: locale)
        f.numberStyle = .decimal
        f.maximumFractionDigits = 0
        return f.string(from: NSNumber(value: v)) ?? "?"
    }

    func testWholeNumbersMatchICUInEveryCoveredLocale() {
        let values: [Double] = [0, -0.0, 7, -7, 999, 1_000, 12_345, -12_345, 999_999, 1_000_000, 8_412, 123_456_789, 99_999_999_999_999]
        for locale in ["en_US", "en_GB", "en"] {
            let f = Formats(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: "UTC")!)
            for v in values {
                XCTAssertEqual(f.integer(v), icuInteger(v.rounded(), locale), "\(locale) \(v)")
                XCTAssertEqual(f.integer(Int(v)), icuInteger(Double(Int(v)), locale), "\(locale) \(Int(v))")
            }
        }
    }

    func testClockTimesMatchICUAcrossADayAndDaylightSavingTime() {
        let zone = TimeZone(identifier: "Europe/Paris")!
        let f = Formats(locale: Locale(identifier: "en_US"), timeZone: zone)
        func icu(_ template: String) -> DateFormatter {
            let d = DateFormatter()
            d.locale = Locale(identifier: "en_US")
            d.timeZone = zone
            d.setLocalizedDateFormatFromTemplate(template)
            return d
        }
        let (hm, hms) = (icu("HH:mm"), icu("HH:mm:ss"))
        let start = Date(timeIntervalSince1970: 1_774_742_400) // 2026-03-29 00:00 UTC, the spring change in Paris
        for step in stride(from: 0, to: 86_400 * 2, by: 1_337) {
            let d = start.addingTimeInterval(Double(step))
            XCTAssertEqual(f.time(d), hm.string(from: d))
            XCTAssertEqual(f.timeWithSeconds(d), hms.string(from: d))
        }
    }

    func testOtherLocalesStillUseICU() {
        let f = Formats(locale: Locale(identifier: "fr_FR"), timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(f.integer(12_345), icuInteger(12_345, "fr_FR"))
        XCTAssertNotEqual(f.integer(12_345), "12,345")
    }

    func testFormatsIsSendableAcrossThreads() async {
        let f = Formats(locale: Locale(identifier: "fr_FR"), timeZone: TimeZone(identifier: "UTC")!)
        let day = DayKey(year: 2026, month: 11, day: 22)
        let results = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { f.dayAndMonth(day) + "|" + f.decimal(2.5) } }
            var all: [String] = []
            for await r in group { all.append(r) }
            return all
        }
        XCTAssertEqual(Set(results).count, 1, "every thread gets the same text from the shared cache")
    }
}
