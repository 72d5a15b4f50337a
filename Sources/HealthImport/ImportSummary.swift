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
    public var recordsBySource: [String: Int] = [:]
    /// Device models seen per source ("Watch", "iPhone"), which decide its kind.
    public var modelsBySource: [String: Set<String>] = [:]
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

    public var sources: [SourceDescriptor] {
        recordsBySource.keys.map { SourceDescriptor(name: $0, deviceModels: modelsBySource[$0] ?? []) }
    }

    public func ranking(prefer: String? = nil) -> SourceRanking { SourceRanking(sources, prefer: prefer) }

    mutating func skip(_ type: ImportedType, _ reason: SkipReason) {
        skippedByReason[reason, default: 0] += 1
        skippedByType[type, default: 0] += 1
    }
}
