import FoundationEssentials
import Glibc

/// The few words a person needs about a failed file operation: "No such file
/// or directory", "Permission denied" — the system's own reason, without the
/// error's type and user-info dictionary that `"\(error)"` would print.
public func reason(of error: Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError {
        if let posix = cocoa.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        switch cocoa.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
        case .fileWriteOutOfSpace: return "No space left on device"
        case .fileWriteVolumeReadOnly: return "Read-only file system"
        default: return "error \(cocoa.code.rawValue)"
        }
    }
    return "\(error)"
}
