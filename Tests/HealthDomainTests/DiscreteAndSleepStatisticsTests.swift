import XCTest
@testable import HealthDomain
@testable import Platform

final class DiscreteAndSleepStatisticsTests: XCTestCase {
    let utc: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "UTC")!
        return c
    }()
    let london: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "Europe/London")!
        return c
    }()
    let day = DayKey(year: 2026, month: 6, day: 10)
    let app = HealthSource(id: "other.app", name: "Other", kind: .app)

    func at(_ hour: Double, on d: DayKey? = nil, _ cal: LocalCalendar? = nil) -> Date {
        (d ?? day).startDate(in: cal ?? utc).addingTimeInterval(hour * 3600)
    }

    func q(_ type: QuantityType, _ v: Double, _ a: Double, _ b: Double? = nil, _ src: HealthSource = .watch, on d: DayKey? = nil,
           cal: LocalCalendar? = nil) -> QuantitySample {
        QuantitySample(id: UUID().uuidString, type: type, value: v, start: at(a, on: d, cal), end: at(b ?? a, on: d, cal), source: src)
    }

    // MARK: types

    func testEveryTypeHasAUnitAndTheRightAggregation() {
        let table: [(QuantityType, QuantityType.Aggregation, String)] = [
            (.stepCount, .cumulative, "steps"), (.activeEnergyBurned, .cumulative, "kcal"), (.appleExerciseTime, .cumulative, "min"),
            (.restingHeartRate, .discrete, "bpm"), (.heartRateVariabilitySDNN, .discrete, "ms"),
        ]
        XCTAssertEqual(table.count, QuantityType.allCases.count)
        for (type, aggregation, unit) in table {
            XCTAssertEqual(type.aggregation, aggregation, "\(type)")
            XCTAssertEqual(type.displayUnit, unit, "\(type)")
        }
        XCTAssertEqual(SleepStage.allCases.filter(\.isAsleep), [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM])
    }

    // MARK: discrete averages

    func testDiscreteIsTheAverageOfTheBestSourcesSamples() {
        // Watch 60 and 64 → 62; the phone's 80 that day is ignored (lower priority), but in the naive average (204/3).
        let samples = [q(.restingHeartRate, 60, 7), q(.restingHeartRate, 64, 19), q(.restingHeartRate, 80, 12, nil, .phone)]
        let result = DailyStatistics.dailyStatistics(of: .restingHeartRate, samples, from: day, through: day, calendar: utc)
        XCTAssertEqual(result.map(\.value), [62])
        XCTAssertEqual(result[0].naiveSum, 68, accuracy: 1e-9)
    }

    func testDiscreteUsesALowerSourceOnADayTheBetterOneIsMissingAndSkipsEmptyDays() {
        let next = day.adding(days: 1), third = day.adding(days: 2)
        let samples = [q(.heartRateVariabilitySDNN, 40, 3), q(.heartRateVariabilitySDNN, 55, 3, nil, app, on: next)]
        let result = DailyStatistics.dailyStatistics(of: .heartRateVariabilitySDNN, samples, from: day, through: third, calendar: utc)
        XCTAssertEqual(result.map(\.day), [day, next], "no value for a day without samples, never 0")
        XCTAssertEqual(result.map(\.value), [40, 55])
    }

    func testDiscreteSampleAcrossMidnightCountsWithItsShareOfTime() {
        // 23:00–01:00 at 50 bpm: half on each day. Next day also 80 at 08:00: (0.5×50 + 1×80) / 1.5 = 70.
        let next = day.adding(days: 1)
        let samples = [q(.restingHeartRate, 50, 23, 25), q(.restingHeartRate, 80, 8, nil, on: next)]
        let result = DailyStatistics.dailyStatistics(of: .restingHeartRate, samples, from: day, through: next, calendar: utc)
        XCTAssertEqual(result.map(\.value)[0], 50, accuracy: 1e-9)
        XCTAssertEqual(result.map(\.value)[1], 70, accuracy: 1e-9)
    }

    func testDiscreteOnA23HourDSTDay() {
        // 2026-03-29 in London has 23 hours: 00:30 and 22:30 local (21.5 h after midnight) are both that day.
        let dst = DayKey(year: 2026, month: 3, day: 29)
        let samples = [q(.heartRateVariabilitySDNN, 30, 0.5, nil, on: dst, cal: london), q(.heartRateVariabilitySDNN, 50, 21.5, nil, on: dst, cal: london)]
        let result = DailyStatistics.dailyStatistics(of: .heartRateVariabilitySDNN, samples, from: dst, through: dst.adding(days: 1),
                                                     calendar: london)
        XCTAssertEqual(result.map(\.day), [dst])
        XCTAssertEqual(result.map(\.value), [40])
    }

    func testDispatchKeepsCumulativeTypesSummedAndFiltersOtherTypes() {
        // Exercise: watch 10:00–10:30 = 30 min, phone 10:00–10:40 = 40 min → 30 + the phone's last 10 minutes = 40.
        let samples = [q(.appleExerciseTime, 30, 10, 10.5), q(.appleExerciseTime, 40, 10, 10 + 40.0 / 60, .phone), q(.stepCount, 999, 9, 10)]
        let result = DailyStatistics.dailyStatistics(of: .appleExerciseTime, samples, from: day, through: day, calendar: utc)
        XCTAssertEqual(result[0].value, 40, accuracy: 1e-9)
        XCTAssertEqual(result[0].naiveSum, 70, accuracy: 1e-9)
    }

    // MARK: sleep

    func s(_ stage: SleepStage, _ a: Double, _ b: Double, _ src: HealthSource = .watch, on d: DayKey? = nil, cal: LocalCalendar? = nil) -> CategorySample {
        CategorySample(id: UUID().uuidString, stage: stage, start: at(a, on: d, cal), end: at(b, on: d, cal), source: src)
    }

    func nights(_ samples: [CategorySample], cal: LocalCalendar? = nil, first: DayKey? = nil, last: DayKey? = nil) -> [SleepNight] {
        let next = day.adding(days: 1)
        return SleepStatistics.nights(samples, from: first ?? day, through: last ?? next, calendar: cal ?? utc)
    }

    func testSleepIsTheUnionOfSourcesAndBelongsToTheDayItEnds() {
        // Watch asleep 23:00–07:00 (480), phone asleep 23:30–06:30 inside it, phone in bed 22:30–07:30 (540).
        let samples = [s(.asleepCore, 23, 31), s(.asleepUnspecified, 23.5, 30.5, .phone), s(.inBed, 22.5, 31.5, .phone)]
        let result = nights(samples)
        XCTAssertEqual(result.map(\.night), [day.adding(days: 1)], "keyed by the morning it ends")
        XCTAssertEqual(result[0].asleepMinutes, 480, accuracy: 1e-9, "never 480 + 420")
        XCTAssertEqual(result[0].inBedMinutes, 540, accuracy: 1e-9)
        XCTAssertEqual(result[0].start, at(22.5))
        XCTAssertEqual(result[0].end, at(31.5))
    }

    func testAwakeCountsInBedButNotAsleep() {
        // Core 00–03, awake 03:00–03:30, REM 03:30–06:00 → asleep 330, in bed 360.
        let next = day.adding(days: 1)
        let result = nights([s(.asleepCore, 24, 27), s(.awake, 27, 27.5), s(.asleepREM, 27.5, 30)])
        XCTAssertEqual(result.map(\.night), [next])
        XCTAssertEqual(result[0].asleepMinutes, 330, accuracy: 1e-9)
        XCTAssertEqual(result[0].inBedMinutes, 360, accuracy: 1e-9)
    }

    func testAShortGapAcrossMidnightDoesNotSplitTheNight() {
        // 21:00–23:50 and 00:10–06:00: one night, 170 + 350 = 520 minutes, the 20-minute gap not in bed.
        let result = nights([s(.asleepCore, 21, 23 + 50.0 / 60), s(.asleepCore, 24 + 10.0 / 60, 30)])
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result[0].night, day.adding(days: 1))
        XCTAssertEqual(result[0].asleepMinutes, 520, accuracy: 1e-6)
        XCTAssertEqual(result[0].inBedMinutes, 520, accuracy: 1e-6)
    }

    func testASessionEndingAtMidnightBelongsToTheDayBefore() {
        let result = nights([s(.asleepUnspecified, 22, 24)])
        XCTAssertEqual(result.map(\.night), [day])
        XCTAssertEqual(result[0].asleepMinutes, 120, accuracy: 1e-9)
    }

    func testANapJoinsTheNightOfTheDayItEndsOn() {
        // Night ending 07:00 on the 11th (8 h) and a nap 14:00–14:30 on the 11th: 510 minutes for the 11th.
        let next = day.adding(days: 1)
        let result = nights([s(.asleepCore, 23, 31), s(.asleepCore, 38, 38.5)])
        XCTAssertEqual(result.map(\.night), [next])
        XCTAssertEqual(result[0].asleepMinutes, 510, accuracy: 1e-9)
    }

    func testSleepOverTheSpringDSTChangeCountsRealMinutes() {
        // London, 23:00 on Mar 28 to 07:00 on Mar 29 local (6 real hours after that midnight): 7 real hours.
        let eve = DayKey(year: 2026, month: 3, day: 28), morning = DayKey(year: 2026, month: 3, day: 29)
        let sample = CategorySample(id: "n", stage: .asleepCore, start: at(23, on: eve, london), end: at(6, on: morning, london),
                                    source: .watch)
        let result = SleepStatistics.nights([sample], from: eve, through: morning, calendar: london)
        XCTAssertEqual(london.component(.hour, from: sample.end), 7, "07:00 on the clock")
        XCTAssertEqual(result.map(\.night), [morning])
        XCTAssertEqual(result[0].asleepMinutes, 420, accuracy: 1e-9)
    }

    func testBrokenSleepSamplesAreIgnoredAndNightsOutsideTheRangeLeftOut() {
        let backwards = s(.asleepCore, 5, 3)
        let before = s(.asleepCore, 1, 6, on: day.adding(days: -3))
        XCTAssertEqual(nights([backwards, before]), [])
        XCTAssertEqual(SleepStatistics.nights([s(.asleepCore, 1, 6)], from: day, through: day.adding(days: -1), calendar: utc), [])
    }
}
