import FoundationEssentials
import Glibc
import HealthDomain
import Platform
import TerminalUI

/// Options shared by the app and its subcommands.
public struct Options: Equatable, Sendable {
    public var theme: String?
    public var reduceMotion = false
    public var bell = true
    public var dataDir: String?
    /// The health provider's scenario (a name only another mock knows leaves it `normal`).
    public var scenario: Scenario = .normal
    /// `--scenario` as given: each mocked service (health, scores, the wearable) reads its own names from it.
    public var scenarioName = "normal"
    /// True when `--scenario` or `TMM_SCENARIO` was given: the mock stays the provider even after an import.
    public var scenarioGiven = false
    /// `--provider`: the mock telehealth provider's presence (Care).
    public var providerPresence = "mid-exercise"
    /// `--tasks FILE`: the Care tasks file instead of the user's or the sample.
    public var tasksFile: String?
    /// `--month YYYY-MM`: the month `snapshot month` shows.
    public var month: String?
    public var mouse = true
    /// `snapshot` and `stats`: never move, rename or write the user's files.
    public var readOnly = false
    public var seed: UInt64 = 42
    public var live = true
    public var reset = false
    public var assumeYes = false
    /// `--now`: the start time. Snapshots and stats stay at it; the app's clock moves on from it.
    public var now: Date?
    /// True for the interactive app: time passes from `now`.
    public var clockRuns = false

    public init() {}
}

public enum Command: Equatable, Sendable {
    case run(Options)
    case help
    case version
    case stats(Options, StatsRequest)
    case snapshot(Options, SnapshotRequest)
    case importExport(Options, ImportRequest)
    case sync(Options, json: Bool)
    case checkTasks(path: String)
    case demo(Options, DemoRequest)
    /// `snapshot --list`: every snapshot name, one a line (for scripts such as `make docs`).
    case listSnapshotScreens
}

/// `stats`: which days and in what form.
public struct StatsRequest: Equatable, Sendable {
    public var days = 7
    public var json = false
    public var from: DayKey?
    public var to: DayKey?
    public var all = false
}

public struct SnapshotRequest: Equatable, Sendable {
    public enum Format: String, Sendable { case text, svg }
    public var screen: String
    public var size: Size
    public var format: Format = .text
}

/// `import PATH`: an Apple Health export (zip, folder or XML).
public struct ImportRequest: Equatable, Sendable {
    public var path: String
    public var quiet = false
    public var prefer: [String] = []
}

public struct DemoRequest: Equatable, Sendable {
    public var ux = false
    public var record: String?
}

public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

public enum CommandLineParser {
    public static let version = "0.1.0"
    /// Times `--now` accepts: the mocked history and the calendar maths stay well inside them.
    static let nowRange = Date(timeIntervalSince1970: 31_536_000)...Date(timeIntervalSince1970: 7_258_118_399)

    /// From the feature registry: every feature's snapshot names, then the shell's.
    public static var snapshotScreens: [String] { FeatureRegistry.snapshotScreens }

    public static var usage: String { """
    Usage: tmm-tui [options]
           tmm-tui stats [--days N | --from D --to D | --all] [--json] [options]
           tmm-tui snapshot SCREEN --size WxH [--format text|svg] [options]
           tmm-tui import PATH [--prefer NAME] [--quiet] [options]
           tmm-tui sync [--json] [options]
           tmm-tui tasks --check FILE
           tmm-tui demo [--ux] [--record FILE.cast] [options]

    A keyboard-driven health dashboard: steps, active energy, meals, scores,
    care tasks and a wearable.

    Options:
      --theme NAME|PATH   dark, light, high-contrast, a theme in
                          $XDG_CONFIG_HOME/tmm-tui/themes/, or a JSON file
      --reduce-motion     no animations (pulses, shimmer, confetti, breathing)
      --no-bell           no terminal bell; a brief flash instead
      --no-live           do not stream live samples
      --no-mouse          do not ask the terminal for mouse events
      --data-dir DIR      keep every file under DIR (cache, data, config)
      --scenario NAME     mocked data: \(wrapped(scenarioNames, first: 35, indent: 22, width: 79))
                          (or TMM_SCENARIO)
      --provider NAME     Care's mock provider: available-now, after-delay[:S],
                          mid-exercise, never
      --tasks FILE        Care tasks (default: $XDG_DATA_HOME/tmm-tui/tasks.json,
                          else the built-in sample)
      --month YYYY-MM     the month `snapshot month` shows
      --seed N            seed of the mocked data (default 42)
      --now TIME          start at TIME (ISO 8601, e.g. 2026-11-22T15:30:00Z);
                          the app's clock moves on from it, snapshot and
                          stats stay at it
      --reset             forget onboarding and settings (meals are kept);
                          asks first unless --yes is given
      --yes               answer yes to --reset's question
      -h, --help          show this help
      -V, --version       show the version

    Subcommands:
      stats               the daily totals the app would show (date, steps,
                          active kcal, naive sums, and more with imported data);
                          --days N (1–3650, default 7), --from/--to, --all,
                          --json for JSON
      snapshot SCREEN     render a screen without a terminal and print it
                          (snapshot --list prints every name);
                          SCREEN is one of \(wrapped(snapshotScreens, first: 39, indent: 22, width: 79))
      import PATH         read an Apple Health export (export.zip, its folder
                          or export.xml); the app then shows it instead of the
                          simulated data (--scenario brings the simulation
                          back). --prefer NAME counts that source first where
                          sources overlap; --quiet prints nothing on success.
                          Exit codes: 0 imported, 1 bad input or failed write,
                          2 usage, 130 interrupted (1 and 130 change nothing)
      sync                connect the simulated wearable once and read its data
                          (progress on stderr; --json for JSON; --seed N;
                          --scenario success, out-of-range, timed-out,
                          pairing-refused, bad-payload or hang); exit 1 when
                          the sync fails
      tasks --check FILE  check a Care tasks file and list its problems
      demo                a narrated tour of every screen; --ux for the short
                          cut, --record FILE.cast to write an asciicast

    Environment: NO_COLOR, TZ, LANG, TMM_SCENARIO, XDG_CONFIG_HOME, XDG_DATA_HOME,
    XDG_CACHE_HOME. Keys: press ? (or F1) in the app.
    """ }

    /// A comma-separated list wrapped at `width`, continuation lines indented by `indent`.
    static func wrapped(_ items: [String], first: Int, indent: Int, width: Int) -> String {
        var lines: [String] = [], line = ""
        for (i, item) in items.enumerated() {
            let piece = item + (i < items.count - 1 ? "," : "")
            let used = (lines.isEmpty ? first : indent) + line.count
            if !line.isEmpty && used + 1 + piece.count > width {
                lines.append(line)
                line = piece
            } else {
                line += (line.isEmpty ? "" : " ") + piece
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// Every name `--scenario` accepts: the health provider's, the scores', the wearable's.
    public static var scenarioNames: [String] {
        var names = Scenario.allCases.map(\.rawValue)
        for n in MetricScenario.allCases.map(\.rawValue) + WearableScenario.names where !names.contains(n) { names.append(n) }
        return names
    }

    static let subcommands = ["stats", "snapshot", "import", "sync", "tasks", "demo"]

    public static func parse(_ arguments: [String], environment: [String: String] = [:]) -> Result<Command, UsageError> {
        var options = Options()
        if let s = environment["TMM_SCENARIO"], !s.isEmpty {
            guard scenarioNames.contains(s) else {
                return .failure(UsageError(message: "TMM_SCENARIO=\(s) is not a scenario (\(scenarioNames.joined(separator: ", ")))"))
            }
            options.scenarioName = s
            options.scenario = Scenario(rawValue: s) ?? .normal
            options.scenarioGiven = true
        }
        var args = arguments[...]
        var subcommand: String?
        var positional: String?
        var size: Size?
        var stats = StatsRequest()
        var statsFlags: [String] = []
        var format: SnapshotRequest.Format?
        var quiet = false, prefer: [String] = []
        var check = false, list = false
        var ux = false, record: String?
        var wantsHelp = false, wantsVersion = false

        func value(_ flag: String) throws -> String {
            guard let v = args.popFirst(), !v.hasPrefix("--") || v == "-" else { throw UsageError(message: "\(flag) needs a value") }
            return v
        }
        func day(_ flag: String) throws -> DayKey {
            let v = try value(flag)
            let utc = LocalCalendar(timeZone: .utc)
            guard let d = DayKey(string: v), d.year >= 1971, d.year <= 2199, DayKey(d.startDate(in: utc), calendar: utc) == d else {
                throw UsageError(message: "\(flag) needs a date such as 2026-11-01, not \"\(v)\"")
            }
            return d
        }

        do {
            while let arg = args.popFirst() {
                var flag = arg
                if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                    flag = String(arg[..<eq])
                    args.insert(String(arg[arg.index(after: eq)...]), at: args.startIndex)
                }
                switch flag {
                case "-h", "--help": wantsHelp = true
                case "-V", "--version": wantsVersion = true
                case "--theme":
                    let v = try value(flag)
                    guard !v.isEmpty else { throw UsageError(message: "--theme needs a name or a path") }
                    options.theme = v
                case "--reduce-motion": options.reduceMotion = true
                case "--no-bell": options.bell = false
                case "--no-live": options.live = false
                case "--no-mouse": options.mouse = false
                case "--reset": options.reset = true
                case "--yes", "-y": options.assumeYes = true
                case "--data-dir":
                    let v = try value(flag)
                    guard !v.isEmpty else { throw UsageError(message: "--data-dir needs a directory") }
                    options.dataDir = v
                case "--scenario":
                    let v = try value(flag)
                    guard scenarioNames.contains(v) else {
                        throw UsageError(message: "unknown scenario \"\(v)\" (choose from \(scenarioNames.joined(separator: ", ")))")
                    }
                    options.scenarioName = v
                    options.scenario = Scenario(rawValue: v) ?? .normal
                    options.scenarioGiven = true
                case "--provider":
                    let v = try value(flag)
                    guard PresenceScenario(name: v) != nil else {
                        throw UsageError(message: "unknown provider presence \"\(v)\" (choose from \(PresenceScenario.names.joined(separator: ", ")))")
                    }
                    options.providerPresence = v
                case "--tasks":
                    let v = try value(flag)
                    guard !v.isEmpty else { throw UsageError(message: "--tasks needs a file") }
                    options.tasksFile = v
                case "--month":
                    let v = try value(flag)
                    guard DayKey(string: v + "-01") != nil, v.count == 7 else {
                        throw UsageError(message: "--month needs a month such as 2026-11, not \"\(v)\"")
                    }
                    options.month = v
                case "--seed":
                    let v = try value(flag)
                    guard let n = UInt64(v) else { throw UsageError(message: "--seed needs a whole number, not \"\(v)\"") }
                    options.seed = n
                case "--now":
                    let v = try value(flag)
                    guard let d = ISO8601Text.date(v) else {
                        throw UsageError(message: "--now needs an ISO 8601 time such as 2026-11-22T15:30:00Z")
                    }
                    guard Self.nowRange.contains(d) else {
                        throw UsageError(message: "--now must be between 1971 and 2199, not \(v)")
                    }
                    options.now = d
                case "--days":
                    let v = try value(flag)
                    guard let n = Int(v), (1...3650).contains(n) else { throw UsageError(message: "--days needs a number from 1 to 3650, not \"\(v)\"") }
                    stats.days = n
                    statsFlags.append(flag)
                case "--json": stats.json = true; statsFlags.append(flag)
                case "--from": stats.from = try day(flag); statsFlags.append(flag)
                case "--to": stats.to = try day(flag); statsFlags.append(flag)
                case "--all": stats.all = true; statsFlags.append(flag)
                case "--format":
                    let v = try value(flag)
                    guard let f = SnapshotRequest.Format(rawValue: v) else { throw UsageError(message: "--format needs text or svg, not \"\(v)\"") }
                    format = f
                case "--quiet", "-q": quiet = true
                case "--prefer":
                    let v = try value(flag)
                    guard !v.isEmpty else { throw UsageError(message: "--prefer needs a source name") }
                    prefer.append(v)
                case "--check": check = true
                case "--list": list = true
                case "--ux": ux = true
                case "--record":
                    let v = try value(flag)
                    guard !v.isEmpty else { throw UsageError(message: "--record needs a file name") }
                    record = v
                case "--size":
                    let v = try value(flag)
                    let parts = v.lowercased().split(separator: "x")
                    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w), (1...1000).contains(h) else {
                        throw UsageError(message: "--size needs WIDTHxHEIGHT between 1x1 and 1000x1000, such as 80x24")
                    }
                    size = Size(width: w, height: h)
                default:
                    if subcommand == nil && subcommands.contains(arg) {
                        subcommand = arg
                    } else if arg.hasPrefix("-") && arg != "-" {
                        throw UsageError(message: "unknown option \(arg)")
                    } else if positional == nil && ["snapshot", "import", "tasks"].contains(subcommand ?? "") {
                        positional = arg
                    } else {
                        throw UsageError(message: "unexpected argument \"\(arg)\"")
                    }
                }
            }
            if wantsHelp { return .success(.help) }
            if wantsVersion { return .success(.version) }
            return .success(try command(subcommand, positional: positional, options: options, size: size, stats: stats,
                                        statsFlags: statsFlags, format: format, quiet: quiet, prefer: prefer, check: check,
                                        ux: ux, record: record, list: list))
        } catch let e as UsageError {
            return .failure(e)
        } catch {
            return .failure(UsageError(message: "\(error)"))
        }
    }

    /// Checks which flags go with which subcommand and builds the command.
    private static func command(_ subcommand: String?, positional: String?, options: Options, size: Size?, stats: StatsRequest,
                                statsFlags: [String], format: SnapshotRequest.Format?, quiet: Bool, prefer: [String], check: Bool,
                                ux: Bool, record: String?, list: Bool) throws -> Command {
        func only(_ flag: String, _ present: Bool, with allowed: Set<String>) throws {
            if present && !allowed.contains(subcommand ?? "") {
                let list = allowed.sorted().joined(separator: " or ")
                throw UsageError(message: "\(flag) goes with the \(list) subcommand")
            }
        }
        if !statsFlags.isEmpty && subcommand != "stats" && !(subcommand == "sync" && statsFlags == ["--json"]) {
            throw UsageError(message: "\(statsFlags.contains("--days") || statsFlags.contains("--json") ? "--days and --json" : statsFlags[0]) go with the stats subcommand")
        }
        try only("--size", size != nil, with: ["snapshot"])
        try only("--format", format != nil, with: ["snapshot"])
        try only("--quiet", quiet, with: ["import"])
        try only("--prefer", !prefer.isEmpty, with: ["import"])
        try only("--check", check, with: ["tasks"])
        try only("--list", list, with: ["snapshot"])
        try only("--ux", ux, with: ["demo"])
        try only("--record", record != nil, with: ["demo"])
        var options = options
        switch subcommand {
        case "stats":
            options.readOnly = true
            if stats.all && (stats.from != nil || stats.to != nil) { throw UsageError(message: "--all goes without --from and --to") }
            if stats.all && statsFlags.contains("--days") { throw UsageError(message: "--all goes without --days (it prints every day)") }
            if let f = stats.from, let t = stats.to, f > t { throw UsageError(message: "--from \(f) is after --to \(t)") }
            return .stats(options, stats)
        case "snapshot":
            options.readOnly = true
            if list && positional == nil { return .listSnapshotScreens }
            guard let screen = positional else {
                throw UsageError(message: "snapshot needs a screen: \(snapshotScreens.joined(separator: ", "))")
            }
            guard snapshotScreens.contains(screen) else {
                throw UsageError(message: "unknown screen \"\(screen)\" (choose from \(snapshotScreens.joined(separator: ", ")))")
            }
            guard let size else { throw UsageError(message: "snapshot needs --size WxH, such as --size 80x24") }
            return .snapshot(options, SnapshotRequest(screen: screen, size: size, format: format ?? .text))
        case "import":
            guard let path = positional else { throw UsageError(message: "import needs a path: export.zip, its folder or export.xml") }
            return .importExport(options, ImportRequest(path: path, quiet: quiet, prefer: prefer))
        case "sync":
            return .sync(options, json: stats.json)
        case "tasks":
            guard check, let path = positional else { throw UsageError(message: "tasks needs --check FILE") }
            return .checkTasks(path: path)
        case "demo":
            return .demo(options, DemoRequest(ux: ux, record: record))
        default:
            options.clockRuns = true
            return .run(options)
        }
    }
}
