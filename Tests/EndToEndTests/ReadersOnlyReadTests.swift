import Foundation
import XCTest

/// Commands that only show leave the data directory as they found it — byte
/// for byte and inode for inode — whatever state it is in; files that are not
/// files are refused at once; text from files never reaches the terminal raw.
final class ReadersOnlyReadTests: XCTestCase {
    var root = ""
    let now = "2026-11-22T15:30:00Z"

    override func setUp() { root = temporaryDataDir() }
    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    /// Every entry under `dir`: path, inode, size, modification time, mode and contents.
    func treeState(_ dir: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: dir) else { return ["(no directory)"] }
        var out: [String] = []
        for case let name as String in walker {
            let path = dir + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let isFile = info.st_mode & S_IFMT == S_IFREG
            let bytes = isFile ? ((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) : Data()
            out.append("\(name) ino=\(info.st_ino) size=\(info.st_size) mtime=\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) mode=\(String(info.st_mode, radix: 8)) bytes=\(bytes.base64EncodedString().hashValue)")
        }
        return out.sorted()
    }

    /// Without a UTF-8 locale the words commands print for people are ASCII, as the app draws them
    /// ("0-150,000", "Connecting to Pulse Band 2..."); with one they keep their signs; JSON stays JSON.
    func testWordsForPeopleAreASCIIWithoutAUTF8Locale() throws {
        let help = try run(["--help"], lang: "C")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.utf8.allSatisfy { $0 < 0x80 } && help.out.contains("(1-3650, default 7)"), help.out)
        let sync = try run(["sync", "--data-dir", root, "--scenario", "bad-payload", "--now", now], lang: "C")
        XCTAssertEqual(sync.status, 1)
        XCTAssertTrue(sync.err.utf8.allSatisfy { $0 < 0x80 }, sync.err)
        XCTAssertTrue(sync.err.contains("Connecting to Pulse Band 2...") && sync.err.contains("steps -12 is outside 0-150,000"), sync.err)
        let unicode = try run(["sync", "--data-dir", root, "--scenario", "bad-payload", "--now", now])
        XCTAssertTrue(unicode.err.contains("Connecting to Pulse Band 2…") && unicode.err.contains("0–150,000"), unicode.err)
        let text = try run(["stats", "--data-dir", root, "--now", now], lang: "C")
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.out.utf8.allSatisfy { $0 < 0x80 }, text.out)
        let json = try run(["stats", "--json", "--days", "1", "--data-dir", root, "--now", now], lang: "C")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(json.out.utf8)), json.out)
    }

    /// A named pipe at `relative` under `dir` (its folders made): what the readers must refuse at once.
    func makeFIFO(_ relative: String, in dir: String) throws -> String {
        let path = dir + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(path, 0o600), 0, relative)
        return path
    }

    /// Runs the binary with a deadline; a process still running then is killed and reported.
    func run(_ args: [String], timeout: Double = 10, lang: String = "C.UTF-8") throws -> (status: Int32, out: String, err: String, seconds: Double) {
        let binary = try Binary.require()
        let started = Date()
        let outPath = root + ".out", errPath = root + ".err"
        defer { unlink(outPath); unlink(errPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let env = ["TZ=UTC", "LANG=" + lang, "HOME=" + root + "-home", "PATH=/usr/bin:/bin"]
        let argv = ([binary] + args).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { throw XCTSkip("cannot start \(binary)") }
        var status: Int32 = 0
        let deadline = started.addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("tmm-tui \(args.joined(separator: " ")) still ran after \(timeout) s (killed)")
                return (-1, "", "", timeout)
            }
            usleep(5_000)
        }
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let read = { (p: String) in (try? String(contentsOfFile: p, encoding: .utf8)) ?? "" }
        return (code, read(outPath), read(errPath), Date().timeIntervalSince(started))
    }

    /// Every command that only shows, against `dir`.
    func readerCommands(_ dir: String) -> [[String]] {
        let screens = ["welcome", "today", "nutrition", "meal-sheet", "scan", "month", "scores", "care", "devices", "settings"]
        return [["stats", "--data-dir", dir, "--now", now],
                ["stats", "--json", "--data-dir", dir, "--now", now, "--days", "40"],
                ["--help"], ["--version"], ["snapshot", "--list"]]
            + screens.map { ["snapshot", $0, "--size", "80x24", "--data-dir", dir, "--now", now] }
    }

    func assertReadersLeave(_ dir: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = treeState(dir)
        for args in readerCommands(dir) {
            let result = try run(args)
            XCTAssertNotEqual(result.status, -1, "\(what): \(args)", file: file, line: line)
            XCTAssertEqual(treeState(dir), before, "\(what): `tmm-tui \(args.joined(separator: " "))` changed the data directory",
                           file: file, line: line)
        }
    }

    func testReadersLeaveAMissingDirectoryMissing() throws {
        let dir = root + "/never-made"
        try assertReadersLeave(dir, "missing directory")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir))
    }

    /// A directory set up by the app (sync writes settings), then damaged: every file a reader might "repair".
    func testReadersLeaveDamagedAndOldFilesAlone() throws {
        XCTAssertEqual(try run(["sync", "--data-dir", root, "--now", now]).status, 0)
        XCTAssertEqual(try run(["stats", "--data-dir", root, "--now", now]).status, 0)
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/cache", withIntermediateDirectories: true)
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: root + "/data/meals.json"))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: root + "/config/settings.json"))
        try Data("{\"schemaVersion\":1,\"data\":{}}".utf8).write(to: URL(fileURLWithPath: root + "/cache/health-cache.json"))
        try Data("not a log\n".utf8).write(to: URL(fileURLWithPath: root + "/data/live-samples.json"))
        try Data("{\"schemaVersion\":1,\"data\":".utf8).write(to: URL(fileURLWithPath: root + "/data/import.json"))
        try Data("[[10, [\"Calm\"], \"2026-11-22\"]".utf8).write(to: URL(fileURLWithPath: root + "/data/tasks.json"))
        try assertReadersLeave(root, "damaged directory")
        let tasksCheck = try run(["tasks", "--check", root + "/data/tasks.json"])
        XCTAssertEqual(tasksCheck.status, 1)

        // …and each says what it could not read, where, and what it did. (No numbers: the import cannot be read.)
        let stats = try run(["stats", "--data-dir", root, "--now", now])
        XCTAssertEqual(stats.status, 1, stats.err)
        XCTAssertTrue(stats.err.contains("Your imported Apple Health data could not be read (import.json: it is not valid JSON"), stats.err)
        XCTAssertTrue(stats.err.contains(root + "/config/settings.json could not be read because it is not valid JSON"), stats.err)
        XCTAssertTrue(stats.err.contains("left the file as it is"), stats.err)
    }

    /// A FIFO where a file should be: refused within a second, never waited on, and named.
    func testAFIFOWhereAFileShouldBeIsRefusedAtOnce() throws {
        // `names`: the output says what the file is (Care says it on its problems panel, behind `p`).
        // `stats` of an import it cannot read has no numbers to print: it says why and exits 1.
        let cases: [(fifo: String, args: [String], names: Bool, status: Int32)] = [
            ("config/settings.json", ["stats"], true, 0),
            ("config/settings.json", ["snapshot", "today", "--size", "80x24"], true, 0),
            ("data/import.json", ["stats"], true, 1),
            ("data/import.json", ["snapshot", "today", "--size", "100x30"], true, 0),
            ("data/meals.json", ["snapshot", "nutrition", "--size", "80x24"], true, 0),
            ("data/tasks.json", ["snapshot", "care", "--size", "100x30"], false, 0),
            ("config/themes/pipe.json", ["snapshot", "today", "--size", "80x24", "--theme", "pipe"], true, 0),
        ]
        for (index, c) in cases.enumerated() {
            let dir = root + "/case\(index)"
            _ = try makeFIFO(c.fifo, in: dir)
            let result = try run(c.args + ["--data-dir", dir, "--now", now], timeout: 5)
            XCTAssertEqual(result.status, c.status, "\(c.fifo) \(c.args): \(result.err)")
            XCTAssertLessThan(result.seconds, 5, "\(c.fifo) \(c.args)")
            if c.names {
                XCTAssertTrue((result.out + result.err).contains("named pipe (FIFO)"), "\(c.fifo) \(c.args) says what is wrong: \(result.err)")
            }
        }
        let fifo = root + "/tasks-fifo.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let check = try run(["tasks", "--check", fifo], timeout: 5)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.err.contains("named pipe (FIFO)") || check.out.contains("named pipe (FIFO)"), check.err)
    }

    /// A reader says what it did with a file it could not use, not what the app would have done: the
    /// cache is "left as it is" (it said "reset", and the FIFO was still there), and a live log's
    /// samples "are left out" (it said "will not be saved", of a command that saves nothing).
    func testAReaderSaysItLeftAFileItCouldNotUseAsItIs() throws {
        let cases: [(fifo: String, args: [String], says: String, never: String)] = [
            ("cache/health-cache.json", ["snapshot", "today", "--size", "80x24"],
             "The health cache is not read because it is a named pipe (FIFO), not a regular file; the file is left as it is.", "reset"),
            ("data/live-samples.json", ["stats"], "live-samples.json is a named pipe (FIFO), not a regular file; its samples are left out.", "will not be saved"),
        ]
        for (index, c) in cases.enumerated() {
            let dir = root + "/said\(index)"
            let path = try makeFIFO(c.fifo, in: dir)
            let result = try run(c.args + ["--data-dir", dir, "--now", now], timeout: 5)
            XCTAssertEqual(result.status, 0, "\(c.fifo) \(c.args): \(result.err)")
            let said = result.out + result.err
            XCTAssertTrue(said.contains(c.says), "\(c.fifo) \(c.args): \(result.err)")
            XCTAssertFalse(said.contains(c.never), "\(c.fifo) \(c.args): \(result.err)")
            var info = stat()
            XCTAssertEqual(lstat(path, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "\(c.fifo) is still the FIFO")
        }
    }

    /// A live log with a damaged line among good ones: a reader counts the good ones, says the line
    /// was skipped, and leaves the file byte for byte (it said "could not be tidied (… this command
    /// only reads); live samples will not be saved", of a command that saves nothing).
    func testAReaderSkipsADamagedLiveLineAndLeavesTheLogAsItIs() throws {
        XCTAssertEqual(try run(["stats", "--json", "--days", "1", "--data-dir", root, "--now", now]).status, 0)
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        let header = #"{"schemaVersion":1,"kind":"tmm-tui live samples"}"#
        func line(_ id: String, _ steps: Int, _ end: Double) -> String {
            #"{"end":\#(end),"id":"\#(id)","source":{"id":"mock.watch.live","kind":"watch","name":"Apple Watch"},"start":\#(end - 60),"type":"stepCount","value":\#(steps)}"#
        }
        let end = ISO8601DateFormatter().date(from: now)!.timeIntervalSince1970 - 600
        let log = [header, line("a", 300, end), "{damaged", line("b", 200, end + 60)].joined(separator: "\n") + "\n"
        let path = root + "/data/live-samples.json"
        try Data(log.utf8).write(to: URL(fileURLWithPath: path))
        let before = treeState(root)
        let result = try run(["stats", "--json", "--days", "1", "--data-dir", root, "--now", now])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("1 damaged line in live-samples.json was skipped."), result.err)
        XCTAssertFalse(result.err.contains("tidied") || result.err.contains("will not be saved"), result.err)
        XCTAssertEqual(treeState(root), before, "the log is left as it is")
    }

    func testTheAppStartsWithAFIFOForSettingsAndQuits() throws {
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(root + "/config/settings.json", 0o600), 0)
        let s = try TmuxSession(["--data-dir", root, "--now", now, "--no-live"])
        s.waitFor(text: "named pipe (FIFO)")
        s.send("q")
        XCTAssertTrue(s.waitForExit().restored)
    }

    /// A meal name with escape sequences in meals.json: drawn as "�", never sent to the terminal.
    func testControlBytesFromAFileNeverReachTheTerminal() throws {
        try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
        let evil = "Soup\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}evil"
        let meal: [String: Any] = ["id": UUID().uuidString, "time": now, "name": evil, "calories": 100]
        let file: [String: Any] = ["schemaVersion": 1, "savedAt": now, "data": [meal]]
        try JSONSerialization.data(withJSONObject: file).write(to: URL(fileURLWithPath: root + "/data/meals.json"))
        let shot = try run(["snapshot", "nutrition", "--size", "100x30", "--data-dir", root, "--now", now])
        XCTAssertEqual(shot.status, 0, shot.err)
        XCTAssertTrue(shot.out.contains("Soup�]0;pwned�"), shot.out)
        for bad in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] { XCTAssertFalse(shot.out.contains(bad), "no \(bad.unicodeScalars.first!.value) on stdout") }

        let s = try TmuxSession(["--data-dir", root, "--now", now, "--no-live"], width: 100, height: 30)
        s.onboard()
        s.send("2")
        let screen = s.waitFor(text: "Soup")
        XCTAssertFalse(screen.contains("pwned") && !screen.contains("�"), screen)
        XCTAssertFalse(s.capture().contains("\u{1B}"))
        s.send("q")
        XCTAssertTrue(s.waitForExit().restored)
    }
}
