import Foundation
import Platform
import Testing
@testable import HealthImport

/// The interner's table of positions and the interner itself, checked against a plain
/// `Dictionary` fed the same values: every answer is worked out again by the reference.
@Suite struct IndexTableTests {
    /// Values 0 … n-1 in a table whose hash is chosen to collide: `hash(v)` is `v % buckets`
    /// (many values share a hash, so the slot bits cannot tell them apart) or that times 2^40
    /// (hashes that differ only in their high bits).
    private static func check(count: Int, buckets: Int, shift: UInt64) {
        func hash(_ value: Int) -> UInt64 { UInt64(value % buckets) << shift }
        var table = IndexTable()
        var reference: [Int: Int] = [:]
        // The table stores positions in `values`; value v goes at a scrambled position.
        var values: [Int] = []
        var rng = SeededRandom(seed: UInt64(count) &* 31 &+ UInt64(truncatingIfNeeded: buckets))
        let order = (0..<count).shuffled(using: &rng)
        for value in order {
            #expect(table.find(hash: hash(value), where: { values[Int($0)] == value }) == reference[value])
            let position = values.count
            values.append(value)
            table.insert(Int32(position), hash: hash(value))
            reference[value] = position
        }
        #expect(table.count == reference.count)
        for value in 0..<(count + 50) {
            #expect(table.find(hash: hash(value), where: { values[Int($0)] == value }) == reference[value])
        }
    }

    @Test func collidingHashes() {
        Self.check(count: 2_000, buckets: 7, shift: 0)
        Self.check(count: 2_000, buckets: 1, shift: 0)
    }

    @Test func hashesThatDifferOnlyInHighBits() {
        Self.check(count: 3_000, buckets: 1_000, shift: 40)
    }

    @Test func growthWithDistinctHashes() {
        Self.check(count: 70_000, buckets: .max, shift: 0)
    }
}

@Suite struct ByteInternerReferenceTests {
    private static func intern(_ interner: inout ByteInterner, _ text: String) -> (String, Int) {
        Array(text.utf8).withUnsafeBytes { interner.intern($0, decode: XMLEntities.decode) }
    }

    /// Interns `spellings` in order and checks each answer against a Dictionary keyed by the
    /// decoded String (numbers in order of first appearance, as the interner promises).
    private static func check(_ spellings: [String]) {
        var interner = ByteInterner(limit: .max)
        var reference: [String: Int] = [:]
        var byNumber: [String] = []
        for spelling in spellings {
            let decoded = Array(spelling.utf8).withUnsafeBytes { XMLEntities.decode($0) }
            let expected: Int
            if let known = reference[decoded] {
                expected = known
            } else {
                expected = byNumber.count
                reference[decoded] = expected
                byNumber.append(decoded)
            }
            let (string, number) = intern(&interner, spelling)
            #expect(number == expected, "\(spelling)")
            #expect(string == byNumber[expected])
        }
        #expect(interner.count == reference.count)
        #expect(interner.strings == byNumber)
    }

    /// Many names round-robin (the guess of "the one that came next last time" always right),
    /// then the same names in a shuffled order (always wrong), then round-robin again.
    @Test func manyNamesRoundRobinAndShuffled() {
        let names = (0..<5_000).map { "App \($0)" }
        var rng = SeededRandom(seed: 31)
        Self.check(names + names + names.shuffled(using: &rng) + names + names.reversed())
    }

    /// Names that are prefixes of each other ("A", "AB", "ABC", …, "App 1", "App 12", …): equal
    /// starts, different lengths.
    @Test func namesThatSharePrefixes() {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var names = (1...letters.count).map { String(letters[0..<$0]) }
        names += (1...9).map { String("App 123456789".prefix(4 + $0)) }
        names += ["", "App", "App ", "App 1 ", " App 1"]
        var rng = SeededRandom(seed: 5)
        var sequence: [String] = []
        for _ in 0..<40 { sequence += names.shuffled(using: &rng) }
        Self.check(sequence + names + names)
    }

    /// Patterns that change: A B A B, then A C A C (the guess after A must move), runs of one
    /// name, and spellings of one name mixed in (`&amp;` and `&#38;`, a dropped 0x0B).
    @Test func changingPatternsAndSpellings() {
        var sequence: [String] = []
        for _ in 0..<10 { sequence += ["A", "B"] }
        for _ in 0..<10 { sequence += ["A", "C"] }
        sequence += Array(repeating: "D", count: 5) + ["A", "B", "A", "C", "C", "A"]
        for i in 0..<200 {
            sequence += ["Pedometer &amp; Co", "Ring \(i % 13)", "Pedometer &#38; Co", "Pedo\u{0B}meter &amp; Co", "Caf&#233;", "Caf\u{E9}"]
        }
        Self.check(sequence)
    }

    /// A probe made for some bytes and used for them gives the same answer as `intern` alone.
    @Test func probeThenIntern() {
        var interner = ByteInterner(limit: .max)
        var plain = ByteInterner(limit: .max)
        var rng = SeededRandom(seed: 9)
        for _ in 0..<5_000 {
            let name = "S\(Int.random(in: 0..<700, using: &rng))"
            let bytes = Array(name.utf8)
            let probed = bytes.withUnsafeBytes { raw in
                interner.intern(raw, probe: interner.probe(raw), decode: XMLEntities.decode)
            }
            let direct = bytes.withUnsafeBytes { plain.intern($0, decode: XMLEntities.decode) }
            #expect(probed == direct)
        }
    }
}

@Suite struct SourceRankingReferenceTests {
    /// The ranking against a plain sort that compares every pair by kind, then the full
    /// natural-order keys, then the String: names with digit runs of every length, leading
    /// zeros, case, shared prefixes longer than 16 bytes, "watch"/"iPhone" in names and
    /// device models, and names beyond ASCII.
    @Test func matchesAPlainSortOfFullKeys() {
        var rng = SeededRandom(seed: 11)
        let stems = ["App", "app", "APP", "Äpp", "Watch", "my watch", "Jo’s iPhone", "IPHONE 15", "A", "",
                     "A very long shared name prefix", "A very long shared name prefix!", "x0", "x00", "x000"]
        var sources: [SourceDescriptor] = []
        for i in 0..<4_000 {
            let stem = stems[Int.random(in: 0..<stems.count, using: &rng)]
            let digits = String(Int.random(in: 0...Int.random(in: 0...Int(1e12), using: &rng), using: &rng))
            let zeros = String(repeating: "0", count: Int.random(in: 0...2, using: &rng))
            let name = Bool.random(using: &rng) ? "\(stem) \(zeros)\(digits)" : "\(stem)\(zeros)\(digits) \(i % 7)"
            let models: Set<String> = i % 11 == 0 ? ["Watch"] : i % 13 == 0 ? ["iPhone"] : []
            sources.append(SourceDescriptor(name: name + (i % 3 == 0 ? "" : " #\(i)"), deviceModels: models))
        }
        // Distinct names, as sources are.
        var seen = Set<String>()
        sources = sources.filter { seen.insert($0.name).inserted }
        let keys = NaturalOrder.Keys(sources.map(\.name))
        let expected = sources.indices.sorted { l, r in
            if sources[l].kind != sources[r].kind { return sources[l].kind < sources[r].kind }
            let order = keys.compare(l, r)
            return order == 0 ? sources[l].name < sources[r].name : order < 0
        }
        let ranking = SourceRanking(sources)
        #expect(ranking.orderedIndices == expected)
        #expect(ranking.ordered == expected.map { sources[$0].name })
    }
}
