import Dispatch
import FoundationEssentials
import HealthDomain
import Platform
import HealthImport
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// `tmm-tui import PATH` exit codes (documented in `--help` and docs-import.md).
public enum ImportExitCode {
    public static let ok: Int32 = 0
    /// Bad input (not an export, damaged, empty) or a failed write; nothing changed.
    public static let failed: Int32 = 1
    public static let usage: Int32 = 2
    /// Ctrl-C; nothing changed (SIGTERM and SIGHUP give 143 and 129, 128 + the signal).
    public static let interrupted: Int32 = 130
}

private enum CommitOutcome: Sendable {
    case saved, cancelled
    case failed(String)
}

/// Where the command writes: stdout for the summary, stderr for progress and errors.
struct ImportConsole {
    var out: (String) -> Void = { StandardStream.output.write($0) }
    var err: (String) -> Void = { StandardStream.error.write($0) }
    /// Draw the progress line (stderr is a terminal and not --quiet).
    var showsProgress = false
    var width = 80
    var unicode = true
    var isCancelled: () -> Bool = { InterruptFlag.isSet }
    /// The exit code once cancelled: 128 + the signal that came (130 when none is known).
    var cancelledExitCode: () -> Int32 = {
        InterruptFlag.signal == 0 ? ImportExitCode.interrupted : InterruptFlag.exitCode(for: InterruptFlag.signal)
    }

    static func terminal(quiet: Bool, environment: [String: String]) -> ImportConsole {
        var console = ImportConsole()
        console.showsProgress = !quiet && isatty(STDERR_FILENO) == 1
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { console.width = Int(size.ws_col) }
        console.unicode = TerminalEnvironment.localeIsUTF8(environment)
        return console
    }
}

extension Commands {
    /// `tmm-tui import PATH`: reads an Apple Health export and makes it the app's data.
    public static func importExport(_ env: AppEnvironment, _ request: ImportRequest) async -> Int32 {
        let console = ImportConsole.terminal(quiet: request.quiet, environment: ProcessEnvironment.variables())
        InterruptFlag.install()
        defer { InterruptFlag.uninstall() }
        return await importExport(env, request, console: console)
    }

    static func importExport(_ env: AppEnvironment, _ request: ImportRequest, console: ImportConsole) async -> Int32 {
        // What a killed import left behind (never a running one's: see ImportLeftovers).
        ImportLeftovers.sweep(cacheDirectory: env.paths.cacheDirectory)
        let calendar = env.context.calendar
        let runner = ImportRunner(calendar: calendar, spillParent: env.paths.cacheDirectory, prefer: request.prefer, now: env.now)
        var drawer = ProgressDrawer(console: console)
        let outcome: ImportRunner.Outcome
        do {
            outcome = try runner.run(path: request.path, isCancelled: console.isCancelled) { drawer.update($0) }
            drawer.clear()
        } catch {
            drawer.clear()
            if case .read(.cancelled) = error {
                console.err("tmm-tui: import interrupted; nothing was changed.\n")
                return console.cancelledExitCode()
            }
            console.err("tmm-tui: import failed: \(cleanForTerminal(error.description)); nothing was changed.\n")
            return ImportExitCode.failed
        }
        if console.isCancelled() {
            console.err("tmm-tui: import interrupted; nothing was changed.\n")
            return console.cancelledExitCode()
        }
        guard outcome.summary.importedRecords > 0, !outcome.data.totals.isEmpty else {
            console.err("tmm-tui: import failed: \(cleanForTerminal(request.path)): no steps, energy, exercise, heart or sleep records in this export; nothing was changed.\n")
            return ImportExitCode.failed
        }

        // Kept absolute: the app's "Import again with tmm-tui import PATH" works from any folder.
        let info = importInfo(outcome, path: Self.absolute(request.path, in: FileManager.default.currentDirectoryPath),
                              calendar: calendar, now: env.now())
        let store = ImportedHealthStore(paths: env.paths)
        let data = outcome.data, now = env.now(), paths = env.paths, lock = env.storage.lock
        let committed: CommitOutcome = console.isCancelled() ? .cancelled : await env.storage.onQueue {
            // From here the two files are replaced; a signal now waits for that (milliseconds).
            guard InterruptFlag.beginCommit() else { return .cancelled }
            defer { InterruptFlag.endCommit() }
            do {
                try store.commit(data, info: info, lock: lock, now: now)
            } catch {
                return .failed("\(error)")
            }
            // The app's cache of an earlier import is derived from it: start it afresh.
            let cache = paths.importedCacheFile
            for url in [cache, cache.deletingLastPathComponent().appendingPathComponent("health-cache-imported-history.json")] {
                try? FileManager.default.removeItem(at: url)
            }
            return .saved
        }
        switch committed {
        case .saved: break
        case .cancelled:
            console.err("tmm-tui: import interrupted; nothing was changed.\n")
            return console.cancelledExitCode()
        case .failed(let problem):
            console.err("tmm-tui: import failed: \(cleanForTerminal(problem)); nothing was changed.\n")
            return ImportExitCode.failed
        }
        if console.isCancelled() {
            console.err("tmm-tui: the interrupt came while the import was being saved; the import is complete.\n")
        }
        if let warning = ImportReport.wellFormedWarning(outcome.summary) {
            console.err("tmm-tui: warning: \(cleanForTerminal(warning))\n")
        }
        if let date = outcome.summary.implausibleExportDate {
            console.err("tmm-tui: warning: the export says it was made on \(DayKey(date, calendar: calendar)), which cannot be right; "
                        + "the import's date (\(DayKey(env.now(), calendar: calendar))) is used as the export's day.\n")
        }
        if !outcome.order.unmatched.isEmpty {
            console.err("tmm-tui: warning: --prefer \(cleanForTerminal(outcome.order.unmatched.joined(separator: ", "))) matched no source; the default order was used for it.\n")
        }
        if !request.quiet {
            // Source and device names, the XML's name in the zip and paths come from outside: no control
            // character in them reaches the terminal (ImportReport cleans each name as it prints it).
            console.out(ImportReport.summary(outcome, info: info, files: [store.dataFile.url, store.infoFile.url], calendar: calendar))
        }
        return ImportExitCode.ok
    }

    /// `path` as seen from `directory`: "imp/export.xml" in /home/ana is "/home/ana/imp/export.xml";
    /// "." and ".." steps are resolved, an absolute path is kept.
    static func absolute(_ path: String, in directory: String) -> String {
        var parts: [Substring] = path.hasPrefix("/") ? [] : directory.split(separator: "/")
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func importInfo(_ outcome: ImportRunner.Outcome, path: String, calendar: LocalCalendar, now: Date) -> ImportInfo {
        let s = outcome.summary
        // The stored list is capped (import.json stays small whatever the export); the rest is counted.
        let listed = outcome.order.orderedIndices.prefix(ImportInfo.maxListedSources)
        let sources = listed.map { index in
            let source = s.sourceCounts[index]
            return ImportInfo.Source(name: source.name, kind: SourceKind.classify(name: source.name, deviceModels: source.deviceModels).rawValue,
                                     records: source.records)
        }
        let unlisted = outcome.order.ordered.count - listed.count
        let unlistedRecords = unlisted == 0 ? 0 : s.importedRecords - sources.reduce(0) { $0 + $1.records }
        var byType: [String: Int] = [:]
        for (type, count) in s.recordsByType { byType[type.rawValue] = count }
        let range = outcome.data.dayRange
        let preferred = outcome.order.ordered.first.flatMap { first in
            outcome.order.defaultFirst == first ? nil : first
        }
        return ImportInfo(exportDate: s.exportDate, importedAt: now, path: path, sources: Array(sources),
                          otherSources: unlisted == 0 ? nil : ImportInfo.OtherSources(count: unlisted, records: unlistedRecords),
                          prefer: preferred,
                          recordsByType: byType, firstDay: range?.lowerBound.description, lastDay: range?.upperBound.description,
                          timeZone: calendar.timeZone.identifier)
    }
}

/// Text from the export or the command line made safe to print on one line:
/// ESC and the other C0/C1 and bidi controls become U+FFFD.
func cleanForTerminal(_ text: String) -> String { TerminalSafeText.clean(text) }

/// Draws the progress line on stderr, at most 10 times a second, in place.
struct ProgressDrawer {
    let console: ImportConsole
    private let started = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var drawn = false

    init(console: ImportConsole) { self.console = console }

    mutating func update(_ progress: ImportProgress) {
        guard console.showsProgress else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard !drawn || Double(now - lastDraw) / 1e9 >= ImportProgressLine.minimumInterval else { return }
        lastDraw = now
        drawn = true
        let line = ImportProgressLine(width: console.width, unicode: console.unicode)
        console.err("\r" + line.text(progress, elapsed: Double(now - started) / 1e9) + "\u{1B}[K")
    }

    mutating func clear() {
        guard drawn else { return }
        console.err("\r\u{1B}[K")
        drawn = false
    }
}
