import FoundationEssentials

/// Drops exact duplicate rows (same type, source, start, end and value), which
/// re-synced devices leave in exports. Memory stays bounded: an export lists each
/// source's records of a type in date order, so each (type, source) group only
/// remembers the samples starting within `window` of its newest one.
public struct DuplicateFilter {
    public static let window: TimeInterval = 2 * 86_400

    private struct GroupKey: Hashable {
        let type: ImportedType
        let source: String
    }

    private struct SampleKey: Hashable {
        let start: Date
        let end: Date
        let value: ImportedValue
    }

    private struct Group {
        var seen: Set<SampleKey> = []
        var newest = Date.distantPast
        var pruneAt = 4096
    }

    private var groupIndex: [GroupKey: Int] = [:]
    private var groups: [Group] = []

    public init() {}

    /// True the first time a row is seen, false for an exact repeat.
    public mutating func isFirstOccurrence(_ record: ImportedRecord) -> Bool {
        let key = GroupKey(type: record.type, source: record.source)
        let index: Int
        if let known = groupIndex[key] {
            index = known
        } else {
            index = groups.count
            groupIndex[key] = index
            groups.append(Group())
        }
        return isFirstOccurrence(record, group: index)
    }

    /// The same, for a caller that already numbered its (type, source) groups from 0.
    mutating func isFirstOccurrence(_ record: ImportedRecord, group index: Int) -> Bool {
        while groups.count <= index { groups.append(Group()) }
        let sample = SampleKey(start: record.start, end: record.end, value: record.value)
        guard groups[index].seen.insert(sample).inserted else { return false }
        if record.start > groups[index].newest { groups[index].newest = record.start }
        if groups[index].seen.count >= groups[index].pruneAt {
            let horizon = groups[index].newest.addingTimeInterval(-Self.window)
            groups[index].seen = groups[index].seen.filter { $0.start >= horizon }
            groups[index].pruneAt = max(4096, groups[index].seen.count * 2)
        }
        return true
    }

    /// How many samples are remembered (for tests and memory checks).
    public var rememberedCount: Int { groups.reduce(0) { $0 + $1.seen.count } }
}
