import FoundationEssentials
import HealthDomain
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// One sample as it waits on disk: 32 bytes, no strings (the source is a number).
struct SpilledSample: Equatable {
    var start: Double
    var end: Double
    var value: Double
    var source: UInt32
    /// The sleep stage's index for sleep samples, 0 otherwise.
    var detail: UInt32
}

/// Samples spilled to temporary files, one per (type, month), so a multi-GB
/// export never has to fit in memory: while reading, each sample is appended to
/// its bucket (small buffers, flushed when they add up to `bufferBudget`); at
/// the end each bucket is read back alone. The folder is 0700, holds a flocked
/// `lock` file while in use (see `ImportLeftovers`) and is removed by `remove()`.
final class SpillBuckets {
    struct Key: Hashable, Comparable {
        var type: Int
        var month: Int
        static func < (a: Key, b: Key) -> Bool { (a.type, a.month) < (b.type, b.month) }
    }

    let directory: URL
    private let bufferBudget: Int
    /// Each bucket's samples not yet written, by the bucket's place in `bufferKeys`. Not checked
    /// for exclusivity at run time (a class's property changed through a call is, ≈ 130
    /// instructions per sample): only this class touches it, and none of its methods calls another
    /// while it changes a buffer.
    @exclusivity(unchecked) private var buffers: [[SpilledSample]] = []
    private var bufferKeys: [Key] = []
    private var bufferIndex: [Key: Int] = [:]
    /// The bucket of the last sample: samples come in runs of one type and month, so most
    /// appends hash no key.
    private var lastKey: Key?
    private var lastIndex = 0
    private var buffered = 0
    private var onDisk: [Key: Int] = [:]
    private(set) var bytesWritten: UInt64 = 0

    /// The open `lock` file whose exclusive flock tells `ImportLeftovers.sweep` the folder is in use.
    private var lockDescriptor: Int32 = -1

    /// - Parameter bufferBudget: samples held in memory across all buckets before they are written.
    init(parent: URL, bufferBudget: Int = 65_536) throws {
        let name = "\(ImportLeftovers.prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        directory = parent.appendingPathComponent(name, isDirectory: true)
        self.bufferBudget = max(1, bufferBudget)
        // 0700 from the start (no window with wider rights); EEXIST is an error, never someone else's folder reused.
        guard mkdir(directory.path, 0o700) == 0 else {
            throw ImportFailure.writeFailed("cannot create a temporary folder in \(parent.path): \(String(cString: strerror(errno)))")
        }
        InterruptFlag.register(temporaryFolder: directory.path)
        let lockPath = directory.appendingPathComponent(ImportLeftovers.lockName).path
        lockDescriptor = open(lockPath, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lockDescriptor >= 0, flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = String(cString: strerror(errno))
            remove()
            throw ImportFailure.writeFailed("cannot lock a temporary folder in \(parent.path): \(reason)")
        }
    }

    deinit { remove() }

    var keys: [Key] {
        Array(Set(bufferKeys.indices.filter { !buffers[$0].isEmpty }.map { bufferKeys[$0] }).union(onDisk.keys)).sorted()
    }

    func append(_ sample: SpilledSample, to key: Key) throws {
        if key != lastKey {
            if let known = bufferIndex[key] {
                lastIndex = known
            } else {
                lastIndex = buffers.count
                bufferIndex[key] = lastIndex
                buffers.append([])
                bufferKeys.append(key)
            }
            lastKey = key
        }
        buffers[lastIndex].append(sample)
        buffered += 1
        if buffered >= bufferBudget { try flushAll() }
    }

    func flushAll() throws {
        for index in buffers.indices where !buffers[index].isEmpty {
            try write(buffers[index], to: bufferKeys[index])
            buffers[index] = []
        }
        buffered = 0
    }

    /// Every sample of a bucket, in the order they were appended.
    func samples(_ key: Key) throws -> [SpilledSample] {
        var out: [SpilledSample] = []
        if onDisk[key] != nil {
            let data: Data
            do { data = try Data(contentsOf: file(key)) } catch {
                throw ImportFailure.writeFailed("cannot read back \(file(key).path): \(reason(of: error))")
            }
            let count = data.count / MemoryLayout<SpilledSample>.stride
            out.reserveCapacity(count + pending(key).count)
            data.withUnsafeBytes { raw in
                for i in 0..<count {
                    out.append(raw.loadUnaligned(fromByteOffset: i * MemoryLayout<SpilledSample>.stride, as: SpilledSample.self))
                }
            }
        }
        out += pending(key)
        return out
    }

    private func pending(_ key: Key) -> [SpilledSample] { bufferIndex[key].map { buffers[$0] } ?? [] }

    /// Removes the folder and every file in it; the lock goes last.
    func remove() {
        guard lockDescriptor != -2 else { return }
        TemporaryFolderRemoval.remove(directory.path)
        if lockDescriptor >= 0 { close(lockDescriptor) }
        lockDescriptor = -2
        InterruptFlag.unregister(temporaryFolder: directory.path)
    }

    private func file(_ key: Key) -> URL {
        directory.appendingPathComponent("\(key.type)-\(key.month).bin")
    }

    private func write(_ samples: [SpilledSample], to key: Key) throws {
        let path = file(key).path
        // The first write creates the file (O_EXCL: never one that was already there); later ones append.
        let flags = onDisk[key] == nil ? O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND | O_CLOEXEC
                                       : O_WRONLY | O_NOFOLLOW | O_APPEND | O_CLOEXEC
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else { throw ImportFailure.writeFailed("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let ok = samples.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return false }
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        guard ok else { throw ImportFailure.writeFailed("cannot write \(path): \(String(cString: strerror(errno)))") }
        onDisk[key, default: 0] += samples.count
        bytesWritten += UInt64(samples.count * MemoryLayout<SpilledSample>.stride)
    }
}
