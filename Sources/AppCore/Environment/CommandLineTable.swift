import FoundationEssentials
import HealthDomain
import Platform

/// What a flag or an argument takes, for `--help`, the completion scripts and the man page.
public enum ValueKind: Equatable, Sendable {
    case none
    /// One of these words.
    case words([String])
    /// A theme name (built in, or in the user's themes folder) or a JSON file.
    case theme
    case file
    case directory
    /// Free text (a number, a date, a name).
    case text
}

/// One flag: its spellings, the value it takes, where it goes and what `--help` says.
public struct OptionEntry: Equatable, Sendable {
    public var names: [String]
    /// "NAME|PATH", "DIR"; nil for a flag without a value.
    public var placeholder: String?
    public var values: ValueKind
    /// The subcommands it goes with; empty: the app and every subcommand that reads data.
    public var subcommands: [String]
    /// `--help`'s words, one string per printed line.
    public var help: [String]
    /// Listed under Options in `--help` (subcommands' own flags are described with the subcommand).
    public var listed: Bool

    public var long: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}

/// One subcommand: its synopsis line, its argument and `--help`'s description.
public struct SubcommandEntry: Equatable, Sendable {
    public var name: String
    /// The usage line after "tmm-tui ".
    public var synopsis: String
    /// The column title in `--help` ("stats", "snapshot SCREEN").
    public var title: String
    public var argument: ValueKind
    public var help: [String]
}

/// The one table `--help`, `completions bash|zsh|fish` and the man page are made from.
public enum CommandLineTable {
    public static var options: [OptionEntry] {
        appOptions.prefix { $0.long != "--seed" } + FeatureRegistry.commandLineOptions.map(\.entry) + appOptions.drop { $0.long != "--seed" }
    }

    /// The app's own flags; the features' come from `FeatureRegistry` (listed before `--seed`).
    static var appOptions: [OptionEntry] {
        let scenarios = CommandLineParser.scenarioNames
        return [
            OptionEntry(names: ["--theme"], placeholder: "NAME|PATH", values: .theme, subcommands: [],
                        help: ["dark, light, high-contrast, a theme in", "$XDG_CONFIG_HOME/tmm-tui/themes/, or a JSON file"], listed: true),
            OptionEntry(names: ["--reduce-motion"], placeholder: nil, values: .none, subcommands: [],
                        help: ["no animations (pulses, shimmer, confetti, breathing)"], listed: true),
            OptionEntry(names: ["--no-bell"], placeholder: nil, values: .none, subcommands: [],
                        help: ["no terminal bell; a brief flash instead"], listed: true),
            OptionEntry(names: ["--no-live"], placeholder: nil, values: .none, subcommands: [], help: ["do not stream live samples"], listed: true),
            OptionEntry(names: ["--no-mouse"], placeholder: nil, values: .none, subcommands: [],
                        help: ["do not ask the terminal for mouse events"], listed: true),
            OptionEntry(names: ["--data-dir"], placeholder: "DIR", values: .directory, subcommands: [],
                        help: ["keep every file under DIR (cache, data, config)"], listed: true),
            OptionEntry(names: ["--scenario"], placeholder: "NAME", values: .words(scenarios), subcommands: [],
                        help: CommandLineParser.wrapped(scenarios, first: 35, indent: 22, width: 79, prefix: "mocked data: ")
                            + ["(or TMM_SCENARIO)"], listed: true),
            OptionEntry(names: ["--seed"], placeholder: "N", values: .text, subcommands: [],
                        help: ["seed of the mocked data (default 42)"], listed: true),
            OptionEntry(names: ["--now"], placeholder: "TIME", values: .text, subcommands: [],
                        help: ["start at TIME (ISO 8601, e.g. 2026-11-22T15:30:00Z);", "the app's clock moves on from it, snapshot and",
                               "stats stay at it"], listed: true),
            OptionEntry(names: ["--reset"], placeholder: nil, values: .none, subcommands: [],
                        help: ["forget onboarding and settings (meals are kept);", "asks first unless --yes is given"], listed: true),
            OptionEntry(names: ["--yes", "-y"], placeholder: nil, values: .none, subcommands: [], help: ["answer yes to --reset's question"],
                        listed: true),
            OptionEntry(names: ["-h", "--help"], placeholder: nil, values: .none, subcommands: [], help: ["show this help"], listed: true),
            OptionEntry(names: ["-V", "--version"], placeholder: nil, values: .none, subcommands: [], help: ["show the version"], listed: true),
            // The subcommands' own flags.
            OptionEntry(names: ["--days"], placeholder: "N", values: .text, subcommands: ["stats"], help: ["days to show (1–3650, default 7)"], listed: false),
            OptionEntry(names: ["--from"], placeholder: "DATE", values: .text, subcommands: ["stats"], help: ["first day (YYYY-MM-DD)"], listed: false),
            OptionEntry(names: ["--to"], placeholder: "DATE", values: .text, subcommands: ["stats"], help: ["last day (YYYY-MM-DD)"], listed: false),
            OptionEntry(names: ["--all"], placeholder: nil, values: .none, subcommands: ["stats"], help: ["every imported day"], listed: false),
            OptionEntry(names: ["--json"], placeholder: nil, values: .none, subcommands: ["stats", "sync"], help: ["print JSON"], listed: false),
            OptionEntry(names: ["--size"], placeholder: "WxH", values: .words(["48x16", "60x20", "80x24", "100x30", "120x40", "200x60"]),
                        subcommands: ["snapshot"], help: ["the terminal size to draw at"], listed: false),
            OptionEntry(names: ["--format"], placeholder: "FORMAT",
                        values: .words(SnapshotRequest.Format.allCases.map(\.rawValue) + GlanceRequest.Format.allCases.map(\.rawValue)),
                        subcommands: ["snapshot", "glance"], help: ["snapshot: text or svg; glance: plain, ansi, tmux or json"], listed: false),
            OptionEntry(names: ["--list"], placeholder: nil, values: .none, subcommands: ["snapshot"], help: ["print every screen name"], listed: false),
            OptionEntry(names: ["--fields"], placeholder: "LIST", values: .words(GlanceRequest.Field.allCases.map(\.rawValue)),
                        subcommands: ["glance"], help: ["which values, in order (comma-separated)"], listed: false),
            OptionEntry(names: ["--card"], placeholder: "NAME", values: .words(GlanceRequest.Card.allCases.map(\.rawValue)),
                        subcommands: ["glance"], help: ["brief 002's widget as a card"], listed: false),
            OptionEntry(names: ["--prefer"], placeholder: "NAME", values: .text, subcommands: ["import"],
                        help: ["count this source first where sources overlap"], listed: false),
            OptionEntry(names: ["--quiet", "-q"], placeholder: nil, values: .none, subcommands: ["import"], help: ["print nothing on success"], listed: false),
            OptionEntry(names: ["--check"], placeholder: "FILE", values: .file, subcommands: ["tasks"], help: ["check a Care tasks file"], listed: false),
            OptionEntry(names: ["--ux"], placeholder: nil, values: .none, subcommands: ["demo"], help: ["the short cut of the tour"], listed: false),
            OptionEntry(names: ["--record"], placeholder: "FILE", values: .file, subcommands: ["demo"], help: ["write an asciicast"], listed: false),
        ]
    }

    /// The subcommands' names, for the parser: without the table's help text, which lists
    /// every feature's snapshot screens (a test keeps the two lists equal).
    static let subcommandNames = ["stats", "snapshot", "glance", "import", "sync", "tasks", "demo", "completions"]

    public static var subcommands: [SubcommandEntry] {
        let screens = CommandLineParser.snapshotScreens
        return [
            SubcommandEntry(name: "stats", synopsis: "stats [--days N | --from D --to D | --all] [--json] [options]", title: "stats",
                            argument: .none,
                            help: ["the daily totals the app would show (date, steps,", "active kcal, naive sums, and more with imported data);",
                                   "--days N (1–3650, default 7), --from/--to, --all", "(every imported day; simulated data: the last year),", "--json for JSON"]),
            SubcommandEntry(name: "snapshot", synopsis: "snapshot SCREEN --size WxH [--format text|svg] [options]", title: "snapshot SCREEN",
                            argument: .words(screens),
                            help: ["render a screen without a terminal and print it", "(snapshot --list prints every name);"]
                                + CommandLineParser.wrapped(screens, first: 39, indent: 22, width: 79, prefix: "SCREEN is one of ")),
            SubcommandEntry(name: "glance", synopsis: "glance [--format FORMAT] [--fields LIST] [--card NAME] [options]",
                            title: "glance", argument: .none,
                            help: ["today in one line for a status bar or a prompt: steps,", "active kcal, sleep, recovery, strain; only reads.",
                                   "--format plain|ansi|tmux|json, --fields steps,energy,", "sleep,recovery,strain (any, in order), --card sleep|",
                                   "recovery|strain|all for the Scores widgets as cards"]),
            SubcommandEntry(name: "import", synopsis: "import PATH [--prefer NAME] [--quiet] [options]", title: "import PATH", argument: .file,
                            help: ["read an Apple Health export (export.zip, its folder", "or export.xml); the app then shows it instead of the",
                                   "simulated data (--scenario brings the simulation", "back). --prefer NAME counts that source first where",
                                   "sources overlap; --quiet prints nothing on success.", "Exit codes: 0 imported, 1 bad input or failed write,",
                                   "2 usage, 130 interrupted (1 and 130 change nothing)"]),
            SubcommandEntry(name: "sync", synopsis: "sync [--json] [options]", title: "sync", argument: .none,
                            help: ["connect the simulated wearable once and read its data", "(progress on stderr; --json for JSON; --seed N;",
                                   "--scenario success, out-of-range, timed-out,", "pairing-refused, bad-payload or hang); exit 1 when",
                                   "the sync fails"]),
            SubcommandEntry(name: "tasks", synopsis: "tasks --check FILE", title: "tasks --check FILE", argument: .none,
                            help: ["check a Care tasks file and list its problems"]),
            SubcommandEntry(name: "demo", synopsis: "demo [--ux] [--record FILE.cast] [options]", title: "demo", argument: .none,
                            help: ["a narrated tour of every screen; --ux for the short", "cut, --record FILE.cast to write an asciicast"]),
            SubcommandEntry(name: "completions", synopsis: "completions bash|zsh|fish|man", title: "completions SHELL",
                            argument: .words(CompletionScript.Shell.allCases.map(\.rawValue) + ["man"]),
                            help: ["print a completion script for bash, zsh or fish", "(README: \"Shell completions\"); completions man prints",
                                   "the man page, tmm-tui.1"]),
        ]
    }

    public static let summary = ["A keyboard-driven health dashboard: steps, active energy, meals, scores,", "care tasks and a wearable."]
    public static let environmentLine = ["Environment: NO_COLOR, TZ, LANG, TMM_SCENARIO, XDG_CONFIG_HOME, XDG_DATA_HOME,", "XDG_CACHE_HOME. Keys: press ? (or F1) in the app."]

    /// `--help`: the usage lines, the options and the subcommands, from the table.
    public static var usage: String {
        var lines = ["Usage: tmm-tui [options]"]
        lines += subcommands.map { "       tmm-tui " + $0.synopsis }
        lines += [""] + summary + ["", "Options:"]
        for o in options where o.listed {
            let head = "  " + o.names.joined(separator: ", ") + (o.placeholder.map { " " + $0 } ?? "")
            lines += column(head, o.help)
        }
        lines += ["", "Subcommands:"]
        for s in subcommands { lines += column("  " + s.title, s.help) }
        lines += [""] + environmentLine
        return lines.joined(separator: "\n")
    }

    /// A head in a 22-column gutter with its help beside it (on the next line when the head is longer).
    static func column(_ head: String, _ help: [String]) -> [String] {
        let pad = String(repeating: " ", count: 22)
        guard let first = help.first else { return [head] }
        var out: [String]
        if head.count <= 20 {
            out = [head + String(repeating: " ", count: 22 - head.count) + first]
        } else {
            out = [head, pad + first]
        }
        out += help.dropFirst().map { pad + $0 }
        return out
    }
}
