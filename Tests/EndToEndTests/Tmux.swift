import Foundation
import XCTest

/// Finds the binary under test: $TMM_TUI_BIN (set by `make test`), else the
/// release or debug build in this checkout.
enum Binary {
    static var path: String? {
        if let p = ProcessInfo.processInfo.environment["TMM_TUI_BIN"], FileManager.default.isExecutableFile(atPath: p) { return p }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        for config in ["release", "debug"] {
            let p = root.appendingPathComponent(".build/\(config)/tmm-tui").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    static func require() throws -> String {
        guard let p = path else {
            XCTFail("no tmm-tui binary: run `make test` (it builds one) or set TMM_TUI_BIN")
            throw XCTSkip("no binary")
        }
        return p
    }
}

/// Runs a command and collects what it printed. Uses posix_spawn + waitpid with
/// output in temporary files: Foundation's `Process` can miss the exit of a
/// client whose daemon (the tmux server) outlives it, and pipes would be held open.
@discardableResult
func shell(_ executable: String, _ args: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
    let dir = FileManager.default.temporaryDirectory
    let outPath = dir.appendingPathComponent("tmm-e2e-out-\(UUID().uuidString)").path
    let errPath = dir.appendingPathComponent("tmm-e2e-err-\(UUID().uuidString)").path
    defer { unlink(outPath); unlink(errPath) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t(), allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
    let argv = ([executable] + args).map { strdup($0) } + [nil]
    let envp = env.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) }; envp.forEach { free($0) } }

    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    return (exitCode, read(outPath), read(errPath))
}

/// A private tmux server with one window running the app. After the app exits
/// the shell prints its exit status and the terminal modes, so a test can check
/// the terminal was restored.
final class TmuxSession {
    let socket = "tmm-e2e-\(UUID().uuidString.prefix(8))"
    let tmux: String
    static let marker = "[tmm-exit"

    /// What prints the app's exit status and the terminal's modes, once it has exited. Typed into
    /// a shell the command line shows too: split in quotes, its text holds neither the marker nor
    /// "icanon", so only what it prints matches.
    static let exitReport = "echo \"[tmm-\"\"exit $?]\"; stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(i''canon|echo|ixon)$' | tr '\\n' ' '; echo"

    /// `launcher` runs before the binary (e.g. setpriv to drop root). `jobControl`: the app is
    /// typed into an interactive bash, as a user starts it, so Ctrl-Z stops it and `fg` brings it
    /// back (under `sh -c` its process group is orphaned and the kernel drops a stop signal);
    /// then `reportExit()` after it exits.
    init(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:], launcher: [String] = [],
         jobControl: Bool = false) throws {
        guard let t = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first(where: FileManager.default.isExecutableFile) else {
            XCTFail("tmux is required for the end-to-end tests (make test installs it)")
            throw XCTSkip("no tmux")
        }
        tmux = t
        let binary = try Binary.require()
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": NSTemporaryDirectory()]
        env.merge(environment) { $1 }
        let exports = env.map { "\($0.key)=\(shellQuote($0.value))" }.joined(separator: " ")
        let app = "\(launcher.map(shellQuote).joined(separator: " ")) \(shellQuote(binary)) \(arguments.map(shellQuote).joined(separator: " "))"
        let session = ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "app", "-x", "\(width)", "-y", "\(height)"]
        if jobControl {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            try shell(tmux, session + ["env -i \(exports) PATH=\(shellQuote(path)) PS1='$ ' bash --norc --noprofile -i"])
            type(app)
            send("Enter")
        } else {
            try shell(tmux, session + ["sh", "-c", "env \(exports) \(app); \(Self.exitReport); sleep 600"])
        }
    }

    /// With `jobControl`, once the app has exited and the prompt is back: its status and the modes.
    func reportExit() {
        type(Self.exitReport)
        send("Enter")
    }

    deinit { _ = try? runTmux(["kill-server"]) }

    @discardableResult
    func runTmux(_ args: [String]) throws -> String {
        try shell(tmux, ["-L", socket] + args).out
    }

    func send(_ keys: String...) { _ = try? runTmux(["send-keys", "-t", "app"] + keys) }
    func type(_ text: String) { _ = try? runTmux(["send-keys", "-t", "app", "-l", text]) }
    func capture(colors: Bool = false) -> String { (try? runTmux(["capture-pane", "-p", "-t", "app"] + (colors ? ["-e"] : []))) ?? "" }
    func resize(_ w: Int, _ h: Int) { _ = try? runTmux(["resize-window", "-t", "app", "-x", "\(w)", "-y", "\(h)"]) }

    var pid: Int32? {
        let list = (try? runTmux(["list-panes", "-t", "app", "-F", "#{pane_pid}"])) ?? ""
        guard let shellPID = Int32(list.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        // The app is the shell's child.
        let children = (try? shell("/usr/bin/pgrep", ["-P", "\(shellPID)", "tmm-tui"]).out) ?? ""
        return Int32(children.split(separator: "\n").first ?? "")
    }

    /// Polls the screen until `predicate` holds on a settled screen or `timeout` passes (a real process:
    /// no test clock here).
    /// 20 s by default: only a failing test waits that long, and a loaded 2-core CI machine
    /// has taken more than 10 s to bring up a debug binary under strace.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line,
                 _ predicate: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        var matched = false
        while Date() < deadline {
            screen = capture()
            matched = predicate(screen)
            // tmux may be caught half-way through a frame (a tab switch rewrites every cell):
            // a screen counts once a second look finds it unchanged.
            if matched {
                usleep(10_000)
                let again = capture()
                if again == screen { return screen }
                screen = again
                matched = predicate(again)
                continue
            }
            usleep(40_000)
        }
        if matched { return screen }
        XCTFail("timed out waiting for \(what); screen:\n\(screen)", file: file, line: line)
        return screen
    }

    @discardableResult
    func waitFor(text: String, timeout: Double = 20, file: StaticString = #filePath, line: UInt = #line) -> String {
        waitFor("\"\(text)\"", timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    /// First launch: Connect Health, Allow, and on to Today.
    func onboard(file: StaticString = #filePath, line: UInt = #line) {
        waitFor(text: "Connect Health", file: file, line: line)
        send("Enter")
        waitFor(text: "Health Access", file: file, line: line)
        send("Enter")
        waitFor(text: "Last 7 days", file: file, line: line)
    }

    /// Today with its week loaded: its keys (`c`, `+`, `g`…) are bound only then ("c Chart" in the footer);
    /// a key sent while the week still loads does nothing.
    @discardableResult
    func waitForLoadedToday(file: StaticString = #filePath, line: UInt = #line) -> String {
        waitFor("Today with its week loaded", file: file, line: line) { $0.contains("Last 7 days") && $0.contains("c Chart") }
    }

    /// The meal sheet titled `title`, once it has slid up far enough to show its Time row
    /// (its title shows first, its lower rows a few frames later).
    @discardableResult
    func waitForMealSheet(_ title: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        waitFor("the sheet \"\(title)\" with its Time row", file: file, line: line) { screen in
            screen.contains(title) && screen.components(separatedBy: "\n").contains { $0.contains("│ Time ") }
        }
    }

    /// Opens the meal sheet from anywhere after onboarding and types a meal (no save).
    func typeMeal(_ name: String, calories: String, file: StaticString = #filePath, line: UInt = #line) {
        send("2")
        send("n")
        waitFor(text: "Food name", file: file, line: line)
        type(name)
        send("Tab")
        type(calories)
    }

    /// Closes the meal sheet, confirming the discard (a key sent right after Esc would read as Alt+key).
    func discardMeal(file: StaticString = #filePath, line: UInt = #line) {
        send("Escape")
        waitFor(text: "Discard this meal?", file: file, line: line)
        send("y")
    }

    /// Waits for the app to exit; returns its status and whether the terminal modes were restored.
    func waitForExit(file: StaticString = #filePath, line: UInt = #line) -> (status: Int32?, restored: Bool, screen: String) {
        let screen = waitFor("the app to exit", file: file, line: line) { $0.contains(Self.marker) && $0.contains("icanon") }
        let status = screen.components(separatedBy: Self.marker + " ").dropFirst().first.flatMap { Int32($0.prefix { $0.isNumber }) }
        let modes = screen.components(separatedBy: "\n").first { $0.contains("icanon") } ?? ""
        let restored = modes.contains("icanon") && !modes.contains("-icanon") && modes.contains("echo") && !modes.contains("-echo")
            && modes.contains("ixon") && !modes.contains("-ixon")
        return (status, restored, screen)
    }
}

func shellQuote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

func temporaryDataDir() -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-e2e-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.path
}
