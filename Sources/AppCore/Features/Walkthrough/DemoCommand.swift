import Foundation

extension Commands {
    /// `tmm-tui demo`. (Being built: issue 22.)
    public static func demo(_ options: Options, _ request: DemoRequest, environment: [String: String]) async -> Int32 {
        FileHandle.standardError.write(Data("tmm-tui: demo is not part of this build yet\n".utf8))
        return 2
    }
}
