import FoundationEssentials
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Plays the demo on the terminal a person is watching: the same bytes a
/// recording holds, written to stdout, with real waits between steps. Any key
/// pauses (and resumes); Esc, q or Ctrl-C leaves. The terminal is put in raw
/// mode on the alternate screen and always given back.
final class LiveTerminalOutput: DemoOutput {
    private static nonisolated(unsafe) var saved: termios?

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
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .trueColor }
        return (environment["TERM"] ?? "").contains("256") ? .palette256 : .ansi16
    }

    func write(_ text: String, at seconds: Double) {
        guard !text.isEmpty else { return }
        Self.emit(text)
    }

    func pace(_ seconds: Double, pause: (Bool) -> Void) -> Bool {
        switch readKeys(timeoutMs: Int32(max(0, min(seconds, 3600)) * 1000)) {
        case nil: return true
        case .leave?: return false
        case .other?:
            pause(true)
            if readKeys(timeoutMs: -1) == .leave { return false }
            pause(false)
            return true
        }
    }

    func finish(at seconds: Double) {
        Self.restoreTerminal()
    }

    private enum Press { case leave, other }

    /// Waits up to `timeoutMs` (-1: forever) for input; nil when none came.
    private func readKeys(timeoutMs: Int32) -> Press? {
        var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        var result: Int32
        repeat { result = poll(&fds, 1, timeoutMs) } while result < 0 && errno == EINTR
        guard result > 0 else { return nil }
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
        emit("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }
}
