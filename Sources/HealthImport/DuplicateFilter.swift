import FoundationEssentials

/// Drops exact duplicate rows (same type, source, start, end and value), which
/// re-synced devices leave in exports. One set for all (type, source) groups,
/// so a group costs nothing but its rows (an export of 100,000 one-record
/// sources does not make 100,000 sets). Memory stays bounded: an export lists
/// each source's records of a type in date order, so when the set grows past
/// its budget only the rows within `window` of their group's newest are kept.
public struct DuplicateFilter {
    public static let window: TimeInterval = 2 * 86_400

    private struct GroupKey: Hashable {
        let type: ImportedType
        let source: String
    }

    private struct SampleKey: Hashable {
        let group: Int32
        let start: Date
        let end: Date
        let value: ImportedValue
    }

    private var groupIndex: [GroupKey: Int] = [:]
    private var seen: Set<SampleKey> = []
    private var pruneAt: Int

    /// `budget`: rows remembered before the old ones are let go.
    public init(budget: Int = 4_096) { pruneAt = budget }

    /// True the first time a row is seen, false for an exact repeat.
    public mutating func isFirstOccurrence(_ record: ImportedRecord) -> Bool {
        let key = GroupKey(type: record.type, source: record.source)
        let index: Int
        if let known = groupIndex[key] {
            index = known
        } else {
            index = groupIndex.count
            groupIndex[key] = index
        }
        return isFirstOccurrence(record, group: index)
    }

    /// The same, for a caller that already numbered its (type, source) groups from 0.
    mutating func isFirstOccurrence(_ record: ImportedRecord, group index: Int) -> Bool {
        let sample = SampleKey(group: Int32(truncatingIfNeeded: index), start: record.start, end: record.end, value: record.value)
        guard seen.insert(sample).inserted else { return false }
        if seen.count >= pruneAt { prune() }
        return true
    }

    /// Lets go of each group's rows older than `window` before its newest, in
    /// place (with many small groups there is often nothing to let go of). When
    /// a pass lets go of less than a quarter, the next waits for four times as
    /// many rows, not twice: with 100,000 groups of one or two rows every pass
    /// finds nothing, and each one hashes every row.
    private mutating func prune() {
        let before = seen.count
        var newest: [Int32: Date] = [:]
        for key in seen where key.start > newest[key.group, default: .distantPast] { newest[key.group] = key.start }
        let old = seen.filter { $0.start < newest[$0.group, default: .distantPast].addingTimeInterval(-Self.window) }
        for key in old { seen.remove(key) }
        pruneAt = max(pruneAt, seen.count * (old.count * 4 < before ? 4 : 2))
    }

    /// How many samples are remembered (for tests and memory checks).
    public var rememberedCount: Int { seen.count }
}
