import FoundationEssentials
import DesignSystem

/// `tmm-tui completions bash|zsh|fish`: completion scripts made from
/// `CommandLineTable`, the table `--help` is printed from. Values are offered
/// where a flag takes them: screen names, scenarios, themes (built in and the
/// user's own, found when completing), formats, files and directories.
public enum CompletionScript {
    public enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

    public static func script(_ shell: Shell) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh()
        case .fish: return fish()
        }
    }

    static var themeNames: [String] { ThemeLoader.builtinNames }
    static let userThemes = "${XDG_CONFIG_HOME:-$HOME/.config}/tmm-tui/themes"

    /// The words a flag takes within a subcommand ("" for the flag on its own).
    static func words(_ o: OptionEntry, in sub: String) -> [String] {
        guard case .words(let all) = o.values else { return [] }
        if o.long == "--format" {
            switch sub {
            case "snapshot": return SnapshotRequest.Format.allCases.map(\.rawValue)
            case "glance": return GlanceRequest.Format.allCases.map(\.rawValue)
            default: return all
            }
        }
        return all
    }

    /// Flags valid in a subcommand ("" for the app itself).
    static func flags(for sub: String) -> [OptionEntry] {
        CommandLineTable.options.filter { $0.subcommands.isEmpty || $0.subcommands.contains(sub) }
    }

    static func quote(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }

    static func oneLine(_ help: [String]) -> String {
        help.joined(separator: " ").replacing("  ", with: " ")
    }

    // MARK: bash

    static func bash() -> String {
        let subs = CommandLineTable.subcommands
        let names = subs.map(\.name).joined(separator: "|")
        var s = """
        # bash completion for tmm-tui (made by `tmm-tui completions bash` from the --help table)
        _tmm_tui_themes() {
            local d=\(userThemes) f
            printf '%s\\n' \(themeNames.joined(separator: " "))
            for f in "$d"/*.json; do [ -e "$f" ] && { f=${f##*/}; printf '%s\\n' "${f%.json}"; }; done
        }
        _tmm_tui() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} sub="" i
            for ((i = 1; i < COMP_CWORD; i++)); do
                case ${COMP_WORDS[i]} in \(names)) sub=${COMP_WORDS[i]}; break ;; esac
            done
            case $prev in

        """
        for o in CommandLineTable.options where o.placeholder != nil {
            let pattern = o.names.joined(separator: "|")
            switch o.values {
            case .theme:
                s += "        \(pattern)) COMPREPLY=($(compgen -W \"$(_tmm_tui_themes)\" -- \"$cur\") $(compgen -f -X '!*.json' -- \"$cur\")); return ;;\n"
            case .file: s += "        \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            case .directory: s += "        \(pattern)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
            case .words:
                let perSub = subs.map(\.name).filter { o.subcommands.contains($0) && words(o, in: $0) != words(o, in: "") }
                if perSub.isEmpty {
                    s += "        \(pattern)) COMPREPLY=($(compgen -W \(quote(words(o, in: "").joined(separator: " "))) -- \"$cur\")); return ;;\n"
                } else {
                    s += "        \(pattern))\n            case $sub in\n"
                    for sub in perSub { s += "            \(sub)) COMPREPLY=($(compgen -W \(quote(words(o, in: sub).joined(separator: " "))) -- \"$cur\")) ;;\n" }
                    s += "            esac\n            return ;;\n"
                }
            case .text, .none: s += "        \(pattern)) return ;;\n"
            }
        }
        s += "    esac\n    case $sub in\n"
        for sub in [""] + subs.map(\.name) {
            let flagWords = flags(for: sub).flatMap(\.names)
            var line = "        \(sub.isEmpty ? "''" : sub))"
            var words = flagWords
            if sub.isEmpty { words += subs.map(\.name) }
            line += " COMPREPLY=($(compgen -W \(quote(words.joined(separator: " "))) -- \"$cur\")"
            if let entry = subs.first(where: { $0.name == sub }) {
                switch entry.argument {
                case .words(let w): line += " $(compgen -W \(quote(w.joined(separator: " "))) -- \"$cur\")"
                case .file: line += " $(compgen -f -- \"$cur\")"
                default: break
                }
            }
            s += line + ") ;;\n"
        }
        s += """
            esac
        }
        complete -o filenames -F _tmm_tui tmm-tui

        """
        return s
    }

    // MARK: zsh

    static func zsh() -> String {
        let subs = CommandLineTable.subcommands
        var s = """
        #compdef tmm-tui
        # zsh completion for tmm-tui (made by `tmm-tui completions zsh` from the --help table)
        _tmm_tui_themes() {
            local -a themes
            themes=(\(themeNames.joined(separator: " ")) \(userThemes)/*.json(N:t:r))
            compadd -a themes
            _files -g '*.json'
        }
        _tmm_tui() {
            local sub="" i prev=${words[CURRENT-1]}
            for (( i = 2; i < CURRENT; i++ )); do
                case ${words[i]} in (\(subs.map(\.name).joined(separator: "|"))) sub=${words[i]}; break ;; esac
            done
            case $prev in

        """
        for o in CommandLineTable.options where o.placeholder != nil {
            let pattern = "(" + o.names.joined(separator: "|") + ")"
            switch o.values {
            case .theme: s += "        \(pattern) _tmm_tui_themes; return ;;\n"
            case .file: s += "        \(pattern) _files; return ;;\n"
            case .directory: s += "        \(pattern) _files -/; return ;;\n"
            case .words:
                let perSub = subs.map(\.name).filter { o.subcommands.contains($0) && words(o, in: $0) != words(o, in: "") }
                if perSub.isEmpty {
                    s += "        \(pattern) compadd -- \(words(o, in: "").map(quote).joined(separator: " ")); return ;;\n"
                } else {
                    s += "        \(pattern)\n            case $sub in\n"
                    for sub in perSub { s += "            (\(sub)) compadd -- \(words(o, in: sub).map(quote).joined(separator: " ")) ;;\n" }
                    s += "            esac\n            return ;;\n"
                }
            case .text, .none: s += "        \(pattern) return ;;\n"
            }
        }
        s += "    esac\n    local -a flags\n    case $sub in\n"
        for sub in [""] + subs.map(\.name) {
            let specs = flags(for: sub).flatMap { o in o.names.map { quote($0 + ":" + oneLine(o.help)) } }
            s += "        (\(sub.isEmpty ? "''" : sub)) flags=(\(specs.joined(separator: " "))) ;;\n"
        }
        s += """
            esac
            if [[ ${words[CURRENT]} == -* ]]; then
                _describe -t options option flags
                return
            fi
            case $sub in

        """
        let subSpecs = subs.map { quote($0.name + ":" + oneLine($0.help)) }.joined(separator: " ")
        s += "        ('') local -a subs; subs=(\(subSpecs)); _describe -t commands subcommand subs ;;\n"
        for sub in subs {
            switch sub.argument {
            case .words(let w): s += "        (\(sub.name)) compadd -- \(w.map(quote).joined(separator: " ")) ;;\n"
            case .file: s += "        (\(sub.name)) _files ;;\n"
            default: break
            }
        }
        s += """
            esac
        }
        compdef _tmm_tui tmm-tui

        """
        return s
    }

    // MARK: fish

    static func fish() -> String {
        let subs = CommandLineTable.subcommands
        let names = subs.map(\.name).joined(separator: " ")
        var s = """
        # fish completion for tmm-tui (made by `tmm-tui completions fish` from the --help table)
        function __tmm_tui_themes
            printf '%s\\n' \(themeNames.joined(separator: " "))
            set -l d $XDG_CONFIG_HOME
            test -n "$d"; or set d $HOME/.config
            for f in $d/tmm-tui/themes/*.json
                basename $f .json
            end
        end
        complete -c tmm-tui -f

        """
        for sub in subs {
            s += "complete -c tmm-tui -n 'not __fish_seen_subcommand_from \(names)' -a \(sub.name) -d \(quote(oneLine(sub.help)))\n"
            switch sub.argument {
            case .words(let w): s += "complete -c tmm-tui -n '__fish_seen_subcommand_from \(sub.name)' -a \(quote(w.joined(separator: " ")))\n"
            case .file: s += "complete -c tmm-tui -n '__fish_seen_subcommand_from \(sub.name)' -F\n"
            default: break
            }
        }
        for o in CommandLineTable.options {
            var spell = ""
            for n in o.names {
                if n.hasPrefix("--") { spell += " -l \(n.dropFirst(2))" } else { spell += " -s \(n.dropFirst())" }
            }
            let condition = o.subcommands.isEmpty ? "" : " -n '__fish_seen_subcommand_from \(o.subcommands.joined(separator: " "))'"
            var value = ""
            switch o.values {
            case .none: break
            case .theme: value = " -r -F -a '(__tmm_tui_themes)'"
            case .file: value = " -r -F"
            case .directory: value = " -r -a '(__fish_complete_directories)'"
            case .text: value = " -x"
            case .words:
                let perSub = o.subcommands.filter { words(o, in: $0) != words(o, in: "") }
                if !perSub.isEmpty {
                    for sub in perSub {
                        s += "complete -c tmm-tui -n '__fish_seen_subcommand_from \(sub)'\(spell) -x -a \(quote(words(o, in: sub).joined(separator: " "))) -d \(quote(oneLine(o.help)))\n"
                    }
                    continue
                }
                value = " -x -a \(quote(words(o, in: "").joined(separator: " ")))"
            }
            s += "complete -c tmm-tui\(condition)\(spell)\(value) -d \(quote(oneLine(o.help)))\n"
        }
        return s
    }
}
