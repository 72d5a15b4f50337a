import Foundation
import Glibc
import ZipFixtures
import Testing
@testable import HealthImport

/// Issue 27: nothing hangs on a file that is not a file, and a link loop is named.
/// A FIFO is opened by an import that regresses to a blocking open: the watchdog
/// then opens the FIFO's other end, so the test fails instead of hanging.
@Suite struct NotARegularFileTests {
    /// Runs `body` and returns what it threw and whether it blocked: if it is still
    /// running after `release` seconds, `fifo` is opened for writing and closed to let
    /// it go. A refusal takes microseconds; the long release keeps a slow machine's
    /// scheduling from reading as a block.
    private func blocking(on fifo: String, release: Double = 10,
                          _ body: () throws -> Void) -> (error: Error?, blocked: Bool) {
        let done = Atomic(false), released = Atomic(false)
        let watchdog = Thread {
            let deadline = Date().addingTimeInterval(release)
            while !done.value, Date() < deadline { usleep(10_000) }
            if !done.value {
                released.value = true
                let fd = open(fifo, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
        }
        watchdog.start()
        var thrown: Error?
        do { try body() } catch { thrown = error }
        done.value = true
        return (thrown, released.value)
    }

    @Test func aFIFOAsThePathIsRefusedAtOnce() throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("export.xml").path
        #expect(mkfifo(path, 0o600) == 0)
        let (error, blocked) = blocking(on: path) { _ = try HealthExportLocation.locate(path) }
        #expect(!blocked, "waited on the FIFO until the watchdog opened its other end")
        guard case .unreadable(let named, let reason)? = error as? ImportError else {
            Issue.record("expected unreadable, got \(String(describing: error))"); return
        }
        #expect(named == path)
        #expect(reason.contains("named pipe (FIFO)"), "\(reason)")
    }

    @Test func aFIFONamedExportXMLInsideAnExportFolderIsNamed() throws {
        let folder = TemporaryFolder()
        folder.write("apple_health_export/export_cda.xml", "<ClinicalDocument/>")
        let fifo = folder.url.appendingPathComponent("apple_health_export/export.xml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (error, blocked) = blocking(on: fifo) { _ = try HealthExportLocation.locate(folder.url.path) }
        #expect(!blocked, "waited on the FIFO until the watchdog opened its other end")
        guard case .unreadable(let named, let reason)? = error as? ImportError else {
            Issue.record("expected unreadable naming the FIFO, got \(String(describing: error))"); return
        }
        #expect(named == fifo)
        #expect(reason.contains("named pipe (FIFO)"))
    }

    @Test func aSymbolicLinkLoopIsNamedNotCalledMissing() throws {
        let folder = TemporaryFolder()
        let a = folder.url.appendingPathComponent("a.zip").path, b = folder.url.appendingPathComponent("b.zip").path
        #expect(symlink(b, a) == 0 && symlink(a, b) == 0)
        #expect(throws: ImportError.unreadable(path: a, reason: "it is a symbolic link loop (Too many levels of symbolic links)")) {
            try HealthExportLocation.locate(a)
        }
        #expect(ImportError.unreadable(path: a, reason: "it is a symbolic link loop (x)").description.contains("symbolic link loop"))
    }

    @Test func linksToRegularFilesStillWork() throws {
        let folder = TemporaryFolder()
        let real = folder.write("real/export.xml", HealthFixtures.smallExport)
        let link = folder.url.appendingPathComponent("link.xml").path
        #expect(symlink(real, link) == 0)
        let direct = try HealthExportLocation.locate(link)
        #expect(direct.xmlName == link)
        // An export folder whose export.xml is a link, next to a link that loops back to the folder.
        let export = folder.url.appendingPathComponent("phone/apple_health_export")
        try FileManager.default.createDirectory(at: export, withIntermediateDirectories: true)
        #expect(symlink(real, export.appendingPathComponent("export.xml").path) == 0)
        #expect(symlink(folder.url.appendingPathComponent("phone").path, export.appendingPathComponent("loop").path) == 0)
        let inFolder = try HealthExportLocation.locate(folder.url.appendingPathComponent("phone").path)
        #expect(inFolder.xmlName == export.appendingPathComponent("export.xml").path)
        var count = 0
        _ = try HealthExportReader.read(inFolder) { _ in count += 1 }
        #expect(count == 5)
    }
}

/// A flag two threads share, for the watchdog above.
private final class Atomic<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
