import CNcursesw
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

public struct TerminalStartError: Error, CustomStringConvertible {
    public var description: String
}

/// The ncurses screen. Every ncurses call in the app happens here, on the thread
/// that runs the loop (stock ncurses is not thread-safe).
public final class CursesTerminal: TerminalDevice {
    public private(set) var size: Size
    public let colorDepth: ColorDepth
    private var screen: OpaquePointer?
    /// Frames become bytes here, and go out in one write(2) each (see `present`).
    private var encoder: FrameEncoder
    private var output: [UInt8] = []

    /// Checks, before touching the screen, that this is an interactive terminal
    /// that can place the cursor. Returns a message for the user when it is not.
    public static func preflight(environment: [String: String]) -> String? {
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            return "needs an interactive terminal (stdin and stdout must be a TTY). For scripts, use `tmm-tui stats` or `tmm-tui snapshot`."
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            return "needs a terminal that can move the cursor, but TERM is \(term.isEmpty ? "not set" : "\"dumb\""). Try TERM=xterm-256color."
        }
        return nil
    }

    /// Sets up the locale and says whether the user's terminal speaks UTF-8.
    /// A non-UTF-8 locale (LANG=C, POSIX, Latin-1) means the terminal may not
    /// show box drawing or symbols, so the caller switches to ASCII glyphs; ncurses
    /// itself still runs under C.UTF-8 when the system has it, so wide-character
    /// calls keep working for text the user typed. Only LC_CTYPE (what ncursesw
    /// needs) is set: LC_NUMERIC stays "C", so the C library never writes "1,5"
    /// for `String(cFormat: "%.1f")` under a French locale (numbers a person
    /// reads are formatted by `FormatLocale`, never by the C library).
    public static func setUpLocale() -> Bool {
        if let name = setlocale(LC_CTYPE, ""), TerminalEnvironment.isUTF8(localeName: String(cString: name)) { return true }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil && setlocale(LC_CTYPE, "C.utf8") == nil { setlocale(LC_CTYPE, "") }
        return false
    }

    /// True on a terminal whose locale is not UTF-8: every cell is drawn as ASCII.
    private let asciiOnly: Bool

    /// True when the terminal was asked for mouse reports (`--no-mouse` asks for none).
    private var mouse = false

    public init(environment: [String: String], useColor: Bool, asciiOnly: Bool = false, mouse: Bool = true) throws {
        self.asciiOnly = asciiOnly
        SignalBridge.install()
        let term = environment["TERM"] ?? "xterm"
        guard let s = newterm(term, tmm_stdout(), tmm_stdin()) else {
            throw TerminalStartError(description: "cannot drive this terminal (TERM=\(term) is unknown). Try TERM=xterm-256color.")
        }
        screen = s
        set_term(s)
        // A terminal that cannot address the cursor cannot show a full-screen app.
        guard let cup = tigetstr("cup"), Int(bitPattern: cup) != -1, Int(bitPattern: cup) != 0 else {
            endwin()
            delscreen(s)
            screen = nil
            throw TerminalStartError(description: "needs a terminal that can move the cursor (TERM=\(term) cannot).")
        }
        SignalBridge.terminalActive.store(true, ordering: .sequentiallyConsistent)
        // raw, not cbreak: Ctrl-S/Ctrl-Q must reach the app instead of pausing output,
        // and Ctrl-C/Ctrl-Z arrive as keys the run loop handles (quit cleanly, suspend).
        raw()
        noecho()
        nonl()
        intrflush(tmm_stdscr(), false)
        keypad(tmm_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        leaveok(tmm_stdscr(), true)
        // Colours are written by `FrameEncoder`, not through ncurses' colour pairs: only
        // the terminal's colour count is needed (start_color would set up pair tables).
        var depth = ColorDepth.monochrome
        if useColor && has_colors() {
            depth = ColorDepth(colorCount: Int(max(0, tigetnum("colors"))))
        }
        colorDepth = depth
        // A terminal with automatic margins that does not defer the wrap (no `xenl`) would
        // scroll when the bottom-right cell is written: that cell is left alone there.
        let wrapsAtOnce = tigetflag("am") == 1 && tigetflag("xenl") != 1
        // `rep` (xterm: CSI n b): a run of equal cells goes out as one glyph and a count.
        let rep = tigetstr("rep")
        let repeats = rep != nil && Int(bitPattern: rep) != -1
        encoder = FrameEncoder(depth: depth, asciiOnly: asciiOnly, writesBottomRight: !wrapsAtOnce, repeats: repeats)
        size = Self.terminalSize() ?? Size(width: Int(tmm_cols()), height: Int(tmm_lines()))
        // Before the first refresh: the resize marks the windows for a repaint, which that
        // refresh does (the screen's one clear) instead of the first key's `wget_wch`.
        Self.releaseCursesWindows()
        // ncurses clears the screen once and is then left with nothing to redraw: the
        // frames are ours (`present`).
        refresh()
        if mouse { enableMouse() }
    }

    /// The terminal's size as the kernel knows it (nil when it does not say).
    static func terminalSize() -> Size? {
        var w = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 else { return nil }
        return Size(width: Int(w.ws_col), height: Int(w.ws_row))
    }

    /// ncurses keeps three windows of the terminal's size (`stdscr`, `curscr`, `newscr`: 28 bytes a
    /// cell, 1 MB at 200×60) that nothing draws into: frames are ours and keys are read without
    /// drawing. Shrunk to one cell they cost nothing; SIGWINCH reaches `SignalBridge` (installed
    /// first, so ncurses installs no handler of its own) and the size comes from the kernel.
    /// The KEY_RESIZE ncurses queues for this resize is not a new size (see `readInput`).
    private static func releaseCursesWindows() {
        _ = resizeterm(1, 1)
    }

    /// Mouse reports: ncurses decodes what its terminal description knows; SGR
    /// (1006) is asked for too so columns past 223 work, and the key decoder
    /// reads SGR reports that reach it raw.
    private func enableMouse() {
        mouseinterval(0)
        _ = mousemask(tmm_mouse_all(), nil)
        writeControl("\u{1B}[?1002h\u{1B}[?1006h")
        mouse = true
    }

    private func disableMouse() {
        guard mouse else { return }
        _ = mousemask(0, nil)
        writeControl("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l")
    }

    private func writeControl(_ text: String) {
        fputs(text, tmm_stdout())
        fflush(tmm_stdout())
    }

    /// Leaves the curses screen and puts the terminal back. Safe to call twice.
    public func shutdown() {
        guard screen != nil else { return }
        disableMouse()
        writeControl("\u{1B}[0m")
        endwin()
        if let s = screen { delscreen(s) }
        screen = nil
        SignalBridge.terminalActive.store(false, ordering: .sequentiallyConsistent)
    }

    deinit { shutdown() }

    // MARK: Output

    /// Draws only the cells that changed since the last frame, in one write(2).
    ///
    /// ncurses is not asked to draw: its `doupdate` flushed after every cursor move
    /// (until a first suspend, `_nc_mvcur` treats the screen as not yet set up), so a
    /// digit that changed went out in 3 writes and a 200×60 frame in about 90, and it
    /// built each colour change by interpreting terminfo's `setaf` string (`tiparm`:
    /// 3 M of the first frame's 17.7 M instructions). `FrameEncoder` writes the same
    /// sequences xterm's terminfo would, from the cells that changed.
    public func present(_ buffer: Buffer) {
        guard screen != nil else { return }
        output.removeAll(keepingCapacity: true)
        encoder.encode(buffer, into: &output)
        output.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
        }
    }

    /// Forces the next frame to repaint everything (after a resume or a resize).
    public func invalidate() {
        encoder.invalidate()
    }

    public func bell() { beep() }
    public func flashScreen() { flash() }

    // MARK: Input

    /// Waits up to `timeout` seconds (nil: until something happens) for keys,
    /// a resize, a signal or a wake-up from another thread.
    public func waitForEvents(timeout: Double?) -> [TerminalEvent] {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: SignalBridge.wakeReadFD, events: Int16(POLLIN), revents: 0)]
        let ms: Int32 = timeout.map { Int32(max(0, min(60_000, ($0 * 1000).rounded(.up)))) } ?? -1
        let ready = poll(&fds, 2, ms)
        var events: [TerminalEvent] = []
        let interrupted = ready < 0 && errno == EINTR
        if fds[1].revents != 0 || interrupted {
            var resized = false
            for sig in SignalBridge.drain() {
                if sig == SIGWINCH { resized = true } else { events.append(sig == 0 ? .wake : .signal(sig)) }
            }
            if resized, let event = resize() { events.append(event) }
        }
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            // The terminal went away. What it sent before hanging up is still read, but the
            // hang-up ends the app even when no SIGHUP comes (the app is not the session
            // leader: under strace, setsid, nohup): POLLIN stays set at end of file, and
            // waiting again would return at once, forever (a 100% CPU loop).
            if fds[0].revents & Int16(POLLIN) != 0 { events += readInput() }
            events.append(.signal(SIGHUP))
            return events
        }
        if fds[0].revents != 0 || interrupted {
            events += readInput()
        }
        return events
    }

    private func readInput() -> [TerminalEvent] {
        nodelay(tmm_stdscr(), true)
        defer { nodelay(tmm_stdscr(), false) }
        var raw: [RawInput] = []
        var resized = false
        var ch: wint_t = 0
        for _ in 0..<4096 {
            let r = wget_wch(tmm_stdscr(), &ch)
            if r == ERR { break }
            if r == KEY_CODE_YES {
                if Int32(ch) == KEY_RESIZE { resized = true; continue }
                if Int32(ch) == KEY_MOUSE {
                    var event = MEVENT()
                    if getmouse(&event) == OK, let m = Self.mouseEvent(event) { raw.append(.key(.mouse(m))) }
                    continue
                }
                raw.append(.key(Self.translate(Int32(ch))))
            } else {
                raw.append(.scalar(UInt32(ch)))
            }
        }
        var events: [TerminalEvent] = []
        // ncurses' KEY_RESIZE comes from our own shrink at start: a repaint only if the size moved.
        if resized, let event = resize(onlyIfChanged: true) { events.append(event) }
        let keys = KeyDecoder.decode(raw)
        if !keys.isEmpty { events.append(.keys(keys)) }
        return events
    }

    /// A SIGWINCH (or ncurses' KEY_RESIZE): the new size, and the next frame repaints everything.
    private func resize(onlyIfChanged: Bool = false) -> TerminalEvent? {
        guard let now = Self.terminalSize(), !onlyIfChanged || now != size else { return nil }
        size = now
        invalidate()
        return .resized(now)
    }

    static func mouseEvent(_ e: MEVENT) -> MouseEvent? {
        let b = e.bstate, x = Int(e.x), y = Int(e.y)
        if b & tmm_button4_pressed() != 0 { return MouseEvent(.wheelUp, x: x, y: y) }
        if b & tmm_button5_pressed() != 0 { return MouseEvent(.wheelDown, x: x, y: y) }
        if b & (tmm_button1_pressed() | tmm_button1_clicked()) != 0 { return MouseEvent(.press, x: x, y: y) }
        if b & tmm_button1_released() != 0 { return MouseEvent(.release, x: x, y: y) }
        if b & tmm_button3_pressed() != 0 { return MouseEvent(.press, button: 2, x: x, y: y) }
        if b & tmm_report_position() != 0 { return MouseEvent(.drag, x: x, y: y) }
        return nil
    }

    static func translate(_ code: Int32) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case tmm_key_f0() + 1 ... tmm_key_f0() + 24: return .function(Int(code - tmm_key_f0()))
        default: return .unknown
        }
    }

    // MARK: Suspend

    /// Ctrl-Z / SIGTSTP: hand the terminal back, stop, and repaint fully on `fg`.
    public func suspend() {
        disableMouse()
        writeControl("\u{1B}[0m")
        endwin()
        SignalBridge.terminalActive.store(false, ordering: .sequentiallyConsistent)
        SignalBridge.stopSelf()
        SignalBridge.terminalActive.store(true, ordering: .sequentiallyConsistent)
        reset_prog_mode()
        refresh()
        if mouse { enableMouse() }
        invalidate()
        size = Self.terminalSize() ?? size
    }

    /// Wakes `waitForEvents` from another thread.
    public static let wake: @Sendable () -> Void = { SignalBridge.post(SignalBridge.wakeByte) }
}
