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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            // Permission denied on something that exists is "unreadable"; anything else is "missing".
            return access(path, F_OK) == 0 ? .unreadable : .missing
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .unreadable }
        if info.st_mode & S_IFMT == S_IFDIR { return .directory }
        let size = Int(info.st_size)
        if size > maxBytes { return .tooLarge(size) }
        var data = Data(count: size)
        var filled = 0
        let ok = data.withUnsafeMutableBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while filled < size {
                let n = Glibc.read(fd, base + filled, size - filled)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return false }
                if n == 0 { break }
                filled += n
            }
            return true
        }
        guard ok else { return .unreadable }
        if filled < size { data.removeSubrange(filled...) } // shrank while we read
        return .bytes(data)
    }
}

/// The size in bytes of the file at `path` (following links); nil when it cannot be asked.
public func fileSize(atPath path: String) -> UInt64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt64(max(0, info.st_size))
}
