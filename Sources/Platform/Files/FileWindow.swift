import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A large file's bytes, read in as a reader moves from its start to its end (the meal log, read
/// once at launch): every byte sits at its own offset in an anonymous mapping the size of the file,
/// a stretch ahead of the reader is read in, and the pages behind it are given back. The whole file
/// is never resident at once, and no large `malloc` block holds it (freeing one raises glibc's
/// mmap threshold to its size, and later blocks below that stay in the heap for good).
///
/// Bytes not read in yet, or given back, read as zeros, which JSON accepts nowhere: a reader that
/// runs past what is read in fails, it never takes the edge for the end of the file.
final class FileWindow {
    /// How far ahead of the reader the bytes are read in, at least (up to the end of the file).
    static let readAhead = 64 * 1024
    /// Pages behind the reader are given back this many bytes at a time (each `madvise` costs).
    static let releaseBatch = 128 * 1024

    /// The whole file's span: read in around the reader, zeros elsewhere.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The file ended early or could not be read: the bytes are not the file's.
    private(set) var isIncomplete = false
    private let file: PosixFile
    private let base: UnsafeMutableRawPointer
    private let pageSize = max(4096, sysconf(Int32(_SC_PAGESIZE)))
    private var loaded = 0
    private var released = 0
    /// The first offset at which `advance` has anything to do: before it, the read-ahead is
    /// there and nothing is due to be given back (the reader asks at every array element).
    private(set) var nextStop = 0

    /// The window on the `size` bytes of `file`, read from its current position; nil when no mapping can be made.
    init?(file: PosixFile, size: Int) {
        guard size > 0 else { return nil }
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        self.file = file
        base = mapped
        bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)
    }

    deinit { munmap(base, bytes.count) }

    /// The reader is at `offset`: at least `readAhead` bytes beyond it are read in (or the rest of the
    /// file), and whole pages before it are given back. Bytes before `offset` are never read again.
    func advance(to offset: Int) {
        guard offset >= nextStop else { return }
        readIn(through: min(bytes.count, offset + Self.readAhead))
        let behind = offset / pageSize * pageSize
        if behind - released >= Self.releaseBatch {
            _ = madvise(base + released, behind - released, MADV_DONTNEED)
            released = behind
        }
        let readAheadEnds = loaded < bytes.count && !isIncomplete ? loaded - Self.readAhead + 1 : Int.max
        nextStop = min(readAheadEnds, released + Self.releaseBatch)
    }

    /// Reads on until `end` (twice the read-ahead at a time, so a read is never small).
    private func readIn(through end: Int) {
        guard loaded < end, !isIncomplete else { return }
        let target = min(bytes.count, max(end, loaded + 2 * Self.readAhead))
        do {
            let filled = try file.read(into: UnsafeMutableRawBufferPointer(start: base + loaded, count: target - loaded))
            loaded += filled
            if loaded < target { isIncomplete = true }
        } catch {
            isIncomplete = true
        }
    }
}
