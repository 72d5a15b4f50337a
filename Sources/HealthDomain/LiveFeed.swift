import Dispatch
import FoundationEssentials
import Platform
import Synchronization

/// How the live pipeline batches writes and throttles the screen.
public struct LivePolicy: Sendable {
    /// Write once this many samples are waiting…
    public var batchSize: Int
    /// …or once the oldest waiting sample is this old.
    public var flushInterval: TimeInterval
    /// At most one screen update per this interval, however fast samples arrive.
    public var publishInterval: TimeInterval

    public init(batchSize: Int = 100, flushInterval: TimeInterval = 10, publishInterval: TimeInterval = 0.5) {
        self.batchSize = max(1, batchSize)
        self.flushInterval = max(0, flushInterval)
        self.publishInterval = max(0, publishInterval)
    }
}

/// What the screen gets from one throttled update.
public struct LiveUpdate: Equatable, Sendable {
    /// Samples received since the previous update.
    public var newSamples: Int
    /// Recomputed totals of the days live samples touch (empty until the
    /// provider's samples of those days are known).
    public var steps: [DailyTotal]
    public var energy: [DailyTotal]
    public var at: Date
}

public struct LiveCounters: Equatable, Sendable {
    public var received = 0
    public var duplicates = 0
    public var publishes = 0
    public var writes = 0
    public var failedWrites = 0
    /// Wall-clock seconds spent writing batches (for the benchmark).
    public var writeSeconds = 0.0

    public init() {}
}

/// The live-sample pipeline: samples in as fast as they come, written to the
/// `SampleLog` in batches, published to the screen at a throttled rate with
/// totals recomputed by `LiveMerge`. Time is always passed in (test clocks).
/// Shared between the run loop and the refresh task, hence the mutex.
public final class LiveFeed: Sendable {
    private struct State {
        var stored: [QuantitySample] = []
        var pending: [QuantitySample] = []
        var ids = Set<String>()
        var base: [QuantitySample] = []
        var baseDays: ClosedRange<DayKey>?
        var unpublished = 0
        var lastPublishAt: Date?
        var oldestPendingAt: Date?
        var writable = true
        /// The last write failed; further failures stay quiet until one succeeds.
        var failing = false
        var counters = LiveCounters()
    }

    public let log: SampleLog
    public let policy: LivePolicy
    public let calendar: LocalCalendar
    /// A problem found opening the log, for the user to see once.
    public let loadNotice: String?
    private let state: Mutex<State>

    /// Opens the log, keeping samples of the last `keepDays` local days.
    public init(log: SampleLog, policy: LivePolicy = LivePolicy(), calendar: LocalCalendar, now: Date, keepDays: Int = 14) {
        self.log = log
        self.policy = policy
        self.calendar = calendar
        let since = DayKey(now, calendar: calendar).adding(days: -(keepDays - 1)).startDate(in: calendar)
        let loaded = log.load(keepingSince: since, now: now)
        loadNotice = loaded.notice
        var s = State()
        s.stored = loaded.samples
        s.ids = Set(loaded.samples.map(\.id))
        s.writable = loaded.writable
        state = Mutex(s)
    }

    /// Takes new samples (duplicates by id are ignored) and writes a batch when
    /// enough are waiting. Write errors are returned once per run of failures,
    /// so retries do not repeat the same message.
    public func receive(_ samples: [QuantitySample], now: Date) -> String? {
        state.withLock { s in
            for sample in samples {
                guard s.ids.insert(sample.id).inserted else { s.counters.duplicates += 1; continue }
                s.pending.append(sample)
                s.unpublished += 1
                s.counters.received += 1
            }
            if !s.pending.isEmpty && s.oldestPendingAt == nil { s.oldestPendingAt = now }
            return s.pending.count >= policy.batchSize ? Self.flush(&s, log, now: now) : nil
        }
    }

    /// When `service` next has something to do, or nil when idle.
    public func nextDeadline() -> Date? {
        state.withLock { s in
            var deadlines: [Date] = []
            if s.unpublished > 0 { deadlines.append(s.lastPublishAt.map { $0.addingTimeInterval(policy.publishInterval) } ?? .distantPast) }
            if let oldest = s.oldestPendingAt, s.writable { deadlines.append(oldest.addingTimeInterval(policy.flushInterval)) }
            return deadlines.min()
        }
    }

    /// Writes a batch that has waited long enough and publishes an update when the throttle allows.
    public func service(now: Date) -> (update: LiveUpdate?, writeError: String?) {
        state.withLock { s in
            var writeError: String?
            if let oldest = s.oldestPendingAt, now >= oldest.addingTimeInterval(policy.flushInterval) {
                writeError = Self.flush(&s, log, now: now)
            }
            guard s.unpublished > 0 else { return (nil, writeError) }
            if let last = s.lastPublishAt, now < last.addingTimeInterval(policy.publishInterval) { return (nil, writeError) }
            return (publish(&s, now: now), writeError)
        }
    }

    /// Writes everything waiting (on quit, suspend and terminating signals).
    @discardableResult
    public func flush(now: Date) -> String? {
        state.withLock { Self.flush(&$0, log, now: now) }
    }

    /// Every live sample: written and waiting.
    public var samples: [QuantitySample] { state.withLock { $0.stored + $0.pending } }

    /// The samples over by `now` (`[QuantitySample].ending(by:)`).
    public func samples(endingBy now: Date) -> [QuantitySample] { samples.ending(by: now) }

    public var pendingCount: Int { state.withLock { $0.pending.count } }

    public var counters: LiveCounters { state.withLock { $0.counters } }

    /// The provider's raw samples of `days`, fetched by a refresh, that live totals build on.
    public func setBase(_ samples: [QuantitySample], days: ClosedRange<DayKey>?) {
        state.withLock {
            $0.base = samples
            $0.baseDays = days
        }
    }

    private func publish(_ s: inout State, now: Date) -> LiveUpdate {
        var update = LiveUpdate(newSamples: s.unpublished, steps: [], energy: [], at: now)
        s.unpublished = 0
        s.lastPublishAt = now
        s.counters.publishes += 1
        let live = s.stored + s.pending
        if let baseDays = s.baseDays,
           let days = LiveMerge.days(touchedBy: live, within: baseDays.lowerBound, baseDays.upperBound, calendar: calendar) {
            update.steps = LiveMerge.totals(.stepCount, base: s.base, live: live, days: days, calendar: calendar)
            update.energy = LiveMerge.totals(.activeEnergyBurned, base: s.base, live: live, days: days, calendar: calendar)
        }
        return update
    }

    private static func flush(_ s: inout State, _ log: SampleLog, now: Date) -> String? {
        guard !s.pending.isEmpty else { return nil }
        guard s.writable else {
            // The log could not be opened safely: keep the samples in memory only.
            s.oldestPendingAt = nil
            return nil
        }
        let started = DispatchTime.now().uptimeNanoseconds
        defer { s.counters.writeSeconds += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        do {
            try log.append(s.pending)
            s.stored += s.pending
            s.pending.removeAll()
            s.oldestPendingAt = nil
            s.counters.writes += 1
            s.failing = false
            return nil
        } catch {
            // Kept in memory; tried again with everything one interval later.
            s.counters.failedWrites += 1
            s.oldestPendingAt = now
            defer { s.failing = true }
            return s.failing ? nil : "\(error)"
        }
    }
}

extension Array where Element == QuantitySample {
    /// The samples over by `now`: `stats --now T` and `snapshot` stay at T, and a log written by a
    /// run whose clock went on past T holds later ones (they counted 89 steps more than at T).
    public func ending(by now: Date) -> [QuantitySample] { filter { $0.end <= now } }
}
