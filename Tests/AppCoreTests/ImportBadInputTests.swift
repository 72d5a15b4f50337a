import Foundation
import ZipFixtures
import Testing
@testable import AppCore
import HealthDomain
import Platform

/// Every bad input: exit 1 (130 for Ctrl-C) with one line on stderr, and the
/// previous import's files byte for byte as they were.
@Suite struct ImportBadInputTests {
    typealias F = ImportFixtures

    static let good = F.export([
        F.record(F.steps, value: "600", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100"),
        F.record(F.steps, value: "300", "2024-06-10 10:00:00 +0100", "2024-06-10 11:00:00 +0100"),
    ])

    enum Bad: String, CaseIterable {
        case notAZip, truncatedZip, crcMismatch, noHealthXML, xmlBrokenMidway, emptyFile, emptyExport, noSupportedRecords,
             missingPath, pathUnderAFile, interrupted
    }

    /// Writes the bad input; returns its path.
    static func make(_ bad: Bad, in folder: TemporaryFolder) -> String {
        let zip = F.zip(good)
        switch bad {
        case .notAZip: return folder.write("export.zip", Array("PK but not really a zip archive at all".utf8))
        case .truncatedZip: return folder.write("export.zip", Array(zip.prefix(zip.count / 2)))
        case .crcMismatch:
            var entry = TestZipEntry("apple_health_export/export.xml", good)
            entry.wrongCRC = true
            return folder.write("export.zip", TestZipWriter.make([entry]))
        case .noHealthXML: return folder.write("export.zip", TestZipWriter.make([TestZipEntry("readme.txt", "hello")]))
        case .xmlBrokenMidway: return folder.write("export.xml", String(good.prefix(good.count - 60)))
        case .emptyFile: return folder.write("export.xml", "")
        case .emptyExport: return folder.write("export.zip", F.zip(F.export([])))
        case .noSupportedRecords:
            return folder.write("export.xml", F.export([F.record("HKQuantityTypeIdentifierHeartRate", unit: "count/min", value: "60",
                                                                "2024-06-10 08:00:00 +0100", "2024-06-10 08:00:00 +0100")]))
        case .missingPath: return folder.url.appendingPathComponent("nowhere/export.zip").path
        case .pathUnderAFile: return folder.write("file.txt", "x") + "/export.zip"
        case .interrupted: return folder.write("export.zip", zip)
        }
    }

    private func files(_ env: AppEnvironment) -> [Data?] {
        [env.paths.importedHealthFile, env.paths.importInfoFile].map { try? Data(contentsOf: $0) }
    }

    @Test(arguments: Bad.allCases)
    func leavesThePreviousImportUntouched(_ bad: Bad) async throws {
        let folder = TemporaryFolder()
        let env = importEnvironment(folder)
        #expect(await runImport(env, folder.write("good.xml", Self.good)).0 == 0)
        let before = files(env)
        #expect(before.allSatisfy { $0 != nil })

        let (code, console) = await runImport(env, Self.make(bad, in: folder), cancelled: bad == .interrupted)
        #expect(code == (bad == .interrupted ? 130 : 1))
        #expect(console.err.split(separator: "\n").count == 1, "\(console.err)")
        #expect(console.err.contains("nothing was changed"))
        #expect(console.out.isEmpty)
        #expect(files(env) == before)
        // No temporary files are left behind.
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: env.paths.cacheDirectory.path)) ?? []
        #expect(!cache.contains { $0.hasPrefix("tmm-import-") })
    }

    @Test func aFullDiskOrUnwritableFolderChangesNothing() async throws {
        let folder = TemporaryFolder()
        let env = importEnvironment(folder)
        // The data folder's path is taken by a file: the final write fails like a full disk would.
        folder.write("home/data", "not a folder")
        let (code, console) = await runImport(env, folder.write("good.xml", Self.good))
        #expect(code == 1)
        #expect(console.err.contains("import failed"))
        #expect((try? String(contentsOf: env.paths.dataDirectory, encoding: .utf8)) == "not a folder")
        // The same when the temporary files cannot be written.
        let other = TemporaryFolder()
        other.write("home/cache", "not a folder")
        let (spillCode, _) = await runImport(importEnvironment(other), other.write("good.xml", Self.good))
        #expect(spillCode == 1)
        #expect(!FileManager.default.fileExists(atPath: importEnvironment(other).paths.importInfoFile.path))
    }

    @Test func aDamagedButReadableXMLImportsWithAWarning() async throws {
        let folder = TemporaryFolder()
        let damaged = Self.good.replacingOccurrences(of: "</HealthData>", with: " <Record type=\"x\" <oops/>\n garbage text\n</HealthData>")
        let (code, console) = await runImport(importEnvironment(folder), folder.write("export.xml", damaged))
        #expect(code == 0)
        #expect(console.err.contains("not well formed"))
        let rows = try await statsRows(folder, tz: "Europe/London", from: "2024-06-10", to: "2024-06-10")
        #expect(rows["2024-06-10"]?["steps"] as? Int == 900)
    }

    @Test func importedFilesAreOwnerOnly() async throws {
        let folder = TemporaryFolder()
        let env = importEnvironment(folder)
        #expect(await runImport(env, folder.write("good.xml", Self.good)).0 == 0)
        for url in [env.paths.importedHealthFile, env.paths.importInfoFile] {
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
        }
    }
}
