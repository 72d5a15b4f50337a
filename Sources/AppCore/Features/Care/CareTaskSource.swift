import FoundationEssentials
import HealthDomain
import Platform

/// Where the Care tasks come from.
public enum CareTaskOrigin: Sendable, Equatable {
    /// The compiled-in sample, dated around today.
    case sample
    /// A tasks file: `--tasks FILE` or `$XDG_DATA_HOME/tmm-tui/tasks.json`.
    case file(String)
}

/// The files Care reads, fixed at launch from the options and paths.
public struct CareSources: Sendable, Equatable {
    /// `--tasks FILE`: used even when missing (then reported), never replaced by the sample.
    public var override: URL?
    /// The user's own tasks; the sample stands in while it does not exist.
    public var userFile: URL
    public var completionsFile: URL

    public init(override: URL?, userFile: URL, completionsFile: URL) {
        self.override = override
        self.userFile = userFile
        self.completionsFile = completionsFile
    }

    public init(options: Options, paths: AppPaths) {
        self.init(override: options.value(of: "--tasks").map { URL(fileURLWithPath: $0) },
                  userFile: paths.careTasksFile, completionsFile: paths.careCompletionsFile)
    }
}

/// Everything the task list needs, read in one go off the draw loop.
public struct CareLoaded: Sendable {
    public var tasks: [CareTask]
    public var problems: [TasksFileProblem]
    public var origin: CareTaskOrigin
    public var completions: [String: CareCompletion]
    /// The completions file was damaged and set aside, or could not be read.
    public var notice: String?
}

/// Reads tasks and completions. Plain file reads: callers run it on the storage queue.
public enum CareTaskSource {
    /// Why a file could not be read at all (missing, a folder, no permission).
    public struct Unreadable: Error, Equatable, Sendable {
        public var reason: String
    }

    /// The file's bytes, at most one byte past the parser's limit so it can say "too large".
    public static func read(_ url: URL) -> Result<Data, Unreadable> {
        let limit = CareTaskLimits.maxFileBytes
        switch FileBytes.read(url, maxBytes: limit) {
        case .missing: return .failure(Unreadable(reason: "no such file"))
        case .directory: return .failure(Unreadable(reason: "it is a folder, not a file"))
        case .notRegularFile(let kind): return .failure(Unreadable(reason: "it is \(kind), not a regular file"))
        case .tooLarge(let size):
            return .failure(Unreadable(reason: "the file is too large (\(byteCountText(size)); at most \(byteCountText(limit)))"))
        case .unreadable(let reason): return .failure(Unreadable(reason: reason.lowercased()))
        case .bytes(let data): return .success(data)
        }
    }

    /// Tasks from `--tasks`, else the user's file, else the sample; a file that cannot
    /// be read is one file-wide problem (the list stays empty rather than showing the sample
    /// in place of a provider's tasks).
    public static func loadTasks(_ sources: CareSources, now: Date, calendar: LocalCalendar)
        -> (tasks: [CareTask], problems: [TasksFileProblem], origin: CareTaskOrigin) {
        let url: URL
        if let override = sources.override {
            url = override
        } else if FileManager.default.fileExists(atPath: sources.userFile.path) {
            url = sources.userFile
        } else {
            let sample = SampleTasks.load(today: DayKey(now, calendar: calendar), calendar: calendar)
            return (sample.tasks, sample.problems, .sample)
        }
        switch read(url) {
        case .success(let data):
            let parsed = TasksFile.parse(data, calendar: calendar)
            return (parsed.tasks, parsed.problems, .file(url.path))
        case .failure(let e):
            let problem = TasksFileProblem(entry: nil, field: .file, message: "cannot read the file: \(e.reason)")
            return ([], [problem], .file(url.path))
        }
    }

    public static func load(_ sources: CareSources, now: Date, calendar: LocalCalendar) -> CareLoaded {
        let (tasks, problems, origin) = loadTasks(sources, now: now, calendar: calendar)
        let store = CareCompletionStore(url: sources.completionsFile, now: now)
        return CareLoaded(tasks: tasks, problems: problems, origin: origin,
                          completions: store.byTaskID, notice: store.loadNotice)
    }

    /// Appends one completion to the file (atomic, 0600); the error message when it failed.
    public static func save(_ completion: CareCompletion, to file: URL, lock: FileLock?, now: Date) -> String? {
        let store = CareCompletionStore(url: file, lock: lock, now: now)
        return store.record(completion, now: now)?.message
    }
}
