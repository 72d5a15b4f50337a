import FoundationEssentials
import Platform

/// One piece of therapy "homework": a number of slow breaths, the mood words the
/// provider offers for the check-in, and the day it is due.
public struct CareTask: Hashable, Sendable, Identifiable {
    /// Stable across launches: the due day and the task's ordinal among tasks due
    /// that same day, in file order ("2026-11-20#1"). Completions are keyed by it, so
    /// editing a task's breath count or moods keeps its completion; reordering
    /// tasks within one day swaps them (an accepted limit: the format has no ids).
    public var id: String
    public var breathCount: Int
    public var moodChoices: [String]
    public var due: DayKey

    public init(id: String, breathCount: Int, moodChoices: [String], due: DayKey) {
        self.id = id
        self.breathCount = breathCount
        self.moodChoices = moodChoices
        self.due = due
    }

    public static func makeID(due: DayKey, ordinal: Int) -> String { "\(due)#\(ordinal)" }
}

/// What a tasks file accepts; shared with `tmm-tui tasks --check` so its messages quote the same limits.
public enum CareTaskLimits {
    /// A slow breath is ~10 s: 60 breaths is ten minutes, more than any homework asks for.
    public static let breathCount: ClosedRange<Int> = 1...60
    public static let moodChoiceCount: ClosedRange<Int> = 1...12
    public static let moodLength = 40
    public static let maxEntries = 1_000
    public static let maxFileBytes = 1_048_576
}
