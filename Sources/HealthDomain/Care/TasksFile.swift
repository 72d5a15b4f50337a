import FoundationEssentials
import Platform

/// One thing wrong in a tasks file, with its place: `entry` is the 0-based index
/// in the top-level array (nil for the file as a whole), `field` which value.
public struct TasksFileProblem: Hashable, Sendable, CustomStringConvertible {
    public enum Field: String, Sendable {
        case file, entry
        case breathCount = "breath count"
        case moodChoices = "mood choices"
        case dueDate = "due date"
    }

    public var entry: Int?
    public var field: Field
    public var message: String

    public init(entry: Int?, field: Field, message: String) {
        self.entry = entry
        self.field = field
        self.message = message
    }

    /// "entry 3, breath count: 0 is too few (1–60)"; entries are numbered from 1 for people.
    public var description: String {
        guard let entry else { return message }
        return field == .entry ? "entry \(entry + 1): \(message)" : "entry \(entry + 1), \(field.rawValue): \(message)"
    }
}

public struct TasksFileResult: Sendable {
    /// The good entries, in file order.
    public var tasks: [CareTask]
    public var problems: [TasksFileProblem]
}

/// Reads the brief's format: a JSON array of `[breath count, mood choices, due date]`,
/// e.g. `[[10, ["Calm", "Anxious", "Tired"], "2026-11-20"]]`.
///
/// Due dates: a calendar day "YYYY-MM-DD" (the format we document), or an ISO 8601
/// date-time such as "2026-11-20T09:00:00Z", which is read as the day it falls on in
/// the user's calendar — an API is likely to send timestamps. Anything else
/// (including "11/20/2026", ambiguous between US and European order) is a problem.
public enum TasksFile {
    public static func parse(_ data: Data, calendar: LocalCalendar) -> TasksFileResult {
        if data.count > CareTaskLimits.maxFileBytes {
            return fileProblem("the file is too large (\(data.count / 1024) KB; at most \(CareTaskLimits.maxFileBytes / 1024) KB)")
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return fileProblem("the file is empty; expected a list like [[10, [\"Calm\", \"Tired\"], \"2026-11-20\"]]")
        }
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            if let syntax = JSONSyntaxError.first(in: [UInt8](data)) {
                return fileProblem("the file is not valid JSON: \(syntax)")
            }
            return fileProblem("the file is not valid JSON (damaged or cut off?)")
        }
        guard case .array(let entries) = root else {
            return fileProblem("expected a list of tasks at the top, found \(root.kindName)")
        }
        var problems: [TasksFileProblem] = []
        if entries.count > CareTaskLimits.maxEntries {
            problems.append(.init(entry: nil, field: .file,
                                  message: "only the first \(CareTaskLimits.maxEntries) of \(entries.count) tasks are read"))
        }
        var tasks: [CareTask] = []
        var ordinals: [DayKey: Int] = [:]
        for (index, entry) in entries.prefix(CareTaskLimits.maxEntries).enumerated() {
            switch parseEntry(entry, index: index, calendar: calendar) {
            case .success(let parts):
                let ordinal = (ordinals[parts.due] ?? 0) + 1
                ordinals[parts.due] = ordinal
                tasks.append(CareTask(id: CareTask.makeID(due: parts.due, ordinal: ordinal),
                                      breathCount: parts.breaths, moodChoices: parts.moods, due: parts.due))
            case .failure(let entryProblems):
                problems += entryProblems.list
            }
        }
        return TasksFileResult(tasks: tasks, problems: problems)
    }

    private static func fileProblem(_ message: String) -> TasksFileResult {
        TasksFileResult(tasks: [], problems: [TasksFileProblem(entry: nil, field: .file, message: message)])
    }

    private struct Parts { var breaths: Int; var moods: [String]; var due: DayKey }
    private struct Problems: Error { var list: [TasksFileProblem] }

    private static func parseEntry(_ value: JSONValue, index: Int, calendar: LocalCalendar) -> Result<Parts, Problems> {
        guard case .array(let fields) = value else {
            return .failure(Problems(list: [.init(entry: index, field: .entry,
                message: "expected [breath count, mood choices, due date], found \(value.kindName)")]))
        }
        guard fields.count == 3 else {
            return .failure(Problems(list: [.init(entry: index, field: .entry,
                message: "expected 3 values [breath count, mood choices, due date], found \(fields.count)")]))
        }
        var problems: [TasksFileProblem] = []
        func fail(_ field: TasksFileProblem.Field, _ message: String) {
            problems.append(.init(entry: index, field: field, message: message))
        }
        let breaths = breathCount(fields[0], fail: { fail(.breathCount, $0) })
        let moods = moodChoices(fields[1], fail: { fail(.moodChoices, $0) })
        let due = dueDate(fields[2], calendar: calendar, fail: { fail(.dueDate, $0) })
        if let breaths, let moods, let due, problems.isEmpty {
            return .success(Parts(breaths: breaths, moods: moods, due: due))
        }
        return .failure(Problems(list: problems))
    }

    private static func breathCount(_ value: JSONValue, fail: (String) -> Void) -> Int? {
        let range = CareTaskLimits.breathCount
        guard case .number(let n) = value else {
            fail("expected a whole number of breaths, found \(value.kindName)")
            return nil
        }
        guard n.isFinite, n == n.rounded() else { fail("\(n) is not a whole number of breaths"); return nil }
        if n < Double(range.lowerBound) { fail("\(formatted(n)) is too few (\(range.lowerBound)–\(range.upperBound))"); return nil }
        if n > Double(range.upperBound) { fail("\(formatted(n)) is too many (\(range.lowerBound)–\(range.upperBound))"); return nil }
        return Int(n)
    }

    private static func formatted(_ n: Double) -> String {
        abs(n) < 1e15 ? String(Int64(n)) : String(n)
    }

    private static func moodChoices(_ value: JSONValue, fail: (String) -> Void) -> [String]? {
        guard case .array(let items) = value else {
            fail("expected a list of mood words, found \(value.kindName)")
            return nil
        }
        if items.isEmpty { fail("the list is empty; give at least one mood word"); return nil }
        let maxCount = CareTaskLimits.moodChoiceCount.upperBound
        if items.count > maxCount { fail("\(items.count) choices is too many (at most \(maxCount))"); return nil }
        var moods: [String] = []
        var seen: Set<String> = []
        var ok = true
        for (i, item) in items.enumerated() {
            guard case .string(let raw) = item else {
                fail("choice \(i + 1) should be text, found \(item.kindName)"); ok = false; continue
            }
            let mood = raw.trimmed()
            if mood.isEmpty { fail("choice \(i + 1) is blank"); ok = false; continue }
            if mood.count > CareTaskLimits.moodLength {
                fail("choice \(i + 1) is longer than \(CareTaskLimits.moodLength) characters"); ok = false; continue
            }
            if !seen.insert(mood.lowercased()).inserted { fail("\"\(mood)\" appears twice"); ok = false; continue }
            moods.append(mood)
        }
        return ok ? moods : nil
    }

    private static func dueDate(_ value: JSONValue, calendar: LocalCalendar, fail: (String) -> Void) -> DayKey? {
        guard case .string(let raw) = value else {
            fail("expected a date like \"2026-11-20\", found \(value.kindName)")
            return nil
        }
        let text = raw.trimmed()
        if let day = strictDay(text) { return day }
        if text.count > 10, let date = isoDateTime(text) { return DayKey(date, calendar: calendar) }
        let shown = text.count > 30 ? String(text.prefix(30)) + "…" : text
        fail("\"\(shown)\" is not a date; use YYYY-MM-DD like \"2026-11-20\"")
        return nil
    }

    /// "YYYY-MM-DD" that names a real day (no February 30).
    static func strictDay(_ text: String) -> DayKey? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= CivilDays.daysInMonth(year: y, month: m) else { return nil }
        return DayKey(year: y, month: m, day: d)
    }

    private static func isoDateTime(_ text: String) -> Date? { ISO8601Text.date(text) }
}
