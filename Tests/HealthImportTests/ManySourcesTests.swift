import Foundation
import Platform
import Testing
import ZipFixtures
@testable import HealthImport

/// An export naming many sources: what the summary counts per source, worked out by hand.
@Suite struct ManySourcesTests {
    /// 3,000 sources "App 0" … "App 2999". Source i has (i % 3) + 1 step records, on minutes
    /// 0, 1, 2 of one day, written round by round (minute 0 of every source, then minute 1, …)
    /// so that consecutive records never share a source. Every source with i % 5 == 0 also
    /// repeats its minute-0 record exactly (a duplicate), and every source with i % 7 == 0
    /// has one heart-rate record (a type not imported) under the name "Other i".
    static let sourceCount = 3000

    static func export() -> String {
        var xml = HealthFixtures.iOS16Prolog
        for round in 0..<3 {
            for i in 0..<sourceCount where i % 3 + 1 > round {
                xml += record(i, minute: round)
                if round == 0, i % 5 == 0 { xml += record(i, minute: 0) }
                if round == 0, i % 7 == 0 {
                    xml += HealthFixtures.record("HKQuantityTypeIdentifierHeartRate", source: "Other \(i)", device: nil,
                                                 unit: "count/min", value: "60")
                }
            }
        }
        return xml + "</HealthData>\n"
    }

    static func record(_ source: Int, minute: Int) -> String {
        let start = String(format: "2024-03-31 10:%02d:00 +0100", minute)
        let end = String(format: "2024-03-31 10:%02d:30 +0100", minute)
        return HealthFixtures.record(HealthFixtures.steps, source: "App \(source)", device: nil, value: "\(minute + 1)",
                                     start: start, end: end)
    }

    @Test func eachSourceCountsItsOwnRecordsAndNothingElse() throws {
        let folder = TemporaryFolder()
        var records: [ImportedRecord] = []
        let summary = try HealthExportReader.read(path: folder.write("export.xml", Self.export()),
                                                  options: ImportOptions(chunkSize: 4096)) { records.append($0) }
        // By hand: i % 3 == 0 for 1,000 sources (1 record), == 1 for 1,000 (2), == 2 for 1,000 (3).
        #expect(summary.importedRecords == 1000 * 1 + 1000 * 2 + 1000 * 3)
        #expect(records.count == 6000)
        // i % 5 == 0: 600 sources, one duplicate each. i % 7 == 0: 429 sources (0, 7, …, 2996).
        #expect(summary.duplicates == 600)
        #expect(summary.unsupportedRecords == 429)
        #expect(summary.sourceCounts.count == 3000, "the heart-rate sources imported nothing and are not listed")
        // In order of first appearance: round 0 names every source, App 0 first.
        #expect(summary.sourceCounts.first == SourceCount(name: "App 0", records: 1))
        #expect(summary.sourceCounts[1] == SourceCount(name: "App 1", records: 2))
        #expect(summary.sourceCounts[2] == SourceCount(name: "App 2", records: 3))
        #expect(summary.sourceCounts[1234] == SourceCount(name: "App 1234", records: 2))
        #expect(summary.sourceCounts.last == SourceCount(name: "App 2999", records: 3))
        for (i, source) in summary.sourceCounts.enumerated() {
            #expect(source == SourceCount(name: "App \(i)", records: i % 3 + 1))
        }
        let bySource = summary.recordsBySource
        #expect(bySource.count == 3000)
        #expect(bySource["App 10"] == 2 && bySource["App 35"] == 3 && bySource["Other 7"] == nil)
        // Each record says where its source is counted.
        for record in records {
            let index = try #require(record.sourceIndex)
            #expect(summary.sourceCounts[index].name == record.source)
        }
    }

    /// Two spellings of one name in the XML (`&amp;`, `&#38;`, or with a stray 0x0B, which
    /// reading drops) are one source; so are two Unicode forms Swift finds equal ("é"
    /// precomposed and "e" + combining accent). A name with a bidi override is kept as the
    /// export wrote it (printing shows it as "�", TerminalSafeText).
    @Test func spellingsOfOneNameAreOneSource() throws {
        let folder = TemporaryFolder()
        let xml = HealthFixtures.iOS16Prolog
            + Self.named("Ring\u{202E}x", minute: 0) + Self.named("Pedometer &amp; Co", minute: 1)
            + Self.named("Pedometer &#38; Co", minute: 2)
            + Self.named("Caf\u{E9}", minute: 3) + Self.named("Cafe\u{301}", minute: 4) + Self.named("Caf&#233;", minute: 5)
            + Self.named("Pedometer\u{0B} &amp; Co", minute: 6) + Self.named("Pedometer &amp; Co", minute: 7)
            + "</HealthData>\n"
        var records: [ImportedRecord] = []
        let summary = try HealthExportReader.read(path: folder.write("export.xml", xml)) { records.append($0) }
        #expect(summary.sourceCounts.map(\.name) == ["Ring\u{202E}x", "Pedometer & Co", "Caf\u{E9}"])
        #expect(summary.sourceCounts.map(\.records) == [1, 4, 3])
        #expect(records.map(\.sourceIndex) == [0, 1, 1, 2, 2, 2, 1, 1])
    }

    /// Printable ASCII names first (distinct bytes, distinct names), then a stray 0x0B makes
    /// one of them again: still that one source.
    @Test func aDroppedControlCharacterDoesNotMakeANewSource() throws {
        let folder = TemporaryFolder()
        let xml = HealthFixtures.iOS16Prolog + Self.named("Zepp", minute: 0) + Self.named("Oura", minute: 1)
            + Self.named("Ze\u{0B}pp", minute: 2) + "</HealthData>\n"
        let summary = try HealthExportReader.read(path: folder.write("export.xml", xml)) { _ in }
        #expect(summary.sourceCounts == [SourceCount(name: "Zepp", records: 2), SourceCount(name: "Oura", records: 1)])
    }

    static func named(_ source: String, minute: Int) -> String {
        HealthFixtures.record(HealthFixtures.steps, source: source, device: nil, value: "5",
                              start: String(format: "2024-03-31 10:%02d:00 +0100", minute),
                              end: String(format: "2024-03-31 10:%02d:30 +0100", minute))
    }

    /// Records fed by hand (no scanner numbers) count the same as the reader's.
    @Test func recordsWithoutScannerNumbersAreCountedByName() {
        var pipeline = ImportPipeline()
        let start = Date(timeIntervalSince1970: 1_711_846_800)
        for minute in 0..<4 {
            for source in ["B", "A", "B"] {
                _ = pipeline.accept(ScannedRecord(
                    type: HealthFixtures.steps, sourceName: source, unit: "count", value: .number(Double(minute)),
                    startDate: .date(start.addingTimeInterval(Double(minute) * 60)),
                    endDate: .date(start.addingTimeInterval(Double(minute) * 60 + 30))))
            }
        }
        // Per minute: B once, A once, B again (an exact repeat of B's record: a duplicate).
        #expect(pipeline.summary.sourceCounts == [SourceCount(name: "B", records: 4), SourceCount(name: "A", records: 4)])
        #expect(pipeline.summary.duplicates == 4)
    }
}

@Suite struct SourceNumberingTests {
    @Test func keysAndNamesAgree() {
        var numbering = SourceNumbering()
        #expect(numbering.number(of: "A", key: 5) == 0)
        #expect(numbering.number(of: "B", key: 2) == 1)
        #expect(numbering.number(of: "A", key: 5) == 0)
        // Without a key, by name: A is found, C is new.
        #expect(numbering.number(of: "A", key: nil) == 0)
        #expect(numbering.number(of: "C", key: nil) == 2)
        // A key first seen for a name already numbered gets that number.
        #expect(numbering.number(of: "C", key: 9) == 2)
        #expect(numbering.number(of: "D", key: 0) == 3)
        #expect(numbering.number(of: "B", key: nil) == 1)
        #expect(numbering.names == ["A", "B", "C", "D"])
    }
}

@Suite struct ByteInternerTests {
    private func intern(_ interner: inout ByteInterner, _ text: String) -> (String, Int) {
        Array(text.utf8).withUnsafeBytes { interner.intern($0, decode: XMLEntities.decode) }
    }

    @Test func numbersDistinctStringsFromZero() {
        var interner = ByteInterner(limit: .max)
        var numbers: [Int] = []
        for text in ["b", "a", "b", "a&amp;b", "a&#38;b", "", "a", "c"] { numbers.append(intern(&interner, text).1) }
        #expect(numbers == [0, 1, 0, 2, 2, 3, 1, 4])
        #expect(intern(&interner, "a&#38;b").0 == "a&b")
        #expect(interner.count == 5)
    }

    /// U+212A KELVIN SIGN is canonically "K": Swift's `==` finds them equal, in either order.
    @Test func aNonASCIISpellingOfAnASCIINameIsThatName() {
        var interner = ByteInterner(limit: .max)
        #expect(intern(&interner, "K").1 == 0)
        #expect(intern(&interner, "x").1 == 1)
        #expect(intern(&interner, "\u{212A}").1 == 0)
        #expect(intern(&interner, "A&#75;").1 == 2)
        #expect(intern(&interner, "AK").1 == 2)
        var other = ByteInterner(limit: .max)
        #expect(intern(&other, "\u{212A}").1 == 0)
        #expect(intern(&other, "K").1 == 0)
    }

    @Test func manyValuesKeepTheirNumbers() {
        var interner = ByteInterner(limit: .max)
        for i in 0..<20_000 { #expect(intern(&interner, "App \(i)").1 == i) }
        for i in stride(from: 19_999, through: 0, by: -7) {
            let (string, number) = intern(&interner, "App \(i)")
            #expect(string == "App \(i)" && number == i)
        }
    }

    @Test func beyondTheLimitStringsAreReturnedNotRemembered() {
        var interner = ByteInterner(limit: 2)
        #expect(intern(&interner, "x").1 == 0)
        #expect(intern(&interner, "y").1 == 1)
        #expect(intern(&interner, "z") == ("z", -1))
        #expect(intern(&interner, "x") == ("x", 0))
    }
}

@Suite struct ManySourcesRankingTests {
    /// 3,000 apps given in a shuffled order rank as people count: App 0, App 1, …, App 2999
    /// (not App 1, App 10, App 100); the watch and the phone first; positions follow names.
    @Test func thousandsOfAppsRankInNaturalOrder() {
        var rng = SystemRandomNumberGenerator()
        var sources = (0..<3000).map { SourceDescriptor(name: "App \($0)") }
        sources += [SourceDescriptor(name: "Jo’s iPhone", deviceModels: ["iPhone"]), SourceDescriptor(name: "Ring", deviceModels: ["Watch"]),
                    SourceDescriptor(name: "app 007"), SourceDescriptor(name: "Äpp 5")]
        sources.shuffle(using: &rng)
        let ranking = SourceRanking(sources)
        let apps = (0..<3000).map { "App \($0)" }
        // "app 007" equals "App 7" as a number and case aside: the tie goes to the String order ("A" < "a").
        let expected = ["Ring", "Jo’s iPhone"] + apps[0..<7] + ["App 7", "app 007"] + apps[8...] + ["Äpp 5"]
        #expect(ranking.ordered == expected)
        #expect(ranking.orderedIndices.map { sources[$0].name } == ranking.ordered)
    }
}

@Suite struct NaturalOrderPrefixTests {
    /// Whenever two names' 16-byte prefixes decide, they decide as `compare` does:
    /// random names of letters, digits (leading zeros, runs of up to 12), punctuation
    /// either side of the digits ("/", ":", "!") and a few beyond ASCII.
    @Test func prefixesDecideAsTheFullComparison() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "B", "z", " ", "!", "/", ":", "~", "0", "00", "1", "7", "9", "12", "099", "123456789", "1000000000000", "é", "\u{0}"]
        let names = (0..<1500).map { _ in (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
            + ["App 1", "App 10", "app 01", "App 12345", "App 12346", "App 99999", "App 100000", "App 123456789", "App 1234567890"]
        let keys = NaturalOrder.Keys(names), prefixes = names.map(NaturalOrder.Prefix.init)
        var decided = 0
        keys.withComparison { compare in
            for a in names.indices {
                for _ in 0..<40 {
                    let b = Int.random(in: names.indices, using: &rng)
                    let quick = NaturalOrder.Prefix.order(prefixes[a], prefixes[b])
                    guard quick != 0 else { continue }
                    decided += 1
                    let full = compare(a, b)
                    #expect(full != 0 && (quick < 0) == (full < 0), "\(names[a]) / \(names[b])")
                }
            }
        }
        #expect(decided > 10_000)
    }

    /// The packed prefix holds exactly what a plain reading writes: each byte shifted into
    /// place one at a time, 16 at most (the reference below), for random names and names
    /// that end at, or run past, the 16th byte inside a run of digits.
    @Test func prefixBytesAreThoseOfAPlainReading() {
        func reference(_ name: String) -> (high: UInt64, low: UInt64, count: Int) {
            let bytes = Array(name.utf8)
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return (0, 0, 0) }
            var out: [UInt8] = []
            var full = false
            func put(_ byte: UInt8) {
                if full { return }
                if out.count == 16 { full = true; return }
                out.append(byte)
            }
            var i = 0
            while i < bytes.count, !full {
                let byte = bytes[i]
                if !(0x30...0x39).contains(byte) {
                    put((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                    i += 1
                    continue
                }
                var end = i
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
                let digits = bytes[i..<end].drop(while: { $0 == 0x30 })
                if digits.count >= 9 {
                    put(0x39)
                    full = true
                } else {
                    put(0x30 + UInt8(digits.count))
                    digits.forEach(put)
                }
                i = end
            }
            var high: UInt64 = 0, low: UInt64 = 0
            for (k, byte) in out.enumerated() {
                if k < 8 { high |= UInt64(byte) << (56 - 8 * k) } else { low |= UInt64(byte) << (56 - 8 * (k - 8)) }
            }
            return (high, low, out.count)
        }
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "Q", "z", " ", "/", "0", "00", "5", "42", "0099", "12345678", "123456789", "é"]
        let names = (0..<5000).map { _ in (0..<Int.random(in: 0...10, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
            + ["", "App 0", "App 99999", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmn 1", "abcdefghijklmno 12",
               "abcdefghijklm 1234", "abcdefghij 00012345", "x 123456789", "x 0000000012345678"]
        for name in names {
            let prefix = NaturalOrder.Prefix(name), expected = reference(name)
            #expect(prefix.high == expected.high && prefix.low == expected.low && prefix.count == expected.count, "\(name)")
            let read = NaturalOrder.prefixAndKindWords(name)
            #expect(read.prefix.high == expected.high && read.prefix.low == expected.low && read.prefix.count == expected.count)
        }
    }

    /// The one-pass reading of "watch" and "iphone" says what two searches say.
    @Test func kindWordsAgreeWithContains() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["w", "W", "atch", "ATCH", "i", "I", "phone", "Phone", "wat", "iph", " ", "é", "x"]
        let texts = (0..<3000).map { _ in (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() }
            + ["Apple Watch", "Jo’s iPhone", "IPHONE WATCH", "watc", "iphon", "wwatch", "iiphone"]
        for text in texts {
            let words = NaturalOrder.kindWords(text)
            #expect(words.watch == NaturalOrder.contains(text, ignoringCase: "watch"), "\(text)")
            #expect(words.iphone == NaturalOrder.contains(text, ignoringCase: "iphone"), "\(text)")
        }
    }
}

@Suite struct ManyGroupsDuplicateTests {
    /// 20,000 sources with one row each (nothing a pass can let go of), then every row
    /// again: all 20,000 repeats are duplicates, and one group's long run is still trimmed.
    @Test func repeatsAreFoundAcrossPassesThatLetGoOfNothing() {
        var filter = DuplicateFilter()
        let start = Date(timeIntervalSince1970: 1_711_846_800)
        func row(_ source: Int, minute: Int) -> ImportedRecord {
            ImportedRecord(type: .stepCount, source: "App \(source)", deviceModel: nil, value: .quantity(1),
                           start: start.addingTimeInterval(Double(minute) * 60), end: start.addingTimeInterval(Double(minute) * 60 + 30))
        }
        var first = 0, repeated = 0
        for source in 0..<20_000 where filter.isFirstOccurrence(row(source, minute: 0)) { first += 1 }
        for source in 0..<20_000 where !filter.isFirstOccurrence(row(source, minute: 0)) { repeated += 1 }
        #expect(first == 20_000 && repeated == 20_000)
        #expect(filter.rememberedCount == 20_000)
        // One more source, a row a minute for 100 days: its rows older than two days go.
        for minute in 0..<144_000 { _ = filter.isFirstOccurrence(row(20_000, minute: minute)) }
        #expect(filter.rememberedCount < 20_000 + 4 * (20_000 + 2 * 1440), "at most four times what a pass keeps")
        let lastAgain = filter.isFirstOccurrence(row(20_000, minute: 143_999))
        let sevenAgain = filter.isFirstOccurrence(row(7, minute: 0))
        #expect(!lastAgain && !sevenAgain)
    }
}

@Suite struct PipelineDeviceModelTests {
    /// Sources taking turns, each naming models in changing order (and records with none):
    /// each source's set of models is what a Dictionary of Sets collects from the same records.
    @Test func modelsPerSourceMatchADictionaryOfSets() {
        var pipeline = ImportPipeline()
        var reference: [String: Set<String>] = [:]
        let start = Date(timeIntervalSince1970: 1_711_846_800)
        let models = ["Watch", "iPhone", "Ring", nil]
        var rng = SeededRandom(seed: 4)
        for i in 0..<3_000 {
            let source = "S\(i % 7 == 0 ? 0 : Int.random(in: 0..<40, using: &rng))"
            let model = models[Int.random(in: 0..<models.count, using: &rng)]
            let at = start.addingTimeInterval(Double(i) * 60)
            let record = pipeline.accept(ScannedRecord(
                type: HealthFixtures.steps, sourceName: source, deviceModel: model, unit: "count", value: .number(1),
                startDate: .date(at), endDate: .date(at.addingTimeInterval(30))))
            #expect(record != nil)
            if let model { reference[source, default: []].insert(model) }
        }
        #expect(pipeline.summary.modelsBySource == reference)
    }
}
