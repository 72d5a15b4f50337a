import Foundation
import ZipFixtures
import Testing
@testable import HealthImport

@Suite struct SyntheticExportTests {
    @Test(arguments: [0, 59, 1_711_846_770, 951_868_799, 4_102_444_799])
    func formatRoundTripsThroughTheParser(seconds: Int) {
        for offset in [0, 3600, -18_000, 19_800] {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(ExportDateParser.parse(SyntheticExport.format(date, offsetSeconds: offset)) == date)
        }
        #expect(SyntheticExport.format(Date(timeIntervalSince1970: 1_711_846_770), offsetSeconds: 3600) == "2024-03-31 01:59:30 +0100")
    }

    @Test func generatedExportImportsCleanly() throws {
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("export.xml")
        let written = try SyntheticExport.write(to: url, options: .init(days: 3))
        var kept = 0
        let summary = try HealthExportReader.read(path: url.path) { _ in kept += 1 }
        #expect(summary.xml.isWellFormed)
        #expect(summary.xmlBytesRead == written.bytes)
        #expect(summary.xml.recordElements == written.records)
        #expect(summary.importedRecords == kept)
        #expect(summary.skippedRecords == 0)
        #expect(summary.unsupportedRecords + summary.importedRecords + summary.duplicates == written.records)
        #expect(Set(summary.recordsByType.keys) == Set(ImportedType.allCases))
        #expect(summary.ranking().ordered == ["Anna’s Apple Watch", "Anna’s iPhone"])
        #expect(Int(written.bytes) / 3 > SyntheticExport.approximateBytesPerDay / 2)
    }
}
