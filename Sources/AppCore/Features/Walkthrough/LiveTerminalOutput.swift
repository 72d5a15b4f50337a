import FoundationEssentials
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Plays the demo on the terminal a person is watching: the same bytes a
/// recording holds, written to stdout, with real waits between steps. Any key
/// pauses (and resumes); Esc, q or Ctrl-C leaves; a resize of the terminal is
/// reported so the tour is laid out again. The terminal is put in raw mode on
/// the alternate screen and always given back.
final class LiveTerminalOutput: DemoOutput {
    private static nonisolated(unsafe) var saved: termios?
    /// Set by the SIGWINCH handler, which also writes a byte to `resizePipe`: the
    /// signal may land on any thread, so the player's poll watches the pipe too.
    private static nonisolated(unsafe) var resized: sig_atomic_t = 0
    private static nonisolated(unsafe) var resizePipe: (read: Int32, write: Int32) = (-1, -1)
    /// Paused by a key, and still paused across a resize.
    private var paused = false

    /// nil when stdin/stdout is not a terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        Self.saved = original
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            Self.resizePipe = (fds[0], fds[1])
        }
        signal(SIGWINCH) { _ in
            LiveTerminalOutput.resized = 1
            var byte: UInt8 = 1
            _ = Glibc.write(LiveTerminalOutput.resizePipe.write, &byte, 1) // async-signal-safe
        }
        for sig in [SIGTERM, SIGHUP] {
            signal(sig) { s in
                LiveTerminalOutput.restoreTerminal()
                signal(s, SIG_DFL)
                raise(s)
            }
        }
        Self.emit("\u{1B}[?1049h")
    }

    /// The terminal's size in cells (nil when unknown).
    static func terminalSize() -> Size? {
        var w = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 else { return nil }
        return Size(width: Int(w.ws_col), height: Int(w.ws_row))
    }

    /// The colors the terminal says it shows.
    static func colorDepth(_ environment: [String: String]) -> ColorDepth {
        if !(environment["NO_COLOR"] ?? "").isEmpty { return .monochrome }
        return TerminalEnvironment.colorDepth(environment)
    }

    func write(_ text: String, at seconds: Double) {
        guard !text.isEmpty else { return }
        Self.emit(text)
    }

    func pace(_ seconds: Double, pause: (Bool) -> Void) -> PaceOutcome {
        let start = Self.monotonicSeconds()
        if paused {
            // A resize came while paused: the tour was drawn again, and stays paused.
            switch untilKeyOrResize() {
            case .leave: return .left
            case .resized: return resizedOutcome(after: 0)
            case .other, .timeout: // (never .timeout)
                paused = false
                pause(false)
                return .waited
            }
        }
        while true {
            let waited = Self.monotonicSeconds() - start
            let remaining = min(seconds, 3600) - waited
            if remaining <= 0 { return .waited }
            switch readKeys(timeoutMs: Int32((remaining * 1000).rounded(.up))) {
            case .timeout: continue
            case .leave: return .left
            case .resized: return resizedOutcome(after: waited)
            case .other:
                pause(true)
                paused = true
                switch untilKeyOrResize() {
                case .leave: return .left
                case .resized: return resizedOutcome(after: waited)
                case .other, .timeout: // (never .timeout)
                    paused = false
                    pause(false)
                    return .waited
                }
            }
        }
    }

    private func resizedOutcome(after waited: Double) -> PaceOutcome {
        guard let size = Self.terminalSize() else { return .waited }
        return .resized(canvas: size, after: waited)
    }

    private static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func finish(at seconds: Double) {
        Self.restoreTerminal()
    }

    private enum Press { case leave, other, resized, timeout }

    /// Whether a resize came since the last look (the pipe drained with it).
    private func takeResize() -> Bool {
        guard Self.resized != 0 else { return false }
        Self.resized = 0
        var sink = [UInt8](repeating: 0, count: 64)
        while Self.resizePipe.read >= 0, read(Self.resizePipe.read, &sink, sink.count) > 0 {}
        return true
    }

    private func untilKeyOrResize() -> Press {
        var press: Press
        repeat { press = readKeys(timeoutMs: -1) } while press == .timeout
        return press
    }

    /// Waits up to `timeoutMs` (-1: forever) for input or a resize.
    private func readKeys(timeoutMs: Int32) -> Press {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: Self.resizePipe.read, events: Int16(POLLIN), revents: 0)]
        if takeResize() { return .resized }
        let result = poll(&fds, Self.resizePipe.read >= 0 ? 2 : 1, timeoutMs)
        if takeResize() { return .resized }
        // Interrupted by another signal: the caller waits again for what is left.
        guard result > 0, fds[0].revents != 0 else { return .timeout }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = read(STDIN_FILENO, &bytes, bytes.count)
        guard n > 0 else { return .leave }
        let got = bytes[0..<n]
        // A lone Esc (not the start of an arrow key's sequence), q, or Ctrl-C.
        if (n == 1 && got.first == 0x1B) || got.contains(0x03) || got.first == UInt8(ascii: "q") { return .leave }
        return .other
    }

    private static func emit(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue }; break }
            offset += n
        }
    }

    /// Puts the terminal back as it was (safe to call twice, and from a signal handler).
    static func restoreTerminal() {
        guard var original = saved else { return }
        saved = nil
        signal(SIGWINCH, SIG_DFL)
        if resizePipe.read >= 0 { close(resizePipe.read); close(resizePipe.write); resizePipe = (-1, -1) }
        emit("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }
}
