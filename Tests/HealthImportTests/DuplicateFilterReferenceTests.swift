import Foundation
import HealthDomain
import Platform
import Testing
@testable import HealthImport

/// The duplicate filter's rows and index, checked against a `Set` fed the same rows.
@Suite struct DuplicateFilterReferenceTests {
    private struct Key: Hashable {
        var group: Int, start: Double, end: Double, value: Double, stage: Int
    }

    /// Rows of `groups` groups over `days` days, starts growing within each group as exports
    /// list them, with repeats of recent rows (same group, start, end, value) and rows that
    /// share a group, start and end but not the value or the kind (one slot, told apart by
    /// `==`). Every repeat is of a row less than a day older than its group's newest, so the
    /// filter must find it whatever it let go of: its answers are the Set's.
    /// `number`: the group number the filter is given for each of the test's groups.
    private static func check(groups: Int, rows: Int, days: Double, budget: Int, seed: UInt64,
                              number: (Int) -> Int = { $0 }) {
        var filter = DuplicateFilter(budget: budget)
        var seen = Set<Key>()
        var rng = SeededRandom(seed: seed)
        let base = Date(timeIntervalSinceReferenceDate: 700_000_000)
        var recent: [[Key]] = Array(repeating: [], count: groups)
        var clock = [Double](repeating: 0, count: groups)
        var repeats = 0
        for _ in 0..<rows {
            let group = Int.random(in: 0..<groups, using: &rng)
            var key: Key
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll < 2, let old = recent[group].randomElement(using: &rng) {
                key = old
                repeats += 1
            } else if roll < 3, let old = recent[group].last {
                key = old
                if Bool.random(using: &rng) { key.value += 1 } else { key.stage = (key.stage + 1) % 3 }
            } else {
                clock[group] += Double.random(in: 1...(days * 86_400 * Double(groups) / Double(rows)), using: &rng)
                let start = clock[group].rounded()
                key = Key(group: group, start: start, end: start + 60, value: Double(Int.random(in: 0...20, using: &rng)),
                          stage: Int.random(in: 0..<3, using: &rng))
            }
            recent[group].append(key)
            recent[group].removeAll { $0.start < clock[group] - 86_400 / 2 }
            let start = base.addingTimeInterval(key.start), end = base.addingTimeInterval(key.end)
            let value: ImportedValue = key.stage == 0 ? .quantity(key.value) : .sleep(SleepStage.allCases[key.stage])
            let record = ImportedRecord(type: key.stage == 0 ? .stepCount : .sleepAnalysis, source: "S\(group)",
                                        deviceModel: nil, value: value, start: start, end: end)
            var expectedKey = key
            if key.stage != 0 { expectedKey.value = 0 }   // a sleep row's value is its stage
            if Bool.random(using: &rng) { filter.prefetch(group: number(group), start: start, end: end) }
            #expect(filter.isFirstOccurrence(record, group: number(group)) == seen.insert(expectedKey).inserted)
        }
        #expect(repeats > rows / 20)
    }

    @Test func fewGroupsManyRowsPruned() {
        // 3 groups over 60 days with a small budget: prune passes let rows go and re-index.
        Self.check(groups: 3, rows: 30_000, days: 60, budget: 512, seed: 1)
    }

    @Test func manyGroupsOfFewRows() {
        Self.check(groups: 20_000, rows: 40_000, days: 30, budget: 4_096, seed: 2)
    }

    @Test func rowsOfManyBlocksPrunedAndMovedToTheFront() {
        // 3 groups, 60,000 rows over 60 days, a budget of 20,000: each prune lets go of most of
        // three blocks of 8,192 rows and moves the rest to the front of the first.
        Self.check(groups: 3, rows: 60_000, days: 60, budget: 20_000, seed: 4)
    }

    @Test func aboutAsManyGroupsAsRowsInManyBlocks() {
        // Prunes that could not let go of a quarter are not made: every row stays, over nine blocks.
        Self.check(groups: 50_000, rows: 70_000, days: 30, budget: 4_096, seed: 5)
    }

    /// Rows alone in their group stay out of the index and are found by their group: after
    /// prunes let go of most of two busy groups' rows and move the rest (lone rows too) to
    /// the front, a lone row's exact repeat is still refused, and a second row of its group
    /// (then both in the index) is taken once.
    @Test func loneRowsAreFoundAfterPrunesMoveThem() {
        var filter = DuplicateFilter(budget: 256)
        let base = Date(timeIntervalSinceReferenceDate: 700_000_000)
        func record(_ minute: Int, _ value: Double) -> ImportedRecord {
            let start = base.addingTimeInterval(Double(minute) * 60)
            return ImportedRecord(type: .stepCount, source: "", deviceModel: nil, value: .quantity(value), start: start,
                                  end: start.addingTimeInterval(60))
        }
        func add(_ record: ImportedRecord, _ group: Int) -> Bool { filter.isFirstOccurrence(record, group: group) }
        var lone: [(group: Int, minute: Int)] = []
        for minute in 0..<20_000 {
            #expect(add(record(minute, 1), minute % 2))
            if minute % 50 == 0 {
                let group = 2 + minute / 50
                #expect(add(record(minute, 7), group))
                lone.append((group, minute))
            }
            if minute % 50 == 25, lone.count > 2 {
                let old = lone[lone.count / 2]
                #expect(!add(record(old.minute, 7), old.group), "minute \(minute)")
                #expect(add(record(old.minute, 7), 100_000 + minute), "the same row in another group")
            }
        }
        #expect(filter.rememberedCount < 12_000, "the busy groups' old rows were let go of")
        for (group, minute) in lone {
            #expect(!add(record(minute, 7), group))
            #expect(add(record(minute + 1, 7), group))
            #expect(!add(record(minute + 1, 7), group))
            #expect(!add(record(minute, 7), group))
        }
    }

    /// Groups numbered as the pipeline numbers them (source × 6 + type; steps and sleep here):
    /// their states go in the lanes of two types, and the index of the sources with two rows or
    /// more grows from 1,024 slots to 65,536 by its slots alone.
    @Test func groupsNumberedSourceTimesSixPlusType() {
        Self.check(groups: 40_000, rows: 90_000, days: 30, budget: 4_096, seed: 6,
                   number: { $0 / 2 * ImportedType.allCases.count + ($0 % 2 == 0 ? 0 : 5) })
    }

    /// A group's state reads 0 until set, whatever was set around it, in any order.
    @Test func groupStatesReadZeroUntilSet() {
        var states = GroupStates()
        var reference: [Int: Int32] = [:]
        var rng = SeededRandom(seed: 7)
        for step in 0..<5_000 {
            let group = step % 3 == 0 ? Int.random(in: 0..<60_000, using: &rng) : step * 6 + step % 6
            let value = Int32.random(in: -1...1_000, using: &rng)
            states[group] = value
            reference[group] = value
            let probe = Int.random(in: 0..<60_000, using: &rng)
            #expect(states[probe] == reference[probe] ?? 0)
        }
        for (group, value) in reference { #expect(states[group] == value) }
    }

    @Test func oneGroup() {
        Self.check(groups: 1, rows: 5_000, days: 10, budget: 64, seed: 3)
    }
}
