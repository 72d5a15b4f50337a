import FoundationEssentials
import HealthDomain
import Platform
import Synchronization

/// The health provider after `tmm-tui import`: the imported daily values, read
/// from the data folder on first use. Everything is allowed and available;
/// there are no raw samples and no live stream (an export is a snapshot).
public final class ImportedHealthProvider: HealthProvider {
    private let store: ImportedHealthStore
    private let loaded = Mutex<Result<ImportedHealthData, HealthError>?>(nil)
    private let exportPath: String?

    /// `problem`: the import is known to be unreadable already; every read fails with it.
    public init(store: ImportedHealthStore, exportPath: String? = nil, problem: String? = nil) {
        self.store = store
        self.exportPath = exportPath
        if let problem { loaded.withLock { $0 = .failure(.importUnreadable(problem)) } }
    }

    /// For tests: a provider over data already in memory.
    public init(data: ImportedHealthData, store: ImportedHealthStore) {
        self.store = store
        self.exportPath = nil
        loaded.withLock { $0 = .success(data) }
    }

    /// The imported values, read once; a file that cannot be read is an error every screen shows.
    func loadedData() throws(HealthError) -> ImportedHealthData {
        if let result = loaded.withLock({ $0 }) { return try result.get() }
        let result = store.loadData(exportPath: exportPath)
        loaded.withLock { $0 = result }
        return try result.get()
    }

    /// The imported values; empty when they cannot be read (`loadedData` says why).
    func data() -> ImportedHealthData { (try? loadedData()) ?? ImportedHealthData() }

    public func isHealthDataAvailable() async -> Bool { true }

    /// Why the imported data cannot be read, once that is known.
    public var problem: String? {
        if case .failure(.importUnreadable(let message))? = loaded.withLock({ $0 }) { return message }
        return nil
    }

    public func authorizationStatus(for type: QuantityType) async -> AuthorizationStatus { .authorized }

    public func requestAuthorization(toRead types: Set<QuantityType>, userResponse: Set<QuantityType>) async throws
        -> [QuantityType: AuthorizationStatus] {
        Dictionary(uniqueKeysWithValues: types.map { ($0, .authorized) })
    }

    public func samples(of type: QuantityType, in interval: DateInterval) async throws -> [QuantitySample] { [] }

    public func dailyStatistics(of type: QuantityType, from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws
        -> [DailyTotal] {
        try loadedData().dailyStatistics(of: type, from: first, through: last, calendar: calendar)
    }

    public func sampleUpdates() -> AsyncStream<QuantitySample> { AsyncStream { $0.finish() } }

    public func authorizationStatus(for type: CategoryType) async -> AuthorizationStatus { .authorized }

    public func requestAuthorization(toRead categories: Set<CategoryType>, userResponse: Set<CategoryType>) async throws
        -> [CategoryType: AuthorizationStatus] {
        Dictionary(uniqueKeysWithValues: categories.map { ($0, .authorized) })
    }

    public func sleepSamples(in interval: DateInterval) async throws -> [CategorySample] { [] }

    public func sleepNights(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [SleepNight] {
        try loadedData().totals.sleepNights(from: first, through: last)
    }
}
