import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct StorageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Crash-safe file writes: a temp file in the same directory, fsync, rename over
/// the target, fsync the directory. Files are 0600 and directories 0700 — this is
/// health data. A reader sees either the old file or the new one, never half.
public enum AtomicFile {
    public static func ensureDirectory(_ dir: URL) throws {
        var isDir = false
        if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir) {
            guard isDir else { throw StorageError("\(dir.path) is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError("cannot create \(dir.path): \(reason(errno))")
        }
    }

    public static func write(_ data: Data, to url: URL) throws {
        let dir = url.deletingLastPathComponent()
        try ensureDirectory(dir)
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError("cannot write \(url.path): \(reason(errno))") }
        var ok = false
        defer { if !ok { unlink(temp.path) } }
        do {
            try writeAll(fd, data, path: url.path)
            guard fsync(fd) == 0 else { throw StorageError("cannot write \(url.path): \(reason(errno))") }
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temp.path, url.path) == 0 else { throw StorageError("cannot replace \(url.path): \(reason(errno))") }
        ok = true
        let dfd = open(dir.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// Writes all of `data` to `fd`, retrying short writes and EINTR.
    public static func writeAll(_ fd: Int32, _ data: Data, path: String) throws {
        let ok = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        if !ok { throw StorageError("cannot write \(path): \(reason(errno))") }
    }

    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
