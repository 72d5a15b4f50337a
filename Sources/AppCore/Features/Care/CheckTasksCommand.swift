import FoundationEssentials
import Glibc
import HealthDomain
import Platform

extension Commands {
    /// `tmm-tui tasks --check FILE`: reads FILE as the Care screen would and prints
    /// each problem with its place. Exit 0 when clean, 1 when any problem, 2 when
    /// the file cannot be read at all.
    public static func checkTasks(path: String, environment: [String: String]) -> (stdout: String, stderr: String, code: Int32) {
        let url = URL(fileURLWithPath: path)
        let data: Data
        switch CareTaskSource.read(url) {
        case .success(let d): data = d
        case .failure(let e): return ("", "tmm-tui: cannot read \(path): \(e.reason)\n", 1)
        }
        let calendar = LocalCalendar(timeZone: ZoneRules.current(environment: environment))
        let result = TasksFile.parse(data, calendar: calendar)
        let tasks = result.tasks.count == 1 ? "1 task" : "\(result.tasks.count) tasks"
        guard !result.problems.isEmpty else {
            return ("\(path): OK, \(tasks)\n", "", 0)
        }
        var out = result.problems.map { "\(path): \($0.description)\n" }.joined()
        let count = result.problems.count == 1 ? "1 problem" : "\(result.problems.count) problems"
        out += "\(count); \(tasks) would load\n"
        return (out, "", 1)
    }
}
