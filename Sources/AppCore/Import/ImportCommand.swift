import Foundation

extension Commands {
    /// `tmm-tui import PATH`. (Being built: issue 20.)
    public static func importExport(_ env: AppEnvironment, _ request: ImportRequest) async -> Int32 {
        FileHandle.standardError.write(Data("tmm-tui: import is not part of this build yet\n".utf8))
        return 2
    }
}
