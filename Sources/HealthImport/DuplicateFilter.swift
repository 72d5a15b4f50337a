import FoundationEssentials
import HealthDomain

/// Drops exact duplicate rows (same type, source, start, end and value), which
/// re-synced devices leave in exports. One table for all (type, source) groups,
/// so a group costs nothing but its rows (an export of 100,000 one-record
/// sources does not make 100,000 sets). Memory stays bounded: an export lists
/// each source's records of a type in date order, so when the table grows past
/// its budget only the rows within `window` of their group's newest are kept.
///
/// The rows are 32 bytes each in one flat open-addressed table, hashed by a
/// multiply (not SipHash): with 100,000 groups of one or two rows nothing can
/// be let go of and the table holds every row, so each insert is one cache
/// miss and no more.
public struct DuplicateFilter {
    public static let window: TimeInterval = 2 * 86_400

    private struct GroupKey: Hashable {
        let type: ImportedType
        let source: String
    }

    /// A remembered row: its group, what kind of value (0 for a quantity, 1 + the
    /// stage for sleep, `empty` for a free slot) and the bits of its start, end
    /// and value (0 and -0 alike, as `==` has them).
    private struct Row: Equatable {
        var group: UInt32
        var tag: UInt32
        var start: UInt64
        var end: UInt64
        var value: UInt64

        static let empty = UInt32.max

        var startTime: Double { Double(bitPattern: start) }

        @inline(__always)
        var hash: UInt64 {
            var h = (UInt64(group) << 32 | UInt64(tag)) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ start) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ end) &* 0x94D0_49BB_1331_11EB
            h = (h ^ value) &* 0x9E37_79B9_7F4A_7C15
            return h ^ (h >> 29)
        }
    }

    private var groupIndex: [GroupKey: Int] = [:]
    private var slots: [Row]
    private var count = 0
    /// The highest group number seen.
    private var lastGroup = -1
    private var pruneAt: Int

    /// `budget`: rows remembered before the old ones are let go.
    public init(budget: Int = 4_096) {
        pruneAt = budget
        slots = Array(repeating: Row(group: 0, tag: Row.empty, start: 0, end: 0, value: 0), count: 1_024)
    }

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

    @inline(__always)
    private static func bits(_ value: Double) -> UInt64 { value == 0 ? 0 : value.bitPattern }

    /// The same, for a caller that already numbered its (type, source) groups from 0.
    mutating func isFirstOccurrence(_ record: ImportedRecord, group index: Int) -> Bool {
        let tag: UInt32, value: UInt64
        switch record.value {
        case .quantity(let amount): tag = 0; value = Self.bits(amount)
        case .sleep(let stage): tag = 1 + UInt32(SleepStage.allCases.firstIndex(of: stage) ?? 0); value = 0
        }
        let start = record.start.timeIntervalSinceReferenceDate
        let row = Row(group: UInt32(truncatingIfNeeded: index), tag: tag, start: Self.bits(start),
                      end: Self.bits(record.end.timeIntervalSinceReferenceDate), value: value)
        guard insert(row) else { return false }
        lastGroup = max(lastGroup, index)
        if count >= pruneAt { prune() }
        return true
    }

    /// Adds `row` unless it is there; whether it was added.
    private mutating func insert(_ row: Row) -> Bool {
        if (count + 1) * 4 > slots.count * 3 { resize(to: slots.count * 2) }
        let mask = slots.count - 1
        return slots.withUnsafeMutableBufferPointer { slots in
            var i = Int(truncatingIfNeeded: row.hash) & mask
            while slots[i].tag != Row.empty {
                if slots[i] == row { return false }
                i = (i + 1) & mask
            }
            slots[i] = row
            count += 1
            return true
        }
    }

    private mutating func resize(to capacity: Int, keeping keep: (Row) -> Bool = { _ in true }) {
        let old = slots
        slots = Array(repeating: Row(group: 0, tag: Row.empty, start: 0, end: 0, value: 0), count: capacity)
        count = 0
        let mask = capacity - 1
        slots.withUnsafeMutableBufferPointer { slots in
            for row in old where row.tag != Row.empty && keep(row) {
                var i = Int(truncatingIfNeeded: row.hash) & mask
                while slots[i].tag != Row.empty { i = (i + 1) & mask }
                slots[i] = row
                count += 1
            }
        }
    }

    /// Lets go of each group's rows older than `window` before its newest. When a
    /// pass lets go of less than a quarter, the next waits for four times as many
    /// rows, not twice: with 100,000 groups of one or two rows every pass finds
    /// nothing.
    private mutating func prune() {
        let before = count
        // Each group's newest start, by group number (a group's newest row is never let go of).
        var newest = [Double](repeating: -.infinity, count: lastGroup + 1)
        for row in slots where row.tag != Row.empty && row.startTime > newest[Int(row.group)] {
            newest[Int(row.group)] = row.startTime
        }
        func old(_ row: Row) -> Bool { row.startTime < newest[Int(row.group)] - Self.window }
        let letGo = slots.reduce(0) { $0 + ($1.tag != Row.empty && old($1) ? 1 : 0) }
        if letGo > 0 { resize(to: slots.count, keeping: { !old($0) }) }
        pruneAt = max(pruneAt, count * (letGo * 4 < before ? 4 : 2))
    }

    /// How many samples are remembered (for tests and memory checks).
    public var rememberedCount: Int { count }
}
