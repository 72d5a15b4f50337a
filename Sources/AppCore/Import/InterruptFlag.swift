import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The signal that ended an import (0 while none came).
private let received = Atomic<Int32>(0)
/// What the import is doing: 0 not running, 1 reading (stoppable at any instant),
/// 2 replacing its files (the two renames finish first), 3 done.
private let phase = Atomic<Int>(0)
/// The self-pipe the handler wakes the watcher through (async-signal-safe `write`).
nonisolated(unsafe) private var wakeWrite: Int32 = -1
private let started = Mutex<Bool>(false)
/// Temporary folders to remove if the watcher has to end the process itself.
private let temporaries = Mutex<[String]>([])

/// Ctrl-C, SIGTERM and SIGHUP during an import. The handler only records the
/// signal and wakes a watcher thread. The import polls the flag (between chunks,
/// between months) and on seeing it stops, removes its temporaries and exits
/// 128+n having changed nothing. If it has not finished doing so within
/// `grace` seconds — a slow disk, one long computation — or a second signal
/// comes, the watcher removes the registered temporary folders itself and ends
/// the process with `_exit(128+n)`. While the import is replacing its two files
/// (milliseconds) the watcher waits for that to finish, so the data folder never
/// holds half an import.
enum InterruptFlag {
    static let grace: Double = 0.3
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static var isSet: Bool { received.load(ordering: .sequentiallyConsistent) != 0 }
    /// The signal that came, 0 if none.
    static var signal: Int32 { received.load(ordering: .sequentiallyConsistent) }
    /// The exit code for a signal: 128 + its number (130 for Ctrl-C).
    static func exitCode(for signal: Int32) -> Int32 { 128 + signal }

    static func install() {
        received.store(0, ordering: .sequentiallyConsistent)
        phase.store(1, ordering: .sequentiallyConsistent)
        startWatcherOnce()
        for sig in handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                _ = received.compareExchange(expected: 0, desired: sig, ordering: .sequentiallyConsistent)
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
    }

    static func uninstall() {
        phase.store(0, ordering: .sequentiallyConsistent)
        for sig in handled { Glibc.signal(sig, SIG_DFL) }
    }

    /// Marks the start of the file replacement; false (and nothing may be replaced) when a signal already came.
    static func beginCommit() -> Bool {
        phase.store(2, ordering: .sequentiallyConsistent)
        if isSet {
            phase.store(1, ordering: .sequentiallyConsistent)
            return false
        }
        return true
    }

    static func endCommit() { phase.store(3, ordering: .sequentiallyConsistent) }

    static func register(temporaryFolder path: String) { temporaries.withLock { $0.append(path) } }
    static func unregister(temporaryFolder path: String) { temporaries.withLock { $0.removeAll { $0 == path } } }

    private static func startWatcherOnce() {
        let first = started.withLock { running -> Bool in
            defer { running = true }
            return !running
        }
        guard first else { return }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        wakeWrite = fds[1]
        let readEnd = fds[0]
        var thread = pthread_t()
        let box = Unmanaged.passRetained(WatcherArgument(readEnd: readEnd)).toOpaque()
        pthread_create(&thread, nil, { raw in
            let argument = Unmanaged<WatcherArgument>.fromOpaque(raw!).takeRetainedValue()
            InterruptFlag.watch(argument.readEnd)
            return nil
        }, box)
        pthread_detach(thread)
    }

    private static func watch(_ readEnd: Int32) {
        var byte: UInt8 = 0
        while true {
            let n = read(readEnd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            guard phase.load(ordering: .sequentiallyConsistent) != 0 else { continue }
            // Give the import its grace period to stop by itself; a second signal ends it at once.
            var waiter = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            var remaining = Int32(grace * 1000)
            let start = monotonicMilliseconds()
            while remaining > 0, phase.load(ordering: .sequentiallyConsistent) == 1 {
                let ready = poll(&waiter, 1, min(remaining, 20))
                if ready > 0 { _ = read(readEnd, &byte, 1); break }
                remaining = Int32(grace * 1000) - Int32(monotonicMilliseconds() - start)
            }
            // Never between the two renames: let them finish; the import then reports what happened.
            while phase.load(ordering: .sequentiallyConsistent) == 2 { usleep(5_000) }
            guard phase.load(ordering: .sequentiallyConsistent) == 1 else { continue }
            for folder in temporaries.withLock({ $0 }) { TemporaryFolderRemoval.remove(folder) }
            let clearLine = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : ""
            let message = clearLine + "tmm-tui: import interrupted; nothing was changed.\n"
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            _exit(exitCode(for: signal))
        }
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}

private final class WatcherArgument {
    let readEnd: Int32
    init(readEnd: Int32) { self.readEnd = readEnd }
}
