import Foundation
import XCTest
import LocaleTableGenerator
@testable import Platform

/// The committed tables are what the generator reads from ICU (`make locales`).
final class LocaleGeneratorTests: XCTestCase {
    func check(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let committed = try XCTUnwrap(LocaleTables.table(id), id, file: file, line: line)
        let generated = ICULocaleTable(id)
        let pairs: [(String, String, String)] = [
            ("weekdays", "\(committed.weekdays)", "\(generated.weekdays)"),
            ("standaloneWeekdays", "\(committed.standaloneWeekdays)", "\(generated.standaloneWeekdays)"),
            ("months", "\(committed.months)", "\(generated.months)"),
            ("standaloneFullMonths", "\(committed.standaloneFullMonths)", "\(generated.standaloneFullMonths)"),
            ("weekdayPattern", committed.weekdayPattern, generated.weekdayPattern),
            ("dayAndMonthPattern", committed.dayAndMonthPattern, generated.dayAndMonthPattern),
            ("fullDatePattern", committed.fullDatePattern, generated.fullDatePattern),
            ("timePattern", committed.timePattern, generated.timePattern),
            ("timeWithSecondsPattern", committed.timeWithSecondsPattern, generated.timeWithSecondsPattern),
            ("decimalSeparator", committed.decimalSeparator, generated.decimalSeparator),
            ("groupingSeparator", committed.groupingSeparator, generated.groupingSeparator),
            ("minusSign", committed.minusSign, generated.minusSign),
            ("minimumGroupingDigits", "\(committed.minimumGroupingDigits)", "\(generated.minimumGroupingDigits)"),
            ("firstWeekday", "\(committed.firstWeekday)", "\(generated.firstWeekday)"),
        ]
        for (field, a, b) in pairs { XCTAssertEqual(a, b, "\(id).\(field)", file: file, line: line) }
    }

    func testASampleOfTheCommittedTablesIsWhatTheGeneratorReads() throws {
        for id in ["en_US", "en_GB", "fr_FR", "de_CH", "es_AR", "pt_AO", "nn_NO", "no_NO", "en_SA", "ru", "tr_TR", "pl_PL"] {
            try check(id)
        }
    }

    /// The whole committed file is the generator's output: `make locales` changes nothing until ICU does.
    func testTheCommittedFileIsTheGeneratorsOutput() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/Platform/Locale/LocaleTables.swift").standardized
        let committed = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(committed == LocaleTablesSource.render(), "LocaleTables.swift differs from what ICU gives now: run `make locales`")
    }

    func testTheGeneratorCoversEveryCommittedIdentifier() {
        XCTAssertEqual(Set(ICULocaleTable.identifiers()), Set(LocaleTables.identifiers))
    }
}
