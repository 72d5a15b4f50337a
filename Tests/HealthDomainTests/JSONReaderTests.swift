import XCTest
@testable import HealthDomain
@testable import Platform

/// The hand-written reader must agree with `JSONDecoder` wherever it answers,
/// and refuse (so the decoder decides) wherever it is unsure.
final class JSONReaderTests: XCTestCase {
    private func number(_ text: String) -> Double? {
        JSONReader.read(Array(text.utf8)) { try $0.double() }
    }

    func testNumbersMatchTheStandardParserBitForBit() {
        let cases = ["0", "-0", "1", "12.5", "0.1", "0.000001234", "123456789012345678", "1e22", "1e23", "1.7976931348623157e308",
                     "4.9e-324", "2.2250738585072014e-308", "-3.14159", "1E5", "1e+5", "1e-5", "9007199254740993",
                     "12345678901234567890123", "0.30000000000000004", "8412"]
        for text in cases {
            XCTAssertEqual(number(text)?.bitPattern, Double(text)?.bitPattern, text)
        }
    }

    func testMalformedOrNonFiniteNumbersAreRefused() {
        for text in ["01", "1.", ".5", "-", "1e", "+1", "1e400", "NaN", "0x10", "1..2"] {
            XCTAssertNil(number(text), text)
        }
    }

    func testIntegersRefuseFractionsAndOverflow() {
        func int(_ text: String) -> Int? { JSONReader.read(Array(text.utf8)) { try $0.int() } }
        XCTAssertEqual(int("-42"), -42)
        XCTAssertEqual(int("9223372036854775807"), Int.max)
        XCTAssertEqual(int("-9223372036854775808"), Int.min)
        for text in ["9223372036854775808", "1.0", "1e2", "01", "", "-"] { XCTAssertNil(int(text), text) }
    }

    func testStringsDecodeEscapesAndRefuseBadInput() {
        func string(_ json: String) -> String? { JSONReader.read(Array(json.utf8)) { try $0.string() } }
        let table: [(String, String?)] = [
            (#""plain""#, "plain"), (#""Soupe à l'oignon""#, "Soupe à l'oignon"), (#""a\/b\"c\\d\n""#, "a/b\"c\\d\n"),
            (#""\u00e9\ud83c\udf5d""#, "é🍝"), (#""\ud83c""#, nil), (#""bad \q escape""#, nil), ("\"raw\ttab\"", nil), (#""open"#, nil),
        ]
        for (json, expected) in table { XCTAssertEqual(string(json), expected, json) }
        XCTAssertNil(JSONReader.read([0x22, 0xFF, 0x22]) { try $0.string() }, "invalid UTF-8")
    }

    func testUUIDsReadAsUUIDStringReadsThem() {
        for text in ["5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5A", "5b1a7c4e-8e2b-4c53-9d3a-1f0e2d3c4b5a", UUID().uuidString] {
            XCTAssertEqual(JSONReader.read(Array("\"\(text)\"".utf8)) { try $0.uuid() }, UUID(uuidString: text), text)
        }
        for text in ["5B1A7C4E8E2B-4C53-9D3A-1F0E2D3C4B5A-", "5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5G", "5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5"] {
            XCTAssertNil(JSONReader.read(Array("\"\(text)\"".utf8)) { try $0.uuid() }, text)
        }
    }

    /// Every one of the 32 digits is checked, not only the first (the digits are read as a whole
    /// and judged once): a stray letter or a dash moved anywhere is refused, as `UUID(uuidString:)` refuses it.
    func testAUUIDWithAnyDigitWrongIsRefused() {
        let good = Array("5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5A".utf8)
        for position in good.indices {
            for wrong in [UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"), 0xC3] {
                var text = good
                text[position] = good[position] == UInt8(ascii: "-") ? UInt8(ascii: "0") : wrong
                let json = [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]
                let label = String(decoding: text, as: UTF8.self)
                XCTAssertNil(JSONReader.read(json) { try $0.uuid() }, label)
                XCTAssertNil(UUID(uuidString: label), "the expectation itself: \(label)")
            }
        }
    }

    /// A record's keys are matched by their bytes: only the whole name matches, and a key the reader
    /// cannot match byte for byte (an escape, a byte beyond ASCII) is left to `JSONDecoder`.
    func testRecordKeysMatchWholeNamesAndLeaveEscapedKeysToTheDecoder() {
        func idField(_ json: String) -> Int? {
            JSONReader.read(Array(json.utf8)) { r -> Int in
                var id = -1
                try r.fields { key, r in
                    switch key {
                    case "id": id = try r.int()
                    default: try r.skipValue()
                    }
                }
                return id
            }
        }
        XCTAssertEqual(idField(#"{"i": 1, "idx": 2, "id": 3, "ID": 4, "": 5}"#), 3)
        XCTAssertEqual(idField(#"{"idx": 2}"#), -1)
        XCTAssertEqual(idField(#"{}"#), -1)
        XCTAssertNil(idField(#"{"\u0069d": 3}"#), "an escaped key is the decoder's to read")
        XCTAssertNil(idField(#"{"ïd": 3}"#), "a key beyond ASCII is the decoder's to read")
        XCTAssertNil(idField("{\"i\td\": 3}"), "a control byte in a key")
    }

    /// A record read as a loop over `nextField` (no closure a field) reads what `fields` reads and
    /// refuses what it refuses: a missing colon or comma, a trailing comma, an unclosed record.
    func testNextFieldReadsARecordAsFieldsDoes() {
        func loop(_ json: String) -> [String]? {
            JSONReader.read(Array(json.utf8)) { r -> [String] in
                var seen: [String] = [], opened = false
                while let key = try r.nextField(&opened) {
                    switch key {
                    case "a": seen.append("a=\(try r.int())")
                    case "b": seen.append("b=\(try r.string())")
                    default: try r.skipValue(); seen.append("other")
                    }
                }
                return seen
            }
        }
        XCTAssertEqual(loop(#"{"a": 1, "b": "x", "c": [1, {"d": 2}], "a": 3}"#), ["a=1", "b=x", "other", "a=3"])
        XCTAssertEqual(loop(" { \n\"b\"\t:\r\"y\" } "), ["b=y"])
        XCTAssertEqual(loop("{}"), [])
        XCTAssertEqual(loop("{ }"), [])
        for bad in [#"{"a" 1}"#, #"{"a": 1 "b": "x"}"#, #"{"a": 1,}"#, #"{"a": 1"#, #"{,"a": 1}"#, #"["a"]"#, #"{"a": 1}}"#] {
            XCTAssertNil(loop(bad), bad)
        }
    }

    /// Keys are scanned eight bytes at a time: whatever the key's length and wherever a byte that
    /// ends or spoils it stands (a quote, a backslash, a control byte, a byte beyond ASCII — near
    /// the end of the document too, with fewer than eight bytes left), the key read is the one a
    /// byte-by-byte reading finds: its bytes when all are printable ASCII without a backslash, else
    /// refused.
    func testKeysReadEightBytesAtATimeAreTheKeysReadByteByByte() {
        var random = SystemRandomNumberGenerator()
        let plain = Array(UInt8(0x20)...UInt8(0x7E)).filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        let spoilers: [UInt8] = [0x00, 0x09, 0x1F, 0x5C, 0x7F, 0x80, 0xC3, 0xFF]
        for length in 0...20 {
            for spoilAt in [-1] + Array(0..<max(length, 1)) {
                var key = (0..<length).map { _ in plain.randomElement(using: &random)! }
                if spoilAt >= 0, spoilAt < length { key[spoilAt] = spoilers.randomElement(using: &random)! }
                let json = Array(#"{""#.utf8) + key + Array(#"":7}"#.utf8)
                let expectedPlain = key.allSatisfy { (0x20...0x7F).contains($0) && $0 != UInt8(ascii: "\\") }
                let read = JSONReader.read(json) { r -> [UInt8] in
                    var opened = false, name: [UInt8] = []
                    while let k = try r.nextField(&opened) { name = Array(k.bytes); _ = try r.int() }
                    return name
                }
                XCTAssertEqual(read, expectedPlain ? key : nil, "\(key)")
            }
        }
    }

    /// Strings beyond ASCII are checked as `String(validating:as:)` checks them (the standard
    /// library's own validator, a second implementation): every ill-formed sequence is refused,
    /// including one the decoder would mend into as many bytes as it had (a cut-off 4-byte
    /// sequence becomes one 3-byte U+FFFD).
    func testStringsBeyondASCIIAreValidatedAsTheStandardLibraryDoes() {
        let cases: [[UInt8]] = [
            Array("Soupe à l'oignon 寿司 🍝".utf8),
            [0xC3], [0xC3, 0x28], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF0, 0x90, 0x80], [0x61, 0xF0, 0x90, 0x80, 0x62], [0xF0, 0x90, 0x80, 0x41, 0x42], [0x80], [0xFF], [0xFE, 0xFF],
            [0xEF, 0xBF, 0xBD], [0xF0, 0x9F, 0x8D, 0x9D],
        ]
        var random = SystemRandomNumberGenerator()
        let noise = (0..<500).map { _ in (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0x80...0xFF, using: &random) } }
        for bytes in cases + noise {
            let expected = String(validating: bytes, as: UTF8.self)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { String(validUTF8: $0) }, expected, "\(bytes)")
            let json = [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
            XCTAssertEqual(JSONReader.read(json) { try $0.string() }, expected, "\(bytes) in a JSON string")
        }
    }

    /// A meal file whose keys are written with escapes is still read whole (by the decoder).
    func testMealsWithEscapedKeysLoadThroughTheDecoder() throws {
        let id = UUID()
        let json = #"{"schemaVersion":1,"savedAt":null,"data":[{"\u0069d":"\#(id.uuidString)","time":"2027-01-15T08:00:00Z","#
            + #""name":"Toast","calories":120}]}"#
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("json-reader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = VersionedFile<[Meal]>(url: dir.appendingPathComponent("meals.json"), schemaVersion: 1)
        try Data(json.utf8).write(to: file.url)
        XCTAssertNil(file.fastLoad(Data(json.utf8)), "the fast path refuses the escaped key")
        guard case .loaded(let meals) = file.load() else { return XCTFail("the file should load through the decoder") }
        XCTAssertEqual(meals.map(\.id), [id])
        XCTAssertEqual(meals.map(\.name), ["Toast"])
    }

    /// The count a dictionary is sized by, read ahead: members at the top level only, whatever
    /// their values hold (nested objects and arrays, commas and braces inside strings, escaped quotes).
    func testMembersAheadCountsTopLevelMembersWithoutReading() {
        func ahead(_ json: String) -> (count: Int, members: Int)? {
            JSONReader.read(Array(json.utf8)) { r -> (Int, Int) in
                let count = r.membersAhead()
                var members = 0
                try r.object { _, r in members += 1; try r.skipValue() }
                return (count, members)
            }
        }
        let cases: [(String, Int)] = [
            ("{}", 0), ("{ }", 0), (#"{"a": 1}"#, 1), (#"{"a": 1, "b": 2.5, "c": -3}"#, 3),
            (#"{"a": {"b": [1, 2, {"c": 3}]}, "d": [[], {}]}"#, 2),
            (#"{"a, b": "x, y}", "c\"}, ": "]", "d": null}"#, 3),
            (#"{"2026-11-20": 4120, "2026-11-21": 8841.5, "2026-11-22": 0}"#, 3),
        ]
        for (json, expected) in cases {
            let read = ahead(json)
            XCTAssertEqual(read?.count, expected, json)
            XCTAssertEqual(read?.members, expected, "the reader still reads every member after looking ahead: \(json)")
        }
        XCTAssertEqual(JSONReader.read(Array("[1, 2]".utf8)) { r -> Int in let n = r.membersAhead(); try r.skipValue(); return n }, 0)
        XCTAssertNil(JSONReader.read(Array(#"{"a": 1, "b""#.utf8)) { r -> Int in let n = r.membersAhead(); try r.skipValue(); return n },
                     "an object cut short is refused by the reader, whatever the count said")
    }

    func testTrailingBytesAndSkippedValuesOfEveryKind() {
        let json = #"{"a": [1, {"b": null}, true, false, "x"], "keep": 7} "#
        let kept = JSONReader.read(Array(json.utf8)) { r -> Int in
            var v = 0
            try r.object { key, r in if key == "keep" { v = try r.int() } else { try r.skipValue() } }
            return v
        }
        XCTAssertEqual(kept, 7)
        XCTAssertNil(JSONReader.read(Array("{} x".utf8)) { r in try r.object { _, r in try r.skipValue() } })
    }

    func testISO8601SecondsMatchesTheDecoderAndRefusesOtherLayouts() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for text in ["2026-11-22T07:42:00Z", "2024-02-29T23:59:59Z", "1970-01-01T00:00:00Z", "1600-03-01T12:00:00Z", "9999-12-31T23:59:59Z"] {
            let fast = Array(text.utf8).withUnsafeBufferPointer { ISO8601Seconds.date($0) }
            let slow = try decoder.decode([Date].self, from: Data("[\"\(text)\"]".utf8))[0]
            XCTAssertEqual(fast, slow, text)
        }
        for text in ["2025-02-29T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T07:42:00+01:00", "2026-11-22T07:42:00.5Z",
                     "2026-13-01T00:00:00Z", "1500-01-01T00:00:00Z", "2026-11-22 07:42:00Z"] {
            XCTAssertNil(Array(text.utf8).withUnsafeBufferPointer { ISO8601Seconds.date($0) }, text)
        }
    }

    // MARK: Files: the fast path reads what JSONDecoder reads

    private func roundTrip<T: Codable & Equatable & JSONFastDecodable>(_ value: T, version: Int = 1) throws -> (fast: T?, slow: T) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("json-reader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = VersionedFile<T>(url: dir.appendingPathComponent("f.json"), schemaVersion: version)
        try file.save(value, now: Date(timeIntervalSince1970: 1_800_000_000))
        let data = try Data(contentsOf: file.url)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (file.fastLoad(data), try VersionedFile<T>.payload(T.self, in: data))
    }

    /// Fails naming each top-level field of `value` whose JSON equals `plain`'s (left at its default, or not encoded).
    func assertEveryFieldIsSet<T: Encodable>(_ value: T, comparedWith plain: T, file: StaticString = #filePath, line: UInt = #line) throws {
        func fields(_ v: T) throws -> [String: JSONValue] {
            let e = JSONEncoder()
            e.dateEncodingStrategy = .iso8601
            guard case .object(let o) = try JSONDecoder().decode(JSONValue.self, from: e.encode(v)) else { return [:] }
            return o
        }
        let set = try fields(value), defaults = try fields(plain)
        for key in Set(set.keys).union(defaults.keys).sorted() where set[key] == defaults[key] {
            XCTFail("\(T.self).\(key) is left at its default: set it, so the fast path is checked on it", file: file, line: line)
        }
    }

    func testMealsReadByTheFastPathEqualTheDecoders() throws {
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        let meals = [Meal(time: t, name: "Pasta 🍝 / \"al dente\"", calories: 640, protein: 21.5, carbs: 88.1, fat: nil),
                     Meal(time: t.addingTimeInterval(-86_400 * 400), name: "寿司", calories: 0, protein: 0.1, carbs: nil, fat: 12)]
        try assertEveryFieldIsSet(meals[0], comparedWith: Meal(time: Date(timeIntervalSince1970: 0), name: "", calories: 0,
                                                               protein: nil, carbs: nil, fat: nil))
        let (fast, slow) = try roundTrip(meals)
        XCTAssertNotNil(fast, "the fast path should read our own file")
        XCTAssertEqual(fast, slow)
        XCTAssertEqual(fast, meals)
    }

    /// The meals' array is sized from the bytes left before it is read: a file of the smallest
    /// meals (as many as the room made, or more), one of far fewer and larger meals, and an
    /// empty list all read whole and in order.
    func testMealsReadWholeWhateverRoomWasMadeForThem() throws {
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        let large = (0..<3).map { Meal(time: t, name: String(repeating: "Soupe à l'oignon ", count: 200), calories: $0, protein: 1, carbs: 2, fat: 3) }
        for meals in [large, []] {
            let (fast, slow) = try roundTrip(meals)
            XCTAssertEqual(fast, meals)
            XCTAssertEqual(slow, meals)
        }
        // The smallest meals there are, written without a space: about the 100 bytes each that the
        // room is made for, some fewer (more meals than room), some more.
        let small = (0..<300).map { i in
            #"{"id":"\#(UUID().uuidString)","time":"2027-01-15T08:\#(String(format: "%02d", i % 60)):00Z","name":"","calories":\#(i)}"#
        }
        let json = Data("[\(small.joined(separator: ","))]".utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let read = try XCTUnwrap(JSONReader.read(json) { r in try [Meal].read(&r) })
        XCTAssertEqual(read, try decoder.decode([Meal].self, from: json))
        XCTAssertEqual(read.map(\.calories), Array(0..<300))
    }

    func testHealthCacheReadByTheFastPathEqualsTheDecoders() throws {
        let t = Date(timeIntervalSince1970: 1_800_000_000)
        var cache = HealthCacheData()
        cache.merge([DailyTotal(day: DayKey(year: 2026, month: 11, day: 22), value: 8412),
                     DailyTotal(day: DayKey(year: 2026, month: 11, day: 21), value: 0.1 + 0.2)], for: .stepCount, fetchedAt: t)
        cache.merge([SleepNight(night: DayKey(year: 2026, month: 11, day: 22), asleepMinutes: 431.5, inBedMinutes: 470,
                                start: t.addingTimeInterval(-30_000), end: t)], fetchedAt: t)
        let (fast, slow) = try roundTrip(cache, version: HealthRepository.cacheSchemaVersion)
        XCTAssertNotNil(fast)
        XCTAssertEqual(fast, slow)
        XCTAssertEqual(fast, cache)
    }

    func testSettingsReadByTheFastPathEqualTheDecoders() throws {
        var settings = Settings()
        settings.onboardingCompleted = true
        settings.authorization = ["stepCount": .authorized, "activeEnergyBurned": .denied]
        settings.stepGoal = 12_000
        settings.energyGoal = 650
        settings.theme = "light"
        settings.celebratedDays = ["2026-11-20", "2026-11-21"]
        settings.bell = false
        settings.limitedMode = true
        settings.reduceMotion = true
        settings.liveUpdates = false
        settings.lastDeviceSync = LastSync(payload: WearablePayload(steps: 4321, heartRate: 61, sleepHours: 7.25),
                                           syncedAt: Date(timeIntervalSince1970: 1_800_000_000), deviceName: "Pulse Band 2")
        // A field the fast path does not read would come back as its default: every field here is set to another value.
        try assertEveryFieldIsSet(settings, comparedWith: Settings())
        // A device sync is read by the decoder alone (the fast path declines the whole file).
        let (declined, decoded) = try roundTrip(settings, version: StoreSchemas.settings)
        XCTAssertNil(declined)
        XCTAssertEqual(decoded, settings)
        settings.lastDeviceSync = nil
        let (fast, slow) = try roundTrip(settings, version: StoreSchemas.settings)
        XCTAssertNotNil(fast, "the fast path should read a clean settings file")
        XCTAssertEqual(fast, slow)
        XCTAssertEqual(fast, settings)
        XCTAssertEqual(fast?.loadRepairs, [])
    }

    /// Whatever `Settings.init(from:)` would repair is left to it, so its repairs are still reported.
    /// The hot files' reader is chosen where their type is known (no cast at each load): the
    /// files made as the app makes them read by `JSONReader`, any other type by `JSONDecoder`.
    func testTheFastReaderIsChosenForTheHotFilesTypes() {
        let url = URL(fileURLWithPath: "/nonexistent/f.json")
        XCTAssertNotNil(VersionedFile<Settings>(url: url, schemaVersion: 1).fastRead)
        XCTAssertNotNil(VersionedFile<[Meal]>(url: url, schemaVersion: 1, readOnly: true).fastRead)
        let cal = LocalCalendar(zoneNamed: "UTC")!
        let provider = MockHealthProvider(scenario: .normal, seed: 9, authorization: [:], now: { Date() }, sleeper: { _ in })
        let repository = HealthRepository(provider: provider, cacheURL: url, calendar: cal)
        XCTAssertNotNil(repository.cacheFile.fastRead)
        XCTAssertNotNil(repository.historyFile.fastRead)
        XCTAssertNil(VersionedFile<[String]>(url: url, schemaVersion: 1).fastRead)
    }

    func testSettingsThatNeedRepairGoToTheDecoder() {
        let file = VersionedFile<Settings>(url: URL(fileURLWithPath: "/nonexistent/settings.json"), schemaVersion: StoreSchemas.settings)
        func wrapped(_ data: String) -> Data { Data(#"{"data":\#(data),"schemaVersion":\#(StoreSchemas.settings)}"#.utf8) }
        XCTAssertEqual(file.fastLoad(wrapped(#"{"stepGoal":8000,"theme":null,"unknown":[1,{"a":2}]}"#))?.stepGoal, 8000)
        let refused = [
            #"{"stepGoal":80}"#, #"{"stepGoal":8000.5}"#, #"{"energyGoal":"500"}"#, #"{"bell":1}"#,
            #"{"authorization":{"stepCount":"maybe"}}"#, #"{"celebratedDays":[1]}"#, #"{"theme":3}"#,
            #"{"lastDeviceSync":{"deviceName":"x"}}"#, #"{"bell":true,"bell":false}"#,
        ]
        for json in refused { XCTAssertNil(file.fastLoad(wrapped(json)), json) }
    }

    func testOldOrOddFilesGoToTheDecoder() {
        let file = VersionedFile<[Meal]>(url: URL(fileURLWithPath: "/nonexistent/meals.json"), schemaVersion: 1)
        let meal = #"{"id":"5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5A","time":"2026-11-22T07:42:00Z","name":"x","calories":1}"#
        XCTAssertNotNil(file.fastLoad(Data(#"{"data":[\#(meal)],"schemaVersion":1}"#.utf8)))
        let refused = [
            #"{"data":[\#(meal)],"schemaVersion":2}"#,                                  // another version: migration or set aside
            #"{"data":[\#(meal)]}"#,                                                    // no version
            #"{"data":[\#(meal)],"schemaVersion":1,"savedAt":"yesterday"}"#,            // JSONDecoder rejects this date
            #"{"data":[{"id":"nope","time":"2026-11-22T07:42:00Z","name":"x","calories":1}],"schemaVersion":1}"#,
            #"{"data":[{"id":"5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5A","time":"2026-11-22T08:42:00+01:00","name":"x","calories":1}],"schemaVersion":1}"#,
            #"{"data":[{"id":"5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5A","time":"2026-11-22T07:42:00Z","name":"x","calories":1.5}],"schemaVersion":1}"#,
            #"{"data":[\#(meal)],"schemaVersion":1"#,                                   // cut off
        ]
        for json in refused { XCTAssertNil(file.fastLoad(Data(json.utf8)), json) }
    }

    // MARK: Helpers on the hot paths

    func testDayContainsAgreesWithDayKeyAcrossDaylightSavingTime() {
        let calendar = LocalCalendar(zoneNamed: "Europe/Paris")!
        let day = DayKey(year: 2026, month: 3, day: 29) // 23 hours long in Paris
        let onDay = day.contains(calendar: calendar)
        let start = day.startDate(in: calendar)
        for minutes in stride(from: -120, through: 26 * 60, by: 7) {
            let t = start.addingTimeInterval(Double(minutes) * 60)
            XCTAssertEqual(onDay(t), DayKey(t, calendar: calendar) == day, "\(t)")
        }
        XCTAssertTrue(DayKey.earliest.contains(calendar: calendar)(Date.distantPast))
    }

    func testDayKeyDescriptionIsZeroPaddedLikePrintf() {
        XCTAssertEqual(DayKey(year: 2026, month: 1, day: 5).description, "2026-01-05")
        XCTAssertEqual(DayKey(year: 7, month: 12, day: 31).description, "0007-12-31")
        XCTAssertEqual(DayKey.padded(-5, 4), String(format: "%04d", -5))
        XCTAssertEqual(DayKey.padded(12345, 4), "12345")
    }
}
