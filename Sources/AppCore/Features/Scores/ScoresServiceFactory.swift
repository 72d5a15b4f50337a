import FoundationEssentials
import HealthDomain
import Platform

/// The Scores screen's data, registered by `ScoresViewModel.serviceKeys`.
public enum ScoresMetrics: ServiceKey {
    public static func make(_ env: AppEnvironment) -> any MetricDataService {
        ScoresServiceFactory.make(options: env.options, repository: env.repository, now: env.now,
                                  importedData: env.importState != .none, live: env.live)
    }
}

/// Builds the Scores screen's `MetricDataService`: always the health provider's
/// days (the import, or the mock), shaped by a Scores `--scenario` for the mock.
/// `MockMetricDataService`/`DatedMockMetricDataService` stay for tests that set
/// a day's inputs by hand.
public enum ScoresServiceFactory {
    public static func make(options: Options, repository: HealthRepository, now: @escaping @Sendable () -> Date,
                            importedData: Bool = false, live: LiveFeed? = nil) -> any MetricDataService {
        // With an Apple Health import on screen, scores come from it alone (the
        // provider is the import): a missing metric reads "—", never a simulated number.
        if importedData { return HealthMetricDataService(repository: repository, now: now) }
        // Otherwise from the health provider's merged days — the same data Today,
        // Month and `stats` show — shaped by a Scores scenario for today only.
        return HealthMetricDataService(repository: repository, now: now, live: live,
                                       scenario: MetricScenario(rawValue: options.scenarioName) ?? .normal)
    }
}

/// Scores from the provider's days, read the way Today and `stats` read them
/// (merged daily statistics, live samples on today, cut at the clock): Strain's
/// active energy is Today's, and it grows through the day. Nothing is written to
/// the cache. A Scores scenario (`bad-night`, …) changes today's inputs, and
/// `calibrating` hides all but the last 6 days; `stats --json` prints the same
/// inputs, so the screen and the script agree in every scenario.
public struct HealthMetricDataService: MetricDataService {
    public static let types: [QuantityType] = [.activeEnergyBurned, .appleExerciseTime, .restingHeartRate, .heartRateVariabilitySDNN]
    public let repository: HealthRepository
    public let now: @Sendable () -> Date
    public let live: LiveFeed?
    public let scenario: MetricScenario

    public init(repository: HealthRepository, now: @escaping @Sendable () -> Date, live: LiveFeed? = nil,
                scenario: MetricScenario = .normal) {
        self.repository = repository
        self.now = now
        self.live = live
        self.scenario = scenario
    }

    /// Opening Scores (or running `stats`) is the consent to read what scores need, as a
    /// command's run is for steps: types never asked about are asked for (a world that
    /// denies them still denies, and Scores says which values are missing). Steps and
    /// Active Energy are the permission sheet's to ask: Scores never grants them itself,
    /// so a Scores read at launch cannot answer for the user before the sheet does.
    public static func authorizeScoreTypes(_ provider: any HealthProvider) async {
        var types: Set<QuantityType> = []
        for t in Self.types where !OnboardingViewModel.requestedTypes.contains(t) {
            if await provider.authorizationStatus(for: t) == .notDetermined { types.insert(t) }
        }
        if !types.isEmpty { _ = try? await provider.requestAuthorization(toRead: types, userResponse: types) }
        if await provider.authorizationStatus(for: .sleepAnalysis) == .notDetermined {
            _ = try? await provider.requestAuthorization(toRead: [.sleepAnalysis], userResponse: [.sleepAnalysis])
        }
    }

    /// Today's inputs as the scenario shapes them (the other days are as measured).
    func shape(_ day: DayKey, _ inputs: inout DailyInputs, today: DayKey) { Self.shape(day, &inputs, today: today, scenario: scenario) }

    static func shape(_ day: DayKey, _ inputs: inout DailyInputs, today: DayKey, scenario: MetricScenario) {
        if scenario == .calibrating, day < today.adding(days: -6) { inputs = DailyInputs(); return }
        guard day == today else { return }
        switch scenario {
        case .normal, .calibrating: break
        case .badNight:
            inputs.timeInBedMinutes = 450; inputs.timeAsleepMinutes = 270; inputs.hrvMilliseconds = 38; inputs.restingHeartRate = 63
        case .overReached:
            inputs.hrvMilliseconds = 42; inputs.restingHeartRate = 61; inputs.activeKilocalories = 1_640; inputs.exerciseMinutes = 155
        case .noSleep:
            inputs.timeInBedMinutes = nil; inputs.timeAsleepMinutes = nil; inputs.hrvMilliseconds = nil
        }
    }

    public func cards(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [DailyScoreCards] {
        let today = DayKey(now(), calendar: calendar)
        let last = min(last, today)
        guard first <= last else { return [] }
        let start = first.adding(days: -ScoreFormulas.baselineDays)
        await Self.authorizeScoreTypes(repository.provider)
        let snapshot = try await read(from: start, through: last, today: today, calendar: calendar)
        return Self.cards(snapshot, from: first, through: last, today: today, scenario: scenario, calendar: calendar)
    }

    /// The cards of `first...last` (`last` at most today) from what `read` gathered for
    /// them and the baseline days before `first`, today shaped by the scenario.
    public static func cards(_ snapshot: HealthSnapshot, from first: DayKey, through last: DayKey, today: DayKey,
                             scenario: MetricScenario, calendar: LocalCalendar) -> [DailyScoreCards] {
        func inputs(_ day: DayKey) -> DailyInputs {
            var v = CachedHealthMetricDataService.dailyInputs(from: snapshot, day: day)
            shape(day, &v, today: today, scenario: scenario)
            return v
        }
        return DayKey.days(from: first, through: last, calendar: calendar).map { day in
            let history = (1...ScoreFormulas.baselineDays).reversed().map { inputs(day.adding(days: -$0)) }
            return ScoreCalculator.cards(day: day, today: inputs(day), history: history)
        }
    }

    /// The provider's merged days of what scores read (a type not allowed is left out),
    /// with today's live samples merged into active energy as Today merges them.
    func read(from first: DayKey, through last: DayKey, today: DayKey, calendar: LocalCalendar) async throws -> HealthSnapshot {
        let provider = repository.provider
        var series: [QuantityType: [DailyTotal]] = [:]
        for type in Self.types {
            do {
                series[type] = try await provider.dailyStatistics(of: type, from: first, through: last, calendar: calendar)
            } catch HealthError.notAuthorized {
                continue
            }
        }
        if let energy = series[.activeEnergyBurned], last == today, let live = live?.samples(endingBy: now()), !live.isEmpty,
           let touched = LiveMerge.days(touchedBy: live, within: first, last, calendar: calendar) {
            let days = touched.lowerBound...last
            let base = try await provider.samples(of: .activeEnergyBurned, in: LiveMerge.interval(of: days, calendar: calendar))
            series[.activeEnergyBurned] = LiveMerge.patch(energy, with: LiveMerge.totals(.activeEnergyBurned, base: base, live: live,
                                                                                         days: days, calendar: calendar))
        }
        var nights: [SleepNight]?
        do {
            nights = try await provider.sleepNights(from: first, through: last, calendar: calendar)
        } catch HealthError.categoryNotAuthorized {
            nights = nil
        }
        return HealthSnapshot(series: series, sleep: nights, fetchedAt: now(), isFromCache: false)
    }

    public func scores(for day: DayKey, calendar: LocalCalendar) async throws -> DailyScoreCards {
        try await cards(from: day, through: day, calendar: calendar).first
            ?? ScoreCalculator.cards(day: day, today: DailyInputs(), history: [])
    }

    public func history(of kind: ScoreKind, through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [DayScore] {
        try await histories(through: day, days: days, calendar: calendar)[kind] ?? []
    }

    /// One read of the provider for every score: `history(of:)`'s cards hold all three.
    public func histories(through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [ScoreKind: [DayScore]] {
        let count = min(max(days, 1), 366)
        let cards = try await self.cards(from: day.adding(days: -(count - 1)), through: day, calendar: calendar)
        let byDay = Dictionary(cards.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        var out: [ScoreKind: [DayScore]] = [:]
        for kind in ScoreKind.allCases {
            out[kind] = (0..<count).reversed().map { offset in
                let d = day.adding(days: -offset)
                return DayScore(day: d, score: byDay[d]?.card(kind).score)
            }
        }
        return out
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

    public func cards(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [DailyScoreCards] {
        let days = Array(DayKey.days(from: first, through: last, calendar: calendar).suffix(366))
        guard !days.isEmpty else { return [] }
        let snapshot = self.snapshot(through: last, extraDays: days.count - 1, calendar: calendar)
        return days.map { d in
            snapshot.map { Self.cards(from: $0, day: d, calendar: calendar) } ?? ScoreCalculator.cards(day: d, today: DailyInputs(), history: [])
        }
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
