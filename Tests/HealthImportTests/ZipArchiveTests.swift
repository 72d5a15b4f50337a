import Foundation
import ZipFixtures
import Testing
@testable import HealthImport

@Suite struct ZipArchiveTests {
    private func readAll(_ archive: ZipArchive, _ entry: ZipEntry, chunkSize: Int = 4096) throws -> (String, Int) {
        var bytes: [UInt8] = []
        var chunks = 0
        try archive.read(entry, chunkSize: chunkSize) { chunk, _ in
            bytes += chunk
            chunks += 1
            return true
        }
        return (String(decoding: bytes, as: UTF8.self), chunks)
    }

    private static let big = String(repeating: "<Record type=\"HKQuantityTypeIdentifierStepCount\" value=\"12\"/>\n", count: 20_000)

    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func readsStoredAndDeflatedEntries(dataDescriptor: Bool, zip64: Bool) throws {
        let folder = TemporaryFolder()
        let path = folder.write("export.zip", TestZipWriter.make([
            TestZipEntry("apple_health_export/", "", method: .stored),
            TestZipEntry("apple_health_export/stored.txt", "hello stored", method: .stored, dataDescriptor: dataDescriptor),
            TestZipEntry("apple_health_export/export.xml", Self.big, dataDescriptor: dataDescriptor),
        ], zip64: zip64, comment: "a comment with PK\u{05}\u{06} inside"))
        let archive = try ZipArchive(url: URL(fileURLWithPath: path))
        #expect(archive.entries.map(\.name) == ["apple_health_export/", "apple_health_export/stored.txt", "apple_health_export/export.xml"])
        #expect(archive.entries[0].isDirectory)
        #expect(try readAll(archive, archive.entries[1]).0 == "hello stored")
        let (text, chunks) = try readAll(archive, archive.entries[2])
        #expect(text == Self.big)
        #expect(chunks > 10, "a large entry arrives in many chunks, never whole")
        #expect(archive.entries[2].uncompressedSize == UInt64(Self.big.utf8.count))
    }

    @Test func namesKeepUTF8WithoutTheFlag() throws {
        let folder = TemporaryFolder()
        let nfd = "apple_health_export/eksport\u{0301}.xml"
        let path = folder.write("e.zip", TestZipWriter.make([TestZipEntry(nfd, "x"), TestZipEntry("导出.xml", "y")]))
        let names = try ZipArchive(url: URL(fileURLWithPath: path)).entries.map(\.name)
        #expect(names == [nfd, "导出.xml"])
    }

    @Test func consumerCanStopEarlyWithoutCRCCheck() throws {
        let folder = TemporaryFolder()
        var entry = TestZipEntry("export.xml", Self.big)
        entry.wrongCRC = true
        let archive = try ZipArchive(url: URL(fileURLWithPath: folder.write("a.zip", TestZipWriter.make([entry]))))
        var calls = 0
        let finished = try archive.read(archive.entries[0], chunkSize: 4096) { _, _ in
            calls += 1
            return false
        }
        #expect(!finished)
        #expect(calls == 1)
    }

    @Test func crcMismatchIsReportedWithTheEntryName() throws {
        let folder = TemporaryFolder()
        var entry = TestZipEntry("apple_health_export/export.xml", Self.big)
        entry.wrongCRC = true
        let archive = try ZipArchive(url: URL(fileURLWithPath: folder.write("a.zip", TestZipWriter.make([entry]))))
        #expect(throws: ZipError.crcMismatch(entry: "apple_health_export/export.xml")) {
            try archive.read(archive.entries[0]) { _, _ in true }
        }
    }

    @Test func notAZip() {
        let folder = TemporaryFolder()
        let path = folder.write("export.zip", String(repeating: "this is plain text, not a zip\n", count: 10))
        #expect(throws: ZipError.notAZip) { try ZipArchive(url: URL(fileURLWithPath: path)) }
        let tiny = folder.write("tiny.zip", "PK")
        #expect(throws: ZipError.notAZip) { try ZipArchive(url: URL(fileURLWithPath: tiny)) }
    }

    @Test(arguments: [0.3, 0.9, 0.999])
    func truncatedZip(keptFraction: Double) {
        let folder = TemporaryFolder()
        let bytes = TestZipWriter.make([TestZipEntry("export.xml", Self.big)])
        let path = folder.write("cut.zip", Array(bytes.prefix(Int(Double(bytes.count) * keptFraction))))
        #expect(throws: ZipError.truncated) { try ZipArchive(url: URL(fileURLWithPath: path)) }
    }

    @Test func entryDataCutShortIsTruncated() throws {
        // A directory that survived while the data it points to did not.
        let folder = TemporaryFolder()
        let bytes = TestZipWriter.make([TestZipEntry("export.xml", Self.big)])
        let archive = try ZipArchive(url: URL(fileURLWithPath: folder.write("a.zip", bytes)))
        let entry = archive.entries[0]
        let lying = ZipEntry(name: entry.name, method: entry.method, flags: entry.flags, crc32: entry.crc32,
                             compressedSize: entry.compressedSize + 1_000_000, uncompressedSize: entry.uncompressedSize,
                             localHeaderOffset: entry.localHeaderOffset)
        #expect(throws: ZipError.truncated) { try archive.read(lying) { _, _ in true } }
    }

    @Test func unsupportedMethodAndCorruptData() throws {
        let folder = TemporaryFolder()
        var bytes = TestZipWriter.make([TestZipEntry("export.xml", Self.big)])
        let archive = try ZipArchive(url: URL(fileURLWithPath: folder.write("a.zip", bytes)))
        let entry = archive.entries[0]
        let bzip = ZipEntry(name: entry.name, method: 12, flags: 0, crc32: entry.crc32, compressedSize: entry.compressedSize,
                            uncompressedSize: entry.uncompressedSize, localHeaderOffset: entry.localHeaderOffset)
        #expect(throws: ZipError.unsupportedMethod(entry: "export.xml", method: 12)) { try archive.read(bzip) { _, _ in true } }

        // Scramble the deflate stream itself.
        let dataStart = 30 + "export.xml".utf8.count
        for index in dataStart..<(dataStart + 64) { bytes[index] = 0xFF }
        let damaged = try ZipArchive(url: URL(fileURLWithPath: folder.write("b.zip", bytes)))
        #expect(throws: ZipError.corrupt(entry: "export.xml")) { try damaged.read(damaged.entries[0]) { _, _ in true } }
    }

    @Test func errorsReadAsOneLine() {
        for error in [ZipError.notAZip, .truncated, .crcMismatch(entry: "export.xml"), .corrupt(entry: "x"),
                      .unsupportedMethod(entry: "x", method: 14), .encrypted(entry: "x"), .ioError("Permission denied")] {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
    }
}
