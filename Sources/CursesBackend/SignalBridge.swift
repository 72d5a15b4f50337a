#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Turns signals into events for the run loop, and restores the terminal when
/// the process is about to die from a crash signal.
///
/// Signal handlers may only do async-signal-safe work, so they write one byte to
/// a pipe (INT/TERM/HUP/TSTP) or restore termios and emit reset sequences with
/// write(2) before re-raising (SEGV, ILL, TRAP, BUS, ABRT, FPE).
public enum SignalBridge {
    // Signal handlers cannot capture context. These four are written by
    // `install()` before any handler is installed, and only read afterwards.
    nonisolated(unsafe) static var wakeWriteFD: Int32 = -1
    nonisolated(unsafe) static var wakeReadFD: Int32 = -1
    nonisolated(unsafe) static var savedTermios = termios()
    nonisolated(unsafe) static var haveSavedTermios = false
    /// Whether curses owns the screen: changes while handlers are live (start,
    /// suspend, resume, end), so it is a lock-free atomic — a load in a
    /// handler is async-signal-safe; a Bool written by the loop would not be.
    static let terminalActive = Atomic<Bool>(false)

    static let crashSignals: [Int32] = [SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE]
    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP]

    /// Creates the wake pipe, saves the terminal mode and installs the handlers.
    /// Call before the curses screen is created so curses does not install its own: SIGWINCH
    /// included, or ncurses would reallocate its windows at each new size
    /// (see `CursesTerminal.releaseCursesWindows`).
    public static func install() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            wakeReadFD = fds[0]
            wakeWriteFD = fds[1]
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        if tcgetattr(STDIN_FILENO, &savedTermios) == 0 { haveSavedTermios = true }
        for sig in quitSignals { installHandler(sig, flags: 0) { s in SignalBridge.post(UInt8(truncatingIfNeeded: s)) } }
        // A resize may land on any thread while it reads or writes a file: restart those calls
        // (poll(2) is never restarted; the byte wakes it).
        installHandler(SIGWINCH, flags: Int32(SA_RESTART)) { s in SignalBridge.post(UInt8(truncatingIfNeeded: s)) }
        for sig in crashSignals { installHandler(sig, flags: Int32(bitPattern: UInt32(SA_RESETHAND))) { s in SignalBridge.crash(s) } }
        signal(SIGPIPE, SIG_IGN)
    }

    private static func installHandler(_ sig: Int32, flags: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(sig, &action, nil)
    }

    /// Wakes the run loop; safe from any thread and from signal handlers.
    public static func post(_ byte: UInt8) {
        guard wakeWriteFD >= 0 else { return }
        var b = byte
        _ = write(wakeWriteFD, &b, 1)
    }

    static let wakeByte: UInt8 = 0

    /// Reads everything pending on the wake pipe: the signals received (0 = plain wake-up).
    static func drain() -> [Int32] {
        var out: [Int32] = []
        var buf = [UInt8](repeating: 0, count: 64)
        while wakeReadFD >= 0 {
            let n = read(wakeReadFD, &buf, buf.count)
            if n <= 0 { break }
            out += buf.prefix(n).map { Int32($0) }
        }
        return out
    }

    /// Puts the terminal back the way the user had it: async-signal-safe.
    static func emergencyRestore() {
        guard terminalActive.load(ordering: .sequentiallyConsistent) else { return }
        let reset: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n"
        _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
        if haveSavedTermios { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedTermios) }
    }

    private static func crash(_ sig: Int32) {
        emergencyRestore()
        let msg: StaticString = "tmm-tui crashed; the terminal was restored. Please report this with the steps that led to it.\n"
        _ = write(STDERR_FILENO, msg.utf8Start, msg.utf8CodeUnitCount)
        // SA_RESETHAND put the default action back: re-raise for the core dump / exit status.
        raise(sig)
    }

    /// Stops the process as Ctrl-Z would, with the default SIGTSTP action, and
    /// reinstalls our handler once resumed.
    static func stopSelf() {
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        installHandler(SIGTSTP, flags: 0) { s in SignalBridge.post(UInt8(truncatingIfNeeded: s)) }
    }
}
