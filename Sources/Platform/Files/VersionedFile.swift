import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The result of opening a data file.
public enum LoadOutcome<Value> {
    case missing
    case loaded(Value)
    /// The file was unusable and was moved aside to `movedTo` (nil if even that failed).
    case recovered(reason: String, movedTo: URL?)
}

/// A JSON file with a schema version: `{"schemaVersion": N, "savedAt": ..., "data": ...}`.
/// A corrupt, truncated, too-large or unknown-version file is moved aside as
/// `NAME.corrupt-TIMESTAMP` — never deleted, never silently overwritten.
/// An OLDER version is read through `migrate` when one is given (the file is
/// left as it is until the next save writes the current version); a NEWER
/// version, written by a later release, is always set aside.
public struct VersionedFile<Value: Codable>: Sendable {
    /// Reads a file of an older schema version (given as the whole file's bytes);
    /// throwing sets the file aside like any unreadable one.
    public typealias Migration = @Sendable (_ fromVersion: Int, _ file: Data) throws -> Value

    public let url: URL
    public let schemaVersion: Int
    public let maxBytes: Int
    public let migrate: Migration?
    /// Read-only (`snapshot`, `stats`): a damaged file is reported but never moved aside.
    public let readOnly: Bool
    /// False for a file the app must keep telling the user about (the imported
    /// data): a damaged one stays where it is, never moved aside.
    public let setsAsideDamaged: Bool
    /// How `JSONReader` reads a `Value` (`JSONFastDecodable`), set by the initializer the
    /// compiler picks for such values; nil: `JSONDecoder` reads it. Decided where the type is
    /// known, not by a cast at each load (a first cast to a protocol scans every conformance
    /// in the binary: 0.1 M instructions a type, at start-up).
    let fastRead: (@Sendable (inout JSONReader) throws -> Value)?

    /// `maxBytes`: larger files are set aside unread — 16 MB holds about 100,000
    /// meals, and decoding more would stall the launch for seconds.
    public init(url: URL, schemaVersion: Int, maxBytes: Int = 16 * 1024 * 1024, migrate: Migration? = nil, readOnly: Bool = false,
                setsAsideDamaged: Bool = true) {
        self.init(url: url, schemaVersion: schemaVersion, maxBytes: maxBytes, migrate: migrate, readOnly: readOnly,
                  setsAsideDamaged: setsAsideDamaged, fastRead: nil)
    }

    init(url: URL, schemaVersion: Int, maxBytes: Int, migrate: Migration?, readOnly: Bool, setsAsideDamaged: Bool,
         fastRead: (@Sendable (inout JSONReader) throws -> Value)?) {
        self.setsAsideDamaged = setsAsideDamaged
        self.url = url
        self.schemaVersion = schemaVersion
        self.maxBytes = maxBytes
        self.migrate = migrate
        self.readOnly = readOnly
        self.fastRead = fastRead
    }

    private struct Payload<T: Decodable>: Decodable { var data: T }

    /// The `data` of a file's envelope decoded as `T` (dates as ISO 8601), for migrations.
    public static func payload<T: Decodable>(_ type: T.Type, in file: Data) throws -> T {
        try decoder.decode(Payload<T>.self, from: file).data
    }

    private struct Envelope: Codable {
        var schemaVersion: Int
        var savedAt: Date?
        var data: Value
    }

    private struct VersionProbe: Decodable { var schemaVersion: Int? }

    public static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .iso8601
        e.outputFormatting = [.sortedKeys]
        return e
    }

    public static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }

    public func load(now: Date = Date()) -> LoadOutcome<Value> {
        if let value = streamedFastLoad() { return .loaded(value) }
        let data: Data
        switch FileBytes.read(url, maxBytes: maxBytes) {
        case .missing: return .missing
        case .directory: return quarantine("it is a directory, not a file", now: now)
        case .notRegularFile(let kind):
            // Never read, never moved: it may be someone's pipe or device. Left alone and not written over.
            return .recovered(reason: "it is \(kind), not a regular file", movedTo: nil)
        case .tooLarge(let size):
            return quarantine("it is too large (\(byteCountText(size)); at most \(byteCountText(maxBytes)))", now: now)
        case .unreadable(let why):
            // Unreadable (permissions): leave it where it is, and do not write over it.
            return .recovered(reason: "it cannot be read (\(why.lowercased()))", movedTo: nil)
        case .bytes(let bytes): data = bytes
        }
        if data.isEmpty { return quarantine("it is empty", now: now) }
        if let value = fastLoad(data) { return .loaded(value) }
        guard let probe = try? JSONDecoder().decode(VersionProbe.self, from: data) else {
            return quarantine("it is not valid JSON (damaged or cut off)", now: now)
        }
        if let version = probe.schemaVersion, version < schemaVersion, version >= 1, let migrate {
            do {
                return .loaded(try migrate(version, data))
            } catch {
                return quarantine("its version \(version) contents could not be converted", now: now)
            }
        }
        guard probe.schemaVersion == schemaVersion else {
            return quarantine("it has schema version \(probe.schemaVersion.map(String.init) ?? "none"), expected \(schemaVersion)", now: now)
        }
        do {
            return .loaded(try Self.decoder.decode(Envelope.self, from: data).data)
        } catch {
            return quarantine("its contents do not match the expected format", now: now)
        }
    }

    public func save(_ value: Value, now: Date = Date()) throws {
        try save(encoded: encoded(value, now: now))
    }

    /// The bytes `save` writes for `value` (to measure or keep them before writing).
    public func encoded(_ value: Value, now: Date = Date()) throws -> Data {
        do {
            return try Self.encoder.encode(Envelope(schemaVersion: schemaVersion, savedAt: now, data: value))
        } catch {
            throw StorageError("cannot encode \(url.lastPathComponent)")
        }
    }

    /// Replaces the file with bytes made by `encoded`.
    public func save(encoded data: Data) throws {
        if readOnly { throw StorageError("\(url.lastPathComponent) is open read-only") }
        try WriteAccess.check(url.lastPathComponent)
        try AtomicFile.write(data, to: url)
    }

    private func quarantine(_ reason: String, now: Date) -> LoadOutcome<Value> {
        .recovered(reason: reason, movedTo: readOnly || !setsAsideDamaged ? nil : FileQuarantine.moveAside(url, now: now))
    }

}

/// Moves an unusable file aside as `NAME.corrupt-TIMESTAMP` so nothing is ever
/// deleted or silently overwritten; returns where it went (nil if it could not move).
public enum FileQuarantine {
    public static func moveAside(_ url: URL, now: Date) -> URL? {
        guard !WriteAccess.isForbidden else { return nil }
        let stamp = timestamp(now)
        var target = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)")
        var n = 1
        while FileManager.default.fileExists(atPath: target.path) {
            n += 1
            target = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)-\(n)")
        }
        guard rename(url.path, target.path) == 0 else { return nil }
        // Set aside, it is still health data: private whatever mode it had.
        _ = chmod(target.path, 0o600)
        return target
    }

    static func timestamp(_ date: Date) -> String {
        let c = LocalCalendar(timeZone: .utc).civil(date)
        return String(cFormat: "%04d%02d%02dT%02d%02d%02dZ", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }
}
