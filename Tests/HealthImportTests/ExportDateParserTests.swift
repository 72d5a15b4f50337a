import Foundation
import Testing
@testable import HealthImport

@Suite struct ExportDateParserTests {
    /// Expected instants computed by hand as seconds since 1970-01-01T00:00:00Z.
    @Test(arguments: [
        ("1970-01-01 00:00:00 +0000", 0.0),
        ("2024-03-31 01:59:30 +0100", 1_711_846_770),        // Paris, one minute before spring-forward
        ("2024-03-31 03:00:00 +0200", 1_711_846_800),        // the same night, after the change
        ("2024-10-27 02:30:00 +0200", 1_729_989_000),        // Paris, first 02:30 (summer time)
        ("2024-10-27 02:30:00 +0100", 1_729_992_600),        // second 02:30, one hour later
        ("2024-03-10 01:59:59 -0500", 1_710_053_999),        // New York before spring-forward
        ("2024-03-10 03:00:00 -0400", 1_710_054_000),        // …and right after
        ("2024-02-29 12:00:00 +0000", 1_709_208_000),        // leap day
        ("2000-03-01 00:00:00 +0000", 951_868_800),          // after a 400-year leap day
        ("2024-06-01 00:00:00 +0530", 1_717_180_200),        // half-hour offset
        ("20151107171924+0100", 1_446_913_164),              // compact, before iOS 9
        ("20151107171924-0800", 1_446_945_564),
    ])
    func parsesValidDates(text: String, seconds: Double) {
        #expect(ExportDateParser.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "", "2024-03-31", "2024-03-31 01:59:30", "2024-13-01 00:00:00 +0000", "2024-00-10 00:00:00 +0000",
        "2023-02-29 00:00:00 +0000", "2024-04-31 00:00:00 +0000", "2024-01-01 24:00:00 +0000",
        "2024-01-01 23:60:00 +0000", "2024-01-01 23:59:60 +0000", "2024-01-01 00:00:00 +1500",
        "2024-01-01 00:00:00 +0160", "2024-01-01 00:00:00 0100", "2024/01/01 00:00:00 +0000",
        "2024-01-01T00:00:00 +0000", "2O24-01-01 00:00:00 +0000", "20151107171924+01:0", "1900-02-29 00:00:00 +0000",
        "2024-01-01 00:00:00 +0000 ",
    ])
    func rejectsInvalidDates(text: String) {
        #expect(ExportDateParser.parse(text) == nil)
    }
}
