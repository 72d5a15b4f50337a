import XCTest
@testable import HealthDomain
@testable import Platform

final class LiveFeedTests: XCTestCase {
    var dir: URL!
    let utc: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "UTC")!
        return c
    }()
    /// 2026-11-22 10:00 UTC.
    let start = Date(timeIntervalSince1970: 1_795_341_600)
    let liveSource = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-live-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    var logURL: URL { dir.appendingPathComponent("live-samples.json") }

    func sample(_ i: Int, steps: Double = 10, at offset: Double? = nil, length: Double = 1, type: QuantityType = .stepCount) -> QuantitySample {
        let s = start.addingTimeInterval(offset ?? Double(i))
        return QuantitySample(id: "live-\(i)-\(type.rawValue)", type: type, value: steps, start: s, end: s.addingTimeInterval(length),
                              source: liveSource)
    }

    func feed(_ policy: LivePolicy = LivePolicy(), now: Date? = nil) -> LiveFeed {
        LiveFeed(log: SampleLog(url: logURL), policy: policy, calendar: utc, now: now ?? start)
    }

    // MARK: Batching and throttling

    func testABurstOf1000SamplesInOneSecondIsBatchedAndThrottled() {
        let f = feed(LivePolicy(batchSize: 100, flushInterval: 10, publishInterval: 0.5))
        var publishes: [LiveUpdate] = []
        for i in 0..<1000 {
            let now = start.addingTimeInterval(Double(i) / 1000)
            XCTAssertNil(f.receive([sample(i)], now: now))
            if let u = f.service(now: now).update { publishes.append(u) }
        }
        // Leading edge at 0 s, then one every 0.5 s: 0, 0.5 — and the rest after the throttle interval.
        XCTAssertEqual(publishes.count, 2)
        XCTAssertEqual(f.counters.writes, 10, "one write per 100 samples, not one per sample")
        let trailing = f.service(now: start.addingTimeInterval(1.0)).update
        XCTAssertEqual(publishes.map(\.newSamples).reduce(0, +) + (trailing?.newSamples ?? 0), 1000, "every sample is counted once")
        XCTAssertEqual(f.counters.publishes, 3)
    }

    func testQuietSamplesAreWrittenAfterTheFlushIntervalAndDeadlinesSaySo() {
        let f = feed(LivePolicy(batchSize: 100, flushInterval: 10, publishInterval: 0.5))
        XCTAssertNil(f.nextDeadline(), "idle: no timer at all")
        _ = f.receive([sample(1)], now: start)
        XCTAssertEqual(f.nextDeadline(), .distantPast, "the first update is due at once")
        XCTAssertNotNil(f.service(now: start).update)
        XCTAssertEqual(f.nextDeadline(), start.addingTimeInterval(10), "then only the flush is pending")
        _ = f.service(now: start.addingTimeInterval(9.9))
        XCTAssertEqual(f.counters.writes, 0)
        _ = f.service(now: start.addingTimeInterval(10))
        XCTAssertEqual(f.counters.writes, 1)
        XCTAssertEqual(f.pendingCount, 0)
        XCTAssertNil(f.nextDeadline())
    }

    func testDuplicatesAreIgnoredAcrossRestarts() {
        let first = feed()
        _ = first.receive([sample(1), sample(2), sample(2)], now: start)
        XCTAssertNil(first.flush(now: start))
        XCTAssertEqual(first.counters.duplicates, 1)
        let second = feed()
        XCTAssertEqual(second.samples.count, 2)
        _ = second.receive([sample(2), sample(3)], now: start)
        XCTAssertEqual(second.samples.map(\.id), ["live-1-stepCount", "live-2-stepCount", "live-3-stepCount"])
    }

    // MARK: Totals

    func testUpdatesCarryTotalsMergedWithTheProvidersSamples() {
        let f = feed()
        let today = DayKey(start, calendar: utc)
        // The provider's watch already has 100 steps over 10:00:00–10:00:10; a live sample overlaps half of it.
        let base = QuantitySample(id: "w", type: .stepCount, value: 100, start: start, end: start.addingTimeInterval(10), source: .watch)
        f.setBase([base], days: today...today)
        _ = f.receive([sample(1, steps: 40, at: 5, length: 10)], now: start)
        let update = f.service(now: start).update
        // Overlap 10:00:05–10:00:10 is the provider's (same kind, "mock.watch" sorts first): 100 + 40 × 5/10.
        XCTAssertEqual(update?.steps, [DailyTotal(day: today, value: 120, naiveSum: 140)])
        XCTAssertEqual(update?.energy.map(\.value), [0])
    }

    func testNoTotalsUntilTheBaseIsKnown() {
        let f = feed()
        _ = f.receive([sample(1)], now: start)
        let update = f.service(now: start).update
        XCTAssertEqual(update?.newSamples, 1)
        XCTAssertEqual(update?.steps, [], "live samples alone would understate the day")
    }

    func testFromScratchComputationOverStoredSamplesMatchesThePublishedTotals() {
        let f = feed(LivePolicy(batchSize: 7, flushInterval: 1, publishInterval: 0.5))
        let today = DayKey(start, calendar: utc)
        f.setBase([], days: today...today)
        var rng = SeededRandom(seed: 9)
        var last: LiveUpdate?
        for i in 0..<500 {
            let now = start.addingTimeInterval(Double(i) * 0.3)
            _ = f.receive([sample(i, steps: rng.double(0...30).rounded(), at: Double(i) * 0.3, length: 0.3)], now: now)
            if let u = f.service(now: now).update { last = u }
        }
        XCTAssertNil(f.flush(now: start.addingTimeInterval(200)))
        if let u = f.service(now: start.addingTimeInterval(200)).update { last = u }
        let stored = SampleLog(url: logURL).load(keepingSince: .distantPast).samples
        XCTAssertEqual(stored.count, 500)
        let scratch = DailyStatistics.dailyTotals(stored, from: today, through: today, calendar: utc)
        XCTAssertEqual(last?.steps.map(\.value), scratch.map(\.value))
    }

    // MARK: Failures

    func testAFailedWriteKeepsTheSamplesAndRetriesLater() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "not a directory".write(to: dir.appendingPathComponent("blocked"), atomically: true, encoding: .utf8)
        let f = LiveFeed(log: SampleLog(url: dir.appendingPathComponent("blocked/live.json")), policy: LivePolicy(batchSize: 2),
                         calendar: utc, now: start)
        XCTAssertNil(f.receive([sample(1)], now: start))
        XCTAssertNotNil(f.receive([sample(2)], now: start), "the batch write fails and says why")
        XCTAssertEqual(f.pendingCount, 2, "nothing dropped")
        XCTAssertNotNil(f.service(now: start).update)
        XCTAssertEqual(f.nextDeadline().map { $0 > start }, true, "a retry later, not a busy loop")
        XCTAssertEqual(f.counters.failedWrites, 1)
        let retry = f.service(now: start.addingTimeInterval(10))
        XCTAssertEqual(f.counters.failedWrites, 2, "retried")
        XCTAssertNil(retry.writeError, "the same failure is reported once, not every retry")
    }
}

final class SampleLogTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-log-\(UUID().uuidString)")
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    var url: URL { dir.appendingPathComponent("live-samples.json") }

    func sample(_ i: Int, at t: Double = 1_795_341_600) -> QuantitySample {
        QuantitySample(id: "s\(i)", type: .stepCount, value: Double(i), start: Date(timeIntervalSince1970: t + Double(i) + 0.25),
                       end: Date(timeIntervalSince1970: t + Double(i) + 1.75), source: .watch)
    }

    func testAppendsRoundTripExactlyAndThePrivateModeHolds() throws {
        let log = SampleLog(url: url)
        try log.append([sample(1), sample(2)])
        try log.append([sample(3)])
        let loaded = log.load(keepingSince: .distantPast)
        XCTAssertEqual(loaded.samples, [sample(1), sample(2), sample(3)], "sub-second bounds survive")
        XCTAssertNil(loaded.notice)
        let mode = (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as! NSNumber).intValue
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count, 4, "a header and one line per sample")
    }

    func testATornLastLineIsDroppedQuietlyAndTheLogRepaired() throws {
        let log = SampleLog(url: url)
        try log.append([sample(1), sample(2)])
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        handle.write(Data("{\"id\":\"s3\",\"ty".utf8)) // kill -9 in the middle of an append
        handle.closeFile()
        let loaded = log.load(keepingSince: .distantPast)
        XCTAssertEqual(loaded.samples.map(\.id), ["s1", "s2"])
        XCTAssertNil(loaded.notice)
        try log.append([sample(4)])
        XCTAssertEqual(log.load(keepingSince: .distantPast).samples.map(\.id), ["s1", "s2", "s4"])
    }

    func testDamagedLinesAreSkippedAndReported() throws {
        let log = SampleLog(url: url)
        try log.append([sample(1)])
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        handle.write(Data("garbage\n".utf8))
        handle.closeFile()
        try log.append([sample(2)])
        let loaded = log.load(keepingSince: .distantPast)
        XCTAssertEqual(loaded.samples.map(\.id), ["s1", "s2"])
        XCTAssertEqual(loaded.notice, "1 damaged line in live-samples.json was skipped.")
    }

    func testOldDaysArePrunedOnLoad() throws {
        let log = SampleLog(url: url)
        try log.append([sample(1, at: 1_000_000_000), sample(2)])
        let loaded = log.load(keepingSince: Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(loaded.samples.map(\.id), ["s2"])
        XCTAssertEqual(log.load(keepingSince: .distantPast).samples.map(\.id), ["s2"], "rewritten without them")
    }

    func testAForeignOrNewerFileIsSetAsideNotOverwritten() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for contents in ["{\"schemaVersion\":2,\"kind\":\"tmm-tui live samples\"}\n", "[1,2,3]", "\u{0}\u{1}binary"] {
            try Data(contents.utf8).write(to: url)
            let loaded = SampleLog(url: url).load(keepingSince: .distantPast)
            XCTAssertEqual(loaded.samples, [])
            XCTAssertTrue(loaded.notice?.contains("It was kept as live-samples.json.corrupt-") == true, loaded.notice ?? "")
            XCTAssertTrue(loaded.writable)
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".corrupt-") }
        XCTAssertEqual(kept.count, 3, "every damaged file is kept")
    }

    func testAnEmptyFileIsAFreshLog() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data())
        let log = SampleLog(url: url)
        XCTAssertEqual(log.load(keepingSince: .distantPast).samples, [])
        try log.append([sample(1)])
        XCTAssertEqual(log.load(keepingSince: .distantPast).samples.map(\.id), ["s1"])
    }
}

final class LiveMergeTests: XCTestCase {
    func testPatchReplacesAndAddsDaysInOrder() {
        let d1 = DayKey(year: 2026, month: 11, day: 20), d2 = DayKey(year: 2026, month: 11, day: 21), d3 = DayKey(year: 2026, month: 11, day: 22)
        let patched = LiveMerge.patch([DailyTotal(day: d1, value: 1), DailyTotal(day: d2, value: 2)],
                                      with: [DailyTotal(day: d3, value: 30), DailyTotal(day: d2, value: 20)])
        XCTAssertEqual(patched.map(\.value), [1, 20, 30])
    }

    func testASampleEndingAtMidnightDoesNotTouchTheNextDay() {
        let utc = LocalCalendar(zoneNamed: "UTC")!
        let d1 = DayKey(year: 2026, month: 11, day: 21), d2 = d1.adding(days: 1)
        let midnight = d2.startDate(in: utc)
        let s = QuantitySample(id: "a", type: .stepCount, value: 1, start: midnight.addingTimeInterval(-60), end: midnight, source: .watch)
        XCTAssertEqual(LiveMerge.days(touchedBy: [s], within: d1, d2, calendar: utc), d1...d1)
        XCTAssertNil(LiveMerge.days(touchedBy: [], within: d1, d2, calendar: utc))
    }
}
