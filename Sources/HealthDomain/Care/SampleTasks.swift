import FoundationEssentials
import Platform

/// The tasks file that ships with the app, compiled in so an installed binary works anywhere.
///
/// Decision: the brief's format has absolute dates, but a sample with fixed dates
/// would be all overdue a week after release. So the sample is a template whose
/// dates are written relative to "today" when it is loaded, then parsed by the
/// same `TasksFile` parser as a user's file: the demo always shows past, today's
/// and future (locked) tasks. A user's own tasks.json keeps its absolute dates.
public enum SampleTasks {
    /// (days from today, breaths, moods)
    static let template: [(Int, Int, [String])] = [
        (-2, 5, ["Calm", "Anxious", "Tired", "Hopeful"]),
        (-1, 8, ["Relaxed", "Stressed", "Neutral"]),
        (0, 10, ["Calm", "Anxious", "Tired", "Hopeful", "Frustrated"]),
        (1, 6, ["Grateful", "Sad", "Okay"]),
        (2, 12, ["Focused", "Restless", "Content"]),
        (5, 15, ["Peaceful", "Overwhelmed", "Motivated", "Lonely"]),
    ]

    /// The sample in the brief's own JSON format, dated around `today`.
    public static func json(today: DayKey, calendar: LocalCalendar) -> Data {
        let entries = template.map { offset, breaths, moods -> String in
            let day = today.adding(days: offset)
            let list = moods.map { "\"\($0)\"" }.joined(separator: ", ")
            return "  [\(breaths), [\(list)], \"\(day)\"]"
        }
        return Data(("[\n" + entries.joined(separator: ",\n") + "\n]\n").utf8)
    }

    public static func load(today: DayKey, calendar: LocalCalendar) -> TasksFileResult {
        TasksFile.parse(json(today: today, calendar: calendar), calendar: calendar)
    }
}
