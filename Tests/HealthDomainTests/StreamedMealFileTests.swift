import XCTest
@testable import HealthDomain
@testable import Platform

/// A large meal log is read a stretch at a time (`FileWindow`). Whatever the file holds, that
/// reading must give what reading its whole bytes gives (`fastLoad`), or nothing (then `load`
/// reads the file whole, as before); and `load` must end as the decoder alone would end.
final class StreamedMealFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-meals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let names = ["Pasta 🍝 / \"al dente\"", "寿司", "", "Soupe à l'oignon", "tab\there", "back\\slash",
                                "bell\u{07} and nul\u{01}", "line\nbreak", "é\u{301}", "Café crème", "{[,:]}"]

    private func meals(_ count: Int, _ random: inout SeededRandom) -> [Meal] {
        (0..<count).map { _ in
            func macro() -> Double? {
                random.int(0...3) == 0 ? nil : Double(random.int(0...2000)) / Double([1, 10, 100][random.int(0...2)])
            }
            return Meal(id: UUID(), time: Date(timeIntervalSince1970: Double(1_700_000_000 + random.int(0...80_000_000))),
                        name: Self.names[random.int(0...Self.names.count - 1)] + String(repeating: "x", count: random.int(0...40)),
                        calories: random.int(0...3000), protein: macro(), carbs: macro(), fat: macro())
        }
    }

    /// The file `save` writes for `meals`, and the same meals written with spaces and line breaks.
    private func files(_ meals: [Meal]) throws -> [Data] {
        let file = VersionedFile<[Meal]>(url: directory.appendingPathComponent("meals.json"), schemaVersion: 1)
        let compact = try file.encoded(meals, now: Date(timeIntervalSince1970: 1_800_000_000))
        let encoder = VersionedFile<[Meal]>.encoder
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        struct Envelope: Encodable { var schemaVersion = 1; var savedAt = Date(timeIntervalSince1970: 1_800_000_000); var data: [Meal] }
        return [compact, try encoder.encode(Envelope(data: meals))]
    }

    /// Damage of every kind at a seeded place: cut off, a byte changed, a zero byte, a quote or
    /// backslash let in, another schema version, a large unknown field, spaces at the end.
    private func damaged(_ data: Data, _ random: inout SeededRandom) -> [Data] {
        var out: [Data] = []
        let bytes = [UInt8](data)
        let at = random.int(1...bytes.count - 2)
        out.append(Data(bytes[..<at]))
        for replacement: UInt8 in [0x00, UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "}"), bytes[at] ^ 0x20, 0xFF] {
            var changed = bytes
            changed[at] = replacement
            out.append(Data(changed))
        }
        var inserted = bytes
        inserted.insert(0x00, at: at)
        out.append(Data(inserted))
        let text = String(decoding: bytes, as: UTF8.self)
        out.append(Data(text.replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\":2").utf8))
        let big = "\"note\":\"" + String(repeating: "n", count: 70_000) + "\","
        out.append(Data(("{" + big + text.dropFirst()).utf8))
        out.append(Data(("{\"extra\":[" + String(repeating: "[1,{\"a\":null}],", count: 20_000) + "0]," + text.dropFirst()).utf8))
        out.append(Data((text + String(repeating: " ", count: random.int(1...100_000))).utf8))
        return out
    }

    private func write(_ data: Data) throws -> URL {
        let url = directory.appendingPathComponent("meals-\(UUID().uuidString).json")
        try data.write(to: url)
        return url
    }

    /// How `load` ends, in words that can be compared (the file is only read: `readOnly`).
    private func outcome(_ file: VersionedFile<[Meal]>) -> String {
        switch file.load(now: Date(timeIntervalSince1970: 1_800_000_000)) {
        case .missing: return "missing"
        case .loaded(let meals): return "loaded \(meals.count) \(meals.hashValue)"
        case .recovered(let reason, _): return "recovered: \(reason)"
        }
    }

    func testStreamedReadingGivesWhatTheWholeBytesGiveForManyFilesWholeAndDamaged() throws {
        var random = SeededRandom(seed: 31)
        var streamed = 0, refused = 0
        for round in 0..<3 {
            let meals = meals(2_000 + 700 * round, &random)
            for whole in try files(meals) {
                XCTAssertGreaterThanOrEqual(whole.count, VersionedFile<[Meal]>.streamedFromBytes)
                for data in [whole] + damaged(whole, &random) {
                    let url = try write(data)
                    let fast = VersionedFile<[Meal]>(url: url, schemaVersion: 1, readOnly: true)
                    let expected = fast.fastLoad(data)
                    let read = fast.streamedFastLoad()
                    if let read { XCTAssertEqual(read, expected, "round \(round), \(data.count) bytes") }
                    if read != nil { streamed += 1 } else if expected == nil { refused += 1 }
                    // The decoder alone (no fast reader at all) ends the same way.
                    let decoderOnly = VersionedFile<[Meal]>(url: url, schemaVersion: 1, maxBytes: 16 * 1024 * 1024, migrate: nil,
                                                            readOnly: true, setsAsideDamaged: true, fastRead: nil)
                    XCTAssertEqual(outcome(fast), outcome(decoderOnly), "round \(round), \(data.count) bytes")
                    try FileManager.default.removeItem(at: url)
                }
                let url = try write(whole)
                XCTAssertEqual(VersionedFile<[Meal]>(url: url, schemaVersion: 1, readOnly: true).streamedFastLoad(), meals,
                               "an undamaged file is read a stretch at a time")
            }
        }
        XCTAssertGreaterThan(streamed, 6)
        XCTAssertGreaterThan(refused, 6)
    }

    /// A meal larger than the read-ahead is not read a stretch at a time; the file is read whole and
    /// loads as before. A small file is always read whole.
    func testAMealLargerThanTheReadAheadAndASmallFileAreReadWhole() throws {
        var random = SeededRandom(seed: 7)
        var list = meals(2_000, &random)
        list[1_000].name = String(repeating: "Soupe à l'oignon ", count: FileWindow.readAhead / 10)
        let data = try files(list)[0]
        let url = try write(data)
        let file = VersionedFile<[Meal]>(url: url, schemaVersion: 1, readOnly: true)
        XCTAssertNil(file.streamedFastLoad())
        XCTAssertEqual(file.fastLoad(data), list)
        guard case .loaded(let loaded) = file.load() else { return XCTFail("the file should load") }
        XCTAssertEqual(loaded, list)

        let small = try write(try files(meals(20, &random))[0])
        XCTAssertNil(VersionedFile<[Meal]>(url: small, schemaVersion: 1, readOnly: true).streamedFastLoad())
    }

    /// The window holds the file's bytes at their offsets as the reader comes to them, and zeros
    /// where nothing was read in yet or the pages were given back.
    func testTheWindowReadsAheadOfTheReaderAndGivesBackWhatIsBehind() throws {
        var random = SeededRandom(seed: 3)
        let content = (0..<(5 * FileWindow.readAhead + 123)).map { _ in UInt8(random.int(1...255)) }
        let url = try write(Data(content))
        let file = try PosixFile(readingAt: url.path)
        defer { file.close() }
        let window = try XCTUnwrap(FileWindow(file: file, size: content.count))
        XCTAssertEqual(window.bytes[0], 0, "nothing read before the reader starts")
        var offset = 0
        while offset < content.count {
            window.advance(to: offset)
            let end = min(content.count, offset + FileWindow.readAhead)
            XCTAssertEqual(Array(window.bytes[offset..<end]), Array(content[offset..<end]), "at \(offset)")
            offset += 10_000
        }
        XCTAssertEqual(window.bytes[0], 0, "the first pages were given back")
        XCTAssertEqual(window.bytes[content.count - 1], content[content.count - 1])
        XCTAssertFalse(window.isIncomplete)
    }
}
