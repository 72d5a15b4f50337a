import FoundationEssentials
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Notices when another tmm-tui process replaces a file in the data or config
/// directory and asks the storage owner to read what changed. inotify wakes
/// it the moment a file is renamed into place (no polling, no CPU while idle);
/// where inotify is not available it looks once a second instead. Our own
/// writes wake it too, and cost one stat each: the store sees the file is the
/// one it wrote and reads nothing.
enum StoreWatcher {
    static func start(directories: [URL], onChange: @escaping @Sendable () -> Void) {
        for dir in directories { try? AtomicFile.ensureDirectory(dir) }
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        var watching = 0
        if fd >= 0 {
            let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE) | UInt32(IN_CREATE)
            for dir in directories where inotify_add_watch(fd, dir.path, mask) >= 0 { watching += 1 }
        }
        guard fd >= 0, watching == directories.count else {
            if fd >= 0 { close(fd) }
            DedicatedThread.start(stackSize: 64 * 1024) {
                while true {
                    sleep(1)
                    onChange()
                }
            }
            return
        }
        DedicatedThread.start(stackSize: 64 * 1024) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                onChange()
            }
        }
    }
}
