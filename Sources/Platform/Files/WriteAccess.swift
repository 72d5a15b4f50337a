import Synchronization

private let writesForbidden = Atomic<Bool>(false)

/// The process's promise about the data directory. A command that only shows
/// (`stats`, `snapshot`, `glance`, `tasks --check`, `demo` without `--record`)
/// calls `forbid()` before it opens anything; from then on every write path of
/// the app — an atomic replace, an append, a new folder, moving a damaged file
/// aside, a lock file — refuses, so a reader cannot write by any route,
/// including one a later change forgets to mark read-only.
public enum WriteAccess {
    public static func forbid() { writesForbidden.store(true, ordering: .relaxed) }

    public static var isForbidden: Bool { writesForbidden.load(ordering: .relaxed) }

    /// Throws when this process only reads.
    public static func check(_ what: @autoclosure () -> String) throws(StorageError) {
        if isForbidden { throw StorageError("\(what()) was not written: this command only reads") }
    }
}
