import CCacheHint
import FoundationEssentials
import HealthDomain

/// Drops exact duplicate rows (same type, source, start, end and value), which
/// re-synced devices leave in exports. One table for all (type, source) groups,
/// so a group costs nothing but its rows (an export of 100,000 one-record
/// sources does not make 100,000 sets). Memory stays bounded: an export lists
/// each source's records of a type in date order, so when the table grows past
/// its budget only the rows within `window` of their group's newest are kept.
///
/// The rows are 32 bytes each, kept end to end in the order they came (in blocks,
/// so growing never copies them). A row alone in its group is found through its
/// group and compared; once a group has two rows they go in an open-addressed index
/// of 8-byte slots (the row's position and 32 bits of its hash, a multiply, not
/// SipHash), and the rows are only read where the hash bits match. With 100,000
/// groups of one or two rows nothing can be let go of and every row is kept, and
/// the one-row groups never touch the index. Pruning reads the rows front to back.
public struct DuplicateFilter {
    public static let window: TimeInterval = 2 * 86_400

    private struct GroupKey: Hashable {
        let type: ImportedType
        let source: String
    }

    /// A remembered row: its group, what kind of value (0 for a quantity, 1 + the
    /// stage for sleep) and the bits of its start, end and value (0 and -0 alike,
    /// as `==` has them).
    private struct Row: Equatable {
        var group: UInt32
        var tag: UInt32
        var start: UInt64
        var end: UInt64
        var value: UInt64

        var startTime: Double { Double(bitPattern: start) }

        /// Of the group, start and end only, so that the slot is known before the value is
        /// read (`prefetch`); rows that differ only in their value or kind start at one slot
        /// and are told apart by `==`.
        @inline(__always)
        var hash: UInt64 { Self.hash(group: group, start: start, end: end) }

        @inline(__always)
        static func hash(group: UInt32, start: UInt64, end: UInt64) -> UInt64 {
            var h = UInt64(group) &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ start) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ end) &* 0x94D0_49BB_1331_11EB
            return h ^ (h >> 29)
        }
    }

    private var groupIndex: [GroupKey: Int] = [:]
    /// The remembered rows, in the order they were first seen.
    private var rows = RowBlocks()
    /// High 32 bits of a row's hash << 32 | its position in `rows` + 1; 0 is a free slot. The
    /// same 32 bits pick the row's first slot, so the index grows from its slots alone.
    private var slots: [UInt64]
    /// Each group's state: 0, no row yet; n > 0, one row, at position n - 1, and not in the
    /// index (a row alone in its group is checked by comparing it, so the 100,000 one-record
    /// sources of an export put nothing in the index and pay no probe of it: a cache miss
    /// each); -1, its rows are in the index. Held in `GroupStates` (by group number, in lanes).
    private var loneRow = GroupStates()
    /// Rows in the index (those of groups with two rows or more).
    private var indexed = 0
    /// Groups with a row.
    private var groups = 0
    /// The highest group number seen.
    private var lastGroup = -1
    private var pruneAt: Int

    private var count: Int { rows.count }

    /// `budget`: rows remembered before the old ones are let go.
    public init(budget: Int = 4_096) {
        pruneAt = budget
        slots = Array(repeating: 0, count: 1_024)
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

    /// Starts loading the slot where a row of `group` from `start` to `end` would be looked
    /// for. With 100,000 sources nothing can be let go of and the index is larger than the
    /// cache: a caller that knows the row early (before validating and converting it) hides
    /// most of the cache miss of `isFirstOccurrence(_:group:)`. A group with one row or none
    /// reads no slot; prefetching by its state instead (one more dependent load per record)
    /// measured slower.
    @inline(__always)
    func prefetch(group: Int, start: Date, end: Date) {
        let hash = Row.hash(group: UInt32(truncatingIfNeeded: group), start: Self.bits(start.timeIntervalSinceReferenceDate),
                            end: Self.bits(end.timeIntervalSinceReferenceDate))
        slots.withUnsafeBufferPointer { tmm_prefetch($0.baseAddress! + Self.firstSlot(hash, mask: $0.count - 1)) }
    }

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
        guard insert(row, group: index) else { return false }
        lastGroup = max(lastGroup, index)
        if count >= pruneAt { prune() }
        return true
    }

    /// Adds `row` of `group` unless it is there; whether it was added.
    private mutating func insert(_ row: Row, group: Int) -> Bool {
        let state = loneRow[group]
        if state == 0 {
            groups += 1
            rows.append(row)
            loneRow[group] = Int32(truncatingIfNeeded: rows.count)
            return true
        }
        if state > 0 {
            let first = Int(state) - 1
            if rows[first] == row { return false }
            // The group's second row: both go in the index from now on.
            loneRow[group] = -1
            rows.append(row)
            place(position: first)
            place(position: rows.count - 1)
            return true
        }
        if (indexed + 1) * 4 > slots.count * 3 { grow() }
        let hash = row.hash
        let mask = slots.count - 1
        let bits = hash >> 32
        let position: Int? = slots.withUnsafeBufferPointer { slots in
            var i = Self.firstSlot(hash, mask: mask)
            while slots[i] != 0 {
                if slots[i] >> 32 == bits, rows[Int(truncatingIfNeeded: slots[i] & 0xFFFF_FFFF) - 1] == row { return nil }
                i = (i + 1) & mask
            }
            return i
        }
        guard let position else { return false }
        rows.append(row)
        slots[position] = bits << 32 | UInt64(rows.count)
        indexed += 1
        return true
    }

    /// Puts the row at `position`, known not to be in the index, in it.
    private mutating func place(position: Int) {
        if (indexed + 1) * 4 > slots.count * 3 { grow() }
        let hash = rows[position].hash
        let mask = slots.count - 1
        var i = Self.firstSlot(hash, mask: mask)
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = (hash >> 32) << 32 | UInt64(position + 1)
        indexed += 1
    }

    /// Where a row with `hash` is looked for first: its high 32 bits, the ones a slot keeps.
    @inline(__always)
    private static func firstSlot(_ hash: UInt64, mask: Int) -> Int { Int(truncatingIfNeeded: hash >> 32) & mask }

    /// Twice the slots, each placed again by the bits it keeps: no row is read (growing by the
    /// rows read every row, lone ones too, at each doubling: with 100,000 sources, 20 M
    /// instructions and a cache miss per row).
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        slots.withUnsafeMutableBufferPointer { slots in
            for stored in old where stored != 0 {
                var i = Int(truncatingIfNeeded: stored >> 32) & mask
                while slots[i] != 0 { i = (i + 1) & mask }
                slots[i] = stored
            }
        }
    }

    /// Places every row of the indexed groups again in an index of `capacity` slots (after a
    /// prune moved them).
    private mutating func reindex(capacity: Int) {
        slots = Array(repeating: 0, count: capacity)
        let mask = capacity - 1
        var placed = 0
        slots.withUnsafeMutableBufferPointer { slots in
            rows.forEach { n, row in
                guard loneRow[Int(row.group)] < 0 else { return }
                placed += 1
                let hash = row.hash
                var i = Self.firstSlot(hash, mask: mask)
                while slots[i] != 0 { i = (i + 1) & mask }
                slots[i] = (hash >> 32) << 32 | UInt64(n + 1)
            }
        }
        indexed = placed
    }

    /// Lets go of each group's rows older than `window` before its newest. When a
    /// pass lets go of less than a quarter, the next waits for four times as many
    /// rows, not twice: with 100,000 groups of one or two rows every pass finds
    /// nothing.
    private mutating func prune() {
        let before = count
        // A group's newest row is never let go of: with about as many groups as rows (100,000
        // sources of one or two records) a pass could not let go of a quarter, and is not made.
        if (before - groups) * 4 < before {
            pruneAt = max(pruneAt, before * 4)
            return
        }
        // Each group's newest start, by group number (a group's newest row is never let go of).
        var newest = [Double](repeating: -.infinity, count: lastGroup + 1)
        rows.forEach { _, row in
            if row.startTime > newest[Int(row.group)] { newest[Int(row.group)] = row.startTime }
        }
        func old(_ row: Row) -> Bool { row.startTime < newest[Int(row.group)] - Self.window }
        var letGo = 0
        rows.forEach { _, row in if old(row) { letGo += 1 } }
        if letGo > 0 {
            rows.removeAll(where: old)
            // A lone row is its group's newest and stays, at a new position.
            rows.forEach { position, row in
                if loneRow[Int(row.group)] > 0 { loneRow[Int(row.group)] = Int32(truncatingIfNeeded: position + 1) }
            }
            reindex(capacity: slots.count)
        }
        pruneAt = max(pruneAt, count * (letGo * 4 < before ? 4 : 2))
    }

    /// How many samples are remembered (for tests and memory checks).
    public var rememberedCount: Int { count }

    /// The rows end to end in blocks of 8,192 (256 KB): a growing table never copies its rows,
    /// and is never held twice while it grows (with 100,000 sources every row stays: 4.5 MB).
    private struct RowBlocks {
        private static let shift = 13
        private static let mask = (1 << shift) - 1
        private var blocks: [[Row]] = []
        private(set) var count = 0

        @inline(__always)
        subscript(position: Int) -> Row { blocks[position >> Self.shift][position & Self.mask] }

        mutating func append(_ row: Row) {
            if count & Self.mask == 0 {
                var block: [Row] = []
                block.reserveCapacity(Self.mask + 1)
                blocks.append(block)
            }
            blocks[count >> Self.shift].append(row)
            count += 1
        }

        /// Each row with its position, in order.
        func forEach(_ body: (Int, Row) -> Void) {
            var position = 0
            for block in blocks {
                for row in block {
                    body(position, row)
                    position += 1
                }
            }
        }

        /// Keeps the rows `drop` says no to, in order, in the same blocks.
        mutating func removeAll(where drop: (Row) -> Bool) {
            var kept = 0
            for position in 0..<count {
                let row = self[position]
                if drop(row) { continue }
                if kept != position { blocks[kept >> Self.shift][kept & Self.mask] = row }
                kept += 1
            }
            let blockCount = (kept + Self.mask) >> Self.shift
            blocks.removeLast(blocks.count - blockCount)
            if let last = blocks.indices.last { blocks[last].removeLast(blocks[last].count - (kept - last << Self.shift)) }
            count = kept
        }
    }
}
