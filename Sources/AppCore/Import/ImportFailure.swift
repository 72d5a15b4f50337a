import HealthImport

/// Why `tmm-tui import` stopped, beyond what the reader reports.
enum ImportFailure: Error, Equatable, CustomStringConvertible {
    case read(ImportError)
    /// Writing the temporary files or the result failed (a full disk, a read-only folder).
    case writeFailed(String)

    var description: String {
        switch self {
        case .read(let error): return error.description
        case .writeFailed(let reason): return reason
        }
    }
}
