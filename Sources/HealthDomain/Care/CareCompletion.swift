import FoundationEssentials
import Platform

/// A finished task: when the session was left with a mood logged, and which mood.
public struct CareCompletion: Codable, Hashable, Sendable {
    public var taskID: String
    public var completedAt: Date
    public var mood: String

    public init(taskID: String, completedAt: Date, mood: String) {
        self.taskID = taskID
        self.completedAt = completedAt
        self.mood = mood
    }
}

public enum CareSchemas {
    public static let completions = 1
}

extension AppPaths {
    public var careCompletionsFile: URL { dataDirectory.appendingFile("care-completions.json") }
    /// A user's own tasks, replacing the built-in sample (`--tasks FILE` overrides it).
    public var careTasksFile: URL { dataDirectory.appendingFile("tasks.json") }
}

/// Completions and moods, persisted like meals: a versioned JSON record written
/// atomically with 0600 permissions; a damaged file is set aside, never lost.
public final class CareCompletionStore {
    public let records: RecordStore<[CareCompletion]>

    public init(url: URL, lock: FileLock? = nil, now: Date = Date()) {
        records = RecordStore(file: VersionedFile<[CareCompletion]>(url: url, schemaVersion: CareSchemas.completions),
                              empty: [], lock: lock, now: now)
    }

    public var completions: [CareCompletion] { records.value }
    public var loadNotice: String? { records.loadNotice }

    /// Latest completion per task (a task is completed once; a second record would be a bug, last one wins).
    public var byTaskID: [String: CareCompletion] {
        var out: [String: CareCompletion] = [:]
        for c in records.value { out[c.taskID] = c }
        return out
    }

    /// Records a completion; a task already completed keeps its first record.
    @discardableResult
    public func record(_ completion: CareCompletion, now: Date = Date()) -> StorageError? {
        guard byTaskID[completion.taskID] == nil else { return nil }
        return records.update(now: now) { $0.append(completion) }
    }
}
