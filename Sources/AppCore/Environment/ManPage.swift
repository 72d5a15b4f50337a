import FoundationEssentials

/// `tmm-tui.1`, made from `CommandLineTable` like `--help` (`make install` writes it).
/// Plain ASCII roff: dashes, quotes and the few non-ASCII characters are escaped.
public enum ManPage {
    public static func render(date: String = "2026-11-26") -> String {
        var s = """
        .TH TMM\\-TUI 1 "\(date)" "tmm-tui \(CommandLineParser.version)" "User Commands"
        .SH NAME
        tmm\\-tui \\- a keyboard\\-driven health dashboard for the terminal
        .SH SYNOPSIS
        .B tmm\\-tui
        [\\fIoptions\\fR]

        """
        for sub in CommandLineTable.subcommands {
            s += ".br\n.B tmm\\-tui\n" + escape(sub.synopsis) + "\n"
        }
        s += ".SH DESCRIPTION\n" + escape(CommandLineTable.summary.joined(separator: " ")) + "\n"
        s += ".SH OPTIONS\n"
        for o in CommandLineTable.options where o.listed { s += item(o) }
        s += ".SH SUBCOMMANDS\n"
        for sub in CommandLineTable.subcommands {
            s += ".TP\n.B " + escape(sub.title) + "\n" + escape(sub.help.joined(separator: " ")) + "\n"
            let own = CommandLineTable.options.filter { !$0.listed && $0.subcommands.contains(sub.name) }
            if !own.isEmpty {
                s += ".RS\n"
                for o in own { s += item(o) }
                s += ".RE\n"
            }
        }
        s += """
        .SH ENVIRONMENT
        \(escape(CommandLineTable.environmentLine.joined(separator: " ")))
        .SH FILES
        .TP
        .I $XDG_CONFIG_HOME/tmm\\-tui/settings.json
        goals, theme and other settings
        .TP
        .I $XDG_CONFIG_HOME/tmm\\-tui/themes/
        your own themes (JSON)
        .TP
        .I $XDG_CACHE_HOME/tmm\\-tui/health\\-cache.json
        the daily totals the app and \\fBglance\\fR read
        .SH SEE ALSO
        The README of tmm\\-tui.

        """
        return s
    }

    static func item(_ o: OptionEntry) -> String {
        let names = o.names.map { "\\fB" + escape($0) + "\\fR" }.joined(separator: ", ")
        return ".TP\n" + names + (o.placeholder.map { " \\fI" + escape($0) + "\\fR" } ?? "") + "\n" + escape(o.help.joined(separator: " ")) + "\n"
    }

    /// Text as roff reads it literally: backslashes, hyphens, a leading dot or quote, and non-ASCII.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "–": out += "\\(en"
            case "—": out += "\\(em"
            case "’", "‘": out += "'"
            case "“", "”": out += "\""
            case "·": out += "\\(pc"
            default: out += c.isASCII ? String(c) : "?"
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
