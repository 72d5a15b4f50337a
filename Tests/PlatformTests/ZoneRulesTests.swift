import Foundation
import XCTest
@testable import Platform

/// `ZoneRules` against Foundation's ICU `TimeZone`, which is the oracle here (the app itself never links ICU).
final class ZoneRulesTests: XCTestCase {
    static let zones = [
        "Europe/Paris", "America/New_York", "America/Sao_Paulo", "Australia/Lord_Howe", "Asia/Kolkata",
        "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Apia", "Africa/Casablanca", "America/St_Johns",
        "Europe/Dublin", "Asia/Tehran", "America/Santiago", "Antarctica/Troll", "UTC", "Australia/Sydney",
        "America/Nuuk", "Asia/Jerusalem", "Europe/London", "America/Los_Angeles", "Pacific/Auckland",
        "Asia/Tokyo", "America/Havana", "Africa/Cairo",
    ]

    static let hourlyYears = [1970, 2000, 2001, 2024, 2025, 2026, 2027, 2040]

    func rules(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ZoneRules {
        try XCTUnwrap(ZoneRules.named(name), "no zone \(name)", file: file, line: line)
    }

    func oracle(_ name: String) throws -> TimeZone {
        try XCTUnwrap(TimeZone(identifier: name))
    }

    static func unix(_ year: Int, _ month: Int = 1, _ day: Int = 1, _ hour: Int = 0, _ minute: Int = 0) -> Int64 {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let date = utc.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
        return Int64(date.timeIntervalSince1970)
    }

    /// Foundation's transitions in [from, to), DST or not (ICU reports every offset change).
    func foundationTransitions(_ zone: TimeZone, from: Int64, to: Int64) -> [Int64] {
        var result: [Int64] = []
        var cursor = Date(timeIntervalSince1970: TimeInterval(from))
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < TimeInterval(to) {
            result.append(Int64(next.timeIntervalSince1970))
            cursor = next
        }
        return result
    }

    /// Instants where our table changes type, so that changes Foundation does not report are checked too.
    func ownTransitions(_ zone: ZoneRules, from: Int64, to: Int64) -> [Int64] {
        zone.table.transitionTimes.filter { $0 >= from && $0 < to }
    }

    // MARK: - Offsets at instants

    func testOffsetsMatchFoundationHourlyAcrossYears() throws {
        for name in Self.zones {
            let zone = try rules(name), reference = try oracle(name)
            var mismatches = 0
            for year in Self.hourlyYears {
                let start = Self.unix(year), end = Self.unix(year + 1)
                for t in stride(from: start, to: end, by: 3600) {
                    let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
                    let actual = zone.secondsFromGMT(atUnix: t)
                    if actual != expected && mismatches < 3 {
                        XCTFail("\(name) at \(t): \(actual) != Foundation \(expected)")
                        mismatches += 1
                    }
                }
            }
        }
    }

    func testOffsetsMatchFoundationAroundEveryTransition() throws {
        let from = Self.unix(1900), to = Self.unix(2050)
        var checked = 0
        for name in Self.zones {
            let zone = try rules(name), reference = try oracle(name)
            let transitions = Set(foundationTransitions(reference, from: from, to: to) + ownTransitions(zone, from: from, to: to))
            if name != "UTC" { XCTAssertFalse(transitions.isEmpty, name) }
            for transition in transitions.sorted() {
                for t in [transition - 3600, transition - 1, transition, transition + 1, transition + 3600] {
                    let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
                    XCTAssertEqual(zone.secondsFromGMT(atUnix: t), expected, "\(name) at \(t)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 5000)
    }

    func testDateConvenienceRoundsDownAndNeverTraps() throws {
        let paris = try rules("Europe/Paris")
        // 1 s before the 2024 spring-forward change, with a fraction: still CET.
        let change = Self.unix(2024, 3, 31, 1)
        XCTAssertEqual(paris.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(change) - 0.5)), 3600)
        XCTAssertEqual(paris.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(change))), 7200)
        XCTAssertEqual(paris.abbreviation(for: Date(timeIntervalSince1970: TimeInterval(change))), "CEST")
        for odd in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
            _ = paris.secondsFromGMT(for: Date(timeIntervalSince1970: odd))
        }
        for odd in [Int64.min, Int64.max, Int64.min + 1, Int64.max - 1] {
            _ = paris.secondsFromGMT(atUnix: odd)
            _ = paris.secondsFromGMT(forLocal: odd)
            _ = ZoneRules.named("AEST-10AEDT,M10.1.0,M4.1.0/3")!.secondsFromGMT(forLocal: odd)
        }
    }

    // MARK: - Local wall times

    /// Foundation's instant for a wall time given as seconds since 1970-01-01T00:00 local.
    func foundationOffset(forLocal wall: Int64, in zone: TimeZone) -> Int {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var local = Calendar(identifier: .gregorian)
        local.timeZone = zone
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                       from: Date(timeIntervalSince1970: TimeInterval(wall)))
        let instant = local.date(from: parts)!
        return Int(wall - Int64(instant.timeIntervalSince1970))
    }

    func testLocalTimesMatchFoundationAroundTransitions() throws {
        let from = Self.unix(1970), to = Self.unix(2041)
        var checked = 0
        for name in Self.zones {
            let zone = try rules(name), reference = try oracle(name)
            for transition in foundationTransitions(reference, from: from, to: to) {
                let before = zone.secondsFromGMT(atUnix: transition - 1), after = zone.secondsFromGMT(atUnix: transition)
                // Walk wall times across both local readings of the change: the gap or the overlap and its edges.
                let first = transition + Int64(min(before, after)) - 2 * 3600
                let last = transition + Int64(max(before, after)) + 2 * 3600
                var walls = Array(stride(from: first, through: last, by: 900))
                walls += [transition + Int64(before) - 1, transition + Int64(before), transition + Int64(after) - 1,
                          transition + Int64(after), transition + Int64(after) + 1]
                for wall in walls {
                    let expected = foundationOffset(forLocal: wall, in: reference)
                    XCTAssertEqual(zone.secondsFromGMT(forLocal: wall), expected, "\(name) wall \(wall)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 20000)
    }

    func testLocalTimesMatchFoundationOnOrdinaryDays() throws {
        var generator = SeededRandom(seed: 0x7A_2026) // seeded: a failure names a case that fails again
        for name in Self.zones {
            let zone = try rules(name), reference = try oracle(name)
            for _ in 0..<200 {
                let wall = Int64.random(in: Self.unix(1971)..<Self.unix(2045), using: &generator)
                XCTAssertEqual(zone.secondsFromGMT(forLocal: wall), foundationOffset(forLocal: wall, in: reference),
                               "\(name) wall \(wall)")
            }
        }
    }

    func testGapAndOverlapInParis() throws {
        let paris = try rules("Europe/Paris")
        // 2024-03-31 02:30 does not exist: read with CET, it is 01:30Z (03:30 CEST).
        XCTAssertEqual(paris.secondsFromGMT(forLocal: Self.unix(2024, 3, 31, 2, 30)), 3600)
        // 2024-10-27 02:30 happens twice: the earlier (CEST) instant.
        XCTAssertEqual(paris.secondsFromGMT(forLocal: Self.unix(2024, 10, 27, 2, 30)), 7200)
        XCTAssertEqual(paris.secondsFromGMT(forLocal: Self.unix(2024, 10, 27, 3, 0)), 3600)
        // Apia skipped 2011-12-30 entirely.
        let apia = try rules("Pacific/Apia")
        XCTAssertEqual(apia.secondsFromGMT(forLocal: Self.unix(2011, 12, 30, 12)), -10 * 3600)
        XCTAssertEqual(apia.secondsFromGMT(forLocal: Self.unix(2011, 12, 31, 12)), 14 * 3600)
    }

    // MARK: - Abbreviations

    func testAbbreviationsComeFromTheZoneData() throws {
        let winter = Self.unix(2025, 1, 15), summer = Self.unix(2025, 7, 15)
        let cases: [(String, Int64, String)] = [
            ("Europe/Paris", winter, "CET"), ("Europe/Paris", summer, "CEST"),
            ("America/New_York", winter, "EST"), ("America/New_York", summer, "EDT"),
            ("Europe/Dublin", winter, "GMT"), ("Europe/Dublin", summer, "IST"),
            ("Asia/Kolkata", summer, "IST"), ("Asia/Tehran", summer, "+0330"),
            ("Europe/Paris", Self.unix(2060, 7, 1), "CEST"), ("UTC", summer, "UTC"),
        ]
        for (name, t, abbreviation) in cases {
            XCTAssertEqual(try rules(name).abbreviation(atUnix: t), abbreviation, name)
        }
    }

    // MARK: - POSIX rules

    func assertRule(_ rule: String, matches name: String, years: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let zone = try XCTUnwrap(ZoneRules.named(rule), rule, file: file, line: line)
        XCTAssertEqual(zone.identifier, rule, file: file, line: line)
        let reference = try oracle(name)
        for year in years {
            let transitions = foundationTransitions(reference, from: Self.unix(year), to: Self.unix(year + 1))
            XCTAssertEqual(transitions.count, 2, "\(name) \(year)", file: file, line: line)
            let instants = Array(stride(from: Self.unix(year), to: Self.unix(year + 1), by: 3600))
                + transitions.flatMap { [$0 - 1, $0, $0 + 1] }
            for t in instants {
                let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
                XCTAssertEqual(zone.secondsFromGMT(atUnix: t), expected, "\(rule) at \(t)", file: file, line: line)
            }
        }
    }

    func testPosixRulesMatchTheZonesTheyDescribe() throws {
        try assertRule("EST5EDT,M3.2.0,M11.1.0", matches: "America/New_York", years: [2008, 2025, 2039, 2077])
        try assertRule("AEST-10AEDT,M10.1.0,M4.1.0/3", matches: "Australia/Sydney", years: [2009, 2025, 2026, 2099])
        try assertRule("IST-2IDT,M3.4.4/26,M10.5.0", matches: "Asia/Jerusalem", years: [2014, 2025, 2050])
        try assertRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", matches: "America/Nuuk", years: [2025, 2030])
        try assertRule("<-04>4<-03>,M9.1.6/24,M4.1.6/24", matches: "America/Santiago", years: [2025, 2031])
        try assertRule("IST-1GMT0,M10.5.0,M3.5.0/1", matches: "Europe/Dublin", years: [2025, 2045])
        // Beyond the spelt-out years the rule itself answers.
        try assertRule("EST5EDT,M3.2.0,M11.1.0", matches: "America/New_York", years: [2101, 2150])
    }

    func testFixedPosixRule() throws {
        let zone = try XCTUnwrap(ZoneRules.named("<+0330>-3:30"))
        for t in [Int64(-5_000_000_000), 0, 1_700_000_000, 5_000_000_000] {
            XCTAssertEqual(zone.secondsFromGMT(atUnix: t), 12_600)
            XCTAssertEqual(zone.abbreviation(atUnix: t), "+0330")
        }
        XCTAssertEqual(ZoneRules.named("EST5")?.secondsFromGMT(atUnix: 0), -5 * 3600)
        XCTAssertEqual(ZoneRules.named("<-0130>+1:30:15")?.secondsFromGMT(atUnix: 0), -5415)
    }

    func testPosixDayForms() throws {
        // J60 is March 1 even in leap years; zero-based 59 is February 29 in a leap year.
        let julian = try XCTUnwrap(ZoneRules.named("AAA0BBB,J60/0,J300/0"))
        XCTAssertEqual(julian.secondsFromGMT(atUnix: Self.unix(2024, 2, 29, 23, 59)), 0)
        XCTAssertEqual(julian.secondsFromGMT(atUnix: Self.unix(2024, 3, 1)), 3600)
        XCTAssertEqual(julian.abbreviation(atUnix: Self.unix(2024, 3, 1)), "BBB")
        let february = try XCTUnwrap(ZoneRules.named("AAA0BBB,J59/0,J300/0"))
        XCTAssertEqual(february.secondsFromGMT(atUnix: Self.unix(2024, 2, 28, 12)), 3600)
        XCTAssertEqual(february.secondsFromGMT(atUnix: Self.unix(2024, 2, 27, 23, 59)), 0)
        let zeroBased = try XCTUnwrap(ZoneRules.named("AAA0BBB,59/0,300/0"))
        XCTAssertEqual(zeroBased.secondsFromGMT(atUnix: Self.unix(2024, 2, 28, 23, 59)), 0)
        XCTAssertEqual(zeroBased.secondsFromGMT(atUnix: Self.unix(2024, 2, 29)), 3600)
        XCTAssertEqual(zeroBased.secondsFromGMT(atUnix: Self.unix(2023, 3, 1)), 3600)
        XCTAssertEqual(zeroBased.secondsFromGMT(atUnix: Self.unix(2023, 2, 28, 23, 59)), 0)
        // A daylight name without dates takes the US rule; without an offset, one hour ahead.
        let us = try XCTUnwrap(ZoneRules.named("XST5XDT"))
        XCTAssertEqual(us.secondsFromGMT(atUnix: Self.unix(2025, 1, 15)), -5 * 3600)
        XCTAssertEqual(us.secondsFromGMT(atUnix: Self.unix(2025, 7, 15)), -4 * 3600)
        XCTAssertEqual(us.secondsFromGMT(atUnix: Self.unix(2025, 3, 9, 6, 59)), -5 * 3600)
        XCTAssertEqual(us.secondsFromGMT(atUnix: Self.unix(2025, 3, 9, 7)), -4 * 3600)
        // Daylight all year, the v3 way.
        let permanent = try XCTUnwrap(ZoneRules.named("EST5EDT4,0/0,J365/25"))
        for t in stride(from: Self.unix(2023, 12, 31), to: Self.unix(2026, 1, 2), by: 3 * 3600 + 17) {
            XCTAssertEqual(permanent.secondsFromGMT(atUnix: t), -4 * 3600, "\(t)")
        }
        for t in [Self.unix(1850, 6, 1), Self.unix(2200, 1, 1), Self.unix(2200, 12, 31, 23, 59)] {
            XCTAssertEqual(permanent.secondsFromGMT(atUnix: t), -4 * 3600, "\(t)")
        }
    }

    func testSpeltOutTransitionsAgreeWithTheRule() throws {
        let rules = ["AEST-10AEDT,M10.1.0,M4.1.0/3", "IST-2IDT,M3.4.4/26,M10.5.0", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0",
                     "EST5EDT4,0/0,J365/25", "AAA0BBB,59/0,300/0", "AAA-13BBB,J1/-20,J365/40"]
        var generator = SeededRandom(seed: 0x7A_2026) // seeded: a failure names a case that fails again
        for text in rules {
            let rule = try XCTUnwrap(PosixTimeZoneRule(text), text)
            let expanded = ZoneTable.rule(rule)
            XCTAssertGreaterThan(expanded.transitionTimes.count, 100, text)
            XCTAssertTrue(zip(expanded.transitionTimes, expanded.transitionTimes.dropFirst()).allSatisfy { $0 < $1 }, text)
            var instants = (0..<3000).map { _ in Int64.random(in: Self.unix(1850)..<Self.unix(2150), using: &generator) }
            instants += expanded.transitionTimes.flatMap { [$0 - 1, $0, $0 + 1] }
            for t in instants {
                XCTAssertEqual(expanded.offset(atUnix: t), rule.offset(isDaylight: rule.isDaylight(atUnix: t)), "\(text) at \(t)")
            }
        }
    }

    /// A listed transition just after New Year, then a rule whose previous-year change spills past it.
    func testFooterChangesSpillingIntoTheFileYearAreKept() throws {
        let footer = "AAA-13BBB,J1/-20,J365/40"
        let rule = try XCTUnwrap(PosixTimeZoneRule(footer))
        let bytes = Self.tzif(version: UInt8(ascii: "2"), transitions: [(Self.unix(2000), 1)],
                              types: [(46_800, false, 0), (50_400, true, 4)], designations: "AAA\0BBB\0", footer: footer)
        let table = try XCTUnwrap(TZifReader.read(bytes))
        for t in stride(from: Self.unix(2000) + 1, to: Self.unix(2002, 3), by: 1800) {
            XCTAssertEqual(table.offset(atUnix: t), rule.offset(isDaylight: rule.isDaylight(atUnix: t)), "\(t)")
        }
    }

    func testBadPosixRulesAreRejected() {
        let bad = ["", "E5", "EST", "EST5EDT,M3.2.0", "EST5EDT,M13.1.0,M11.1.0", "EST25", "<AB>5", "<+0330",
                   "EST5EDT,M3.2.0,M11.1.0junk", "EST5EDT,J0,J365", "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0",
                   "EST5EDT,M3.2.0/168,M11.1.0", "EST5:60", "EST+", "5EST", "EST5EDT,366,1", "Nowhere/Special"]
        for text in bad {
            XCTAssertNil(ZoneRules.named(text, directory: "/nonexistent"), text)
        }
    }

    // MARK: - Names, fixed offsets, the current zone

    func testFixedOffsetsAndUTC() throws {
        XCTAssertEqual(ZoneRules(secondsFromGMT: 0).identifier, "GMT")
        XCTAssertEqual(ZoneRules(secondsFromGMT: 3600).identifier, "GMT+01:00")
        XCTAssertEqual(ZoneRules(secondsFromGMT: -19_800).identifier, "GMT-05:30")
        XCTAssertEqual(ZoneRules(secondsFromGMT: -19_800).description, "GMT-05:30")
        XCTAssertEqual(ZoneRules(secondsFromGMT: -19_800).abbreviation(atUnix: 0),
                       TimeZone(secondsFromGMT: -19_800)!.abbreviation())
        XCTAssertEqual(ZoneRules(secondsFromGMT: 3600).secondsFromGMT(atUnix: 1_700_000_000), 3600)
        XCTAssertEqual(ZoneRules(secondsFromGMT: 3600).secondsFromGMT(forLocal: 1_700_000_000), 3600)
        // Our own identifiers come back with Foundation's sign, not POSIX's.
        XCTAssertEqual(ZoneRules.named("GMT+01:00"), ZoneRules(secondsFromGMT: 3600))
        XCTAssertEqual(ZoneRules.named("GMT-05:30")?.secondsFromGMT(atUnix: 0), -19_800)
        for name in ["UTC", "GMT", "Z"] {
            XCTAssertEqual(ZoneRules.named(name), .utc, name)
        }
        XCTAssertEqual(ZoneRules.utc.identifier, "UTC")
        XCTAssertEqual(ZoneRules.utc.secondsFromGMT(atUnix: 1_700_000_000), 0)
        XCTAssertEqual(Set([ZoneRules.utc, ZoneRules.named("UTC")!, ZoneRules(secondsFromGMT: 3600)]).count, 2)
    }

    func testCurrentZoneFollowsTZ() throws {
        let paris = try rules("Europe/Paris")
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": "Europe/Paris"]), paris)
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": ":Europe/Paris"]), paris)
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": "EST5EDT,M3.2.0,M11.1.0"]).identifier, "EST5EDT,M3.2.0,M11.1.0")
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": ""]), .utc)
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": ":"]), .utc)
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": "Nowhere/Special"]), .utc)
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": "../../etc/passwd"]), .utc)
        let absolute = ZoneRules.current(environment: ["TZ": ":/usr/share/zoneinfo/Asia/Tokyo"])
        XCTAssertEqual(absolute.identifier, "Asia/Tokyo")
        XCTAssertEqual(absolute.secondsFromGMT(atUnix: 0), 9 * 3600)
        // POSIX sign in TZ: "GMT+1" is one hour west.
        XCTAssertEqual(ZoneRules.current(environment: ["TZ": "<GMT+1>+1"]).secondsFromGMT(atUnix: 0), -3600)
    }

    func testCurrentZoneFallsBackToLocaltime() throws {
        let directory = try temporaryDirectory()
        let link = directory + "/localtime"
        XCTAssertEqual(symlink("/usr/share/zoneinfo/Australia/Lord_Howe", link), 0)
        let zone = ZoneRules.current(environment: [:], localtimePath: link)
        XCTAssertEqual(zone.identifier, "Australia/Lord_Howe")
        XCTAssertEqual(zone.secondsFromGMT(atUnix: Self.unix(2025, 1, 1)), 11 * 3600)
        let copy = directory + "/copied"
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")).write(to: URL(fileURLWithPath: copy))
        XCTAssertEqual(ZoneRules.current(environment: [:], localtimePath: copy).identifier, "localtime")
        XCTAssertEqual(ZoneRules.current(environment: [:], localtimePath: directory + "/missing"), .utc)
    }

    // MARK: - Hand-written TZif files

    /// A TZif file with one data block (v1) or a dummy v1 block plus a 64-bit block and footer (v2+).
    static func tzif(version: UInt8, transitions: [(Int64, UInt8)], types: [(Int32, Bool, UInt8)],
                     designations: String, footer: String? = nil) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        func be64(_ v: Int64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * $0)) } }
        func header(_ times: Int, _ typeCount: Int, _ chars: Int) -> [UInt8] {
            Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                + be32(0) + be32(0) + be32(0) + be32(times) + be32(typeCount) + be32(chars)
        }
        let chars = Array(designations.utf8)
        var body: [UInt8] = []
        for (time, _) in transitions { body += version == 0 ? be32(Int(time)) : be64(time) }
        body += transitions.map { $0.1 }
        for (offset, isDST, index) in types { body += be32(Int(offset)) + [isDST ? 1 : 0, index] }
        body += chars
        if version == 0 { return header(transitions.count, types.count, chars.count) + body }
        let dummyV1 = header(0, 1, 1) + be32(0) + [0, 0] + [0]
        return dummyV1 + header(transitions.count, types.count, chars.count) + body + Array("\n\(footer ?? "")\n".utf8)
    }

    func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zone-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    func write(_ bytes: [UInt8], _ name: String, in directory: String) throws {
        let url = URL(fileURLWithPath: directory + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func testHandWrittenFileInTZDIR() throws {
        let directory = try temporaryDirectory()
        // Type 0 is daylight time, so before the first transition the first standard type (AAA) applies.
        let bytes = Self.tzif(version: UInt8(ascii: "2"), transitions: [(1_000_000_000, 2), (1_100_000_000, 1)],
                              types: [(7200, true, 4), (3600, false, 0), (7200, true, 4)],
                              designations: "AAA\0BBB\0", footer: "CCC-5")
        try write(bytes, "Test/Zone", in: directory)
        let zone = try XCTUnwrap(ZoneRules.named("Test/Zone", directory: directory))
        XCTAssertEqual(zone.identifier, "Test/Zone")
        XCTAssertEqual(zone.secondsFromGMT(atUnix: 999_999_999), 3600)
        XCTAssertEqual(zone.abbreviation(atUnix: 999_999_999), "AAA")
        XCTAssertEqual(zone.secondsFromGMT(atUnix: 1_000_000_000), 7200)
        XCTAssertEqual(zone.abbreviation(atUnix: 1_000_000_000), "BBB")
        XCTAssertEqual(zone.secondsFromGMT(atUnix: 1_100_000_000), 3600)
        XCTAssertEqual(zone.secondsFromGMT(atUnix: 1_100_000_001), 5 * 3600)
        XCTAssertEqual(zone.abbreviation(atUnix: 1_100_000_001), "CCC")
        // The same directory through the environment.
        let current = ZoneRules.current(environment: ["TZ": "Test/Zone", "TZDIR": directory])
        XCTAssertEqual(current.secondsFromGMT(atUnix: 1_000_000_000), 7200)

        // Version 1: 32-bit times, no footer; the last type holds forever.
        let v1 = Self.tzif(version: 0, transitions: [(-100, 1)], types: [(0, false, 0), (-18_000, false, 4)],
                           designations: "LMT\0XST\0")
        try write(v1, "Old", in: directory)
        let old = try XCTUnwrap(ZoneRules.named("Old", directory: directory))
        XCTAssertEqual(old.secondsFromGMT(atUnix: -101), 0)
        XCTAssertEqual(old.secondsFromGMT(atUnix: 5_000_000_000), -18_000)
        XCTAssertEqual(old.abbreviation(atUnix: 0), "XST")
    }

    /// Slim files (zic -b slim) stop listing transitions early and leave the rest to the footer.
    func testFileEndingEarlyContinuesWithItsFooter() throws {
        let directory = try temporaryDirectory()
        let bytes = Self.tzif(version: UInt8(ascii: "4"), transitions: [(Self.unix(1996, 10, 27, 1), 1)],
                              types: [(7200, true, 4), (3600, false, 0)], designations: "CET\0CEST\0",
                              footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        try write(bytes, "Slim/Paris", in: directory)
        let slim = try XCTUnwrap(ZoneRules.named("Slim/Paris", directory: directory))
        let reference = try oracle("Europe/Paris")
        for t in stride(from: Self.unix(1996, 11), to: Self.unix(2045), by: 3 * 3600 + 1) {
            let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t)))
            XCTAssertEqual(slim.secondsFromGMT(atUnix: t), expected, "\(t)")
        }
        XCTAssertEqual(slim.abbreviation(atUnix: Self.unix(2030, 7)), "CEST")
    }

    func testLoadedZonesAreCached() throws {
        let directory = try temporaryDirectory()
        let bytes = Self.tzif(version: UInt8(ascii: "3"), transitions: [], types: [(3600, false, 0)],
                              designations: "ONE\0", footer: "ONE-1")
        try write(bytes, "Cached", in: directory)
        let first = try XCTUnwrap(ZoneRules.named("Cached", directory: directory))
        XCTAssertEqual(unlink(directory + "/Cached"), 0)
        XCTAssertEqual(ZoneRules.named("Cached", directory: directory), first)
        XCTAssertNil(ZoneRules.named("Missing", directory: directory))
    }

    func testBadFilesAndNamesGiveNil() throws {
        let directory = try temporaryDirectory()
        let paris = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Paris")))
        XCTAssertNotNil(TZifReader.read(paris))
        // Every truncation of a real file is rejected (the footer's closing newline is the last byte).
        for length in 0..<paris.count {
            XCTAssertNil(TZifReader.read(Array(paris[0..<length])), "truncated to \(length)")
        }
        var generator = SeededRandom(seed: 0x7A_2026) // seeded: a failure names a case that fails again
        for _ in 0..<200 {
            let garbage = (0..<Int.random(in: 0..<600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            XCTAssertNil(TZifReader.read(garbage))
            XCTAssertNil(TZifReader.read(Array("TZif2".utf8) + garbage))
        }
        // Flipped bytes must never trap, whatever they give.
        for _ in 0..<2000 {
            var mutated = paris
            mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = TZifReader.read(mutated)
        }
        let v2 = UInt8(ascii: "2")
        let bad: [String: [UInt8]] = [
            "huge counts": Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + [UInt8](repeating: 0xFF, count: 24),
            "designation out of range": Self.tzif(version: v2, transitions: [], types: [(0, false, 9)], designations: "UTC\0"),
            "unterminated designation": Self.tzif(version: v2, transitions: [], types: [(0, false, 0)], designations: "UTC"),
            "type out of range": Self.tzif(version: v2, transitions: [(0, 3)], types: [(0, false, 0)], designations: "UTC\0"),
            "descending": Self.tzif(version: v2, transitions: [(5, 0), (4, 0)], types: [(0, false, 0)], designations: "UTC\0"),
            "bad footer": Self.tzif(version: v2, transitions: [], types: [(0, false, 0)], designations: "UTC\0", footer: "U0"),
            "offset too large": Self.tzif(version: v2, transitions: [], types: [(100_000, false, 0)], designations: "UTC\0"),
            "no types": Self.tzif(version: v2, transitions: [], types: [], designations: "UTC\0"),
            "bad version": Array("TZif1".utf8) + [UInt8](repeating: 0, count: 39),
            "not TZif": Array("root:x:0:0:root:/root:/bin/bash\n".utf8),
        ]
        for (label, bytes) in bad {
            XCTAssertNil(TZifReader.read(bytes), label)
            try write(bytes, "Bad", in: directory)
            XCTAssertNil(ZoneRules.named("Bad", directory: directory), label)
        }
        // Devices and FIFOs are not zone files, and reading them must not block.
        XCTAssertEqual(mkfifo(directory + "/fifo", 0o600), 0)
        XCTAssertNil(ZoneRules.named("fifo", directory: directory))
        XCTAssertNil(ZoneRules.named("zero", directory: "/dev"))
        for name in ["../etc/passwd", "/etc/passwd", "Europe/../../../etc/passwd", "..", "Europe", "", "Europe/Paris\0x"] {
            XCTAssertNil(ZoneRules.named(name), name)
        }
        // A name that climbs out of the directory is refused even when it would land on a real zone file.
        XCTAssertNil(ZoneRules.named("../zoneinfo/Europe/Paris", directory: "/usr/share/zoneinfo"))
    }
}
