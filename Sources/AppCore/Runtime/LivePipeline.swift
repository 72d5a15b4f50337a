import FoundationEssentials
import HealthDomain
import Platform

/// The live-sample pipeline's turn of the loop: takes the samples that arrived,
/// writes a batch when due, tells the model at most one throttled update, and
/// keeps the cache following the samples on disk (written by the storage owner,
/// the cache's single writer).
public final class LivePipeline {
    let feed: LiveFeed?
    let repository: HealthRepository
    let storage: StorageOwner
    let now: @Sendable () -> Date
    /// Totals from the last live update, written to the cache with the next batch.
    private var totalsToCache: LiveUpdate?

    init(feed: LiveFeed?, repository: HealthRepository, storage: StorageOwner, now: @escaping @Sendable () -> Date) {
        self.feed = feed
        self.repository = repository
        self.storage = storage
        self.now = now
    }

    /// When the loop must wake for the pipeline (a batch or an update due).
    public func nextDeadline() -> Date? { feed?.nextDeadline() }

    /// One turn, shared by the run loop and the tests: what the model should hear.
    public func step(receiving samples: [QuantitySample]) -> [AppEvent] {
        guard let feed else { return [] }
        var events: [AppEvent] = []
        let now = self.now()
        let writes = feed.counters.writes
        if !samples.isEmpty, let error = feed.receive(samples, now: now) { events.append(Self.writeFailed(error)) }
        let (update, writeError) = feed.service(now: now)
        if let writeError { events.append(Self.writeFailed(writeError)) }
        if let update {
            events.append(.message(.everyone, update))
            if !update.steps.isEmpty { totalsToCache = update }
        }
        if feed.counters.writes > writes { storeTotalsInCache() }
        return events
    }

    /// Writes every waiting live sample (quit, suspend, terminating signals) and
    /// the totals they made into the cache, and waits for the cache write.
    public func flush() -> String? {
        let error = feed?.flush(now: now())
        storeTotalsInCache()
        storage.flush()
        return error
    }

    private func storeTotalsInCache() {
        guard let update = totalsToCache else { return }
        totalsToCache = nil
        let repository = self.repository
        storage.writeCache { try repository.storeLiveTotals(steps: update.steps, energy: update.energy, now: update.at) }
    }

    /// Live samples could not be written (they stay in memory and are retried).
    static func writeFailed(_ error: String) -> AppEvent {
        .message(.shell, ShellMessage.warning(key: "toast.liveSaveFailed", argument: error))
    }
}
