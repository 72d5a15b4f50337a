import FoundationEssentials
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Live samples on disk as JSON Lines: a header line with the schema version,
/// then one sample per line. A batch is one append + fsync, whatever the size
/// of the log, so frequent batches stay cheap. A `kill -9` mid-append can only
/// tear the last line, which the next load drops; the load then rewrites the
/// log atomically without it (and without days too old to be shown).
public struct SampleLog: Sendable {
    public let url: URL
    public let maxBytes: Int
    /// The data directory's lock, shared with other tmm-tui processes (nil: no locking).
    public let lock: FileLock?
    public static let schemaVersion = 1

    private struct Header: Codable {
        var schemaVersion: Int
        var kind: String
    }
    private static let kind = "tmm-tui live samples"

    public init(url: URL, maxBytes: Int = 64 * 1024 * 1024, lock: FileLock? = nil) {
        self.lock = lock
        self.url = url
        self.maxBytes = maxBytes
    }

    public struct Loaded: Sendable {
        public var samples: [QuantitySample]
        /// Something the user should hear about (a damaged log set aside).
        public var notice: String?
        /// False when the file exists but cannot be read: appending would mix into a file we do not understand.
        public var writable: Bool
    }

    /// Reads the log, keeping samples that end at or after `keepingSince`, each id once.
    public func load(keepingSince: Date, now: Date = Date()) -> Loaded {
        let data: Data
        switch FileBytes.read(url, maxBytes: maxBytes) {
        case .missing: return Loaded(samples: [], notice: nil, writable: true)
        case .directory: return setAside("it is a directory, not a file", now: now)
        case .tooLarge(let size): return setAside("it is too large (\(byteCountText(size)); at most \(byteCountText(maxBytes)))", now: now)
        case .notRegularFile(let kind):
            return Loaded(samples: [], notice: "\(url.lastPathComponent) is \(kind), not a regular file; \(Self.consequence)",
                          writable: false)
        case .unreadable(let why):
            return Loaded(samples: [], notice: "\(url.lastPathComponent) cannot be read (\(why.lowercased())); \(Self.consequence)",
                          writable: false)
        case .bytes(let bytes): data = bytes
        }
        if data.isEmpty { return Loaded(samples: [], notice: nil, writable: true) }

        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsCleanly = data.last == UInt8(ascii: "\n")
        if endsCleanly { lines.removeLast() }
        let decoder = Self.decoder
        guard let first = lines.first, let header = try? decoder.decode(Header.self, from: Data(first)), header.kind == Self.kind else {
            return setAside("it is not a live-sample log (damaged?)", now: now)
        }
        guard header.schemaVersion == Self.schemaVersion else {
            return setAside("it has schema version \(header.schemaVersion), expected \(Self.schemaVersion)", now: now)
        }

        var samples: [QuantitySample] = []
        var seen = Set<String>()
        var damaged = 0, needsRewrite = false
        for (index, line) in lines.dropFirst().enumerated() {
            guard let sample = try? decoder.decode(QuantitySample.self, from: Data(line)) else {
                let isTornTail = index == lines.count - 2 && !endsCleanly
                if !isTornTail { damaged += 1 }
                needsRewrite = true
                continue
            }
            guard sample.end >= keepingSince, seen.insert(sample.id).inserted else { needsRewrite = true; continue }
            samples.append(sample)
        }
        if !endsCleanly { needsRewrite = true }
        var notice: String?
        if damaged > 0 { notice = "\(damaged) damaged line\(damaged == 1 ? "" : "s") in \(url.lastPathComponent) \(damaged == 1 ? "was" : "were") skipped." }
        // A command that only reads leaves the log as it is (the app tidies it on its next start).
        if needsRewrite, !WriteAccess.isForbidden {
            do { try rewrite(samples) } catch {
                return Loaded(samples: samples, notice: "\(url.lastPathComponent) could not be tidied (\(error)); live samples will not be saved.",
                              writable: false)
            }
        }
        return Loaded(samples: samples, notice: notice, writable: true)
    }

    /// Appends a batch with one write and one fsync.
    public func append(_ batch: [QuantitySample]) throws {
        guard !batch.isEmpty else { return }
        try withLock { try appendLocked(batch) }
    }

    private func appendLocked(_ batch: [QuantitySample]) throws {
        let fd = try AtomicFile.openForAppending(url)
        defer { close(fd) }
        var bytes = Data()
        if lseek(fd, 0, SEEK_END) == 0 { bytes += try Self.headerLine() }
        bytes += try Self.lines(batch)
        try AtomicFile.writeAll(fd, bytes, path: url.path)
        guard fsync(fd) == 0 else { throw StorageError("cannot write \(url.path): \(AtomicFile.reason(errno))") }
    }

    /// Replaces the whole log atomically.
    public func rewrite(_ samples: [QuantitySample]) throws {
        let data = try Self.headerLine() + Self.lines(samples)
        try withLock { try AtomicFile.write(data, to: url) }
    }

    /// Another tmm-tui process may append to the same log: writes hold the data lock.
    private func withLock(_ body: () throws -> Void) throws {
        if let lock { try lock.withLock(body) } else { try body() }
    }

    /// What a log that cannot be used costs: the app cannot save its live samples; a command that
    /// only reads (`stats`, `glance`) saves none anyway and leaves the log's samples out.
    private static var consequence: String {
        WriteAccess.isForbidden ? "its samples are left out." : "live samples will not be saved."
    }

    private func setAside(_ reason: String, now: Date) -> Loaded {
        let moved = FileQuarantine.moveAside(url, now: now)
        let kept = moved.map { " It was kept as \($0.lastPathComponent)." } ?? ""
        return Loaded(samples: [], notice: "\(url.lastPathComponent) could not be opened because \(reason).\(kept)", writable: moved != nil)
    }

    // Seconds as exact doubles: ISO 8601 would round sample bounds to whole seconds.
    private static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .secondsSince1970
        e.outputFormatting = [.sortedKeys]
        return e
    }

    private static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .secondsSince1970
        return d
    }

    private static func headerLine() throws -> Data {
        try JSONEncoder().encode(Header(schemaVersion: schemaVersion, kind: kind)) + Data([UInt8(ascii: "\n")])
    }

    private static func lines(_ samples: [QuantitySample]) throws -> Data {
        let encoder = Self.encoder
        var out = Data()
        for s in samples {
            out += try encoder.encode(s)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }
}
