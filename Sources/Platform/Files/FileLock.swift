import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// An advisory exclusive lock (flock) on a lock file, shared by every
/// tmm-tui process on one data directory: each read-modify-write of a shared
/// file happens while holding it, so no writer undoes another's change.
/// Readers take no lock — files are replaced by rename, so a reader sees the
/// old file or the new one. The lock is released by the kernel when the
/// process dies, so a killed process never leaves it held.
public struct FileLock: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The lock of the data directory (`DIR/.tmm-tui.lock`).
    public static func dataDirectory(_ paths: AppPaths) -> FileLock {
        FileLock(url: paths.dataDirectory.appendingFile(".tmm-tui.lock"))
    }

    /// Runs `body` holding the lock; waits for another process that holds it.
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        try WriteAccess.check(url.lastPathComponent)
        try AtomicFile.ensureDirectory(url.deletingLastPathComponent())
        // O_NONBLOCK: a FIFO planted as the lock file must not block the open; O_NOFOLLOW: nor a link redirect it.
        let fd = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError("cannot write \(url.path) (the lock of the data folder): \(AtomicFile.reason(errno))") }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw StorageError("\(url.path) is not a regular file; remove it so tmm-tui can lock its data")
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StorageError("cannot lock \(url.path): \(AtomicFile.reason(errno))") }
        }
        defer { _ = flock(fd, LOCK_UN) }
        return try body()
    }
}
