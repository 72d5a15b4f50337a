import Foundation

extension Commands {
    /// `tmm-tui sync`: one connect-and-fetch without the full-screen UI. (Being built: issue 19.)
    public static func sync(_ env: AppEnvironment, json: Bool) async -> (stdout: String, stderr: String, code: Int32) {
        ("", "tmm-tui: sync is not part of this build yet\n", 2)
    }
}
