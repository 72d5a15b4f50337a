import XCTest
@testable import AppCore
import HealthDomain
import Platform

/// Plurals follow each language's rule: English "1 task", "0 tasks"; French 0 and 1 singular.
final class PluralTests: XCTestCase {
    func testEnglishAndFrenchCategories() {
        let en = Strings(language: "en"), fr = Strings(language: "fr")
        XCTAssertEqual([0, 1, 2, 21].map(en.pluralCategory), ["other", "one", "other", "other"])
        XCTAssertEqual([0, 1, 2, 21].map(fr.pluralCategory), ["one", "one", "other", "other"])
    }

    func testCountedMessagesAgreeWithTheirNumber() {
        let en = Strings(language: "en"), fr = Strings(language: "fr")
        XCTAssertEqual(en.plural("care.problems.loaded", count: 1, "1"), "1 task was read. These entries were skipped:")
        XCTAssertEqual(en.plural("care.problems.loaded", count: 3, "3"), "3 tasks were read. These entries were skipped:")
        XCTAssertEqual(en.plural("month.badge.toGo", count: 1, "1"), "1 step to go")
        XCTAssertEqual(en.plural("status.live", count: 1, "08:00", "1"), "Last sync 08:00 · 1 update")
        XCTAssertEqual(en.plural("scores.detail.average", count: 1, "60%", "1"), "7-day average 60% (1 day)")
        XCTAssertEqual(fr.plural("month.badge.toGo", count: 0, "0"), "0 step to go_fr", "French 0 is singular")
        XCTAssertEqual(fr.plural("month.badge.toGo", count: 2, "2"), "2 steps to go_fr")
        XCTAssertEqual(fr.plural("care.breathing.left", count: 0, "0"), "0 breath left_fr", "French 0 is singular")
        XCTAssertEqual(en.plural("care.breathing.left", count: 0, "0"), "0 breaths left")
    }

    func testEveryPluralKeyHasBothFormsInEveryLanguage() {
        for language in ["en", "fr"] {
            let s = Strings(language: language)
            let keys = s.allKeys.filter { $0.hasSuffix(".one") }
            XCTAssertFalse(keys.isEmpty)
            for key in keys {
                let stem = String(key.dropLast(4))
                XCTAssertTrue(s.hasKey(stem + ".other"), "\(language): \(stem).other")
            }
        }
    }
}

/// One duration style per language, whether a span comes in minutes (Scores) or seconds (Care).
final class DurationFormatTests: XCTestCase {
    func testEnglishAndFrenchDurations() {
        let en = Formats(locale: FormatLocale(identifier: "en_US"), timeZone: ZoneRules.named("UTC")!)
        let fr = Formats(locale: FormatLocale(identifier: "fr_FR"), timeZone: ZoneRules.named("UTC")!)
        XCTAssertEqual([42, 65, 3_725, -3].map { en.elapsed(seconds: $0) }, ["42s", "1m 05s", "1h 02m", "0s"])
        XCTAssertEqual([42, 65, 3_725].map { fr.elapsed(seconds: $0) }, ["42 s", "1 min 05 s", "1 h 02 min"])
        // The same span from Scores (minutes) and Care (seconds) reads the same.
        XCTAssertEqual(fr.duration(minutes: 62), fr.elapsed(seconds: 62 * 60))
        XCTAssertEqual(en.duration(minutes: 62), en.elapsed(seconds: 62 * 60 + 30))
    }
}
