import Foundation
import XCTest

/// `tmm-tui import` (issue 20) on a small hand-made export, then the app showing its numbers.
final class ImportEndToEndTests: ScreenFlowTestCase {
    static let importNow = "2026-11-20T18:00:00Z"
    static let watch = #"sourceName="Sam’s Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, model:Watch&gt;""#
    static let phone = #"sourceName="Sam’s iPhone" sourceVersion="17.0" device="&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, model:iPhone&gt;""#

    static func record(_ type: String, _ source: String, _ unit: String, _ value: String, _ start: String, _ end: String) -> String {
        #" <Record type="HKQuantityTypeIdentifier\#(type)" \#(source) unit="\#(unit)" creationDate="\#(end) +0000" startDate="\#(start) +0000" endDate="\#(end) +0000" value="\#(value)"/>"#
    }

    /// Three days of steps, and energy on the last one. By hand, in UTC:
    /// Nov 18: 7,000 (watch). Nov 19: 8,000 (watch) + 2,500 (phone, no overlap) = 10,500.
    /// Nov 20: 3,000 (watch) — the phone's 2,800 in the same hour is not counted again — + 1,234 (phone) = 4,234;
    /// energy 250 kcal + 418.4 kJ (100 kcal) = 350 kcal. Month: 21,734 steps, 2 badges, 8,266 to the third.
    static let exportXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-20 17:00:00 +0000"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01"/>
        \(record("StepCount", watch, "count", "7000", "2026-11-18 09:00:00", "2026-11-18 10:00:00"))
        \(record("StepCount", watch, "count", "8000", "2026-11-19 08:00:00", "2026-11-19 09:00:00"))
        \(record("StepCount", phone, "count", "2500", "2026-11-19 17:00:00", "2026-11-19 18:00:00"))
        \(record("StepCount", watch, "count", "3000", "2026-11-20 09:00:00", "2026-11-20 10:00:00"))
        \(record("StepCount", phone, "count", "2800", "2026-11-20 09:00:00", "2026-11-20 10:00:00"))
        \(record("StepCount", phone, "count", "1234", "2026-11-20 12:00:00", "2026-11-20 12:30:00"))
        \(record("ActiveEnergyBurned", watch, "kcal", "250", "2026-11-20 09:00:00", "2026-11-20 10:00:00"))
        \(record("ActiveEnergyBurned", watch, "kJ", "418.4", "2026-11-20 12:00:00", "2026-11-20 12:30:00"))
        </HealthData>

        """

    /// Writes the export as the phone shares it: export.zip, made with the system `zip` (skipped without it).
    func makeExport() throws -> String {
        let folder = (dataDir as NSString).appendingPathComponent("phone")
        let inner = (folder as NSString).appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let xmlPath = (inner as NSString).appendingPathComponent("export.xml")
        try Self.exportXML.write(toFile: xmlPath, atomically: true, encoding: .utf8)
        guard let zip = ["/usr/bin/zip", "/bin/zip", "/usr/local/bin/zip"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("no `zip` command to make the export.zip a phone shares (apt-get install zip)")
        }
        let zipPath = (folder as NSString).appendingPathComponent("export.zip")
        // zip stores paths relative to the working directory: run it from the folder.
        let made = try shell("/bin/sh", ["-c", "cd \(shellQuote(folder)) && \(shellQuote(zip)) -qr export.zip apple_health_export"])
        XCTAssertEqual(made.status, 0, made.err)
        return zipPath
    }

    func importExport() throws {
        let path = try makeExport()
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env["HOME"] = NSTemporaryDirectory()
        let result = try shell(try Binary.require(), ["import", path, "--data-dir", dataDir], environment: env)
        XCTAssertEqual(result.status, 0, "import failed: \(result.out)\n\(result.err)")
        XCTAssertTrue(result.out.contains("Imported the Apple Health export of 2026-11-20"), result.out)
        XCTAssertTrue(result.out.contains("Days: 2026-11-18 to 2026-11-20"), result.out)
    }

    func testImportAnExportZipAndSeeItsNumbersOnTodayAndMonth() throws {
        try importExport()
        let s = try app(now: Self.importNow)
        s.onboard()
        let today = s.waitFor(text: "Fri, Nov 20  4,234 steps")
        XCTAssertTrue(today.contains("Apple Health export · 2026-11-20"), "the header names the source:\n\(today)")
        XCTAssertTrue(today.contains("5,766 steps to go"), today)
        XCTAssertTrue(today.contains("150 kcal to go"), "350 kcal burned (250 kcal + 418.4 kJ):\n\(today)")
        XCTAssertTrue(today.contains("Thu · 10,500 steps"), "the best day:\n\(today)")
        // Wed and Thu are this week's full days on record (today is partial; nothing the week before).
        XCTAssertTrue(today.contains("Last 7 full days · 2 on record"), "was \"This week · 0 of 7 days\" beside \"1 of 7 days at goal\":\n\(today)")
        XCTAssertTrue(today.contains("1 of 7 days at goal"), today)

        s.send("3")
        let month = s.waitFor(text: "Fri, Nov 20 (today) · 4,234 steps")
        XCTAssertTrue(month.contains("2 badges this month · next in 8,266 steps"), "21,734 steps this month:\n\(month)")
        XCTAssertTrue(month.contains("Best day Thu, Nov 19 · 10,500"), month)
        s.send("Left")
        s.waitFor(text: "Thu, Nov 19 · 10,500 steps")
        s.send("Left")
        s.waitFor(text: "Wed, Nov 18 · 7,000 steps")
        quit(s)
    }

    /// Was a bug: a day the export has no record for reads as a
    /// recorded 0 (Month counts it, Nutrition says "Burned 0 kcal") instead of a gap / "—".
    func testDaysTheExportDoesNotCoverAreGapsNotZeroes() throws {
        try importExport()
        let s = try app(now: Self.importNow)
        s.onboard()
        s.send("3")
        let month = s.waitFor(text: "Fri, Nov 20 (today)")
        XCTAssertTrue(month.contains("3 of 20 days recorded so far"), month)
        s.send("Left", "Left", "Left")
        let gap = s.waitFor(text: "Tue, Nov 17")
        XCTAssertFalse(ScreenText.line(gap, containing: "Tue, Nov 17").contains("0 steps"), gap)
        s.send("2")
        s.waitFor(text: "‹ Today ›")
        s.send("Left")
        let yesterday = s.waitFor(text: "‹ Yesterday ›")
        XCTAssertTrue(yesterday.contains("Burned —"), "no energy records that day:\n\(yesterday)")
        quit(s)
    }

    /// Was a bug: with an import that has no sleep or heart data,
    /// Scores silently shows the simulation's numbers (e.g. 740 kcal burned) for the imported day.
    func testScoresAfterAnImportNeverShowSimulatedNumbers() throws {
        try importExport()
        let s = try app(now: Self.importNow)
        s.onboard()
        s.send("4")
        let scores = s.waitFor(text: "Calories burned")
        let calories = ScreenText.line(scores, containing: "Calories burned")
        XCTAssertTrue(calories.contains("350 kcal") || calories.contains("—"), "the imported 350 kcal or nothing:\n\(scores)")
        quit(s)
    }

    // MARK: - Issue 27: signals, leftovers, files that are not files (real processes)

    /// A plain export big enough that importing it takes a while (about `megabytes` MB of XML).
    func bigExport(megabytes: Int) throws -> String {
        let path = (dataDir as NSString).appendingPathComponent("big.xml")
        guard let out = FileHandle(forWritingAtPath: path) ?? {
            FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { throw XCTSkip("cannot write \(path)") }
        defer { try? out.close() }
        out.write(Data("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-11-20 17:00:00 +0000\"/>\n".utf8))
        var block = ""
        for minute in 0..<1000 {
            let h = minute / 60 % 24, m = minute % 60
            block += Self.record("StepCount", Self.watch, "count", "\(minute % 90 + 1)",
                                 String(format: "2026-11-18 %02d:%02d:00", h, m), String(format: "2026-11-18 %02d:%02d:30", h, m)) + "\n"
        }
        let chunk = Data(block.utf8)
        for _ in 0..<(megabytes * 1_000_000 / chunk.count + 1) { out.write(chunk) }
        out.write(Data("</HealthData>\n".utf8))
        return path
    }

    /// Starts `tmm-tui import PATH` in the background.
    func startImport(_ path: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Binary.require())
        process.arguments = ["import", path, "--data-dir", dataDir]
        process.environment = ["TZ": "UTC", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    var cacheDir: String { (dataDir as NSString).appendingPathComponent("cache") }

    func spillFolders() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cacheDir)) ?? []).filter { $0.hasPrefix("tmm-import-") }
    }

    /// Waits (polling, up to `timeout` s) until `condition` holds; returns whether it did.
    @discardableResult
    func wait(upTo timeout: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }

    func dataFiles() -> [Data?] {
        ["imported-health.json", "import.json"].map { FileManager.default.contents(atPath: (dataDir as NSString).appendingPathComponent("data/\($0)")) }
    }

    /// Ctrl-C, SIGTERM and SIGHUP in the middle of reading: gone within half a second, 128+n,
    /// the previous import byte for byte, no temporary folder left.
    func testASignalStopsAnImportWithinHalfASecondChangingNothing() throws {
        try importExport()
        let before = dataFiles()
        XCTAssertTrue(before.allSatisfy { $0 != nil })
        let big = try bigExport(megabytes: 150)
        for (signal, code) in [(SIGINT, Int32(130)), (SIGTERM, 143), (SIGHUP, 129)] {
            let process = try startImport(big)
            // The spill folder exists from the first byte read: the signal comes during the scan.
            XCTAssertTrue(wait(upTo: 10) { !spillFolders().isEmpty }, "no spill folder appeared")
            XCTAssertTrue(process.isRunning, "the import finished before the signal; make the export bigger")
            let sent = Date()
            kill(process.processIdentifier, signal)
            XCTAssertTrue(wait(upTo: 5) { !process.isRunning }, "still running 5 s after signal \(signal)")
            let took = Date().timeIntervalSince(sent)
            process.waitUntilExit()
            XCTAssertLessThan(took, 0.5, "signal \(signal) took \(took) s")
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signal) killed it instead of stopping it")
            XCTAssertEqual(process.terminationStatus, code)
            XCTAssertEqual(spillFolders(), [], "temporaries left after signal \(signal)")
            XCTAssertEqual(dataFiles(), before, "signal \(signal) changed the data")
        }
    }

    /// SIGKILL cannot be caught: the next import removes what it left, and never a running import's folder.
    func testWhatAKilledImportLeftIsRemovedByTheNextOneButNotARunningOnesFiles() throws {
        let big = try bigExport(megabytes: 150)
        let killed = try startImport(big)
        XCTAssertTrue(wait(upTo: 10) { !spillFolders().isEmpty })
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        let leftover = spillFolders()
        XCTAssertEqual(leftover.count, 1, "SIGKILL leaves its folder: \(leftover)")

        // A second import is running (holding its lock) while a third one starts and sweeps.
        let running = try startImport(big)
        XCTAssertTrue(wait(upTo: 10) { spillFolders().count == 2 || !running.isRunning })
        let runningFolder = spillFolders().filter { !leftover.contains($0) }
        let path = try makeExport()
        let third = try shell(try Binary.require(), ["import", path, "--data-dir", dataDir, "--quiet"],
                              environment: ["TZ": "UTC", "HOME": NSTemporaryDirectory()])
        XCTAssertEqual(third.status, 0, third.err)
        let after = spillFolders()
        XCTAssertFalse(after.contains(leftover[0]), "the killed import's folder is still there")
        if running.isRunning {
            XCTAssertEqual(after, runningFolder, "the running import's folder was removed")
        }
        kill(running.processIdentifier, SIGINT)
        running.waitUntilExit()
        XCTAssertEqual(spillFolders(), [])
    }

    /// A FIFO as the import path or as export.xml in the export folder: exit 1 within a second, naming it.
    func testAFIFOIsRefusedWithinASecond() throws {
        let fifo = (dataDir as NSString).appendingPathComponent("export.xml")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let folder = (dataDir as NSString).appendingPathComponent("phone/apple_health_export")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo((folder as NSString).appendingPathComponent("export.xml"), 0o600), 0)
        for path in [fifo, (dataDir as NSString).appendingPathComponent("phone")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try Binary.require())
            process.arguments = ["import", path, "--data-dir", dataDir]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let exited = wait(upTo: 1) { !process.isRunning }
            if !exited { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            XCTAssertTrue(exited, "import \(path) still running after 1 s")
            XCTAssertEqual(process.terminationStatus, 1)
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertTrue(message.contains("named pipe (FIFO)"), message)
        }
    }
}
