import Foundation
import XCTest
@testable import Platform

/// The pieces that let several processes share one data directory.
final class SharedFileTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    // MARK: Three-way merge (hand-worked)

    struct Prefs: Codable, Equatable {
        var goal = 10_000
        var theme: String?
        var access: [String: String] = [:]
        var days: [String] = []
    }

    func testEachSideKeepsTheFieldsItChanged() throws {
        let base = Prefs(goal: 10_000, theme: "dark", access: ["steps": "allowed"], days: [])
        let mine = Prefs(goal: 10_500, theme: "dark", access: ["steps": "allowed"], days: [])          // I raised the goal
        let theirs = Prefs(goal: 10_000, theme: "light", access: ["steps": "allowed", "energy": "denied"], days: ["d1"]) // they changed the rest
        let merged = try ThreeWayMerge.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertEqual(merged, Prefs(goal: 10_500, theme: "light", access: ["steps": "allowed", "energy": "denied"], days: ["d1"]))
    }

    func testNestedKeysMergeOneByOneAndRemovalsAreKept() throws {
        let base = Prefs(theme: "dark", access: ["steps": "allowed", "energy": "allowed"])
        let mine = Prefs(theme: nil, access: ["steps": "denied", "energy": "allowed"])   // I cleared the theme, denied steps
        let theirs = Prefs(theme: "dark", access: ["steps": "allowed", "energy": "denied"]) // they denied energy
        let merged = try ThreeWayMerge.merge(base: base, mine: mine, theirs: theirs)
        XCTAssertNil(merged.theme)
        XCTAssertEqual(merged.access, ["steps": "denied", "energy": "denied"])
    }

    func testAFieldBothChangedTakesMineAndNothingElse() throws {
        let base = Prefs(goal: 8_000, days: ["a"])
        let merged = try ThreeWayMerge.merge(base: base, mine: Prefs(goal: 9_000, days: ["a"]), theirs: Prefs(goal: 12_000, days: ["a", "b"]))
        XCTAssertEqual(merged, Prefs(goal: 9_000, days: ["a", "b"]), "lists are values: theirs stays, since mine did not change it")
    }

    // MARK: RecordStore over one file, as two processes see it

    func testTwoStoresOnOneFileNeverUndoEachOther() throws {
        let url = dir.appendingPathComponent("list.json")
        let lock = FileLock(url: dir.appendingPathComponent(".lock"))
        let a = RecordStore(file: VersionedFile<[String]>(url: url, schemaVersion: 1), empty: [], lock: lock)
        let b = RecordStore(file: VersionedFile<[String]>(url: url, schemaVersion: 1), empty: [], lock: lock)
        XCTAssertNil(a.update { $0.append("apple") })
        XCTAssertNil(b.update { $0.append("bread") }) // b never read apple, yet keeps it
        XCTAssertNil(a.update { $0.removeAll { $0 == "bread" }; $0.append("cheese") })
        XCTAssertEqual(b.value, ["apple", "bread"], "b has not looked again yet")
        XCTAssertTrue(b.reloadIfChanged())
        XCTAssertEqual(b.value, ["apple", "cheese"])
        XCTAssertFalse(b.reloadIfChanged(), "nothing changed since")
        guard case .loaded(let onDisk) = VersionedFile<[String]>(url: url, schemaVersion: 1).load() else { return XCTFail("unreadable") }
        XCTAssertEqual(onDisk, ["apple", "cheese"])
    }

    // MARK: Files that are not files

    func testAFIFOIsRefusedAtOnceAndNamed() throws {
        let fifo = dir.appendingPathComponent("pipe.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        // A read that regressed to a blocking open would wait for a writer: after 10 s
        // one comes and goes, so the test fails instead of hanging.
        let finished = LockedFlag(), writerCame = LockedFlag()
        Thread {
            let deadline = Date().addingTimeInterval(10)
            while !finished.isSet, Date() < deadline { usleep(10_000) }
            if !finished.isSet {
                writerCame.set()
                let fd = open(fifo.path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
        }.start()
        let read = FileBytes.read(fifo, maxBytes: 1024)
        finished.set()
        XCTAssertFalse(writerCame.isSet, "the read waited on the FIFO for a writer")
        guard case .notRegularFile(let kind) = read else { return XCTFail("a FIFO was read") }
        XCTAssertEqual(kind, "a named pipe (FIFO)")
        if case .recovered(let reason, let moved) = VersionedFile<[String]>(url: fifo, schemaVersion: 1).load() {
            XCTAssertEqual(reason, "it is a named pipe (FIFO), not a regular file")
            XCTAssertNil(moved, "never moved: it may be someone's pipe")
        } else { XCTFail("a FIFO loaded") }
        XCTAssertThrowsError(try AtomicFile.openForAppending(fifo))
    }

    func testADeviceAndADirectoryAreRefusedAndALinkToAFileIsRead() throws {
        guard case .notRegularFile("a character device") = FileBytes.read(URL(fileURLWithPath: "/dev/zero"), maxBytes: 10) else {
            return XCTFail("/dev/zero was read")
        }
        guard case .directory = FileBytes.read(dir, maxBytes: 10) else { return XCTFail("a directory was read") }
        let target = dir.appendingPathComponent("real.json"), link = dir.appendingPathComponent("link.json")
        try Data("[1]".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        guard case .bytes(let bytes) = FileBytes.read(link, maxBytes: 10) else { return XCTFail("a link to a file was refused") }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "[1]")
        let loop = dir.appendingPathComponent("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        guard case .unreadable(let why) = FileBytes.read(loop, maxBytes: 10) else { return XCTFail("a link loop was not named") }
        XCTAssertTrue(why.contains("symbolic link loop"), why)
    }

    // MARK: Permissions and leftovers

    func testDirectoriesAre0700AndSetAsideFilesKeep0600() throws {
        let deep = dir.appendingPathComponent("a/b/c")
        try AtomicFile.ensureDirectory(deep)
        for path in ["a", "a/b", "a/b/c"] {
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(path).path)[.posixPermissions] as? Int)
            XCTAssertEqual(mode, 0o700, path)
        }
        let file = deep.appendingPathComponent("meals.json")
        try Data("{ broken".utf8).write(to: file)
        chmod(file.path, 0o644)
        guard case .recovered(_, let moved?) = VersionedFile<[String]>(url: file, schemaVersion: 1).load() else { return XCTFail("not set aside") }
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: moved.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o600)
    }

    func testATemporaryOfADeadProcessIsRemovedAndALiveOnesIsKept() throws {
        // A child that exits at once gives a pid that is surely gone.
        var pid = pid_t()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        XCTAssertEqual(posix_spawn(&pid, "/bin/true", nil, nil, argv, nil), 0)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let dead = dir.appendingPathComponent(".meals.json.tmp-\(pid)-123")
        let alive = dir.appendingPathComponent(".meals.json.tmp-1-456") // pid 1 always runs
        let unrelated = dir.appendingPathComponent("meals.json")
        for url in [dead, alive, unrelated] { try Data("x".utf8).write(to: url) }
        XCTAssertEqual(AtomicFile.removeAbandonedTemporaries(in: dir), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: alive.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: unrelated.path))
    }

    func testSizesAreSaidAsTheyAre() {
        XCTAssertEqual(byteCountText(512), "512 bytes")
        XCTAssertEqual(byteCountText(1_048_577), "1 MB")
        XCTAssertEqual(byteCountText(1_100_000), "1 MB") // 1.049 MB rounds to 1.0
        XCTAssertEqual(byteCountText(1_200_000), "1.1 MB")
        XCTAssertEqual(byteCountText(18 * 1_048_576 + 300_000), "18.3 MB")
    }
}

/// A flag the FIFO test and its writer thread share.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
