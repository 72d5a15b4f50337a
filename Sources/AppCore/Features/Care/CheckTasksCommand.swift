import Foundation

extension Commands {
    /// `tmm-tui tasks --check FILE`. (Being built: issue 18.)
    public static func checkTasks(path: String, environment: [String: String]) -> (stdout: String, stderr: String, code: Int32) {
        ("", "tmm-tui: tasks --check is not part of this build yet\n", 2)
    }
}
