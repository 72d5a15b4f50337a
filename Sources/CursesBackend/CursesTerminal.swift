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
    private var previous: Buffer?
    private var pairs = ColorPairs(capacity: 1)
    /// Nearest palette entries already found (a theme has a few dozen colors; the search is 240 distances).
    private var colorNumbers: [RGB: Int32] = [:]

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
        if let name = setlocale(LC_CTYPE, ""), isUTF8(String(cString: name)) { return true }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil && setlocale(LC_CTYPE, "C.utf8") == nil { setlocale(LC_CTYPE, "") }
        return false
    }

    private static func isUTF8(_ locale: String) -> Bool {
        let l = locale.lowercased()
        return l.contains("utf-8") || l.contains("utf8")
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
        var depth = ColorDepth.monochrome
        if useColor && has_colors() {
            start_color()
            use_default_colors()
            depth = ColorDepth(colorCount: Int(tmm_colors()))
        }
        colorDepth = depth
        pairs = ColorPairs(capacity: Int(max(1, tmm_color_pairs() - 1)))
        size = Size(width: Int(tmm_cols()), height: Int(tmm_lines()))
        if mouse { enableMouse() }
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
        endwin()
        if let s = screen { delscreen(s) }
        screen = nil
        SignalBridge.terminalActive.store(false, ordering: .sequentiallyConsistent)
    }

    deinit { shutdown() }

    // MARK: Output

    /// Draws only the cells that changed since the last frame.
    public func present(_ buffer: Buffer) {
        guard screen != nil else { return }
        let old = previous.flatMap { $0.size == buffer.size ? $0.cells : nil }
        if old == nil { werase(tmm_stdscr()) }
        var everything = old == nil
        var plan = pairs.plan(colorsUsed(buffer.cells, changedFrom: everything ? nil : old))
        if plan.repaintAll {
            // Pairs are handed out again before anything is drawn, and every cell is redrawn with its new pair.
            plan = pairs.replan(colorsUsed(buffer.cells, changedFrom: nil))
            everything = true
        }
        for (pair, c) in plan.definitions { init_extended_pair(pair, c.fg, c.bg) }
        lastStyle = nil
        let width = buffer.size.width
        buffer.cells.withUnsafeBufferPointer { cells in
            for i in cells.indices where !cells[i].isContinuation {
                if !everything, let old, cells[i] == old[i] { continue }
                draw(cells[i], at: Point(x: i % width, y: i / width))
            }
        }
        previous = buffer
        wnoutrefresh(tmm_stdscr())
        doupdate()
    }

    /// Forces the next frame to repaint everything (after a resume or a resize).
    public func invalidate() {
        previous = nil
        clearok(tmm_curscr(), true)
    }

    /// The colour pairs a frame needs: of every cell, or only of the cells that changed
    /// since `old`. Runs of cells share a style, so a style is looked up once per run.
    private func colorsUsed(_ cells: [Cell], changedFrom old: [Cell]?) -> Set<ColorPairs.Colors> {
        var used = Set<ColorPairs.Colors>()
        var last: Style?
        for i in cells.indices {
            if let old, cells[i] == old[i] { continue }
            let style = cells[i].style
            if style == last { continue }
            last = style
            if let c = colors(style) { used.insert(c) }
        }
        return used
    }

    /// The attributes and pair of the style drawn last: neighbouring cells mostly share one.
    private var lastStyle: Style?
    private var lastAttributes = tmm_attr_normal()
    private var lastPair: Int32 = 0

    private func draw(_ cell: Cell, at p: Point) {
        if cell.style != lastStyle {
            var attrs = tmm_attr_normal()
            let a = cell.style.attributes
            if a.contains(.bold) { attrs |= tmm_attr_bold() }
            if a.contains(.dim) { attrs |= tmm_attr_dim() }
            if a.contains(.italic) { attrs |= tmm_attr_italic() }
            if a.contains(.underline) { attrs |= tmm_attr_underline() }
            if a.contains(.reverse) { attrs |= tmm_attr_reverse() }
            (lastStyle, lastAttributes, lastPair) = (cell.style, attrs, colorPair(cell.style))
        }
        if asciiOnly {
            for (offset, scalar) in ASCIIFallback.text(for: cell.symbol, width: Int(cell.width)).unicodeScalars.enumerated() {
                var wide: (wchar_t, wchar_t) = (wchar_t(bitPattern: scalar.value), 0)
                _ = withUnsafePointer(to: &wide) {
                    $0.withMemoryRebound(to: wchar_t.self, capacity: 2) {
                        tmm_put_grapheme(Int32(p.y), Int32(p.x + offset), $0, lastAttributes, lastPair)
                    }
                }
            }
            return
        }
        // A grapheme of up to five scalars, then the terminating zero, without an array per cell.
        var wide: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (32, 0, 0, 0, 0, 0)
        withUnsafeMutablePointer(to: &wide) { tuple in
            tuple.withMemoryRebound(to: wchar_t.self, capacity: 6) { scalars in
                var n = 0
                for scalar in cell.symbol.unicodeScalars where n < 5 {
                    scalars[n] = wchar_t(bitPattern: scalar.value)
                    n += 1
                }
                _ = tmm_put_grapheme(Int32(p.y), Int32(p.x), scalars, lastAttributes, lastPair)
            }
        }
    }

    private func colors(_ style: Style) -> ColorPairs.Colors? {
        guard colorDepth != .monochrome, style.fg != nil || style.bg != nil else { return nil }
        return ColorPairs.Colors(fg: style.fg.map(colorNumber) ?? -1, bg: style.bg.map(colorNumber) ?? -1)
    }

    private func colorPair(_ style: Style) -> Int32 {
        guard colorDepth != .monochrome, style.fg != nil || style.bg != nil else { return 0 }
        return pairs.pair(for: ColorPairs.Colors(fg: style.fg.map(colorNumber) ?? -1, bg: style.bg.map(colorNumber) ?? -1))
    }

    private func colorNumber(_ color: RGB) -> Int32 {
        if let n = colorNumbers[color] { return n }
        let n = Int32(ColorQuantizer.colorNumber(for: color, depth: colorDepth))
        colorNumbers[color] = n
        return n
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
            for sig in SignalBridge.drain() { events.append(sig == 0 ? .wake : .signal(sig)) }
        }
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 && fds[0].revents & Int16(POLLIN) == 0 {
            events.append(.signal(SIGHUP)) // the terminal went away
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
        if resized {
            size = Size(width: Int(tmm_cols()), height: Int(tmm_lines()))
            invalidate()
            events.append(.resized(size))
        }
        let keys = KeyDecoder.decode(raw)
        if !keys.isEmpty { events.append(.keys(keys)) }
        return events
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
        endwin()
        SignalBridge.terminalActive.store(false, ordering: .sequentiallyConsistent)
        SignalBridge.stopSelf()
        SignalBridge.terminalActive.store(true, ordering: .sequentiallyConsistent)
        reset_prog_mode()
        if mouse { enableMouse() }
        invalidate()
        refresh()
        size = Size(width: Int(tmm_cols()), height: Int(tmm_lines()))
    }

    /// Wakes `waitForEvents` from another thread.
    public static let wake: @Sendable () -> Void = { SignalBridge.post(SignalBridge.wakeByte) }
}
