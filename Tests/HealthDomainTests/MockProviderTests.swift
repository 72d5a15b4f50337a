import XCTest
@testable import HealthDomain
@testable import Platform

final class MockProviderTests: XCTestCase {
    var cal: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "Europe/London")!
        return c
    }()
    let today = DayKey(year: 2026, month: 11, day: 20)

    func noon() -> Date { today.startDate(in: cal).addingTimeInterval(12 * 3600) }

    func provider(_ scenario: Scenario, authorized: Bool = true, at time: Date? = nil) -> MockHealthProvider {
        let t = time ?? noon()
        let auth: [QuantityType: AuthorizationStatus] = authorized ? [.stepCount: .authorized, .activeEnergyBurned: .authorized] : [:]
        return MockHealthProvider(scenario: scenario, seed: 7, authorization: auth, now: { t }, sleeper: { _ in })
    }

    func testSameSeedAndDateGiveTheSameData() async throws {
        let a = try await provider(.normal).dailyStatistics(of: .stepCount, from: today.adding(days: -6), through: today, calendar: cal)
        let b = try await provider(.normal).dailyStatistics(of: .stepCount, from: today.adding(days: -6), through: today, calendar: cal)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.count, 7)
        XCTAssertTrue(a.dropLast().allSatisfy { $0.value > 1000 }, "full days have realistic step counts: \(a.map(\.value))")
    }

    func testTodayGrowsWithTheTimeOfDay() async throws {
        let morning = today.startDate(in: cal).addingTimeInterval(9 * 3600)
        let evening = today.startDate(in: cal).addingTimeInterval(21 * 3600)
        let m = try await provider(.normal, at: morning).dailyStatistics(of: .stepCount, from: today, through: today, calendar: cal)
        let e = try await provider(.normal, at: evening).dailyStatistics(of: .stepCount, from: today, through: today, calendar: cal)
        XCTAssertLessThan(m[0].value, e[0].value)
    }

    func testRawSamplesComeFromTwoOverlappingSources() async throws {
        let interval = DateInterval(start: today.adding(days: -10).startDate(in: cal), end: noon())
        let raw = try await provider(.normal).samples(of: .stepCount, in: interval)
        XCTAssertEqual(Set(raw.map(\.source.kind)), [.watch, .phone])
        let totals = DailyStatistics.dailyTotals(raw, from: today.adding(days: -9), through: today.adding(days: -1), calendar: cal)
        XCTAssertTrue(totals.contains { $0.naiveSum > $0.value * 1.3 }, "overlap makes the naive sum clearly larger")
        let crossing = raw.filter { DayKey($0.start, calendar: cal) != DayKey($0.end.addingTimeInterval(-1), calendar: cal) }
        XCTAssertFalse(crossing.isEmpty, "some samples cross midnight")
    }

    func testDeniedScenarioDeniesWhateverTheUserChose() async throws {
        let p = provider(.denied, authorized: false)
        let result = try await p.requestAuthorization(toRead: [.stepCount, .activeEnergyBurned], userResponse: [.stepCount, .activeEnergyBurned])
        XCTAssertEqual(result, [.stepCount: .denied, .activeEnergyBurned: .denied])
        do {
            _ = try await p.dailyStatistics(of: .stepCount, from: today, through: today, calendar: cal)
            XCTFail("expected notAuthorized")
        } catch let e as HealthError {
            XCTAssertEqual(e, .notAuthorized([.stepCount]))
        }
    }

    func testPartialScenarioAllowsStepsOnly() async throws {
        let p = provider(.partial, authorized: false)
        let result = try await p.requestAuthorization(toRead: [.stepCount, .activeEnergyBurned], userResponse: [.stepCount, .activeEnergyBurned])
        XCTAssertEqual(result, [.stepCount: .authorized, .activeEnergyBurned: .denied])
    }

    func testUserCanTurnATypeOff() async throws {
        let p = provider(.normal, authorized: false)
        let result = try await p.requestAuthorization(toRead: [.stepCount, .activeEnergyBurned], userResponse: [.stepCount])
        XCTAssertEqual(result[.activeEnergyBurned], .denied)
    }

    func testUnavailableScenario() async {
        let p = provider(.unavailable)
        let available = await p.isHealthDataAvailable()
        XCTAssertFalse(available)
        do {
            _ = try await p.requestAuthorization(toRead: [.stepCount], userResponse: [.stepCount])
            XCTFail("expected unavailable")
        } catch {
            XCTAssertEqual(error as? HealthError, .unavailable)
            XCTAssertEqual("\(error)", "Health data is not available on this device.")
        }
    }

    func testEmptyScenarioHasNoSamples() async throws {
        let totals = try await provider(.empty).dailyStatistics(of: .stepCount, from: today.adding(days: -6), through: today, calendar: cal)
        XCTAssertEqual(totals.map(\.value), Array(repeating: 0, count: 7))
    }

    func testSlowScenarioWaitsTwoToThreeSecondsThroughTheSleeper() async throws {
        let slept = SleepLog()
        let p = MockHealthProvider(scenario: .slow, seed: 1, authorization: [.stepCount: .authorized], now: { Date() },
                                   sleeper: { await slept.add($0) })
        _ = try await p.dailyStatistics(of: .stepCount, from: today, through: today, calendar: cal)
        let delays = await slept.delays
        XCTAssertEqual(delays.count, 1)
        XCTAssertTrue((2...3).contains(delays[0]))
    }

    func testFlakyScenarioFailsAboutOneInFive() async {
        let p = provider(.flaky)
        var failures = 0
        for _ in 0..<500 {
            do { _ = try await p.dailyStatistics(of: .stepCount, from: today, through: today, calendar: cal) } catch { failures += 1 }
        }
        XCTAssertTrue((60...140).contains(failures), "\(failures) of 500")
    }

    func testLiveStreamEmitsSamplesAtOneToFiveSecondIntervals() async {
        let clock = TestTime(start: noon())
        let p = MockHealthProvider(scenario: .normal, seed: 3, now: { clock.now }, sleeper: { clock.advance($0) })
        var received: [QuantitySample] = []
        for await s in p.sampleUpdates() {
            received.append(s)
            if received.count == 20 { break }
        }
        let steps = received.filter { $0.type == .stepCount }
        XCTAssertEqual(steps.count, 10)
        for s in steps { XCTAssertTrue((1...5).contains(s.end.timeIntervalSince(s.start)), "\(s.end.timeIntervalSince(s.start))") }
    }
}

extension MockProviderTests {
    /// The watch makes a tick's two samples when they are asked for, never ahead of its
    /// reader: with a sleeper that returns at once, a stream that ran on its own filled memory.
    func testTheLiveStreamTicksOnlyWhenRead() async {
        let clock = TestTime(start: noon()), ticks = SleepLog()
        let p = MockHealthProvider(scenario: .normal, seed: 3, now: { clock.now }, sleeper: { clock.advance($0); await ticks.add($0) })
        let unread = p.sampleUpdates()
        var iterator = p.sampleUpdates().makeAsyncIterator()
        var read: [QuantitySample] = []
        for _ in 0..<4 { if let s = await iterator.next() { read.append(s) } }
        for _ in 0..<2_000 { await Task.yield() }
        XCTAssertEqual(read.map(\.type), [.stepCount, .activeEnergyBurned, .stepCount, .activeEnergyBurned])
        let delays = await ticks.delays
        XCTAssertEqual(delays.count, 2, "two ticks for four samples, none for the stream nobody reads")
        XCTAssertEqual(read[2].start, read[0].end, "each tick covers the time since the one before")
        XCTAssertEqual(read[2].end.timeIntervalSince(read[0].end), delays[1], accuracy: 1e-6)
        withExtendedLifetime(unread) {}
    }
}

actor SleepLog {
    var delays: [Double] = []
    func add(_ d: Double) { delays.append(d) }
}

final class TestTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    init(start: Date) { current = start }
    var now: Date { lock.lock(); defer { lock.unlock() }; return current }
    func advance(_ seconds: Double) { lock.lock(); current = current.addingTimeInterval(seconds); lock.unlock() }
}
