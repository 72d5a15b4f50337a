import FoundationEssentials

/// What an import read, kept and left out, for the summary screen and `--quiet` scripts.
public struct ImportSummary: Sendable, Equatable {
    /// The file read: the zip, the folder's XML or the XML path.
    public var path = ""
    /// The XML's name inside the zip (or its file name).
    public var xmlName = ""
    public var exportDate: Date?
    /// An `<ExportDate>` outside 2000…2100, left out of `exportDate` (the import's own date is used instead).
    public var implausibleExportDate: Date?
    public var recordsByType: [ImportedType: Int] = [:]
    /// Each source with imported records, once, in the order they first appear
    /// (`ImportedRecord.sourceIndex` is a position here). An array, not a table by
    /// name: an export may name 100,000 sources.
    public var sourceCounts: [SourceCount] = []
    public var skippedByReason: [SkipReason: Int] = [:]
    public var skippedByType: [ImportedType: Int] = [:]
    public var duplicates = 0
    /// Records of types tmm-tui does not import (heart rate, distance, …).
    public var unsupportedRecords = 0
    public var firstDate: Date?
    public var lastDate: Date?
    /// Uncompressed XML bytes scanned.
    public var xmlBytesRead: UInt64 = 0
    /// Bytes of the file on disk read (compressed, for a zip).
    public var fileBytesRead: UInt64 = 0
    public var xml = XMLScanStats()

    public init() {}

    public var importedRecords: Int { recordsByType.values.reduce(0, +) }
    public var skippedRecords: Int { skippedByReason.values.reduce(0, +) }

    /// Imported records per source name.
    public var recordsBySource: [String: Int] {
        Dictionary(sourceCounts.map { ($0.name, $0.records) }, uniquingKeysWith: +)
    }

    /// Device models seen per source ("Watch", "iPhone"), which decide its kind; sources without any are left out.
    public var modelsBySource: [String: Set<String>] {
        Dictionary(sourceCounts.filter { !$0.deviceModels.isEmpty }.map { ($0.name, $0.deviceModels) }, uniquingKeysWith: { $0.union($1) })
    }

    /// The sources, in the order of `sourceCounts`.
    public var sources: [SourceDescriptor] {
        sourceCounts.map { SourceDescriptor(name: $0.name, deviceModels: $0.deviceModels) }
    }

    public func ranking(prefer: String? = nil) -> SourceRanking { SourceRanking(sourceCounts, prefer: prefer) }

    mutating func skip(_ type: ImportedType, _ reason: SkipReason) {
        skippedByReason[reason, default: 0] += 1
        skippedByType[type, default: 0] += 1
    }
}

/// One source's share of an import.
public struct SourceCount: Sendable, Equatable {
    public var name: String
    /// Records imported (duplicates and skipped records left out).
    public var records: Int
    /// Device models its records named ("Watch", "iPhone"), which decide its kind.
    public var deviceModels: Set<String>

    public init(name: String, records: Int, deviceModels: Set<String> = []) {
        self.name = name
        self.records = records
        self.deviceModels = deviceModels
    }
}
