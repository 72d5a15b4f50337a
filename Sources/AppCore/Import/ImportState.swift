import FoundationEssentials
import HealthDomain
import Platform
import TerminalUI

/// What the data folder holds of an import, read at launch without reading the
/// (possibly large) daily values themselves.
public enum ImportState: Equatable, Sendable {
    /// Never imported (or a scenario was asked for): the simulated provider.
    case none
    case imported(ImportInfo)
    /// An import is there but cannot be read: the app says so, and never shows
    /// simulated numbers in its place. The message names the file and what to do.
    case unreadable(String)

    public var info: ImportInfo? {
        if case .imported(let info) = self { return info }
        return nil
    }

    public var problem: String? {
        if case .unreadable(let message) = self { return message }
        return nil
    }

    /// What the user reads: what is wrong, where the file is kept, how to fix it.
    static func message(file: URL, reason: String, exportPath: String?) -> String {
        let path = exportPath.map { TerminalSafeText.clean($0) } ?? "PATH"
        return "Your imported Apple Health data could not be read (\(file.lastPathComponent): \(reason)); it was kept as \(file.path). "
            + "Import again with `tmm-tui import \(path)`."
    }
}
