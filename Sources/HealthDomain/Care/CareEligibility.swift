import FoundationEssentials
import Platform

public enum CareTaskStatus: Hashable, Sendable {
    /// Done: keeps when and with which mood.
    case completed(CareCompletion)
    /// The one task that can be started now.
    case eligible
    /// Due (today or overdue) but an older task comes first.
    case waiting
    /// Due in the future: always locked.
    case locked
}

public struct CareTaskRow: Hashable, Sendable, Identifiable {
    public var task: CareTask
    public var status: CareTaskStatus
    public var id: String { task.id }
    /// Due before today and not completed.
    public var isOverdue: Bool
}

/// Which task may be done now.
///
/// Rule: the eligible task is the OLDEST uncompleted task whose due day is today
/// or earlier (ties by file order). Why oldest first: homework is a sequence a
/// provider plans (each step builds on the last), so a missed day is caught up
/// rather than silently skipped, and the user is never blocked — there is always
/// exactly one thing to do while anything is due. Future tasks are always locked,
/// so at most one task is eligible, and none when nothing is due.
///
/// "Today" is the calendar day of `now` in the user's calendar, so a task becomes
/// completable at local midnight, whatever the DST offset that day.
public enum CareEligibility {
    public static func rows(tasks: [CareTask], completions: [String: CareCompletion], now: Date, calendar: LocalCalendar) -> [CareTaskRow] {
        let today = DayKey(now, calendar: calendar)
        let eligibleID = eligibleTask(tasks: tasks, completions: completions, today: today)?.id
        return tasks.map { task in
            let status: CareTaskStatus
            if let done = completions[task.id] {
                status = .completed(done)
            } else if task.due > today {
                status = .locked
            } else {
                status = task.id == eligibleID ? .eligible : .waiting
            }
            return CareTaskRow(task: task, status: status, isOverdue: completions[task.id] == nil && task.due < today)
        }
    }

    public static func eligibleTask(tasks: [CareTask], completions: [String: CareCompletion], today: DayKey) -> CareTask? {
        var best: CareTask?
        for task in tasks where completions[task.id] == nil && task.due <= today {
            if let b = best, b.due <= task.due { continue }
            best = task
        }
        return best
    }
}
