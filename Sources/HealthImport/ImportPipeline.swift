import FoundationEssentials

/// Scanned records in, validated unique records out, everything counted. Types and
/// sources are numbered as they first appear. The scanner numbers source names
/// already (equal numbers, equal names): its number indexes an array here, so a
/// record's source is found without hashing its name; records given without that
/// number (built by hand) are found by name.
public struct ImportPipeline {
    private var summaryBase = ImportSummary()
    private var duplicates = DuplicateFilter()

    private var lastTypeName = ""
    private var lastType: ImportedType?

    /// Numbered by the scanner's number of each name where there is one.
    private var sources = SourceNumbering()
    private var sourceRecords: [Int] = []
    /// Only sources with a device model: most sources (apps) never name one.
    private var sourceModels: [Int: Set<String>] = [:]
    /// The last (source, device model) put in `sourceModels`: records come in runs of one
    /// source and model, and the set needs each pair once (one pair, not one per source:
    /// with 100,000 sources an array of them was 1.6 MB).
    private var lastModelSource = -1
    private var lastModel = ""
    private var typeCounts = [Int](repeating: 0, count: ImportedType.allCases.count)
    public private(set) var importedRecords = 0

    public init() {}

    public var summary: ImportSummary {
        var summary = summaryBase
        for (index, type) in ImportedType.allCases.enumerated() where typeCounts[index] > 0 {
            summary.recordsByType[type] = typeCounts[index]
        }
        // Every source here has a record: its first one is never a duplicate.
        summary.sourceCounts = sources.names.indices.map {
            SourceCount(name: sources.names[$0], records: sourceRecords[$0], deviceModels: sourceModels[$0] ?? [])
        }
        return summary
    }

    public mutating func accept(_ scanned: ScannedRecord) -> ImportedRecord? { accept(scanned, sourceNumber: -1) }

    /// `sourceNumber`: the scanner's number of the record's source name (-1: none given).
    mutating func accept(_ scanned: ScannedRecord, sourceNumber: Int) -> ImportedRecord? {
        if scanned.type != lastTypeName {
            lastTypeName = scanned.type
            lastType = ImportedType(identifier: scanned.type)
        }
        guard let type = lastType else {
            summaryBase.unsupportedRecords += 1
            return nil
        }
        // The duplicate filter's slot for this record starts loading now and arrives while
        // the record is validated (with many sources the table is larger than the cache).
        if sourceNumber >= 0, case .date(let start) = scanned.startDate, case .date(let end) = scanned.endDate,
           let source = sources.expectedNumber(key: sourceNumber) {
            duplicates.prefetch(group: source * ImportedType.allCases.count + Self.typeIndex(type), start: start, end: end)
        }
        switch RecordMapper.map(scanned, as: type) {
        case .unsupported:
            summaryBase.unsupportedRecords += 1
            return nil
        case .skipped(let type, let reason):
            summaryBase.skip(type, reason)
            return nil
        case .record(var record):
            let source = sources.number(of: record.source, key: sourceNumber)
            if source == sourceRecords.count { sourceRecords.append(0) }
            record.sourceIndex = source
            let typeIndex = Self.typeIndex(type)
            let group = source * ImportedType.allCases.count + typeIndex
            guard duplicates.isFirstOccurrence(record, group: group) else {
                summaryBase.duplicates += 1
                return nil
            }
            count(record, source: source, typeIndex: typeIndex)
            return record
        }
    }

    mutating func finish(xml: XMLScanStats) {
        // What only reading needed goes before the summary is made: with 100,000 sources
        // these are most of an import's memory, and the summary's tables come next.
        duplicates = DuplicateFilter()
        sources.dropLookups()
        summaryBase.xml = xml
        summaryBase.exportDate = xml.exportDate
        summaryBase.xmlBytesRead = xml.bytesScanned
    }

    private mutating func count(_ record: ImportedRecord, source: Int, typeIndex: Int) {
        importedRecords += 1
        typeCounts[typeIndex] += 1
        sourceRecords[source] += 1
        if let model = record.deviceModel, source != lastModelSource || model != lastModel {
            sourceModels[source, default: []].insert(model)
            lastModelSource = source
            lastModel = model
        }
        if summaryBase.firstDate.map({ record.start < $0 }) ?? true { summaryBase.firstDate = record.start }
        if summaryBase.lastDate.map({ record.end > $0 }) ?? true { summaryBase.lastDate = record.end }
    }

    private static func typeIndex(_ type: ImportedType) -> Int {
        switch type {
        case .stepCount: return 0
        case .activeEnergy: return 1
        case .exerciseTime: return 2
        case .restingHeartRate: return 3
        case .heartRateVariability: return 4
        case .sleepAnalysis: return 5
        }
    }
}
