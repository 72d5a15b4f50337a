import Foundation
import XCTest
@testable import AppCore

/// Completion scripts and the man page come from the option table `--help` is printed from:
/// every flag and subcommand `--help` names must be in each of them.
final class CompletionTests: XCTestCase {
    /// Flags and subcommands read from the help text itself (not from the table).
    func namesInHelp() -> (flags: Set<String>, subcommands: Set<String>) {
        let help = CommandLineParser.usage
        var flags = Set<String>()
        for word in help.split(whereSeparator: { " ,;()[]|/\n`'\"".contains($0) }) {
            let w = word.hasSuffix(".") ? String(word.dropLast()) : String(word)
            if w.range(of: "^--?[a-zA-Z][a-z-]*$", options: .regularExpression) != nil { flags.insert(w) }
        }
        var subs = Set<String>()
        for line in help.split(separator: "\n") where line.hasPrefix("       tmm-tui ") || line.hasPrefix("Usage: tmm-tui ") {
            let rest = line.split(separator: " ").dropFirst(line.hasPrefix("Usage") ? 2 : 1)
            if let first = rest.first, !first.hasPrefix("[") { subs.insert(String(first)) }
        }
        return (flags, subs)
    }

    func testTheParsersSubcommandNamesAreTheTables() {
        XCTAssertEqual(CommandLineTable.subcommandNames, CommandLineTable.subcommands.map(\.name))
    }

    /// `completions` names every thing it prints, man included, and says which name it did not know.
    func testAnUnknownShellIsNamedWithEveryChoice() {
        guard case .failure(let unknown) = CommandLineParser.parse(["completions", "foo"]),
              case .failure(let missing) = CommandLineParser.parse(["completions"]) else { return XCTFail("both should fail") }
        XCTAssertEqual(unknown.message, "completions: unknown shell \"foo\" (choose from bash, zsh, fish, or man for the man page)")
        XCTAssertEqual(missing.message, "completions needs a shell: bash, zsh, fish, or man for the man page")
        guard case .success(.manPage) = CommandLineParser.parse(["completions", "man"]) else { return XCTFail("man") }
    }

    func testHelpNamesAreFound() {
        let (flags, subs) = namesInHelp()
        for f in ["--theme", "--days", "--format", "--fields", "--card", "--prefer", "-h", "-V"] { XCTAssertTrue(flags.contains(f), f) }
        XCTAssertEqual(subs, ["stats", "snapshot", "glance", "import", "sync", "tasks", "demo", "completions"])
    }

    func testEveryFlagAndSubcommandIsInEveryScriptAndTheManPage() {
        let (flags, subs) = namesInHelp()
        let man = ManPage.render()
        for shell in CompletionScript.Shell.allCases {
            let script = CompletionScript.script(shell)
            for flag in flags {
                // fish spells flags as `-l theme` / `-s h`.
                let fishForm = flag.hasPrefix("--") ? "-l \(flag.dropFirst(2))" : "-s \(flag.dropFirst())"
                XCTAssertTrue(shell == .fish ? script.contains(fishForm + " ") : script.contains(flag), "\(shell) lacks \(flag)")
            }
            for sub in subs { XCTAssertTrue(script.contains(sub), "\(shell) lacks \(sub)") }
        }
        for flag in flags { XCTAssertTrue(man.contains(flag.replacingOccurrences(of: "-", with: "\\-")), "man page lacks \(flag)") }
        for sub in subs { XCTAssertTrue(man.contains(".B " + sub) || man.contains(sub), "man page lacks \(sub)") }
    }

    func testScriptsOfferValues() {
        let bash = CompletionScript.script(.bash)
        XCTAssertTrue(bash.contains("plain ansi tmux json"), "glance's formats")
        XCTAssertTrue(bash.contains("text svg"), "snapshot's formats")
        XCTAssertTrue(bash.contains("year"), "screen names")
        XCTAssertTrue(bash.contains("high-contrast"), "themes")
        XCTAssertTrue(bash.contains("bash zsh fish man"), "completions man prints the man page")
        XCTAssertTrue(bash.contains("tmm-tui/themes"), "the user's themes")
        XCTAssertTrue(CompletionScript.script(.zsh).hasPrefix("#compdef tmm-tui"))
    }

    /// Every word a script offers is one the parser takes: the app's flags' values, and each subcommand's
    /// argument (`completions man`, `--provider after-delay`, never a placeholder like "[:SECONDS]").
    func testEveryOfferedWordParses() {
        var checked = 0
        for option in CommandLineTable.options where option.subcommands.isEmpty {
            guard case .words(let words) = option.values else { continue }
            for word in words {
                if case .failure(let e) = CommandLineParser.parse([option.long, word]) { XCTFail("\(option.long) \(word): \(e.message)") }
                checked += 1
            }
        }
        for sub in CommandLineTable.subcommands {
            guard case .words(let words) = sub.argument else { continue }
            for word in words {
                let args = [sub.name, word] + (sub.name == "snapshot" ? ["--size", "80x24"] : [])
                if case .failure(let e) = CommandLineParser.parse(args) { XCTFail("\(args.joined(separator: " ")): \(e.message)") }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// Each script parses in its shell (skipped for a shell not installed).
    func testScriptsParse() throws {
        var checked = 0
        for (shell, exe, args) in [(CompletionScript.Shell.bash, "/bin/bash", ["-n"]), (.zsh, "/usr/bin/zsh", ["-n"]), (.fish, "/usr/bin/fish", ["--no-execute"])] {
            guard FileManager.default.isExecutableFile(atPath: exe) else { continue }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-completion-\(UUID().uuidString)")
            try CompletionScript.script(shell).write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: exe)
            p.arguments = args + [file.path]
            let err = Pipe()
            p.standardError = err
            try p.run()
            p.waitUntilExit()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(p.terminationStatus, 0, "\(shell): \(text)")
            checked += 1
        }
        if checked == 0 { throw XCTSkip("no bash, zsh or fish here") }
    }

    /// `man -l` renders the page without a warning (groff's -ww).
    func testManPageRendersWithoutWarnings() throws {
        guard let groff = ["/usr/bin/groff", "/usr/local/bin/groff"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("groff is not installed (apt-get install groff-base man-db)")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-tui-\(UUID().uuidString).1")
        try ManPage.render().write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: groff)
        p.arguments = ["-man", "-Tutf8", "-ww", "-z", file.path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertEqual(text, "", "groff warnings")
    }
}
