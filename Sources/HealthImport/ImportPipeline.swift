import FoundationEssentials

/// Scanned records in, validated unique records out, everything counted. Types and
/// sources are numbered as they first appear; the scanner hands out the same String
/// storage for a repeated value, so comparing with the previous record's strings
/// (an identity check) finds the number without hashing.
public struct ImportPipeline {
    private var summaryBase = ImportSummary()
    private var duplicates = DuplicateFilter()

    private var lastTypeName = ""
    private var lastType: ImportedType?
    private var lastSourceName = ""
    private var lastSource = -1

    private var sourceNumbers: [String: Int] = [:]
    private var sourceNames: [String] = []
    private var sourceRecordCounts: [Int] = []
    private var sourceModels: [Set<String>] = []
    private var sourceLastModel: [String?] = []
    private var typeCounts = [Int](repeating: 0, count: ImportedType.allCases.count)
    public private(set) var importedRecords = 0

    public init() {}

    public var summary: ImportSummary {
        var summary = summaryBase
        for (index, type) in ImportedType.allCases.enumerated() where typeCounts[index] > 0 {
            summary.recordsByType[type] = typeCounts[index]
        }
        for (number, name) in sourceNames.enumerated() where sourceRecordCounts[number] > 0 {
            summary.recordsBySource[name] = sourceRecordCounts[number]
            if !sourceModels[number].isEmpty { summary.modelsBySource[name] = sourceModels[number] }
        }
        return summary
    }

    public mutating func accept(_ scanned: ScannedRecord) -> ImportedRecord? {
        if scanned.type != lastTypeName {
            lastTypeName = scanned.type
            lastType = ImportedType(identifier: scanned.type)
        }
        guard let type = lastType else {
            summaryBase.unsupportedRecords += 1
            return nil
        }
        switch RecordMapper.map(scanned, as: type) {
        case .unsupported:
            summaryBase.unsupportedRecords += 1
            return nil
        case .skipped(let type, let reason):
            summaryBase.skip(type, reason)
            return nil
        case .record(let record):
            let source = sourceNumber(record.source)
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
        sourceNumbers = [:]
        sourceLastModel = []
        summaryBase.xml = xml
        summaryBase.exportDate = xml.exportDate
        summaryBase.xmlBytesRead = xml.bytesScanned
    }

    private mutating func sourceNumber(_ name: String) -> Int {
        if lastSource >= 0, name == lastSourceName { return lastSource }
        let number: Int
        if let known = sourceNumbers[name] {
            number = known
        } else {
            number = sourceNames.count
            sourceNumbers[name] = number
            sourceNames.append(name)
            sourceRecordCounts.append(0)
            sourceModels.append([])
            sourceLastModel.append(nil)
        }
        lastSourceName = name
        lastSource = number
        return number
    }

    private mutating func count(_ record: ImportedRecord, source: Int, typeIndex: Int) {
        importedRecords += 1
        typeCounts[typeIndex] += 1
        sourceRecordCounts[source] += 1
        if let model = record.deviceModel, model != sourceLastModel[source] {
            sourceModels[source].insert(model)
            sourceLastModel[source] = model
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
