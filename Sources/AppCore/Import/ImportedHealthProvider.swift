import FoundationEssentials
import HealthDomain
import Platform
import Synchronization

/// The health provider after `tmm-tui import`: the imported daily values, read
/// from the data folder on first use. Everything is allowed and available;
/// there are no raw samples and no live stream (an export is a snapshot).
public final class ImportedHealthProvider: HealthProvider {
    private let store: ImportedHealthStore
    private let loaded = Mutex<ImportedHealthData?>(nil)

    public init(store: ImportedHealthStore) { self.store = store }

    /// For tests: a provider over data already in memory.
    public init(data: ImportedHealthData, store: ImportedHealthStore) {
        self.store = store
        loaded.withLock { $0 = data }
    }

    func data() -> ImportedHealthData {
        if let data = loaded.withLock({ $0 }) { return data }
        let data = store.loadData() ?? ImportedHealthData()
        loaded.withLock { $0 = data }
        return data
    }

    public func isHealthDataAvailable() async -> Bool { true }

    public func authorizationStatus(for type: QuantityType) async -> AuthorizationStatus { .authorized }

    public func requestAuthorization(toRead types: Set<QuantityType>, userResponse: Set<QuantityType>) async throws
        -> [QuantityType: AuthorizationStatus] {
        Dictionary(uniqueKeysWithValues: types.map { ($0, .authorized) })
    }

    public func samples(of type: QuantityType, in interval: DateInterval) async throws -> [QuantitySample] { [] }

    public func dailyStatistics(of type: QuantityType, from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws
        -> [DailyTotal] {
        data().dailyStatistics(of: type, from: first, through: last, calendar: calendar)
    }

    public func sampleUpdates() -> AsyncStream<QuantitySample> { AsyncStream { $0.finish() } }

    public func authorizationStatus(for type: CategoryType) async -> AuthorizationStatus { .authorized }

    public func requestAuthorization(toRead categories: Set<CategoryType>, userResponse: Set<CategoryType>) async throws
        -> [CategoryType: AuthorizationStatus] {
        Dictionary(uniqueKeysWithValues: categories.map { ($0, .authorized) })
    }

    public func sleepSamples(in interval: DateInterval) async throws -> [CategorySample] { [] }

    public func sleepNights(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [SleepNight] {
        data().totals.sleepNights(from: first, through: last)
    }
}
