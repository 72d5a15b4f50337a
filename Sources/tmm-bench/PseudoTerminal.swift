import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `tmm-tui` binary on a pseudo-terminal of a given size: what the
/// cold-start, idle-CPU and bytes-per-frame benchmarks measure.
final class PseudoTerminalProcess {
    let pid: pid_t
    let master: Int32
    let startedAt: Double
    private(set) var output = 0
    private(set) var exitStatus: Int32?
    /// When the last bytes were read from the terminal.
    private(set) var lastReadAt = 0.0

    init(binary: String, arguments: [String], width: Int, height: Int, environment: [String: String]) throws {
        // Linux devpts directly (grantpt/ptsname are hidden from Swift's Glibc): unlock, then ask the number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430 // TIOCSPTLCK, TIOCGPTN (x86-64 / arm64 Linux)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, setLock, &unlock) == 0, ioctl(master, getNumber, &number) == 0 else {
            throw BenchError("cannot open a pseudo-terminal (/dev/ptmx)")
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, fd, slavePath, fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session, so the pseudo-terminal becomes the child's controlling terminal.
        let spawnSetSID: Int16 = 0x80 // glibc's POSIX_SPAWN_SETSID, not exported to Swift
        posix_spawnattr_setflags(&attributes, spawnSetSID)

        let env = environment.map { "\($0.key)=\($0.value)" }
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child = pid_t()
        startedAt = uptime()
        let rc = posix_spawn(&child, binary, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw BenchError("cannot start \(binary): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit {
        if exitStatus == nil { kill(pid, SIGKILL); _ = waitForExit(timeout: 2) }
        close(master)
    }

    /// Reads what the app drew for `seconds`, or until it exits; returns the bytes read.
    @discardableResult
    func pump(for seconds: Double) -> Int {
        let before = output
        let deadline = uptime() + seconds
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while uptime() < deadline {
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let waitMs = Int32(max(0, min(5, (deadline - uptime()) * 1000)))
            if poll(&fds, 1, waitMs) > 0 {
                let n = read(master, &buffer, buffer.count)
                if n > 0 { output += n; lastReadAt = uptime() } else if n < 0 && errno != EINTR && errno != EAGAIN { checkExit(); if exitStatus != nil { break } }
            }
            checkExit()
            if exitStatus != nil { break }
        }
        return output - before
    }

    /// Waits until the screen has been quiet for `quiet` seconds (the first frame is drawn).
    func waitUntilSettled(quiet: Double = 0.3, timeout: Double = 10) {
        let deadline = uptime() + timeout
        while uptime() < deadline {
            let n = pump(for: quiet)
            if n == 0 && output > 0 { return }
        }
    }

    func send(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
    }

    /// Sends `key` and returns the seconds until the frame it caused was written:
    /// the last byte before the terminal has been quiet for `quiet` seconds. Nil when
    /// nothing was written within `within` seconds (the key changed nothing on screen).
    func keyToFrame(_ key: String, quiet: Double = 0.05, within: Double = 2) -> Double? {
        // No look at /proc here: reading it between reads would slow the reference it times.
        keyTiming(key, quiet: quiet, within: within, findFirstFrame: false)?.settled
    }

    struct KeyTiming {
        /// Key sent → the last byte of the first frame it caused read (seconds).
        var frame: Double
        /// Key sent → the last byte before the quiet: the frames of the work it started too.
        var settled: Double
        /// The bytes of the first frame.
        var frameBytes: Int
    }

    /// Sends `key` and times its first frame and its last one (before `quiet` seconds
    /// without output). The app writes each frame with one write(2) from its main
    /// thread, which writes nothing else: the first frame is complete once the main
    /// thread's write count (/proc/PID/task/PID/io, `syscw`) has grown by one and the
    /// bytes it wrote (`wchar`) have all been read. The counters are read only while
    /// nothing is waiting to be read, so looking does not delay the frame. Where they
    /// cannot tell (unreadable, or two writes seen at once) the first frame counts
    /// until the quiet, which never makes a key look faster than it is.
    func keyTiming(_ key: String, quiet: Double, within: Double = 2, findFirstFrame: Bool = true) -> KeyTiming? {
        pump(for: quiet) // drain anything still arriving
        let before = output
        let io = findFirstFrame ? mainThreadWrites() : nil
        let sent = uptime()
        send(key)
        var firstFrame: (at: Double, bytes: Int)?
        var lookForFrame = io != nil
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var lastOutput = sent
        while true {
            let now = uptime()
            if output > before, now - lastOutput > quiet { break }
            if output == before, now - sent > within { return nil }
            if now - sent > 2 { break }
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&fds, 1, 0) > 0 {
                let n = read(master, &buffer, buffer.count)
                if n > 0 {
                    output += n
                    lastReadAt = uptime()
                    lastOutput = lastReadAt
                }
                continue
            }
            if lookForFrame, output > before, let start = io, let now = mainThreadWrites(), now.calls > start.calls {
                let written = Int(now.bytes - start.bytes)
                if now.calls == start.calls + 1 {
                    // Its bytes all read: the frame is out (until then, more of it is on its way).
                    if output - before >= written {
                        firstFrame = (lastReadAt, written)
                        lookForFrame = false
                    }
                } else {
                    lookForFrame = false // two writes seen together: no telling them apart
                }
            }
            if poll(&fds, 1, 1) <= 0 { checkExit(); if exitStatus != nil { break } }
        }
        guard output > before else { return nil }
        let settled = lastReadAt - sent
        return KeyTiming(frame: firstFrame.map { $0.at - sent } ?? settled, settled: settled,
                         frameBytes: firstFrame?.bytes ?? (output - before))
    }

    /// The main thread's write(2) calls and bytes so far; nil where /proc cannot tell.
    func mainThreadWrites() -> (calls: UInt64, bytes: UInt64)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/io", encoding: .utf8) else { return nil }
        var calls: UInt64?, bytes: UInt64?
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            guard parts.count == 2 else { continue }
            let value = UInt64(parts[1].trimmingCharacters(in: .whitespaces))
            if parts[0] == "syscw" { calls = value } else if parts[0] == "wchar" { bytes = value }
        }
        guard let calls, let bytes else { return nil }
        return (calls, bytes)
    }

    /// The timeout (ms) the process's main thread is waiting in poll(2) with, -1 for none;
    /// nil while it runs or sits in another call. Read from /proc/PID/syscall (the
    /// call's number and arguments), which this Linux offers to a process of the
    /// same user; x86-64 only (elsewhere poll is ppoll with a pointer to the timeout).
    func pollTimeout() -> Int? {
        #if arch(x86_64)
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 3, fields[0] == "7", let t = UInt64(fields[3].dropFirst(2), radix: 16) else { return nil }
        return Int(Int32(truncatingIfNeeded: t))
        #else
        return nil
        #endif
    }

    /// Whether `pollTimeout` can tell anything here (the file readable, the architecture known).
    lazy var canReadPollTimeout: Bool = {
        #if arch(x86_64)
        return FileManager.default.isReadableFile(atPath: "/proc/\(pid)/syscall")
            && (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) != nil
        #else
        return false
        #endif
    }()

    /// Reads what the app draws until none of its timers is due within `horizon`
    /// seconds (up to `limit`): a toast an earlier key showed goes away 2–8 s later
    /// in a frame of its own, which must not be counted as the next key's. The app
    /// is idle when it waits in poll(2) with no timeout, or only the minute's (60 s).
    func waitForTimers(horizon: Double = 10, limit: Double = 10) {
        guard canReadPollTimeout else { return }
        let deadline = uptime() + limit
        while uptime() < deadline {
            if let t = pollTimeout(), t < 0 || Double(t) >= horizon * 1000 { return }
            pump(for: 0.01)
        }
    }

    /// Drains the terminal until the process exits; returns the seconds since it started.
    func waitForExit(timeout: Double) -> Double? {
        let deadline = uptime() + timeout
        while exitStatus == nil && uptime() < deadline { pump(for: 0.002) }
        return exitStatus == nil ? nil : exitedAt - startedAt
    }

    private var exitedAt = 0.0
    private func checkExit() {
        guard exitStatus == nil else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exitedAt = uptime()
            exitStatus = status
        }
    }

    /// User + system CPU seconds so far, from /proc.
    func cpuSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime 14 and stime 15.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Peak resident memory in bytes (VmHWM).
    func peakMemory() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kb * 1024
    }

    func terminate() {
        kill(pid, SIGTERM)
        _ = waitForExit(timeout: 5)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
