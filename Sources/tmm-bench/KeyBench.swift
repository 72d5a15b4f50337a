import Foundation
import AppCore
import HealthDomain
import TerminalUI

/// Key to frame on every screen, the bytes a key costs, and memory after a tour of the
/// app: all on a real pseudo-terminal, beside the C ncurses program in the same run.
enum KeyBench {
    /// One tab and the keys it lists (footer and help), as the app's own tables say.
    struct Screen {
        var name: String
        /// The number key that opens it.
        var digit: Character
        var keys: [Key]
        /// Whether the switch to it (its number key) is timed (the frames bench; always on the pty).
        var timesSwitch = true
        /// Keys pressed (untimed) after the number key, before each timed key: an overlay's opener.
        var opener: [Key] = []
    }

    /// The screens and their keys, read from the model: what the footer and the help
    /// overlay list for each tab, plus the global keys that draw something (help,
    /// palette, theme). Left out: Esc (ncurses waits ESCDELAY, 25 ms, to tell it from
    /// Alt: it is the way back between presses), quit, suspend, number keys (the tab
    /// switches are measured on their own), mouse.
    @MainActor
    static func screens(dataDir: URL, now: Date, size: Size) -> [Screen] {
        var options = Options()
        options.dataDir = dataDir.path
        options.live = false
        options.reduceMotion = true
        let env = AppEnvironment(options: options, environment: appEnvironment(), now: { now })
        var model = env.makeModel(size: size)
        var out: [Screen] = []
        for (i, type) in FeatureRegistry.tabs.enumerated() where i < 9 {
            let digit = Character(String(i + 1))
            _ = model.handle(.key(.char(digit)), now: now, env.context)
            var keys: [Key] = []
            for hint in model.keyHints(env.context).screen {
                guard let key = hint.key, sendable(key), !keys.contains(key) else { continue }
                keys.append(key)
            }
            for key in [Key.char("?"), .char(":"), .char("t")] where !keys.contains(key) { keys.append(key) }
            out.append(Screen(name: String(describing: type.id), digit: digit, keys: keys))
        }
        // The keys of the palette and of help, over Today: what their footers list, and typing.
        _ = model.handle(.key(.char("1")), now: now, env.context)
        for (name, opener, typed) in [("palette", Key.char(":"), [Key.char("g"), .char("o"), .backspace]), ("help", .char("?"), [])] {
            var open = model
            _ = open.handle(.key(opener), now: now, env.context)
            var keys = typed
            for hint in open.keyHints(env.context).screen {
                for key in [hint.key].compactMap({ $0 }) + hint.keys where sendable(key) && !keys.contains(key) { keys.append(key) }
            }
            if !keys.isEmpty { out.append(Screen(name: name, digit: "1", keys: keys, timesSwitch: false, opener: [opener])) }
        }
        return out
    }

    private static func sendable(_ key: Key) -> Bool {
        switch key {
        case .escape, .mouse, .unknown, .ctrl("c"), .ctrl("z"), .char("q"): return false
        case .char(let c): return !c.isNumber
        default: return bytes(for: key) != nil
        }
    }

    /// What xterm sends for a key in keypad-transmit mode (the mode ncurses turns on;
    /// TERM=xterm-256color's terminfo: kcuu1=\EOA, khome=\EOH, kcbt=\E[Z, kf1=\EOP…).
    static func bytes(for key: Key) -> String? {
        switch key {
        case .char(let c): return String(c)
        case .ctrl(let c):
            guard let a = c.asciiValue, (97...122).contains(a) else { return nil }
            return String(UnicodeScalar(a - 96))
        case .enter: return "\r"
        case .escape: return "\u{1B}"
        case .tab: return "\t"
        case .backTab: return "\u{1B}[Z"
        case .backspace: return "\u{7F}"
        case .delete: return "\u{1B}[3~"
        case .insert: return "\u{1B}[2~"
        case .up: return "\u{1B}OA"
        case .down: return "\u{1B}OB"
        case .right: return "\u{1B}OC"
        case .left: return "\u{1B}OD"
        case .home: return "\u{1B}OH"
        case .end: return "\u{1B}OF"
        case .pageUp: return "\u{1B}[5~"
        case .pageDown: return "\u{1B}[6~"
        case .function(1): return "\u{1B}OP"
        default: return nil
        }
    }

    struct Latency {
        var screen: String
        var keys: Int
        /// Key → its frame (the first frame it caused).
        var app: [Double]
        /// The C program's key → frame (one digit changes).
        var c: [Double]
        /// The C program writing each press's frame bytes, ready-made, in one write(2).
        var cSameBytes: [Double] = []
        /// Key → the last frame of the work it started (a refresh's answer): `app` for most keys.
        var settled: [Double] = []
        /// Each press of `app`, with its key's label.
        var perKey: [(key: String, seconds: Double, settled: Double)] = []

        mutating func add(_ key: String, _ t: PseudoTerminalProcess.KeyTiming) {
            app.append(t.frame)
            settled.append(t.settled)
            perKey.append((key, t.frame, t.settled))
        }
    }

    /// Every key of every screen, `rounds` times: before each press the app is put back
    /// on the screen (Esc, then its number key, unmeasured) and left until no timer of
    /// its own is due (a toast an earlier key showed has gone: its frame is not this
    /// key's); each press is followed by a press in the C program on its own terminal
    /// of the same size, so noise hits both.
    /// The last row is the tab switches (a whole new screen), from the screen before.
    static func latency(binary: String, cFloor: String, dataDir: URL, screens: [Screen], width: Int, height: Int,
                        rounds: Int) throws -> [Latency] {
        let app = try PseudoTerminalProcess(binary: binary, arguments: ["--data-dir", dataDir.path, "--no-live", "--reduce-motion"],
                                            width: width, height: height, environment: appEnvironment())
        let c = try PseudoTerminalProcess(binary: cFloor, arguments: ["--keys"], width: width, height: height, environment: appEnvironment())
        defer {
            c.send("q")
            _ = c.waitForExit(timeout: 5)
            app.terminate()
        }
        app.waitUntilSettled(quiet: 0.5)
        c.waitUntilSettled(quiet: 0.2)
        var out: [Latency] = []
        var tabs = Latency(screen: "tab switches", keys: screens.filter { $0.opener.isEmpty }.count, app: [], c: [])
        var slow: [String] = []
        defer { if !slow.isEmpty { note("keys over 2 ms: " + slow.joined(separator: ", ")) } }
        for round in 0..<rounds {
            for (s, screen) in screens.enumerated() {
                var row = round == 0 ? Latency(screen: screen.name, keys: screen.keys.count, app: [], c: []) : out[s]
                // The tab switch: from the previous screen to this one.
                if screen.opener.isEmpty {
                    app.settle("\u{1B}")
                    app.waitForTimers()
                    if let t = app.keyTiming(String(screen.digit), quiet: 0.03) {
                        tabs.add("→ \(screen.name)", t)
                        if let same = c.keyToFrame("f\(t.frameBytes)\n", quiet: 0.03) { tabs.cSameBytes.append(same) }
                    }
                    if let t = c.keyToFrame("x", quiet: 0.03) { tabs.c.append(t) }
                }
                for key in screen.keys {
                    guard let bytes = bytes(for: key) else { continue }
                    app.settle("\u{1B}")
                    app.settle(String(screen.digit))
                    for opener in screen.opener { if let b = Self.bytes(for: opener) { app.settle(b) } }
                    app.waitForTimers()
                    // A key that changes nothing on screen writes nothing: no frame to time.
                    guard let t = app.keyTiming(bytes, quiet: 0.03, within: 0.3) else { continue }
                    row.add(key.label, t)
                    if t.frame > 0.002 { slow.append("\(screen.name) \(key.label) \(ms(t.frame))") }
                    if let same = c.keyToFrame("f\(t.frameBytes)\n", quiet: 0.03) { row.cSameBytes.append(same) }
                    if let t = c.keyToFrame("x", quiet: 0.03) { row.c.append(t) }
                }
                if round == 0 { out.append(row) } else { out[s] = row }
            }
        }
        app.settle("\u{1B}")
        app.settle("1")
        return out + [tabs]
    }

    struct KeyBytes {
        var name: String
        var bytes: Int
        var cells: Int
        /// The UTF-8 bytes of the changed cells' text: what any writer sends without repeats.
        var glyphBytes: Int
    }

    /// Bytes written to the terminal for one key on Today, beside the cells the key
    /// changed. The cells come from the app's own run loop on a recording device in
    /// this process (the same data, options and size; the launch work runs and
    /// settles first): the frame before the key and the frame after it are compared
    /// with `Buffer.diff`, independently of the backend. The bytes come from the real
    /// binary on a pseudo-terminal, a fresh one for each key.
    @MainActor
    static func bytesPerKey(binary: String, dataDir: URL, width: Int, height: Int,
                            keys: [(name: String, key: Key)]) throws -> [KeyBytes] {
        var options = Options()
        options.dataDir = dataDir.path
        options.live = false
        options.reduceMotion = true
        var out: [KeyBytes] = []
        for (name, key) in keys {
            let device = ChangeRecordingTerminal(size: Size(width: width, height: height)) { [.keys([key])] }
            let env = AppEnvironment(options: options, environment: appEnvironment())
            let runtime = AppRuntime(env: env, device: device, wake: {})
            _ = runtime.run()
            guard let before = device.beforeChange, let after = device.afterChange else { throw BenchError("no frame after \(name)") }
            let changes = after.diff(from: before)
            let cells = changes.count
            let glyphBytes = changes.reduce(0) { $0 + ($1.cell.isContinuation ? 0 : max(1, $1.cell.symbol.utf8.count)) }

            let app = try PseudoTerminalProcess(binary: binary, arguments: ["--data-dir", dataDir.path, "--no-live", "--reduce-motion"],
                                                width: width, height: height, environment: appEnvironment())
            app.waitUntilSettled(quiet: 0.5)
            let start = app.output
            app.settle(bytes(for: key) ?? "")
            let written = app.output - start
            app.terminate()
            out.append(KeyBytes(name: name, bytes: written, cells: cells, glyphBytes: glyphBytes))
        }
        return out
    }

    /// Peak resident memory (bytes) and CPU time (seconds) of a whole run under the `peak` wrapper.
    static func peakRun(peak: String, program: String, arguments: [String], width: Int, height: Int,
                        environment: [String: String], keys: [String] = [], quitKey: String? = nil) throws -> (bytes: Double, cpu: Double) {
        let report = Fixtures.temporaryDirectory("peak").appendingPathComponent("kb")
        defer { try? FileManager.default.removeItem(at: report.deletingLastPathComponent()) }
        let p = try PseudoTerminalProcess(binary: peak, arguments: [report.path, program] + arguments, width: width, height: height,
                                          environment: environment)
        if let quitKey {
            p.waitUntilSettled(quiet: 0.5)
            for key in keys { p.settle(key) }
            p.send(quitKey)
        }
        guard p.waitForExit(timeout: 20) != nil else { throw BenchError("\(program) did not exit") }
        let fields = ((try? String(contentsOf: report, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard fields.count == 2 else { throw BenchError("no peak memory reported for \(program)") }
        return (fields[0] * 1024, fields[1] / 1e6)
    }
}

extension PseudoTerminalProcess {
    /// Sends `keys` and waits until the terminal has been quiet for `quiet` seconds (up to 2 s).
    func settle(_ keys: String, quiet: Double = 0.08) {
        send(keys)
        let deadline = uptime() + 2
        while uptime() < deadline {
            if pump(for: quiet) == 0 { return }
        }
    }
}

extension KeyBench {
    /// The bytes of the frame a live sample of `steps` steps makes on Today (one digit of the
    /// day's steps changes), beside the cells it changed. Live samples come from the provider's
    /// stream, not a key, so this runs the app's own run loop in this process, with the mock's
    /// stream kept silent and one sample handed to the loop as the stream would; the frame is
    /// encoded by the shipped `FrameEncoder` as the terminal backend sets it up for
    /// TERM=xterm-256color (256 colours, `rep`), and compared with the frame before it.
    @MainActor
    static func bytesForLiveSample(dataDir: URL, steps: Double, width: Int, height: Int) throws -> KeyBytes {
        var options = Options()
        options.dataDir = dataDir.path
        options.live = true
        options.reduceMotion = true
        // The mock's own stream waits an hour between samples: only the sample below arrives.
        let env = AppEnvironment(options: options, environment: appEnvironment(),
                                 sleeper: { _ in try await Task.sleep(nanoseconds: 3_600_000_000_000) })
        let source = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
        var deliver: () -> Void = {}
        let device = ChangeRecordingTerminal(size: Size(width: width, height: height)) {
            deliver()
            return [.wake]
        }
        let runtime = AppRuntime(env: env, device: device, wake: {})
        deliver = {
            let end = Date()
            runtime.deliver(liveSamples: [QuantitySample(id: "bench-live-1", type: .stepCount, value: steps,
                                                         start: end.addingTimeInterval(-60), end: end, source: source)])
        }
        _ = runtime.run()
        guard let before = device.beforeChange, let after = device.afterChange else { throw BenchError("no frame after the live sample") }
        let changes = after.diff(from: before)
        let cells = changes.count
        let glyphBytes = changes.reduce(0) { $0 + ($1.cell.isContinuation ? 0 : max(1, $1.cell.symbol.utf8.count)) }
        return KeyBytes(name: "one digit changes (a live sample of \(Int(steps)) steps; in process, the shipped encoder)",
                        bytes: device.changeBytes, cells: cells, glyphBytes: glyphBytes)
    }
}

/// A terminal for one change: it lets the launch settle (1.5 s without a frame), asks
/// `trigger` for the events that make the change (a key, or a live sample handed to the loop
/// and a wake), keeps the frame before it and the first one presented after it — and that
/// frame's bytes, encoded as the backend does for TERM=xterm-256color (256 colours, `rep`) —
/// lets that settle too, then quits.
final class ChangeRecordingTerminal: TerminalDevice {
    let size: Size
    let trigger: () -> [TerminalEvent]
    private var encoder = FrameEncoder(depth: .palette256, repeats: true)
    private var output: [UInt8] = []
    private var last: Buffer?
    private var phase = 0
    private var lastFrameAt = uptime()
    private var phaseStarted = uptime()
    private(set) var beforeChange: Buffer?
    private(set) var afterChange: Buffer?
    /// The bytes of `afterChange`.
    private(set) var changeBytes = 0

    init(size: Size, trigger: @escaping () -> [TerminalEvent]) {
        self.size = size
        self.trigger = trigger
    }

    func present(_ buffer: Buffer) {
        output.removeAll(keepingCapacity: true)
        encoder.encode(buffer, into: &output)
        if phase == 1, afterChange == nil {
            afterChange = buffer
            changeBytes = output.count
        }
        last = buffer
        lastFrameAt = uptime()
    }

    func waitForEvents(timeout: Double?) -> [TerminalEvent] {
        let settled = uptime() - lastFrameAt > 1.5
        switch phase {
        case 0 where settled:
            phase = 1
            phaseStarted = uptime()
            beforeChange = last
            return trigger()
        case 1 where (settled && afterChange != nil) || uptime() - phaseStarted > 10:
            phase = 2
            return [.keys([.char("q")])]
        default:
            usleep(UInt32(min(timeout ?? 0.05, 0.05) * 1_000_000))
            return [.wake]
        }
    }

    func bell() {}
    func flashScreen() {}
    func suspend() {}
}
