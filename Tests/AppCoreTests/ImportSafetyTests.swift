import Foundation
import Glibc
import ZipFixtures
import Testing
@testable import AppCore
import HealthDomain
import HealthImport
import Platform
import TerminalUI

/// Issue 27: what the import prints is terminal-safe, what it writes every reader
/// can read, and its temporary files never outlive it.
@Suite struct ImportSafetyTests {
    typealias F = ImportFixtures

    /// Every scalar that could move the cursor, retitle the window or reorder text.
    static func unsafeScalars(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { TerminalSafeText.isUnsafe($0) && $0 != "\n" }
    }

    // MARK: - 7. No text from the export reaches the terminal raw

    @Test func controlCharactersInSourceAndDeviceNamesAreNeverPrinted() async throws {
        let folder = TemporaryFolder()
        // ESC ] 0 ; … BEL retitles a terminal; U+009B is a one-byte CSI; U+202E reverses what follows.
        let evil = "Evil&#x1b;]0;pwned&#x07;&#x9b;2J&#x202E;Watch"
        let xml = F.export([
            F.record(F.steps, evil, value: "600", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100"),
            F.record(F.steps, value: "300", "2024-06-10 10:00:00 +0100", "2024-06-10 11:00:00 +0100"),
        ])
        let (code, console) = await runImport(importEnvironment(folder), folder.write("export.xml", xml), prefer: ["x\u{1B}[2J"])
        #expect(code == 0, "\(console.err)")
        #expect(Self.unsafeScalars(console.out).isEmpty, "\(console.out.debugDescription)")
        #expect(Self.unsafeScalars(console.err).isEmpty, "\(console.err.debugDescription)")
        // The name is still shown, with each control as U+FFFD.
        #expect(console.out.contains("Evil\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}2J\u{FFFD}Watch"), "\(console.out)")
        #expect(console.err.contains("x\u{FFFD}[2J"), "\(console.err)")
    }

    /// The sources' table keeps its columns as a terminal shows them: rows 10 and on did not push
    /// their names a column right, and a wide (CJK) name was padded by characters, not columns.
    @Test func theSourcesTableKeepsItsColumnsWithTwoDigitRowsAndWideNames() async throws {
        let folder = TemporaryFolder()
        let names = (1...11).map { "App \($0)" } + ["寿司Tracker"]
        let xml = F.export(names.enumerated().map { i, name in
            F.record(F.steps, name, value: "\(100 + i)", String(format: "2024-06-10 %02d:00:00 +0100", i),
                     String(format: "2024-06-10 %02d:30:00 +0100", i))
        })
        let (code, console) = await runImport(importEnvironment(folder), folder.write("export.xml", xml))
        #expect(code == 0, "\(console.err)")
        let rows = console.out.split(separator: "\n").map(String.init).filter { line in names.contains { line.contains(". " + $0) } }
        #expect(rows.count == 12, "\(console.out)")
        // Where each row's name and its kind start, in columns (a CJK character takes two).
        func column(of text: String, in row: String) -> Int? {
            row.range(of: text).map { TextWidth.of(String(row[..<$0.lowerBound])) }
        }
        // A name padded to the table's width is followed by a space ("App 1 ", not "App 10").
        let found = names.compactMap { name in rows.lazy.compactMap { column(of: ". " + name + " ", in: $0) }.first }
        #expect(found.count == names.count, "\(rows.joined(separator: "\n"))")
        let nameColumns = Set(found)
        #expect(nameColumns.count == 1, "\(rows.joined(separator: "\n"))")
        let kindColumns = Set(rows.compactMap { row in column(of: "other", in: row) ?? column(of: "watch", in: row) ?? column(of: "phone", in: row) })
        #expect(kindColumns.count == 1, "\(rows.joined(separator: "\n"))")
        #expect(rows.first { $0.contains("寿司Tracker") }?.hasPrefix("  12. ") == true, "\(rows.joined(separator: "\n"))")
        #expect(rows.first { $0.contains("App 1 ") }?.hasPrefix("   ") == true, "one-digit rows are padded: \(rows.joined(separator: "\n"))")
    }

    /// The counts by type are of the records imported: three read, one an exact duplicate, two
    /// imported; the heading said "Records read" over the 2.
    @Test func theCountsByTypeSayTheyAreOfTheRecordsImported() async throws {
        let folder = TemporaryFolder()
        let xml = F.export([
            F.record(F.steps, "Watch", value: "500", "2024-06-10 08:00:00 +0100", "2024-06-10 08:10:00 +0100"),
            F.record(F.steps, "Watch", value: "500", "2024-06-10 08:00:00 +0100", "2024-06-10 08:10:00 +0100"),
            F.record(F.steps, "Phone", value: "300", "2024-06-10 09:00:00 +0100", "2024-06-10 09:10:00 +0100"),
        ])
        let (code, console) = await runImport(importEnvironment(folder), folder.write("export.xml", xml))
        #expect(code == 0, "\(console.err)")
        let lines = console.out.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Records imported, by type") }, "\(console.out)")
        #expect(lines[heading + 1].hasPrefix("  Steps") && lines[heading + 1].hasSuffix(" 2"), "\(console.out)")
        #expect(console.out.contains("Exact duplicates (counted once): 1."), "\(console.out)")
        #expect(!console.out.contains("Records read"), "\(console.out)")
    }

    @Test func controlCharactersInZipEntryNamesAndPathsAreNeverPrinted() async throws {
        let folder = TemporaryFolder()
        var damaged = TestZipEntry("apple_health_export/ex\u{1B}[31mport\u{202E}.xml", F.export([
            F.record(F.steps, value: "600", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100"),
        ]))
        damaged.wrongCRC = true
        let zip = folder.write("export.zip", TestZipWriter.make([damaged]))
        let (code, console) = await runImport(importEnvironment(folder), zip)
        #expect(code == 1)
        #expect(console.err.contains("ex\u{FFFD}[31mport\u{FFFD}.xml"), "\(console.err.debugDescription)")
        #expect(Self.unsafeScalars(console.err).isEmpty, "\(console.err.debugDescription)")

        let missing = folder.url.appendingPathComponent("no\u{1B}]2;title\u{07}where.zip").path
        let (missingCode, missingConsole) = await runImport(importEnvironment(folder), missing)
        #expect(missingCode == 1)
        #expect(Self.unsafeScalars(missingConsole.err).isEmpty, "\(missingConsole.err.debugDescription)")
        #expect(missingConsole.err.contains("no\u{FFFD}]2;title\u{FFFD}where.zip"))
    }

    // MARK: - 3. What import writes, every reader can read

    /// 150 sources, one record each on its own hour: 100 are listed in import.json, 50 counted.
    static func manySources(_ count: Int) -> String {
        F.export((0..<count).map { i in
            let hour = i % 20, day = 10 + i / 20
            return F.record(F.steps, "App \(i)", value: "\(i + 1)",
                            String(format: "2024-06-%02d %02d:00:00 +0100", day, hour),
                            String(format: "2024-06-%02d %02d:30:00 +0100", day, hour))
        })
    }

    /// The export's path is kept absolute, so the app's "Import again with tmm-tui import PATH"
    /// works from any folder (worked by hand).
    @Test func theExportsPathIsKeptAbsolute() {
        #expect(Commands.absolute("imp/export.xml", in: "/home/ana") == "/home/ana/imp/export.xml")
        #expect(Commands.absolute("./export.zip", in: "/home/ana/") == "/home/ana/export.zip")
        #expect(Commands.absolute("../b/export.zip", in: "/home/ana") == "/home/b/export.zip")
        #expect(Commands.absolute("/data/export.zip", in: "/home/ana") == "/data/export.zip")
        #expect(Commands.absolute("a//b/./c.xml", in: "/") == "/a/b/c.xml")
    }

    @Test func importJSONListsAtMostAHundredSourcesAndCountsTheRest() async throws {
        let folder = TemporaryFolder()
        let env = importEnvironment(folder)
        let (code, console) = await runImport(env, folder.write("export.xml", Self.manySources(150)))
        #expect(code == 0, "\(console.err)")
        let info = try #require(ImportedHealthStore(paths: env.paths).loadInfo())
        #expect(info.sources.count == 100)
        #expect(info.otherSources == ImportInfo.OtherSources(count: 50, records: 50))
        // Every source is "other": alphabetical in natural order, App 0 … App 99 listed.
        #expect(info.sources.first?.name == "App 0" && info.sources.last?.name == "App 99")
        // The summary names 20 and counts the other 130 and their records.
        #expect(console.out.contains("  20. App 19 "), "\(console.out)")
        #expect(!console.out.contains("  21. "))
        #expect(console.out.contains("… and 130 more sources (130 records)."), "\(console.out)")
        // One record is "1 record" (it said "1 records").
        // (Rows 1–9 padded to the width of 20, so the names share a column.)
        #expect(console.out.split(separator: "\n").contains { $0.hasPrefix("   1. App 0 ") && $0.hasSuffix(" 1 record") },
                "\(console.out)")
        #expect(!console.out.contains(" 1 records"), "\(console.out)")
    }

    @Test func aFileReadersWouldRefuseIsNeverWrittenAndNothingIsReplaced() async throws {
        let folder = TemporaryFolder()
        let env = importEnvironment(folder)
        #expect(await runImport(env, folder.write("export.xml", Self.manySources(3))).0 == 0)
        let files = [env.paths.importedHealthFile, env.paths.importInfoFile]
        let before = files.map { try? Data(contentsOf: $0) }
        let info = try #require(ImportedHealthStore(paths: env.paths).loadInfo())
        let data = try ImportedHealthStore(paths: env.paths).loadData().get()
        // Readers of this store accept at most 300 bytes of import.json: the commit refuses before writing.
        let small = ImportedHealthStore(paths: env.paths, infoMaxBytes: 300)
        var changed = info
        changed.path = String(repeating: "x", count: 400)
        #expect(throws: StorageError.self) { try small.commit(data, info: changed, now: Date()) }
        do { try small.commit(data, info: changed, now: Date()) } catch {
            #expect("\(error)".contains("import.json would be"), "\(error)")
            #expect("\(error)".contains("more than the 300 bytes the app reads"), "\(error)")
        }
        #expect(files.map { try? Data(contentsOf: $0) } == before)
        // The measured size is the written size, byte for byte.
        let now = Date(timeIntervalSince1970: 1_730_000_000)
        try ImportedHealthStore(paths: env.paths).commit(data, info: info, now: now)
        let written = try Data(contentsOf: env.paths.importInfoFile).count
        #expect(try ImportedHealthStore(paths: env.paths).infoFile.encoded(info, now: now).count == written)
    }

    // MARK: - 5. Temporary files

    @Test func theSpillFolderIs0700WithALockedLockAndOwnerOnlyFiles() throws {
        let folder = TemporaryFolder()
        let spill = try SpillBuckets(parent: folder.url, bufferBudget: 1)
        try spill.append(SpilledSample(start: 1, end: 2, value: 3, source: 0, detail: 0), to: .init(type: 0, month: 1))
        try spill.append(SpilledSample(start: 2, end: 3, value: 4, source: 0, detail: 0), to: .init(type: 0, month: 1))
        func mode(_ path: String) -> mode_t { var s = stat(); lstat(path, &s); return s.st_mode & 0o777 }
        #expect(mode(spill.directory.path) == 0o700)
        #expect(mode(spill.directory.appendingPathComponent("lock").path) == 0o600)
        #expect(mode(spill.directory.appendingPathComponent("0-1.bin").path) == 0o600)
        #expect(try spill.samples(.init(type: 0, month: 1)).map(\.value) == [3, 4])
        // While it lives, the sweeper leaves it alone.
        #expect(ImportLeftovers.sweep(cacheDirectory: folder.url).isEmpty)
        #expect(FileManager.default.fileExists(atPath: spill.directory.path))
        spill.remove()
        #expect(!FileManager.default.fileExists(atPath: spill.directory.path))
    }

    @Test func theSweeperRemovesOnlyFoldersNoRunningImportHolds() throws {
        let folder = TemporaryFolder()
        let cache = folder.url
        func make(_ name: String, lock: Bool) -> String {
            let path = cache.appendingPathComponent(name).path
            mkdir(path, 0o700)
            FileManager.default.createFile(atPath: path + "/0-1.bin", contents: Data(count: 64))
            if lock { FileManager.default.createFile(atPath: path + "/lock", contents: Data()) }
            return path
        }
        // A dead pid: fork a child that exits at once and reap it.
        let dead = fork()
        if dead == 0 { _exit(0) }
        var status: Int32 = 0
        waitpid(dead, &status, 0)

        let held = make("tmm-import-\(getpid())-1", lock: true)
        let fd = open(held + "/lock", O_RDONLY)
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        defer { close(fd) }
        let abandoned = make("tmm-import-\(getpid())-2", lock: true)
        let oldDead = make("tmm-import-\(dead)-3", lock: false)
        let oldAlive = make("tmm-import-1-4", lock: false)  // pid 1 is always running
        let unrelated = make("other-folder", lock: true)
        let target = make("target", lock: false)
        symlink(target, cache.appendingPathComponent("tmm-import-\(dead)-5").path)

        let removed = Set(ImportLeftovers.sweep(cacheDirectory: cache))
        #expect(removed == [abandoned, oldDead])
        for kept in [held, oldAlive, unrelated, target] { #expect(FileManager.default.fileExists(atPath: kept + "/0-1.bin"), "\(kept)") }
        for gone in [abandoned, oldDead] { #expect(!FileManager.default.fileExists(atPath: gone)) }
    }

    @Test func importSweepsWhatAKilledImportLeft() async throws {
        let folder = TemporaryFolder()
        let env = importEnvironment(folder)
        try FileManager.default.createDirectory(at: env.paths.cacheDirectory, withIntermediateDirectories: true)
        let leftover = env.paths.cacheDirectory.appendingPathComponent("tmm-import-\(getpid())-7").path
        mkdir(leftover, 0o700)
        FileManager.default.createFile(atPath: leftover + "/lock", contents: Data())
        FileManager.default.createFile(atPath: leftover + "/0-1.bin", contents: Data(count: 32))
        let (code, _) = await runImport(env, folder.write("export.xml", Self.manySources(3)))
        #expect(code == 0)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: env.paths.cacheDirectory.path)) ?? []
        #expect(!left.contains { $0.hasPrefix("tmm-import-") })
    }
}

/// Issue 27, small ones: the skipped-bytes count, an impossible export date, a hexadecimal value.
@Suite struct ImportSmallFixesTests {
    typealias F = ImportFixtures

    @Test func thirteenStrayBytesAreReportedAsThirteen() async throws {
        let folder = TemporaryFolder()
        // "garbage-text!" between two records: 7 + 1 + 5 = 13 non-blank bytes (the blanks around it do not count).
        let xml = F.export([
            F.record(F.steps, value: "600", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100"),
            " garbage-text! \n",
            F.record(F.steps, value: "300", "2024-06-10 10:00:00 +0100", "2024-06-10 11:00:00 +0100"),
        ])
        let (code, console) = await runImport(importEnvironment(folder), folder.write("export.xml", xml))
        #expect(code == 0)
        #expect(console.err.contains("(13 bytes skipped)"), "\(console.err)")
    }

    @Test func anExportDateInTheYear9999IsNotTakenAsTheExportsDay() async throws {
        let folder = TemporaryFolder()
        let env = importEnvironment(folder)
        let xml = F.export([F.record(F.steps, value: "600", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100")],
                           exportDate: "9999-12-31 12:00:00 +0000")
        let (code, console) = await runImport(env, folder.write("export.xml", xml))
        #expect(code == 0)
        #expect(console.err.contains("the export says it was made on 9999-12-31, which cannot be right"), "\(console.err)")
        #expect(console.err.contains("the import's date (2024-11-05) is used"), "\(console.err)")
        #expect(!console.out.contains("9999"), "\(console.out)")
        let info = try #require(ImportedHealthStore(paths: env.paths).loadInfo())
        #expect(info.exportDate == nil)
        #expect(info.exportDay(calendar: env.context.calendar).description == "2024-11-05")
    }

    @Test func aHexadecimalValueIsSkippedAsMalformed() async throws {
        let folder = TemporaryFolder()
        let xml = F.export([
            F.record(F.steps, value: "0x10", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100"),
            F.record(F.steps, value: "1e2", "2024-06-10 10:00:00 +0100", "2024-06-10 11:00:00 +0100"),
            F.record(F.steps, value: "inf", "2024-06-10 12:00:00 +0100", "2024-06-10 13:00:00 +0100"),
        ])
        let (code, console) = await runImport(importEnvironment(folder), folder.write("export.xml", xml))
        #expect(code == 0)
        #expect(console.out.contains("Skipped 2 records:"), "\(console.out)")
        #expect(console.out.contains("2  its value is not a number or known category"), "\(console.out)")
        let rows = try await statsRows(folder, tz: "Europe/London", from: "2024-06-10", to: "2024-06-10")
        #expect(rows["2024-06-10"]?["steps"] as? Int == 100)
    }
}
