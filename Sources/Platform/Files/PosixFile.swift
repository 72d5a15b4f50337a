import FoundationEssentials
import Glibc

/// An open file read or written with plain system calls (Foundation's
/// `FileHandle` lives outside FoundationEssentials). Errors carry the C
/// library's own words ("No such file or directory").
public final class PosixFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// The errno behind it; 0 when the path exists but is not a regular file.
        public let code: Int32
        /// Set when the path is a FIFO, socket, device or directory: what it is ("a named pipe (FIFO)").
        public let notRegularFile: String?
        init(errno code: Int32) {
            self.code = code
            notRegularFile = nil
            description = code == ELOOP ? "it is a symbolic link loop (\(String(cString: strerror(code))))"
                                        : String(cString: strerror(code))
        }
        init(notRegular kind: String) {
            code = 0
            notRegularFile = kind
            description = "it is \(kind), not a regular file"
        }
    }

    private var fd: Int32

    /// Opens a regular file (or a link to one) for reading. Anything else — a
    /// FIFO, socket, device or directory — is refused at once, never waited on:
    /// the open is non-blocking (a FIFO with no writer would otherwise block
    /// it), and blocking reads are restored only once fstat says "regular".
    /// `allowDirectory` lets a caller that lists folders tell them apart itself.
    public init(readingAt path: String, allowDirectory: Bool = false) throws(Failure) {
        fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw Failure(errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { let code = errno; close(); throw Failure(errno: code) }
        let type = info.st_mode & S_IFMT
        if type != S_IFREG && !(allowDirectory && type == S_IFDIR) {
            close()
            throw Failure(notRegular: Self.describe(fileType: type))
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// What a non-regular file is, in words a person knows.
    static func describe(fileType type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a directory"
        default: return "not a file"
        }
    }

    public init(writingAt path: String) throws(Failure) {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(errno: errno) }
    }

    deinit { close() }

    public func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    /// The file's size in bytes, and whether it is a directory.
    public func status() throws(Failure) -> (size: Int, isDirectory: Bool) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(errno: errno) }
        return (Int(max(0, info.st_size)), info.st_mode & S_IFMT == S_IFDIR)
    }

    public func seek(toOffset offset: UInt64) throws(Failure) {
        guard lseek(fd, off_t(offset), SEEK_SET) >= 0 else { throw Failure(errno: errno) }
    }

    /// Up to `count` bytes from the current position; fewer only at the end of the file.
    public func read(upToCount count: Int) throws(Failure) -> Data {
        guard count > 0 else { return Data() }
        var data = Data(count: count)
        var filled = 0
        var failure: Failure?
        data.withUnsafeMutableBytes { raw in
            do throws(Failure) { filled = try read(into: raw) } catch { failure = error }
        }
        if let failure { throw failure }
        if filled < count { data.count = filled }
        return data
    }

    /// Fills `buffer` from the current position; how many bytes were read (fewer than its
    /// size only at the end of the file). For a reader that reuses one buffer: nothing is
    /// allocated or zeroed per read.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let n = Glibc.read(fd, base + filled, buffer.count - filled)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(errno: errno) }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    public func write<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) throws(Failure) {
        var failure: Int32 = 0
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            failure = writeAll(UnsafeRawBufferPointer(buffer))
        }
        if done == nil { failure = Array(bytes).withUnsafeBytes { writeAll($0) } }
        if failure != 0 { throw Failure(errno: failure) }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> Int32 {
        guard let base = buffer.baseAddress else { return 0 }
        var written = 0
        while written < buffer.count {
            let n = Glibc.write(fd, base + written, buffer.count - written)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return errno }
            written += n
        }
        return 0
    }
}
