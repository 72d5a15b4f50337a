import Foundation
import ZipFixtures
import Testing
@testable import HealthImport

@Suite struct HealthExportReaderTests {
    private static let cda = "<?xml version=\"1.0\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\"><title>Health</title></ClinicalDocument>\n"

    private func importAll(_ path: String, options: ImportOptions = ImportOptions(chunkSize: 4096)) throws -> (ImportSummary, [ImportedRecord]) {
        var records: [ImportedRecord] = []
        let summary = try HealthExportReader.read(path: path, options: options) { records.append($0) }
        return (summary, records)
    }

    private func expectSmallExport(_ summary: ImportSummary, _ records: [ImportedRecord]) {
        #expect(records.count == 5)
        #expect(summary.recordsByType == [.stepCount: 3, .activeEnergy: 1, .sleepAnalysis: 1])
        #expect(summary.recordsBySource == ["Anna’s Apple Watch": 3, "Anna’s iPhone": 1, "Pedometer & Co": 1])
        #expect(summary.exportDate == ExportDateParser.parse("2024-04-02 09:15:00 +0100"))
        #expect(summary.firstDate == ExportDateParser.parse("2024-03-30 23:30:00 +0100"))
        #expect(summary.lastDate == ExportDateParser.parse("2024-03-31 03:15:00 +0200"))
        #expect(summary.xml.isWellFormed)
        #expect(summary.xmlBytesRead == UInt64(HealthFixtures.smallExport.utf8.count))
        #expect(summary.ranking().ordered == ["Anna’s Apple Watch", "Anna’s iPhone", "Pedometer & Co"])
    }

    /// The health XML is found by content, whatever the phone's language named it.
    @Test(arguments: ["apple_health_export/export.xml", "apple_health_export/eksport.xml", "apple_health_export/导出.xml",
                      "apple_health_export/exportar.xml", "apple_health_export/eksport\u{0301}"])
    func findsTheHealthXMLInsideAZipByContent(name: String) throws {
        let folder = TemporaryFolder()
        let zip = TestZipWriter.make([
            TestZipEntry("apple_health_export/", "", method: .stored),
            TestZipEntry("apple_health_export/export_cda.xml", Self.cda),
            TestZipEntry("apple_health_export/workout-routes/route_2024.gpx", "<gpx></gpx>"),
            TestZipEntry(name, HealthFixtures.smallExport, dataDescriptor: true),
        ])
        let (summary, records) = try importAll(folder.write("export.zip", zip))
        expectSmallExport(summary, records)
        #expect(summary.xmlName == name)
    }

    @Test func readsZip64Archives() throws {
        let folder = TemporaryFolder()
        let zip = TestZipWriter.make([TestZipEntry("apple_health_export/export.xml", HealthFixtures.smallExport, dataDescriptor: true)],
                                     zip64: true)
        let (summary, records) = try importAll(folder.write("export.zip", zip))
        expectSmallExport(summary, records)
    }

    @Test func readsAnUnzippedFolderAndABareXML() throws {
        let folder = TemporaryFolder()
        folder.write("apple_health_export/export_cda.xml", Self.cda)
        folder.write("notes/other.xml", "<HealthData><Record type=\"HKQuantityTypeIdentifierStepCount\"/></HealthData>")
        let xmlPath = folder.write("apple_health_export/eksport.xml", HealthFixtures.smallExport)
        let (fromFolder, folderRecords) = try importAll(folder.url.path)
        expectSmallExport(fromFolder, folderRecords)
        #expect(fromFolder.xmlName == xmlPath)
        let (fromFile, fileRecords) = try importAll(xmlPath)
        expectSmallExport(fromFile, fileRecords)
    }

    @Test func energyInKilojoulesAndCalories() throws {
        let xml = HealthFixtures.iOS16Prolog
            + HealthFixtures.record(HealthFixtures.energy, unit: "kJ", value: "418.4")
            + HealthFixtures.record(HealthFixtures.energy, unit: "Cal", value: "50", start: "2024-03-31 02:00:00 +0100",
                                    end: "2024-03-31 03:10:00 +0200")
            + HealthFixtures.record(HealthFixtures.energy, unit: "kcal", value: "-4")
            + HealthFixtures.record(HealthFixtures.energy, unit: "furlongs", value: "4")
            + "</HealthData>"
        let folder = TemporaryFolder()
        let (summary, records) = try importAll(folder.write("export.xml", xml))
        #expect(records.compactMap(\.quantity).map { ($0 * 1000).rounded() / 1000 } == [100, 50])
        #expect(summary.skippedByReason == [.negativeValue: 1, .unknownUnit: 1])
        #expect(summary.skippedByType == [.activeEnergy: 2])
    }

    @Test func progressAndCancellation() throws {
        let folder = TemporaryFolder()
        var xml = HealthFixtures.iOS16Prolog
        for minute in 0..<2000 {
            let start = Date(timeIntervalSince1970: 1_711_846_800 + Double(minute) * 60)
            xml += HealthFixtures.record(HealthFixtures.steps, value: "\(minute % 90)",
                                         start: SyntheticExport.format(start, offsetSeconds: 3600),
                                         end: SyntheticExport.format(start.addingTimeInterval(60), offsetSeconds: 3600))
        }
        xml += "</HealthData>\n"
        let path = folder.write("export.zip", TestZipWriter.make([TestZipEntry("export.xml", xml)]))
        var reports: [ImportProgress] = []
        let summary = try HealthExportReader.read(path: path, options: ImportOptions(chunkSize: 4096),
                                                  progress: { reports.append($0) }) { _ in }
        #expect(summary.recordsByType[.stepCount] == 2000)
        #expect(reports.count > 10)
        #expect(reports.last?.fraction == 1)
        #expect(reports.map(\.xmlBytesRead) == reports.map(\.xmlBytesRead).sorted())

        var calls = 0
        #expect(throws: ImportError.cancelled) {
            _ = try HealthExportReader.read(path: path, options: ImportOptions(chunkSize: 4096),
                                            isCancelled: { calls += 1; return calls > 3 }) { _ in }
        }
    }

    // MARK: - Bad input

    @Test func badInputsGiveOneLineErrors() throws {
        let folder = TemporaryFolder()
        let good = TestZipWriter.make([TestZipEntry("apple_health_export/export.xml", HealthFixtures.smallExport)])
        var damaged = TestZipEntry("apple_health_export/export.xml", HealthFixtures.smallExport)
        damaged.wrongCRC = true
        let full = HealthFixtures.smallExport
        let cases: [(String, ImportError)] = [
            (folder.url.appendingPathComponent("missing.zip").path, .notFound(path: folder.url.appendingPathComponent("missing.zip").path)),
            (folder.write("text.zip", "hello, not a zip at all"), .zip(path: folder.url.appendingPathComponent("text.zip").path, .notAZip)),
            (folder.write("cut.zip", Array(good.prefix(good.count / 2))), .zip(path: folder.url.appendingPathComponent("cut.zip").path, .truncated)),
            (folder.write("crc.zip", TestZipWriter.make([damaged])), .zip(path: folder.url.appendingPathComponent("crc.zip").path, .crcMismatch(entry: "apple_health_export/export.xml"))),
            (folder.write("cda.zip", TestZipWriter.make([TestZipEntry("export_cda.xml", Self.cda)])), .noHealthXML(path: folder.url.appendingPathComponent("cda.zip").path)),
            (folder.write("notes.txt", "just some notes"), .noHealthXML(path: folder.url.appendingPathComponent("notes.txt").path)),
            (folder.write("empty.zip", TestZipWriter.make([])), .emptyExport(path: folder.url.appendingPathComponent("empty.zip").path)),
            (folder.write("zero.xml", ""), .emptyFile(path: folder.url.appendingPathComponent("zero.xml").path)),
            (folder.write("zero.zip", ""), .emptyFile(path: folder.url.appendingPathComponent("zero.zip").path)),
            (folder.write("norecords.xml", HealthFixtures.iOS16Prolog + "</HealthData>"), .emptyExport(path: folder.url.appendingPathComponent("norecords.xml").path)),
            (folder.write("broken.xml", String(full.prefix(full.count - 120))), .xmlBrokenMidway(path: folder.url.appendingPathComponent("broken.xml").path, recordsRead: 4, bytesRead: UInt64(full.utf8.count - 120))),
        ]
        for (path, expected) in cases {
            #expect(throws: expected) { try importAll(path) }
            #expect(!expected.description.contains("\n"))
        }
    }

    @Test func emptyFolderHasNoHealthXML() {
        let folder = TemporaryFolder()
        folder.write("readme.txt", "nothing here")
        #expect(throws: ImportError.noHealthXML(path: folder.url.path)) { try importAll(folder.url.path) }
    }

    @Test func truncatedXMLCanBeAcceptedOnRequest() throws {
        let folder = TemporaryFolder()
        let full = HealthFixtures.smallExport
        let path = folder.write("broken.xml", String(full.prefix(full.count - 120)))
        let (summary, records) = try importAll(path, options: ImportOptions(chunkSize: 4096, acceptTruncatedXML: true))
        #expect(records.count == 4)
        #expect(summary.xml.isBrokenMidway)
        #expect(summary.xml.skippedBytes > 0)
    }

    @Test(.enabled(if: getuid() != 0, "running as root: root reads a file whatever its mode, so chmod 0 cannot make it unreadable"))
    func unreadableFile() throws {
        let folder = TemporaryFolder()
        let path = folder.write("export.xml", HealthFixtures.smallExport)
        chmod(path, 0)
        #expect(throws: ImportError.self) { try importAll(path) }
    }
}
