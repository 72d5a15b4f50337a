import FoundationEssentials
import Platform
import Synchronization

/// Which world the mocked provider simulates; every screen state can be shown
/// on demand with `--scenario NAME` or `TMM_SCENARIO`.
public enum Scenario: String, CaseIterable, Sendable {
    case normal, denied, partial, unavailable, empty, slow, flaky

    public var summary: String {
        switch self {
        case .normal: return "everything allowed, a realistic history"
        case .denied: return "the user refuses access"
        case .partial: return "steps allowed, active energy denied"
        case .unavailable: return "no health data on this device"
        case .empty: return "a new user with no samples yet"
        case .slow: return "every request takes 2–3 s"
        case .flaky: return "about 20% of requests fail"
        }
    }
}

/// The default data source: a deterministic simulation of HealthKit.
public actor MockHealthProvider: HealthProvider {
    public typealias Sleeper = @Sendable (Double) async throws -> Void

    public let scenario: Scenario
    private let generator: SampleGenerator
    private let now: @Sendable () -> Date
    private let sleeper: Sleeper
    private var statuses: [QuantityType: AuthorizationStatus]
    private var categoryStatuses: [CategoryType: AuthorizationStatus]
    private var failureRandom: SeededRandom
    private let liveSeed: UInt64
    /// Daily totals of days no sample can reach any more, kept once made.
    nonisolated let finished = FinishedDays()

    public init(scenario: Scenario = .normal, seed: UInt64 = 42,
                authorization: [QuantityType: AuthorizationStatus] = [:],
                categoryAuthorization: [CategoryType: AuthorizationStatus] = [:],
                now: @escaping @Sendable () -> Date = { Date() },
                sleeper: @escaping Sleeper = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }) {
        self.scenario = scenario
        self.generator = SampleGenerator(seed: seed)
        self.now = now
        self.sleeper = sleeper
        self.statuses = authorization
        self.categoryStatuses = categoryAuthorization
        self.failureRandom = SeededRandom(seed: seed ^ 0xF1A4)
        self.liveSeed = seed ^ 0x11FE
    }

    public func isHealthDataAvailable() async -> Bool { scenario != .unavailable }

    public func authorizationStatus(for type: QuantityType) async -> AuthorizationStatus {
        switch scenario {
        case .unavailable: return .notDetermined
        default: return statuses[type] ?? .notDetermined
        }
    }

    public func requestAuthorization(toRead types: Set<QuantityType>, userResponse: Set<QuantityType>) async throws
        -> [QuantityType: AuthorizationStatus] {
        try await simulateLatency()
        if scenario == .unavailable { throw HealthError.unavailable }
        try simulateFailure()
        for type in types {
            statuses[type] = Self.allowsWhenAsked(type, in: scenario) && userResponse.contains(type) ? .authorized : .denied
        }
        return statuses.filter { types.contains($0.key) }
    }

    public func samples(of type: QuantityType, in interval: DateInterval) async throws -> [QuantitySample] {
        try await checkRead(type)
        return generatedSamples(of: type, in: interval)
    }

    /// Any range is answered: one ending before it starts gives no days, one
    /// longer than `DailyStatistics.maxDays` its most recent days, and days
    /// outside `DayKey.earliest...latest` clamp to them.
    public func dailyStatistics(of type: QuantityType, from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws
        -> [DailyTotal] {
        try await checkRead(type)
        return generatedDailyStatistics(of: type, from: first, through: last, calendar: calendar)
    }

    public func authorizationStatus(for type: CategoryType) async -> AuthorizationStatus {
        scenario == .unavailable ? .notDetermined : categoryStatuses[type] ?? .notDetermined
    }

    /// Sleep follows the quantity types: the denied and partial worlds refuse it.
    public func requestAuthorization(toRead categories: Set<CategoryType>, userResponse: Set<CategoryType>) async throws
        -> [CategoryType: AuthorizationStatus] {
        try await simulateLatency()
        if scenario == .unavailable { throw HealthError.unavailable }
        try simulateFailure()
        for type in categories {
            categoryStatuses[type] = Self.allowsSleepWhenAsked(in: scenario) && userResponse.contains(type) ? .authorized : .denied
        }
        return categoryStatuses.filter { categories.contains($0.key) }
    }

    public func sleepSamples(in interval: DateInterval) async throws -> [CategorySample] {
        try await checkSleepRead()
        return generateSleep(in: interval, calendar: LocalCalendar.current)
    }

    public func sleepNights(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [SleepNight] {
        try await checkSleepRead()
        return generatedSleepNights(from: first, through: last, calendar: calendar)
    }

    // MARK: The world without the actor

    /// Whether asking for `type` in `scenario`'s world is answered with access (denied: nothing; partial: steps only).
    public static func allowsWhenAsked(_ type: QuantityType, in scenario: Scenario) -> Bool {
        switch scenario {
        case .denied: return false
        case .partial: return type == .stepCount
        default: return true
        }
    }

    /// Sleep follows the quantity types: the denied and partial worlds refuse it.
    public static func allowsSleepWhenAsked(in scenario: Scenario) -> Bool { scenario != .denied && scenario != .partial }

    /// The generated days the reads above answer with, for a reader that must not wait
    /// (`glance`, on every prompt): no access check, no simulated latency or dropped
    /// connection — the caller decides what is allowed (`allowsWhenAsked`).
    public nonisolated func generatedDailyStatistics(of type: QuantityType, from first: DayKey, through last: DayKey,
                                                     calendar: LocalCalendar) -> [DailyTotal] {
        generatedDailyStatistics(of: [type], from: first, through: last, calendar: calendar)[type] ?? []
    }

    /// `generatedDailyStatistics` of several types, each day generated once for all of them
    /// (steps, energy and exercise come from one walk; resting heart rate and HRV from one morning).
    /// `keepingFinishedDays: false` for a reader that asks once and exits (`glance`): the whole
    /// range in one pass, nothing kept (keeping, and the second pass for the unfinished days,
    /// cost it a tenth of its run).
    public nonisolated func generatedDailyStatistics(of types: [QuantityType], from first: DayKey, through last: DayKey,
                                                     calendar: LocalCalendar, keepingFinishedDays: Bool = true) -> [QuantityType: [DailyTotal]] {
        // Days before yesterday are finished (a walk crosses midnight into the next day at most):
        // their totals are kept, and only the days after them are generated again (a refresh
        // of two weeks generated 16 days of walks for each type; now it generates 2).
        let lastFinished = DayKey(now(), calendar: calendar).adding(days: -2)
        guard keepingFinishedDays, scenario != .empty, first <= last else {
            return generateDailyStatistics(of: types, from: first, through: last, calendar: calendar)
        }
        let finishedEnd = min(last, lastFinished)
        var out: [QuantityType: [DailyTotal]] = [:]
        if first <= finishedEnd {
            if let kept = finished.totals(of: types, from: first, through: finishedEnd, calendar: calendar) {
                out = kept
            } else {
                out = generateDailyStatistics(of: types, from: first, through: finishedEnd, calendar: calendar)
                finished.keep(out, calendar: calendar)
            }
        }
        let rest = max(first, lastFinished.adding(days: 1))
        if rest <= last {
            for (type, totals) in generateDailyStatistics(of: types, from: rest, through: last, calendar: calendar) {
                out[type, default: []] += totals
            }
        }
        return out
    }

    /// Days generated at once: a year's walks at once were about 2 MB of samples at the peak.
    static let generatedDaysAtOnce = 31

    /// The totals from the generated samples, every day generated again, `chunk` days at a
    /// time (each day's total depends only on the samples that reach it).
    nonisolated func generateDailyStatistics(of types: [QuantityType], from first: DayKey, through last: DayKey,
                                             calendar: LocalCalendar, chunk: Int = generatedDaysAtOnce) -> [QuantityType: [DailyTotal]] {
        guard first <= last else { return generateDailyStatisticsAtOnce(of: types, from: first, through: last, calendar: calendar) }
        var out: [QuantityType: [DailyTotal]] = [:]
        // A range longer than `DailyStatistics.maxDays` answers its most recent days (as at once).
        var start = max(first, last.adding(days: -(DailyStatistics.maxDays - 1)))
        let span = max(1, min(chunk, DailyStatistics.maxDays))
        while start <= last {
            let end = min(last, start.adding(days: span - 1))
            for (type, totals) in generateDailyStatisticsAtOnce(of: types, from: start, through: end, calendar: calendar) {
                out[type, default: []] += totals
            }
            guard end < last else { break }
            start = end.adding(days: 1)
        }
        return out
    }

    private nonisolated func generateDailyStatisticsAtOnce(of types: [QuantityType], from first: DayKey, through last: DayKey,
                                                           calendar: LocalCalendar) -> [QuantityType: [DailyTotal]] {
        let days = DayKey.days(from: first, through: last, calendar: calendar)
        guard let interval = Self.interval(around: days, calendar: calendar) else { return [:] }
        // Statistics never read a sample's id: none are made.
        let raw = generate(types, in: interval, calendar: calendar, ids: false)
        var out: [QuantityType: [DailyTotal]] = [:]
        for type in types {
            // DailyStatistics.dailyStatistics without its filter: each list holds its own type alone.
            let own = raw[Self.slot(type)], first = days[0], last = days[days.count - 1]
            switch type.aggregation {
            case .cumulative: out[type] = DailyStatistics.dailyTotals(own, from: first, through: last, calendar: calendar)
            case .discrete: out[type] = DailyStatistics.dailyAverages(own, from: first, through: last, calendar: calendar)
            }
        }
        return out
    }

    /// The raw samples `samples(of:in:)` answers with (see `generatedDailyStatistics`).
    public nonisolated func generatedSamples(of type: QuantityType, in interval: DateInterval) -> [QuantitySample] {
        generate(type, in: interval, calendar: LocalCalendar.current)
    }

    /// The nights `sleepNights` answers with (see `generatedDailyStatistics`).
    public nonisolated func generatedSleepNights(from first: DayKey, through last: DayKey, calendar: LocalCalendar) -> [SleepNight] {
        let days = DayKey.days(from: first, through: last, calendar: calendar)
        guard let interval = Self.interval(around: days, calendar: calendar) else { return [] }
        return SleepStatistics.nights(generateSleep(in: interval, calendar: calendar, ids: false), from: days[0], through: days[days.count - 1],
                                      calendar: calendar)
    }

    /// The days plus one on each side (samples crossing midnight), nil for no days.
    private static func interval(around days: [DayKey], calendar: LocalCalendar) -> DateInterval? {
        guard let first = days.first, let last = days.last else { return nil }
        let start = first.adding(days: -1).startDate(in: calendar)
        let end = last.adding(days: 1).startDate(in: calendar)
        guard end > start else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// Raw samples in an interval, generated day by day, only those already recorded by now.
    private nonisolated func generate(_ type: QuantityType, in interval: DateInterval, calendar: LocalCalendar) -> [QuantitySample] {
        generate([type], in: interval, calendar: calendar, ids: true)[Self.slot(type)]
    }

    /// `generate` for several types at once, each day's walk and morning generated once;
    /// the samples of each type at its `slot` (`ids: false`: every id left empty).
    private nonisolated func generate(_ types: [QuantityType], in interval: DateInterval, calendar: LocalCalendar, ids: Bool)
        -> [[QuantitySample]] {
        var out = [[QuantitySample]](repeating: [], count: Self.slots)
        guard scenario != .empty else { return out }
        var wanted = [Bool](repeating: false, count: Self.slots)
        for type in types { wanted[Self.slot(type)] = true }
        let walking = types.contains(where: Self.comesFromWalking), vitals = types.contains { !Self.comesFromWalking($0) }
        let cutoff = now()
        let first = DayKey(interval.start, calendar: calendar).adding(days: -1)
        let last = DayKey(min(interval.end, cutoff), calendar: calendar)
        func take(_ daily: [QuantitySample]) {
            for s in daily where s.end <= cutoff && (s.end > interval.start || s.start == interval.start) && s.start < interval.end {
                let i = Self.slot(s.type)
                if wanted[i] { out[i].append(s) }
            }
        }
        for day in DayKey.days(from: first, through: last, calendar: calendar) {
            if walking { take(generator.samples(for: day, calendar: calendar, ids: ids)) }
            if vitals { take(generator.vitals(for: day, calendar: calendar)) }
        }
        return out
    }

    /// Each type's place in `generate`'s answer (a switch: no hashing of the type's name).
    private static let slots = 5
    private static func slot(_ type: QuantityType) -> Int {
        switch type {
        case .stepCount: return 0
        case .activeEnergyBurned: return 1
        case .appleExerciseTime: return 2
        case .restingHeartRate: return 3
        case .heartRateVariabilitySDNN: return 4
        }
    }

    /// Steps, energy and exercise come from the day's walks (`SampleGenerator.samples`), the rest from its morning (`vitals`).
    private static func comesFromWalking(_ type: QuantityType) -> Bool { slot(type) < 3 }

    private nonisolated func generateSleep(in interval: DateInterval, calendar: LocalCalendar, ids: Bool = true) -> [CategorySample] {
        guard scenario != .empty else { return [] }
        let cutoff = now()
        let first = DayKey(interval.start, calendar: calendar)
        let last = DayKey(min(interval.end, cutoff), calendar: calendar).adding(days: 1)
        var out: [CategorySample] = []
        for day in DayKey.days(from: first, through: last, calendar: calendar) {
            let night = generator.sleep(endingOn: day, calendar: calendar, ids: ids)
            // A night is written whole once it is over, as a watch writes it on waking: never
            // the first hours of one still going (they were scored as a short night).
            guard let over = night.map(\.end).max(), over <= cutoff else { continue }
            for s in night where s.end > interval.start && s.start < interval.end {
                out.append(s)
            }
        }
        return out
    }

    private func checkRead(_ type: QuantityType) async throws {
        try await simulateLatency()
        if scenario == .unavailable { throw HealthError.unavailable }
        if await authorizationStatus(for: type) != .authorized { throw HealthError.notAuthorized([type]) }
        try simulateFailure()
    }

    private func checkSleepRead() async throws {
        try await simulateLatency()
        if scenario == .unavailable { throw HealthError.unavailable }
        if await authorizationStatus(for: .sleepAnalysis) != .authorized { throw HealthError.categoryNotAuthorized([.sleepAnalysis]) }
        try simulateFailure()
    }

    private func simulateLatency() async throws {
        if scenario == .slow { try await sleeper(2.0 + failureRandom.unit()) }
    }

    private func simulateFailure() throws {
        if scenario == .flaky && failureRandom.unit() < 0.2 {
            throw HealthError.transient("the simulated connection dropped")
        }
    }

    /// New watch samples every 1–5 s (seeded), each covering the time since the previous one.
    /// Made when the listener asks for the next: a stream nobody reads costs nothing, and
    /// one on a test clock (a sleeper that returns at once) cannot run ahead of its reader.
    public nonisolated func sampleUpdates() -> AsyncStream<QuantitySample> {
        guard scenario != .unavailable else { return AsyncStream { $0.finish() } }
        let ticks = LiveTicks(seed: liveSeed, now: now, sleeper: sleeper)
        return AsyncStream(unfolding: { await ticks.next() })
    }
}

/// The mock watch's live samples: a steps sample and its energy for each tick.
private actor LiveTicks {
    private var random: SeededRandom
    private var previous: Date
    private var energyOfLastTick: QuantitySample?
    private let now: @Sendable () -> Date
    private let sleeper: MockHealthProvider.Sleeper
    private static let source = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)

    init(seed: UInt64, now: @escaping @Sendable () -> Date, sleeper: @escaping MockHealthProvider.Sleeper) {
        random = SeededRandom(seed: seed)
        previous = now()
        self.now = now
        self.sleeper = sleeper
    }

    /// The next sample, or nil once the listener's task is cancelled.
    func next() async -> QuantitySample? {
        if let energy = energyOfLastTick { energyOfLastTick = nil; return energy }
        while !Task.isCancelled {
            do { try await sleeper(random.double(1...5)) } catch { return nil }
            let t = now()
            // A clock that did not move: nothing to cover yet; let others run before asking again.
            guard t > previous else { await Task.yield(); continue }
            let steps = (t.timeIntervalSince(previous) * random.double(0.2...2.2)).rounded()
            // Ids from the time, so a later session never reuses one.
            let stamp = Int64((t.timeIntervalSince1970 * 1000).rounded())
            energyOfLastTick = QuantitySample(id: "live-\(stamp)-e", type: .activeEnergyBurned,
                                              value: (steps * 0.044 * 10).rounded() / 10,
                                              start: previous, end: t, source: Self.source)
            defer { previous = t }
            return QuantitySample(id: "live-\(stamp)-s", type: .stepCount, value: steps,
                                  start: previous, end: t, source: Self.source)
        }
        return nil
    }
}

/// Daily totals of finished days, by type and day, for one calendar (a change of time
/// zone starts over). A few KB for a year of steps and energy.
final class FinishedDays: Sendable {
    private struct Kept {
        var calendar: LocalCalendar?
        var totals: [QuantityType: [DayKey: DailyTotal]] = [:]
    }
    private let kept = Mutex(Kept())

    /// Every type's totals for every day of the range, or nil when any is missing.
    func totals(of types: [QuantityType], from first: DayKey, through last: DayKey, calendar: LocalCalendar) -> [QuantityType: [DailyTotal]]? {
        kept.withLock { k in
            guard k.calendar == calendar else { return nil }
            var out: [QuantityType: [DailyTotal]] = [:]
            let days = DayKey.days(from: first, through: last, calendar: calendar)
            for type in types {
                guard let byDay = k.totals[type] else { return nil }
                var list: [DailyTotal] = []
                list.reserveCapacity(days.count)
                for day in days {
                    guard let total = byDay[day] else { return nil }
                    list.append(total)
                }
                out[type] = list
            }
            return out
        }
    }

    func keep(_ totals: [QuantityType: [DailyTotal]], calendar: LocalCalendar) {
        kept.withLock { k in
            if k.calendar != calendar { k = Kept(calendar: calendar) }
            for (type, list) in totals {
                for total in list { k.totals[type, default: [:]][total.day] = total }
            }
        }
    }
}
