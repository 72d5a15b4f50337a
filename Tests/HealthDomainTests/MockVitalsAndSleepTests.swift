import XCTest
@testable import HealthDomain
@testable import Platform

final class MockVitalsAndSleepTests: XCTestCase {
    let cal: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "Europe/London")!
        return c
    }()
    let today = DayKey(year: 2026, month: 11, day: 20)

    func provider(_ scenario: Scenario = .normal, at time: Date? = nil) -> MockHealthProvider {
        let t = time ?? today.startDate(in: cal).addingTimeInterval(12 * 3600)
        let all = Dictionary(uniqueKeysWithValues: QuantityType.allCases.map { ($0, AuthorizationStatus.authorized) })
        return MockHealthProvider(scenario: scenario, seed: 7, authorization: all, categoryAuthorization: [.sleepAnalysis: .authorized],
                                  now: { t }, sleeper: { _ in })
    }

    var week: (DayKey, DayKey) { (today.adding(days: -7), today.adding(days: -1)) }

    func testExerciseComesFromTwoOverlappingSources() async throws {
        let p = provider()
        let interval = DateInterval(start: week.0.startDate(in: cal), end: today.startDate(in: cal))
        let raw = try await p.samples(of: .appleExerciseTime, in: interval)
        XCTAssertEqual(Set(raw.map(\.source.kind)), [.watch, .phone])
        let totals = try await p.dailyStatistics(of: .appleExerciseTime, from: week.0, through: week.1, calendar: cal)
        XCTAssertEqual(totals.count, 7)
        XCTAssertTrue(totals.allSatisfy { $0.value >= 0 && $0.value < 300 }, "\(totals.map(\.value))")
        XCTAssertTrue(totals.contains { $0.value > 0 })
        XCTAssertTrue(totals.contains { $0.naiveSum > $0.value + 1 }, "the phone overlaps the watch")
    }

    func testHeartValuesAreWatchOnlyDailyAverages() async throws {
        let p = provider()
        let interval = DateInterval(start: week.0.startDate(in: cal), end: today.startDate(in: cal))
        for (type, range) in [(QuantityType.restingHeartRate, 40.0...80.0), (.heartRateVariabilitySDNN, 20.0...80.0)] {
            let raw = try await p.samples(of: type, in: interval)
            XCTAssertEqual(Set(raw.map(\.source.kind)), [.watch], "\(type)")
            let daily = try await p.dailyStatistics(of: type, from: week.0, through: week.1, calendar: cal)
            XCTAssertEqual(daily.count, 7, "\(type): one value per full day")
            XCTAssertTrue(daily.allSatisfy { range.contains($0.value) }, "\(type): \(daily.map(\.value))")
        }
    }

    func testSleepNightsOverlapAcrossSourcesAndAreRealistic() async throws {
        let p = provider()
        let raw = try await p.sleepSamples(in: DateInterval(start: week.0.startDate(in: cal), end: today.startDate(in: cal)))
        XCTAssertEqual(Set(raw.map(\.source.kind)), [.watch, .phone])
        XCTAssertTrue(raw.contains { $0.stage == .asleepDeep } && raw.contains { $0.stage == .inBed })
        let nights = try await p.sleepNights(from: week.0, through: today, calendar: cal)
        XCTAssertEqual(nights.map(\.night), DayKey.days(from: week.0, through: today, calendar: cal), "last night ended this morning")
        for n in nights {
            XCTAssertTrue((300...600).contains(n.asleepMinutes), "\(n.night): \(n.asleepMinutes)")
            XCTAssertGreaterThanOrEqual(n.inBedMinutes, n.asleepMinutes)
            XCTAssertLessThan(n.inBedMinutes, 720, "a union, not a sum of sources")
        }
        let again = try await provider().sleepNights(from: week.0, through: today, calendar: cal)
        XCTAssertEqual(nights, again, "deterministic")
    }

    func testTonightIsNotThereBeforeItEnds() async throws {
        let evening = today.startDate(in: cal).addingTimeInterval(23.5 * 3600)
        let nights = try await provider(at: evening).sleepNights(from: today, through: today.adding(days: 1), calendar: cal)
        XCTAssertEqual(nights.map(\.night), [today])
    }

    /// At 03:00 the night has been going for hours, some of the watch's stages over: none of it is
    /// there until the night ends (it was scored as a short night, "2h 37m ▼"), then all of it is.
    func testANightIsWrittenWholeOnceItEnds() async throws {
        let tomorrow = today.adding(days: 1)
        let samples = SampleGenerator(seed: 7).sleep(endingOn: tomorrow, calendar: cal)
        let over = try XCTUnwrap(samples.map(\.end).max())
        let start = try XCTUnwrap(samples.map(\.start).min())
        let middle = start.addingTimeInterval(over.timeIntervalSince(start) / 2)
        XCTAssertTrue(samples.contains { $0.end <= middle }, "some of the night's intervals are over by its middle")
        let interval = DateInterval(start: today.startDate(in: cal), end: tomorrow.adding(days: 1).startDate(in: cal))
        // Tonight's intervals are those that start after this evening's 18:00.
        let evening = today.startDate(in: cal).addingTimeInterval(18 * 3600)
        XCTAssertTrue(samples.allSatisfy { $0.start >= evening })
        let during = try await provider(at: middle).sleepSamples(in: interval).filter { $0.start >= evening }
        XCTAssertEqual(during, [], "nothing of tonight before it ends")
        let last = try await provider(at: middle).sleepSamples(in: interval).filter { $0.start < evening }
        XCTAssertFalse(last.isEmpty, "last night is there whole")
        let nightsDuring = try await provider(at: middle).sleepNights(from: tomorrow, through: tomorrow, calendar: cal)
        XCTAssertEqual(nightsDuring, [])
        let after = try await provider(at: over).sleepNights(from: tomorrow, through: tomorrow, calendar: cal)
        XCTAssertEqual(after.count, 1)
        XCTAssertEqual(try XCTUnwrap(after.first?.end).timeIntervalSince(over), 0, accuracy: 1, "the whole night, to its last interval")
    }

    func testSleepIsRefusedWhereTheWorldRefusesIt() async throws {
        for scenario in [Scenario.denied, .partial] {
            let p = MockHealthProvider(scenario: scenario, seed: 7, now: { Date(timeIntervalSince1970: 1_800_000_000) }, sleeper: { _ in })
            let result = try await p.requestAuthorization(toRead: [.sleepAnalysis], userResponse: [.sleepAnalysis])
            XCTAssertEqual(result, [.sleepAnalysis: .denied])
            do {
                _ = try await p.sleepNights(from: today, through: today, calendar: cal)
                XCTFail("\(scenario) must refuse sleep")
            } catch let e as HealthError {
                XCTAssertEqual(e, .categoryNotAuthorized([.sleepAnalysis]))
            }
        }
        let empty = try await provider(.empty).sleepNights(from: week.0, through: today, calendar: cal)
        XCTAssertEqual(empty, [])
    }

    func testAnyRangeIsAnsweredWithoutTrapping() async throws {
        // `tmm-tui stats --days 3650 --now 0001-01-01T00:00:00Z` used to trap here.
        let yearOne = DayKey.earliest.startDate(in: cal)
        let p = provider(at: yearOne)
        let today = DayKey(yearOne, calendar: cal)
        let totals = try await p.dailyStatistics(of: .stepCount, from: today.adding(days: -3649), through: today, calendar: cal)
        XCTAssertEqual(totals.map(\.day), [DayKey.earliest])
        let backwards = try await provider().dailyStatistics(of: .stepCount, from: self.today, through: self.today.adding(days: -5),
                                                             calendar: cal)
        XCTAssertEqual(backwards, [])
        let nights = try await p.sleepNights(from: .latest, through: .earliest, calendar: cal)
        XCTAssertEqual(nights, [])
        let end = try await provider(at: DayKey.latest.startDate(in: cal).addingTimeInterval(3600))
            .dailyStatistics(of: .restingHeartRate, from: DayKey.latest.adding(days: -2), through: .latest, calendar: cal)
        XCTAssertEqual(end.count, 2, "two full days before the last one have a resting heart rate")
    }

    func testStepsAndEnergyAreUnchangedByTheNewTypes() {
        // The generator's first day values before vitals existed (seed 7, 2026-11-20, London).
        let samples = SampleGenerator(seed: 7).samples(for: today, calendar: cal)
        let steps = samples.filter { $0.type == .stepCount }, energy = samples.filter { $0.type == .activeEnergyBurned }
        XCTAssertFalse(steps.isEmpty)
        XCTAssertEqual(steps.count, energy.count)
        XCTAssertTrue(steps.allSatisfy { !$0.id.contains("-x-") })
    }
}
