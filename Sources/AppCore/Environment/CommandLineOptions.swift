import Foundation
import HealthDomain
import TerminalUI

/// Options shared by the app and its subcommands.
public struct Options: Equatable, Sendable {
    public var theme: String?
    public var reduceMotion = false
    public var bell = true
    public var dataDir: String?
    public var scenario: Scenario = .normal
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
    case stats(Options, days: Int, json: Bool)
    case snapshot(Options, screen: String, size: Size)
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
           tmm-tui stats [--days N] [--json] [options]
           tmm-tui snapshot SCREEN --size WxH [options]

    A keyboard-driven health dashboard: steps, active energy and a meal log.

    Options:
      --theme NAME|PATH   dark, light, high-contrast, a theme in
                          $XDG_CONFIG_HOME/tmm-tui/themes/, or a JSON file
      --reduce-motion     no animations (pulses, shimmer, confetti)
      --no-bell           no terminal bell; a brief flash instead
      --no-live           do not stream live samples
      --data-dir DIR      keep every file under DIR (cache, data, config)
      --scenario NAME     mocked health data: normal, denied, partial,
                          unavailable, empty, slow, flaky (or TMM_SCENARIO)
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
      stats               print the daily totals the dashboard would show
                          (date, steps, active kcal, naive sum); --days N (1–3650,
                          default 7), --json for JSON
      snapshot SCREEN     render a screen without a terminal and print it as text;
                          SCREEN is one of \(snapshotScreens.joined(separator: ", "));
                          --size WxH is required

    Environment: NO_COLOR, TZ, LANG, TMM_SCENARIO, XDG_CONFIG_HOME, XDG_DATA_HOME,
    XDG_CACHE_HOME. Keys: press ? in the app.
    """ }

    public static func parse(_ arguments: [String], environment: [String: String] = [:]) -> Result<Command, UsageError> {
        var options = Options()
        if let s = environment["TMM_SCENARIO"], !s.isEmpty {
            guard let scenario = Scenario(rawValue: s) else {
                return .failure(UsageError(message: "TMM_SCENARIO=\(s) is not a scenario (\(Scenario.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            options.scenario = scenario
        }
        var args = arguments[...]
        var subcommand: String?
        var snapshotScreen: String?
        var size: Size?
        var days = 7
        var json = false
        var wantsHelp = false, wantsVersion = false

        func value(_ flag: String) throws -> String {
            guard let v = args.popFirst(), !v.hasPrefix("--") || v == "-" else { throw UsageError(message: "\(flag) needs a value") }
            return v
        }

        do {
            while let arg = args.popFirst() {
                var flag = arg
                var inline: String?
                if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                    flag = String(arg[..<eq])
                    inline = String(arg[arg.index(after: eq)...])
                    args.insert(inline!, at: args.startIndex)
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
                case "--reset": options.reset = true
                case "--yes", "-y": options.assumeYes = true
                case "--data-dir":
                    let v = try value(flag)
                    guard !v.isEmpty else { throw UsageError(message: "--data-dir needs a directory") }
                    options.dataDir = v
                case "--scenario":
                    let v = try value(flag)
                    guard let s = Scenario(rawValue: v) else {
                        throw UsageError(message: "unknown scenario \"\(v)\" (choose from \(Scenario.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    options.scenario = s
                case "--seed":
                    let v = try value(flag)
                    guard let n = UInt64(v) else { throw UsageError(message: "--seed needs a whole number, not \"\(v)\"") }
                    options.seed = n
                case "--now":
                    let v = try value(flag)
                    guard let d = ISO8601DateFormatter().date(from: v) else {
                        throw UsageError(message: "--now needs an ISO 8601 time such as 2026-11-22T15:30:00Z")
                    }
                    guard Self.nowRange.contains(d) else {
                        throw UsageError(message: "--now must be between 1971 and 2199, not \(v)")
                    }
                    options.now = d
                case "--days":
                    let v = try value(flag)
                    guard let n = Int(v), (1...3650).contains(n) else { throw UsageError(message: "--days needs a number from 1 to 3650, not \"\(v)\"") }
                    days = n
                case "--json": json = true
                case "--size":
                    let v = try value(flag)
                    let parts = v.lowercased().split(separator: "x")
                    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w), (1...1000).contains(h) else {
                        throw UsageError(message: "--size needs WIDTHxHEIGHT between 1x1 and 1000x1000, such as 80x24")
                    }
                    size = Size(width: w, height: h)
                case "stats", "snapshot":
                    guard subcommand == nil else { throw UsageError(message: "unexpected argument \"\(arg)\"") }
                    subcommand = flag
                    if flag == "snapshot" {
                        guard let screen = args.popFirst() else {
                            throw UsageError(message: "snapshot needs a screen: \(snapshotScreens.joined(separator: ", "))")
                        }
                        guard snapshotScreens.contains(screen) else {
                            throw UsageError(message: "unknown screen \"\(screen)\" (choose from \(snapshotScreens.joined(separator: ", ")))")
                        }
                        snapshotScreen = screen
                    }
                default:
                    if arg.hasPrefix("-") { throw UsageError(message: "unknown option \(arg)") }
                    throw UsageError(message: "unexpected argument \"\(arg)\"")
                }
            }
        } catch let e as UsageError {
            return .failure(e)
        } catch {
            return .failure(UsageError(message: "\(error)"))
        }

        if wantsHelp { return .success(.help) }
        if wantsVersion { return .success(.version) }
        if (days != 7 || json) && subcommand != "stats" { return .failure(UsageError(message: "--days and --json go with the stats subcommand")) }
        if size != nil && subcommand != "snapshot" { return .failure(UsageError(message: "--size goes with the snapshot subcommand")) }
        switch subcommand {
        case "stats": return .success(.stats(options, days: days, json: json))
        case "snapshot":
            guard let size else { return .failure(UsageError(message: "snapshot needs --size WxH, such as --size 80x24")) }
            return .success(.snapshot(options, screen: snapshotScreen!, size: size))
        default:
            options.clockRuns = true
            return .success(.run(options))
        }
    }
}
