import Foundation
import Testing
@testable import HealthImport

@Suite struct HealthXMLScannerTests {
    /// Scans `text` fed in chunks of `chunkSize` bytes.
    private func scan(_ text: String, chunkSize: Int = 1 << 20) -> ([ScannedRecord], XMLScanStats) {
        scan(Array(text.utf8), chunkSize: chunkSize)
    }

    private func scan(_ bytes: [UInt8], chunkSize: Int) -> ([ScannedRecord], XMLScanStats) {
        var scanner = HealthXMLScanner()
        var records: [ScannedRecord] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunkSize)
            Array(bytes[offset..<end]).withUnsafeBytes { scanner.feed($0) { records.append($0) } }
            offset = end
        }
        scanner.finish()
        return (records, scanner.stats)
    }

    private func date(_ text: String) -> ScannedDate { .date(ExportDateParser.parse(text)!) }

    @Test func readsTheSmallExport() throws {
        let (records, stats) = scan(HealthFixtures.smallExport)
        #expect(records.count == 5)
        #expect(stats.recordElements == 5, "the record nested in a Correlation repeats a top-level one")
        #expect(stats.isWellFormed)
        #expect(stats.sawHealthData)
        #expect(stats.exportDate == ExportDateParser.parse("2024-04-02 09:15:00 +0100"))

        #expect(records[0] == ScannedRecord(
            type: HealthFixtures.steps, sourceName: "Anna’s Apple Watch", deviceModel: "Watch", unit: "count",
            value: .number(120), startDate: date("2024-03-31 01:00:00 +0100"),
            endDate: date("2024-03-31 01:10:00 +0100"), creationDate: date("2024-03-31 01:10:00 +0100")))
        #expect(records[1].sourceName == "Anna’s iPhone")
        #expect(records[1].deviceModel == "iPhone")
        #expect(records[2].value == .number(12.5))
        #expect(records[3].value == .text("HKCategoryValueSleepAnalysisAsleepCore"))
        #expect(records[3].unit == nil)
        #expect(records[3].endDate == date("2024-03-31 03:15:00 +0200"))
        #expect(records[4].sourceName == "Pedometer & Co", "entity decoded, control character dropped")
        #expect(records[4].deviceModel == nil)
    }

    /// Every chunk boundary — inside the DTD, a tag, a quoted value, an entity — reads the same.
    @Test(arguments: [1, 2, 3, 5, 7, 13, 64, 333, 4096])
    func chunkBoundariesDoNotMatter(chunkSize: Int) {
        let whole = scan(HealthFixtures.smallExport)
        let chunked = scan(HealthFixtures.smallExport, chunkSize: chunkSize)
        #expect(chunked.0 == whole.0)
        #expect(chunked.1 == whole.1)
    }

    @Test func oldExportsUseSourceAndCompactDates() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="20151107171924+0100"/>
         <Record type="HKQuantityTypeIdentifierStepCount" source="Jo's iPhone" unit="count" creationDate="20151107171924+0100" startDate="20151107160000+0100" endDate="20151107161000+0100" value="431"/>
         <Record type="HKQuantityTypeIdentifierBodyFatPercentage" source="Withings" unit="%" startDate="20150616071820-0700" endDate="20150616071820-0700" Health Mate App Version="2.6.0" Withings Link="withings-bd2://x?a=1&amp;amp;b=2" value="0.2"/>
        </HealthData>
        """
        let (records, stats) = scan(xml)
        #expect(stats.isWellFormed)
        #expect(stats.exportDate == ExportDateParser.parse("20151107171924+0100"))
        #expect(records.count == 2)
        #expect(records[0].sourceName == "Jo's iPhone")
        #expect(records[0].startDate == date("20151107160000+0100"))
        #expect(records[0].value == .number(431))
        #expect(records[1].sourceName == "Withings")
        #expect(records[1].value == .number(0.2), "attribute names with spaces are stepped over")
    }

    @Test func decodesEntitiesInAttributeValues() {
        let xml = "<HealthData><Record type=\"t\" sourceName=\"a&amp;b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#233;&#x263A; &bogus; &\"/></HealthData>"
        let (records, _) = scan(xml)
        #expect(records.first?.sourceName == "a&b <c> \"d\" 'e' é☺ &bogus; &")
    }

    @Test func missingAndBrokenAttributes() {
        let xml = "<HealthData><Record type=\"t\" startDate=\"2024-02-30 10:00:00 +0000\" value=\"abc\" unit='kcal'/></HealthData>"
        let (records, stats) = scan(xml)
        #expect(stats.isWellFormed)
        #expect(records.first == ScannedRecord(type: "t", sourceName: nil, unit: "kcal", value: .text("abc"),
                                               startDate: .unparsable, endDate: .missing))
    }

    @Test func xmlCutMidTagIsBrokenMidway() {
        let full = HealthFixtures.smallExport
        let cut = String(full.prefix(full.count - 120))  // inside the last record
        let (records, stats) = scan(cut, chunkSize: 50)
        #expect(stats.unterminatedAtEnd)
        #expect(stats.isBrokenMidway)
        #expect(records.count == 4)
        #expect(stats.skippedBytes > 0)
    }

    @Test func missingRootEndIsBrokenMidway() {
        let xml = HealthFixtures.iOS16Prolog + HealthFixtures.record(HealthFixtures.steps)
        let (records, stats) = scan(xml)
        #expect(records.count == 1)
        #expect(!stats.unterminatedAtEnd)
        #expect(stats.unclosedElements == 1)
        #expect(stats.isBrokenMidway)
    }

    @Test func garbageIsCountedAndRecordsAroundItSurvive() {
        let xml = HealthFixtures.iOS16Prolog
            + HealthFixtures.record(HealthFixtures.steps, value: "1")
            + " some garbage text \u{01}\n < not a tag\n <Record type=\"x\" sourceName=\"cut"
            + HealthFixtures.record(HealthFixtures.steps, value: "2")
            + " </Wrong>\n"
            + HealthFixtures.record(HealthFixtures.steps, value: "3")
            + "</HealthData>\n"
        let (records, stats) = scan(xml, chunkSize: 17)
        #expect(records.map(\.value) == [.number(1), .number(2), .number(3)])
        #expect(!stats.isWellFormed)
        #expect(!stats.isBrokenMidway)
        #expect(stats.strayTextBytes > 0)
        #expect(stats.malformedTags == 2)
        #expect(stats.mismatchedEndTags == 1)
        #expect(stats.skippedBytes > 30)
    }

    @Test func commentsProcessingInstructionsAndCDATAAreSkipped() {
        let xml = "\u{FEFF}<?xml version=\"1.0\"?><!-- <Record type=\"no\"/> --><HealthData><?pi <Record?><![CDATA[<Record type=\"no\"/>]]>"
            + "<Record type=\"yes\" sourceName=\"s\"/></HealthData>"
        let (records, stats) = scan(xml, chunkSize: 3)
        #expect(records.map(\.type) == ["yes"])
        #expect(stats.strayTextBytes == 3, "only the byte-order mark, outside the root")
    }

    @Test(arguments: [
        ("412", 412.0), ("0.345", 0.345), ("-1.5", -1.5), ("+2", 2.0), ("1e3", 1000.0), ("0.1234567890123456789", 0.1234567890123456789),
        ("007", 7.0), ("12.", 12.0), (".5", 0.5),
    ])
    func parsesNumbers(text: String, expected: Double) {
        var bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeMutableBytes { DecimalParser.parse(UnsafeRawBufferPointer($0)) }
        #expect(parsed == expected)
    }

    @Test(arguments: ["", "-", ".", "1.2.3", "abc", "1,5", "nan", "inf"])
    func rejectsNonNumbers(text: String) {
        var bytes = Array(text.utf8)
        #expect(bytes.withUnsafeMutableBytes { DecimalParser.parse(UnsafeRawBufferPointer($0)) } == nil)
    }

    /// Issue 27: a '>' inside a quoted value of a tag that spans chunks made the scanner
    /// re-read the tag from its start at every '>' (a 300 KB file took 81 s). The same
    /// file with 'x' for each '>' is the yardstick: scanning must cost about the same.
    @Test func aGreaterThanInsideAQuotedValueKeepsTheScanLinear() throws {
        func export(_ filler: Character) -> [UInt8] {
            let value = String(repeating: filler, count: 300_000)
            let text = HealthFixtures.iOS16Prolog
                + " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(value)\" unit=\"count\" "
                + "startDate=\"2024-03-31 01:00:00 +0100\" endDate=\"2024-03-31 01:10:00 +0100\" value=\"7\"/>\n"
                + HealthFixtures.record(HealthFixtures.steps, value: "5") + "</HealthData>\n"
            return Array(text.utf8)
        }
        func fastest(_ bytes: [UInt8]) -> (Double, [ScannedRecord], XMLScanStats) {
            var best = Double.infinity
            var result: ([ScannedRecord], XMLScanStats) = ([], XMLScanStats())
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                result = scan(bytes, chunkSize: 4096)
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return (best, result.0, result.1)
        }
        let (plain, plainRecords, _) = fastest(export("x"))
        let (marked, records, stats) = fastest(export(">"))
        #expect(records.count == 2 && plainRecords.count == 2)
        #expect(records.first?.sourceName == String(repeating: ">", count: 300_000))
        #expect(records.last?.value == .number(5))
        #expect(stats.isWellFormed)
        // Linear: the same order of time as the file without '>'. Quadratic was thousands of
        // times slower (81 s); the wide margin keeps a busy machine's minute from failing it.
        #expect(marked < plain * 20 + 1, "'>' in quotes: \(marked) s; without: \(plain) s")
    }
}
