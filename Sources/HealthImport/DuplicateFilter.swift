import Foundation

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
        let deviceModel: String?
    }

    private struct Group {
        var seen: Set<SampleKey> = []
        var newest = Date.distantPast
        var pruneAt = 4096
    }

    private var groups: [GroupKey: Group] = [:]

    public init() {}

    /// True the first time a row is seen, false for an exact repeat.
    public mutating func isFirstOccurrence(_ record: ImportedRecord) -> Bool {
        let key = GroupKey(type: record.type, source: record.source)
        let sample = SampleKey(start: record.start, end: record.end, value: record.value, deviceModel: record.deviceModel)
        var group = groups.removeValue(forKey: key) ?? Group()
        defer { groups[key] = group }
        guard group.seen.insert(sample).inserted else { return false }
        if record.start > group.newest { group.newest = record.start }
        if group.seen.count >= group.pruneAt {
            let horizon = group.newest.addingTimeInterval(-Self.window)
            group.seen = group.seen.filter { $0.start >= horizon }
            group.pruneAt = max(4096, group.seen.count * 2)
        }
        return true
    }

    /// How many samples are remembered (for tests and memory checks).
    public var rememberedCount: Int { groups.values.reduce(0) { $0 + $1.seen.count } }
}
