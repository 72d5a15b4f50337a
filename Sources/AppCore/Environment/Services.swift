import FoundationEssentials
import HealthDomain
import Platform

/// What a feature's work may use, handed to it by the runtime off the draw loop.
public struct Services: Sendable {
    public let provider: any HealthProvider
    public let repository: HealthRepository
    /// The live-sample pipeline; nil with `--no-live`.
    public let live: LiveFeed?
    public let storage: StorageOwner
    public let calendar: LocalCalendar
    public let now: @Sendable () -> Date
    /// What each feature registered (`Feature.serviceKeys`).
    public let features: FeatureServices

    /// A feature's own service.
    public subscript<Key: ServiceKey>(_ key: Key.Type) -> Key.Value { features[key] }

    /// Turns any error into one a person can act on.
    public static func healthError(_ error: Error) -> HealthError {
        if let e = error as? HealthError { return e }
        if error is CancellationError { return .transient("cancelled") }
        return .transient("\(error)")
    }
}

extension Services {
    /// Fresh totals, answered at once: the cache is written behind the answer, on the
    /// storage queue, in order with every other write there (a failure becomes a
    /// warning toast). The answer used to wait for the write and its two `fsync`s
    /// (3–4 ms for `r`, 30 ms for the Year view's first window, whose days reach
    /// into the history file).
    func refreshWritingBehind(from first: DayKey, through last: DayKey, now: Date,
                              live: [QuantitySample]?) async throws -> HealthRepository.Fetched {
        let fetched = try await repository.fetch(from: first, through: last, now: now, live: live)
        let repository = self.repository, change = fetched.cacheChange
        storage.writeCache { try repository.store(change) }
        return fetched
    }

    /// Returns once every write queued on the storage queue so far is done, without
    /// holding a thread of the loop: what reads the cache back after a refresh waits here.
    func afterQueuedWrites() async {
        await storage.onQueue {}
    }
}
