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
    /// `--scenario` as given: each mocked service (health, and each feature's) reads its own names from it.
    public var scenarioName = "normal"
    /// True when `--scenario` or `TMM_SCENARIO` was given: the mock stays the provider even after an import.
    public var scenarioGiven = false
    /// The features' own flags as given (`Feature.commandLineOptions`), by their long name.
    public var featureValues: [String: String] = [:]
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

    /// A feature flag's value (`value(of: "--provider")`), nil when it was not given.
    public func value(of flag: String) -> String? { featureValues[flag] }
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
    /// `glance`: today in one line or as cards (read-only).
    case glance(Options, GlanceRequest)
    /// `completions bash|zsh|fish`: a completion script from the option table.
    case completions(CompletionScript.Shell)
    /// `completions man`: the man page, tmm-tui.1 (`make install` writes it).
    case manPage
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
    public enum Format: String, CaseIterable, Sendable { case text, svg }
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
    /// Why `path` cannot be a data directory: something other than a directory is there (a
    /// file, a FIFO, a device), or a file stands where one of its parents should be. Nothing
    /// is opened (a FIFO is never waited on); a path not made yet is fine (the app makes it).
    static func dataDirProblem(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "--data-dir \(path) is not a directory"
        }
        switch errno {
        case ENOTDIR: return "--data-dir \(path): a part of that path is a file, not a directory"
        case EACCES: return "--data-dir \(path): permission denied"
        default: return nil
        }
    }

    public static let version = "0.1.0"
    /// Times `--now` accepts: the mocked history and the calendar maths stay well inside them.
    static let nowRange = Date(timeIntervalSince1970: 31_536_000)...Date(timeIntervalSince1970: 7_258_118_399)

    /// From the feature registry: every feature's snapshot names, then the shell's.
    public static var snapshotScreens: [String] { FeatureRegistry.snapshotScreens }

    /// `--help`, made from `CommandLineTable` (as the completion scripts and the man page are).
    public static var usage: String { CommandLineTable.usage }

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

    /// The same, as printed lines: `prefix` then the list, continuation lines without their indent.
    static func wrapped(_ items: [String], first: Int, indent: Int, width: Int, prefix: String) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return (prefix + wrapped(items, first: first, indent: indent, width: width)).components(separatedBy: "\n")
            .map { $0.hasPrefix(pad) ? String($0.dropFirst(indent)) : $0 }
    }

    /// Every name `--scenario` accepts: the health provider's, then each feature's mock's.
    public static var scenarioNames: [String] {
        var names = Scenario.allCases.map(\.rawValue)
        for n in FeatureRegistry.all.flatMap({ $0.scenarioNames }) where !names.contains(n) { names.append(n) }
        return names
    }

    static var subcommands: [String] { CommandLineTable.subcommandNames }

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
        var format: String?
        var fields: [GlanceRequest.Field]?, card: GlanceRequest.Card?
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
                    if let problem = Self.dataDirProblem(v) { throw UsageError(message: problem) }
                    options.dataDir = v
                case "--scenario":
                    let v = try value(flag)
                    guard scenarioNames.contains(v) else {
                        throw UsageError(message: "unknown scenario \"\(v)\" (choose from \(scenarioNames.joined(separator: ", ")))")
                    }
                    options.scenarioName = v
                    options.scenario = Scenario(rawValue: v) ?? .normal
                    options.scenarioGiven = true
                case "--seed":
                    let v = try value(flag)
                    guard let n = UInt64(v) else { throw UsageError(message: "--seed needs a whole number from 0 to 18446744073709551615, not \"\(v)\"") }
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
                case "--format": format = try value(flag)
                case "--fields": fields = try GlanceRequest.parseFields(try value(flag)).get()
                case "--card":
                    let v = try value(flag)
                    guard let c = GlanceRequest.Card(rawValue: v) else {
                        throw UsageError(message: "--card needs \(GlanceRequest.Card.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(v)\"")
                    }
                    card = c
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
                    // Features' flags all start with "-": a subcommand or a path is not looked up in them.
                    if flag.hasPrefix("-"), let option = FeatureRegistry.commandLineOption(named: flag) {
                        let v = try value(flag)
                        if let problem = option.check(v) { throw UsageError(message: problem) }
                        options.featureValues[option.entry.long] = v
                    } else if subcommand == nil && subcommands.contains(arg) {
                        subcommand = arg
                    } else if arg.hasPrefix("-") && arg != "-" {
                        throw UsageError(message: "unknown option \(arg)")
                    } else if positional == nil && ["snapshot", "import", "tasks", "completions"].contains(subcommand ?? "") {
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
                                        ux: ux, record: record, list: list, fields: fields, card: card))
        } catch let e as UsageError {
            return .failure(e)
        } catch {
            return .failure(UsageError(message: "\(error)"))
        }
    }

    /// Checks which flags go with which subcommand and builds the command.
    private static func command(_ subcommand: String?, positional: String?, options: Options, size: Size?, stats: StatsRequest,
                                statsFlags: [String], format: String?, quiet: Bool, prefer: [String], check: Bool,
                                ux: Bool, record: String?, list: Bool, fields: [GlanceRequest.Field]?,
                                card: GlanceRequest.Card?) throws -> Command {
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
        try only("--format", format != nil, with: ["snapshot", "glance"])
        try only("--fields", fields != nil, with: ["glance"])
        try only("--card", card != nil, with: ["glance"])
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
            var snapshotFormat = SnapshotRequest.Format.text
            if let format {
                guard let f = SnapshotRequest.Format(rawValue: format) else { throw UsageError(message: "--format needs text or svg, not \"\(format)\"") }
                snapshotFormat = f
            }
            return .snapshot(options, SnapshotRequest(screen: screen, size: size, format: snapshotFormat))
        case "glance":
            // Like stats: it only reads.
            options.readOnly = true
            var request = GlanceRequest(fields: fields ?? GlanceRequest.Field.allCases, card: card)
            if let format {
                guard let f = GlanceRequest.Format(rawValue: format) else {
                    throw UsageError(message: "--format needs \(GlanceRequest.Format.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(format)\"")
                }
                request.format = f
            }
            return .glance(options, request)
        case "completions":
            if positional == "man" { return .manPage }
            guard let name = positional, let shell = CompletionScript.Shell(rawValue: name) else {
                let choices = CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", ") + ", or man for the man page"
                throw UsageError(message: positional.map { "completions: unknown shell \"\($0)\" (choose from \(choices))" }
                    ?? "completions needs a shell: \(choices)")
            }
            return .completions(shell)
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
