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

/// Crash-safe file writes: a temporary file in the same directory (created
/// with O_EXCL | O_NOFOLLOW, mode 0600, named with the pid), fsync, rename
/// over the target, fsync the directory. Directories are created 0700 — this
/// is health data. A reader sees either the old file or the new one, never
/// half. A temporary left by a killed process is removed by the next app start
/// (`removeAbandonedTemporaries`).
public enum AtomicFile {
    /// Creates `dir` and any missing parent, each 0700 from the start (no window with wider permissions).
    public static func ensureDirectory(_ dir: URL) throws {
        var info = stat()
        if stat(dir.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw StorageError("\(dir.path) is not a directory") }
            return
        }
        try WriteAccess.check(dir.path)
        let parent = dir.deletingLastPathComponent()
        if parent.path != dir.path && !parent.path.isEmpty { try ensureDirectory(parent) }
        if mkdir(dir.path, 0o700) != 0 && errno != EEXIST {
            throw StorageError("cannot create \(dir.path): \(reason(errno))")
        }
    }

    /// The prefix of a temporary written for `name` by process `pid`.
    static func temporaryPrefix(for name: String, pid: Int32) -> String { ".\(name).tmp-\(pid)-" }

    public static func write(_ data: Data, to url: URL) throws {
        try WriteAccess.check(url.lastPathComponent)
        let dir = url.deletingLastPathComponent()
        try ensureDirectory(dir)
        let temp = dir.appendingPathComponent(temporaryPrefix(for: url.lastPathComponent, pid: getpid()) + "\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
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
        syncDirectory(dir)
    }

    /// Opens `url` for appending (created 0600 when missing). A FIFO, device or
    /// link put where the file should be is refused at once, never waited on.
    public static func openForAppending(_ url: URL) throws -> Int32 {
        try WriteAccess.check(url.lastPathComponent)
        try ensureDirectory(url.deletingLastPathComponent())
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError("cannot write \(url.path): \(reason(errno))") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw StorageError("cannot write \(url.path): it is not a regular file")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// Removes temporaries in `dir` whose writing process is gone (killed
    /// mid-write); a live process's temporary is left alone. Call it holding the data lock.
    @discardableResult
    public static func removeAbandonedTemporaries(in dir: URL) -> Int {
        guard !WriteAccess.isForbidden, let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(".") {
            let parts = name.split(separator: ".tmp-", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let pidText = parts[1].prefix { $0 != "-" }
            guard let pid = Int32(pidText), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH, unlink(dir.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    static func syncDirectory(_ dir: URL) {
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
