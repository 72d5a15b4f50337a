import Foundation

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
    private var failureRandom: SeededRandom
    private let liveSeed: UInt64

    public init(scenario: Scenario = .normal, seed: UInt64 = 42,
                authorization: [QuantityType: AuthorizationStatus] = [:],
                now: @escaping @Sendable () -> Date = { Date() },
                sleeper: @escaping Sleeper = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }) {
        self.scenario = scenario
        self.generator = SampleGenerator(seed: seed)
        self.now = now
        self.sleeper = sleeper
        self.statuses = authorization
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
            let allowedByWorld: Bool
            switch scenario {
            case .denied: allowedByWorld = false
            case .partial: allowedByWorld = type == .stepCount
            default: allowedByWorld = true
            }
            statuses[type] = allowedByWorld && userResponse.contains(type) ? .authorized : .denied
        }
        return statuses.filter { types.contains($0.key) }
    }

    public func samples(of type: QuantityType, in interval: DateInterval) async throws -> [QuantitySample] {
        try await checkRead(type)
        return generate(type, in: interval, calendar: Calendar.current)
    }

    public func dailyStatistics(of type: QuantityType, from first: DayKey, through last: DayKey, calendar: Calendar) async throws
        -> [DailyTotal] {
        try await checkRead(type)
        let interval = DateInterval(start: first.adding(days: -1, calendar: calendar).startDate(in: calendar),
                                    end: last.adding(days: 1, calendar: calendar).startDate(in: calendar))
        let raw = generate(type, in: interval, calendar: calendar)
        return DailyStatistics.dailyTotals(raw, from: first, through: last, calendar: calendar)
    }

    /// Raw samples in an interval, generated day by day, only those already recorded by now.
    private func generate(_ type: QuantityType, in interval: DateInterval, calendar: Calendar) -> [QuantitySample] {
        guard scenario != .empty else { return [] }
        let cutoff = now()
        var day = DayKey(interval.start, calendar: calendar).adding(days: -1, calendar: calendar)
        let last = DayKey(min(interval.end, cutoff), calendar: calendar)
        var out: [QuantitySample] = []
        while day <= last {
            for s in generator.samples(for: day, calendar: calendar)
            where s.type == type && s.end <= cutoff && s.end > interval.start && s.start < interval.end {
                out.append(s)
            }
            day = day.adding(days: 1, calendar: calendar)
        }
        return out
    }

    private func checkRead(_ type: QuantityType) async throws {
        try await simulateLatency()
        if scenario == .unavailable { throw HealthError.unavailable }
        if await authorizationStatus(for: type) != .authorized { throw HealthError.notAuthorized([type]) }
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
    public nonisolated func sampleUpdates() -> AsyncStream<QuantitySample> {
        let sleeper = self.sleeper, now = self.now, seed = liveSeed, scenario = self.scenario
        return AsyncStream { continuation in
            let task = Task {
                guard scenario != .unavailable else { continuation.finish(); return }
                var rng = SeededRandom(seed: seed)
                var previous = now()
                while !Task.isCancelled {
                    do { try await sleeper(rng.double(1...5)) } catch { break }
                    let t = now()
                    guard t > previous else { continue }
                    let seconds = t.timeIntervalSince(previous)
                    let steps = (seconds * rng.double(0.2...2.2)).rounded()
                    // Ids from the time, so a later session never reuses one.
                    let stamp = Int64((t.timeIntervalSince1970 * 1000).rounded())
                    let source = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)
                    continuation.yield(QuantitySample(id: "live-\(stamp)-s", type: .stepCount, value: steps,
                                                      start: previous, end: t, source: source))
                    continuation.yield(QuantitySample(id: "live-\(stamp)-e", type: .activeEnergyBurned,
                                                      value: (steps * 0.044 * 10).rounded() / 10,
                                                      start: previous, end: t, source: source))
                    previous = t
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
