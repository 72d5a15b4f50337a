import FoundationEssentials
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Removes a folder of plain files (an import's spill folder) without following
/// links: each entry is unlinked relative to the folder, then the folder itself.
enum TemporaryFolderRemoval {
    @discardableResult
    static func remove(_ folder: String) -> Bool {
        for _ in 0..<3 {
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { return errno == ENOENT }
            if let dir = fdopendir(fd) {
                var names: [String] = []
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                    }
                    if name != "." && name != ".." { names.append(name) }
                }
                for name in names { _ = unlinkat(dirfd(dir), name, 0) }
                closedir(dir)
            } else {
                close(fd)
            }
            if rmdir(folder) == 0 || errno == ENOENT { return true }
        }
        return false
    }
}

/// What killed imports (SIGKILL, a power cut) left in the cache folder. Every
/// import's spill folder (`tmm-import-PID-RANDOM`) holds a `lock` file the
/// import keeps an exclusive flock on while it runs; a folder whose lock can be
/// taken belongs to no running import and is removed. A folder without a lock
/// file (made by an older version, or killed between mkdir and the lock) is
/// removed only when the process its name names is gone.
public enum ImportLeftovers {
    static let prefix = "tmm-import-"
    static let lockName = "lock"

    /// Removes the leftovers in `cacheDirectory`; returns the folders removed.
    @discardableResult
    public static func sweep(cacheDirectory: URL) -> [String] {
        let parent = cacheDirectory.path
        guard let dir = opendir(parent) else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(prefix) { names.append(name) }
        }
        closedir(dir)
        var removed: [String] = []
        for name in names {
            let folder = parent + "/" + name
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            let lock = open(folder + "/" + lockName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if lock >= 0 {
                defer { close(lock) }
                // Held by a running import: not ours to touch.
                guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }
                if TemporaryFolderRemoval.remove(folder) { removed.append(folder) }
            } else if errno == ENOENT, let pid = pid(in: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                if TemporaryFolderRemoval.remove(folder) { removed.append(folder) }
            }
        }
        return removed
    }

    /// The pid in `tmm-import-PID-RANDOM`.
    static func pid(in name: String) -> pid_t? {
        let parts = name.dropFirst(prefix.count).split(separator: "-")
        guard let first = parts.first, let pid = pid_t(first), pid > 0 else { return nil }
        return pid
    }
}
