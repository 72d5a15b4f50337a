import FoundationEssentials
import HealthDomain
import Platform

/// Builds the Scores screen's `MetricDataService` from the command line:
/// imported health data when the cache holds any of what scores read,
/// else the seeded mock chosen with `--scenario`.
public enum ScoresServiceFactory {
    public static func make(options: Options, repository: HealthRepository, now: @escaping @Sendable () -> Date,
                            importedData: Bool = false) -> any MetricDataService {
        // With an Apple Health import on screen, scores come from it alone: a
        // missing metric reads "—", never a simulated number.
        if importedData { return CachedHealthMetricDataService(repository: repository) }
        let scenario = MetricScenario(rawValue: options.scenarioName) ?? .normal
        let mock = DatedMockMetricDataService(scenario: scenario, seed: options.seed, now: now)
        return PreferringMetricDataService(imported: CachedHealthMetricDataService(repository: repository), fallback: mock)
    }
}

/// The seeded mock, with "today" taken from the clock on every call (the app runs past midnight).
public struct DatedMockMetricDataService: MetricDataService {
    public let scenario: MetricScenario
    public let seed: UInt64
    public let now: @Sendable () -> Date
    public let adjust: (@Sendable (DayKey, inout DailyInputs) -> Void)?

    public init(scenario: MetricScenario, seed: UInt64, now: @escaping @Sendable () -> Date,
                adjust: (@Sendable (DayKey, inout DailyInputs) -> Void)? = nil) {
        self.scenario = scenario
        self.seed = seed
        self.now = now
        self.adjust = adjust
    }

    func mock(_ calendar: LocalCalendar) -> MockMetricDataService {
        MockMetricDataService(scenario: scenario, today: DayKey(now(), calendar: calendar), seed: seed, adjust: adjust)
    }

    public func scores(for day: DayKey, calendar: LocalCalendar) async throws -> DailyScoreCards {
        try await mock(calendar).scores(for: day, calendar: calendar)
    }
}

/// Uses `imported` when it has data for the day asked about, otherwise `fallback`.
public struct PreferringMetricDataService: MetricDataService {
    public let imported: CachedHealthMetricDataService
    public let fallback: any MetricDataService

    public func scores(for day: DayKey, calendar: LocalCalendar) async throws -> DailyScoreCards {
        if let cards = imported.cards(for: day, calendar: calendar) { return cards }
        return try await fallback.scores(for: day, calendar: calendar)
    }

    public func history(of kind: ScoreKind, through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [DayScore] {
        if imported.hasData(through: day, calendar: calendar) {
            return try await imported.history(of: kind, through: day, days: days, calendar: calendar)
        }
        return try await fallback.history(of: kind, through: day, days: days, calendar: calendar)
    }
}

/// Scores from the health cache (what an Apple Health import or a provider refresh
/// stored): resting heart rate, HRV, exercise minutes, active energy and sleep nights.
/// This is the seam between real data and `ScoreCalculator`.
public struct CachedHealthMetricDataService: MetricDataService {
    public let repository: HealthRepository

    public init(repository: HealthRepository) { self.repository = repository }

    /// What the scores read, by day, from a snapshot (nil fields were not measured).
    public static func dailyInputs(from snapshot: HealthSnapshot, day: DayKey) -> DailyInputs {
        func value(_ type: QuantityType) -> Double? {
            guard let v = snapshot.value(type, on: day), v.isFinite, v >= 0, v <= type.plausibleDailyMaximum else { return nil }
            // A discrete average of 0 means no samples that day, never a real reading.
            return type.aggregation == .discrete && v == 0 ? nil : v
        }
        let night = snapshot.sleep?.first { $0.night == day && $0.inBedMinutes > 0 }
        return DailyInputs(timeInBedMinutes: night.map { max($0.inBedMinutes, $0.asleepMinutes) },
                           timeAsleepMinutes: night?.asleepMinutes,
                           hrvMilliseconds: value(.heartRateVariabilitySDNN),
                           restingHeartRate: value(.restingHeartRate),
                           activeKilocalories: value(.activeEnergyBurned),
                           exerciseMinutes: value(.appleExerciseTime))
    }

    /// The day's cards and the 30 days before it, as `ScoreCalculator` wants them.
    public static func cards(from snapshot: HealthSnapshot, day: DayKey, calendar: LocalCalendar) -> DailyScoreCards {
        let history = (1...ScoreFormulas.baselineDays).reversed().map {
            dailyInputs(from: snapshot, day: day.adding(days: -$0))
        }
        return ScoreCalculator.cards(day: day, today: dailyInputs(from: snapshot, day: day), history: history)
    }

    /// True when the cache holds anything a score reads besides steps and energy (vitals or sleep).
    static func holdsScoreData(_ snapshot: HealthSnapshot) -> Bool {
        let vitals: [QuantityType] = [.restingHeartRate, .heartRateVariabilitySDNN, .appleExerciseTime]
        let hasVitals = vitals.contains { type in (snapshot.totals(type) ?? []).contains { $0.value > 0 } }
        let hasSleep = (snapshot.sleep ?? []).contains { $0.inBedMinutes > 0 }
        return hasVitals || hasSleep
    }

    func snapshot(through day: DayKey, extraDays: Int, calendar: LocalCalendar) -> HealthSnapshot? {
        let first = day.adding(days: -(ScoreFormulas.baselineDays + extraDays))
        guard let snapshot = repository.cached(from: first, through: day).snapshot, Self.holdsScoreData(snapshot) else { return nil }
        return snapshot
    }

    func hasData(through day: DayKey, calendar: LocalCalendar) -> Bool {
        snapshot(through: day, extraDays: 0, calendar: calendar) != nil
    }

    /// nil when the cache holds nothing scores read.
    public func cards(for day: DayKey, calendar: LocalCalendar) -> DailyScoreCards? {
        snapshot(through: day, extraDays: 0, calendar: calendar).map { Self.cards(from: $0, day: day, calendar: calendar) }
    }

    public func scores(for day: DayKey, calendar: LocalCalendar) async throws -> DailyScoreCards {
        cards(for: day, calendar: calendar) ?? ScoreCalculator.cards(day: day, today: DailyInputs(), history: [])
    }

    /// One read of the cache for the whole window.
    public func history(of kind: ScoreKind, through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [DayScore] {
        let count = min(max(days, 1), 366)
        let snapshot = self.snapshot(through: day, extraDays: count, calendar: calendar)
        return (0..<count).reversed().map { offset in
            let d = day.adding(days: -offset)
            return DayScore(day: d, score: snapshot.flatMap { Self.cards(from: $0, day: d, calendar: calendar).card(kind).score })
        }
    }
}
