import FoundationEssentials
import HealthDomain
import Platform

/// What the header and `stats` say about the import: where the data came from.
public struct ImportInfo: Codable, Equatable, Sendable {
    public struct Source: Codable, Equatable, Sendable {
        public var name: String
        /// "watch", "phone" or "other".
        public var kind: String
        public var records: Int
    }

    public struct OtherSources: Codable, Equatable, Sendable {
        public var count: Int
        public var records: Int
    }

    /// An export may name 100,000 sources; import.json lists this many and counts the rest.
    public static let maxListedSources = 100

    public var exportDate: Date?
    public var importedAt: Date
    /// The file the user gave (zip, folder or XML).
    public var path: String
    /// Sources, most trusted first (the order daily totals were merged in); at most
    /// `maxListedSources` of them, the rest counted in `otherSources`.
    public var sources: [Source]
    /// The sources beyond the listed ones (nil when every source is listed).
    public var otherSources: OtherSources?
    public var prefer: String?
    public var recordsByType: [String: Int]
    public var firstDay: String?
    public var lastDay: String?
    /// The time zone the local days were cut in.
    public var timeZone: String

    /// The export's own day ("2024-03-31"), else the import's.
    public func exportDay(calendar: LocalCalendar) -> DayKey { DayKey(exportDate ?? importedAt, calendar: calendar) }
}

extension AppPaths {
    /// The imported daily values (data, not cache: the export is the only other copy).
    public var importedHealthFile: URL { dataDirectory.appendingPathComponent("imported-health.json") }
    /// The import's metadata (source, export date).
    public var importInfoFile: URL { dataDirectory.appendingPathComponent("import.json") }
    /// The repository's cache while the imported data is the provider (kept apart from the mock's).
    public var importedCacheFile: URL { cacheDirectory.appendingPathComponent("health-cache-imported.json") }
}

/// The two files an import writes, both 0600 in the data folder. The data is
/// written first and the metadata second; if the second write fails the data
/// file is put back as it was, so a failed import changes nothing.
public struct ImportedHealthStore: Sendable {
    public static let schemaVersion = 1
    public let dataFile: VersionedFile<ImportedHealthData>
    public let infoFile: VersionedFile<ImportInfo>

    public init(paths: AppPaths) { self.init(paths: paths, infoMaxBytes: 16 * 1024 * 1024) }

    /// `infoMaxBytes`: what readers accept for import.json (the default everywhere; tests lower it).
    init(paths: AppPaths, infoMaxBytes: Int) {
        dataFile = VersionedFile(url: paths.importedHealthFile, schemaVersion: Self.schemaVersion, maxBytes: 256 * 1024 * 1024)
        infoFile = VersionedFile(url: paths.importInfoFile, schemaVersion: Self.schemaVersion, maxBytes: infoMaxBytes)
    }

    /// True when an import has been committed (its metadata is there).
    public var exists: Bool { FileManager.default.fileExists(atPath: infoFile.url.path) }

    public func loadInfo() -> ImportInfo? {
        if case .loaded(let info) = infoFile.load() { return info }
        return nil
    }

    public func loadData() -> ImportedHealthData? {
        if case .loaded(let data) = dataFile.load() { return data }
        return nil
    }

    /// Replaces the previous import, all or nothing. Both files are encoded and
    /// checked against the size their readers accept before either is replaced:
    /// what an import writes, every reader can read.
    public func commit(_ data: ImportedHealthData, info: ImportInfo, now: Date) throws {
        try Self.checkSize(data, of: dataFile, now: now)
        try Self.checkSize(info, of: infoFile, now: now)
        let previous = try? Data(contentsOf: dataFile.url)
        try dataFile.save(data, now: now)
        do {
            try infoFile.save(info, now: now)
        } catch {
            if let previous { try? AtomicFile.write(previous, to: dataFile.url) } else { try? FileManager.default.removeItem(at: dataFile.url) }
            throw error
        }
    }

    /// Throws when `value` saved as `file` would be larger than `file.maxBytes`.
    static func checkSize<Value: Codable>(_ value: Value, of file: VersionedFile<Value>, now: Date) throws {
        let size = try encodedSize(value, schemaVersion: file.schemaVersion, now: now)
        guard size <= file.maxBytes else {
            throw StorageError("\(file.url.lastPathComponent) would be \(size) bytes, more than the \(file.maxBytes) bytes the app reads")
        }
    }

    /// The size of the file `VersionedFile.save` writes: the same envelope, keys and encoder settings.
    static func encodedSize<Value: Encodable>(_ value: Value, schemaVersion: Int, now: Date) throws -> Int {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(SizedEnvelope(schemaVersion: schemaVersion, savedAt: now, data: value)).count
    }
}

/// `VersionedFile`'s envelope, to measure a file before it is written.
private struct SizedEnvelope<Value: Encodable>: Encodable {
    var schemaVersion: Int
    var savedAt: Date?
    var data: Value
}
