import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A whole file read with one open, one fstat and plain reads: the way
/// `VersionedFile` used to ask (`fileExists`, `attributesOfItem` — which looks
/// up the owner's name — then `Data(contentsOf:)`) cost more than parsing a
/// small file.
enum FileBytes {
    enum Outcome {
        case missing
        case directory
        case tooLarge(Int)
        case unreadable
        case bytes(Data)
    }

    static func read(_ url: URL, maxBytes: Int) -> Outcome {
        let path = url.path
        guard let file = try? PosixFile(readingAt: path) else {
            // Permission denied on something that exists is "unreadable"; anything else is "missing".
            return access(path, F_OK) == 0 ? .unreadable : .missing
        }
        defer { file.close() }
        guard let info = try? file.status() else { return .unreadable }
        if info.isDirectory { return .directory }
        if info.size > maxBytes { return .tooLarge(info.size) }
        // Fewer bytes than the size said means the file shrank while we read: what is there is read.
        guard let data = try? file.read(upToCount: info.size) else { return .unreadable }
        return .bytes(data)
    }
}

/// The size in bytes of the file at `path` (following links); nil when it cannot be asked.
public func fileSize(atPath path: String) -> UInt64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt64(max(0, info.st_size))
}
