import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
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
    public var importedHealthFile: URL { dataDirectory.appendingFile("imported-health.json") }
    /// The import's metadata (source, export date).
    public var importInfoFile: URL { dataDirectory.appendingFile("import.json") }
    /// The repository's cache while the imported data is the provider (kept apart from the mock's).
    public var importedCacheFile: URL { cacheDirectory.appendingFile("health-cache-imported.json") }
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
    /// A damaged import stays where it is: the app keeps saying so until the next import replaces it.
    init(paths: AppPaths, infoMaxBytes: Int) {
        dataFile = VersionedFile(url: paths.importedHealthFile, schemaVersion: Self.schemaVersion, maxBytes: Self.maxDataBytes,
                                 setsAsideDamaged: false)
        infoFile = VersionedFile(url: paths.importInfoFile, schemaVersion: Self.schemaVersion, maxBytes: infoMaxBytes,
                                 setsAsideDamaged: false)
    }

    /// True when an import has been committed (its metadata is there).
    public var exists: Bool { FileManager.default.fileExists(atPath: infoFile.url.path) }

    /// The largest imported-health.json a reader accepts.
    public static let maxDataBytes = 256 * 1024 * 1024

    public func loadInfo() -> ImportInfo? { loadState().info }

    /// What is there: no import, a readable one (its metadata), or one that cannot be read.
    public func loadState() -> ImportState {
        switch infoFile.load() {
        case .missing: return .none
        case .loaded(let info):
            if FileIdentity.of(dataFile.url) == nil {
                return .unreadable(ImportState.message(file: dataFile.url, reason: "it is missing", exportPath: info.path))
            }
            return .imported(info)
        case .recovered(let reason, let moved):
            return .unreadable(ImportState.message(file: moved ?? infoFile.url, reason: reason, exportPath: nil))
        }
    }

    /// The daily values, or what the user should read about why they cannot be.
    public func loadData(exportPath: String? = nil) -> Result<ImportedHealthData, HealthError> {
        switch dataFile.load() {
        case .loaded(let data): return .success(data)
        case .missing:
            return .failure(.importUnreadable(ImportState.message(file: dataFile.url, reason: "it is missing", exportPath: exportPath)))
        case .recovered(let reason, let moved):
            return .failure(.importUnreadable(ImportState.message(file: moved ?? dataFile.url, reason: reason, exportPath: exportPath)))
        }
    }

    /// Replaces the previous import, all or nothing, under the data folder's
    /// lock. Both files are encoded and checked against the size their readers
    /// accept before either is replaced: what an import writes, every reader can read.
    public func commit(_ data: ImportedHealthData, info: ImportInfo, lock: FileLock? = nil, now: Date) throws {
        let dataBytes = try dataFile.encoded(data, now: now)
        let infoBytes = try infoFile.encoded(info, now: now)
        for (bytes, file) in [(dataBytes, dataFile.url), (infoBytes, infoFile.url)] {
            let limit = file == dataFile.url ? dataFile.maxBytes : infoFile.maxBytes
            guard bytes.count <= limit else {
                throw StorageError("\(file.lastPathComponent) would be \(byteCountText(bytes.count)), more than the \(byteCountText(limit)) the app reads")
            }
        }
        let replace = {
            let previous: Data? = if case .bytes(let b) = FileBytes.read(dataFile.url, maxBytes: Self.maxDataBytes) { b } else { nil }
            try dataFile.save(encoded: dataBytes)
            do {
                try infoFile.save(encoded: infoBytes)
            } catch {
                if let previous { try? AtomicFile.write(previous, to: dataFile.url) } else { unlink(dataFile.url.path) }
                throw error
            }
        }
        if let lock { try lock.withLock(replace) } else { try replace() }
    }
}
