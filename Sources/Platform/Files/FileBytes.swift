import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A whole file read with one open, one fstat and plain reads. Only a regular
/// file (or a link to one) is read: a FIFO, socket or device is refused at
/// once and never waited on (see `PosixFile(readingAt:)`).
public enum FileBytes {
    public enum Outcome {
        case missing
        case directory
        /// A FIFO, socket or device: what it is, in words.
        case notRegularFile(String)
        case tooLarge(Int)
        /// It exists but cannot be read; the system's reason.
        case unreadable(String)
        case bytes(Data)
    }

    public static func read(_ url: URL, maxBytes: Int) -> Outcome {
        read(path: url.path, maxBytes: maxBytes)
    }

    public static func read(path: String, maxBytes: Int) -> Outcome {
        let file: PosixFile
        do {
            file = try PosixFile(readingAt: path, allowDirectory: true)
        } catch {
            if let kind = error.notRegularFile { return .notRegularFile(kind) }
            return error.code == ENOENT || error.code == ENOTDIR ? .missing : .unreadable(error.description)
        }
        defer { file.close() }
        let info: (size: Int, isDirectory: Bool)
        do { info = try file.status() } catch { return .unreadable(error.description) }
        if info.isDirectory { return .directory }
        if info.size > maxBytes { return .tooLarge(info.size) }
        // Fewer bytes than the size said means the file shrank while we read: what is there is read.
        do { return .bytes(try file.read(upToCount: info.size)) } catch { return .unreadable(error.description) }
    }
}

/// The size in bytes of the file at `path` (following links); nil when it cannot be asked.
public func fileSize(atPath path: String) -> UInt64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt64(max(0, info.st_size))
}

/// "512 bytes", "1.5 KB", "18.2 MB": a size as a person reads it (1 KB = 1,024 bytes).
public func byteCountText(_ bytes: Int) -> String {
    if bytes < 1024 { return "\(bytes) bytes" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10) \(units[unit])" : "\(tenths / 10).\(tenths % 10) \(units[unit])"
}
