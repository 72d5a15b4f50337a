import FoundationEssentials
import Platform

/// The health data source, shaped like HealthKit's HKHealthStore so that a real
/// provider can replace the mock without touching the app.
public protocol HealthProvider: Sendable {
    /// Like `HKHealthStore.isHealthDataAvailable()`.
    func isHealthDataAvailable() async -> Bool

    func authorizationStatus(for type: QuantityType) async -> AuthorizationStatus

    /// Asks for read access. `userResponse` is what the person allowed on the
    /// permission sheet; a real provider would show the system sheet instead.
    func requestAuthorization(toRead types: Set<QuantityType>, userResponse: Set<QuantityType>) async throws
        -> [QuantityType: AuthorizationStatus]

    /// Raw samples that overlap the interval.
    func samples(of type: QuantityType, in interval: DateInterval) async throws -> [QuantitySample]

    /// Like `HKStatisticsCollectionQuery` with daily intervals and `.cumulativeSum`:
    /// deduplicated totals per local calendar day from `first` through `last`.
    func dailyStatistics(of type: QuantityType, from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws
        -> [DailyTotal]

    /// New samples as they are recorded (for live updates).
    func sampleUpdates() -> AsyncStream<QuantitySample>

    // Sleep, a category type. Default implementations below let a provider
    // without sleep data conform unchanged.

    func authorizationStatus(for type: CategoryType) async -> AuthorizationStatus

    func requestAuthorization(toRead categories: Set<CategoryType>, userResponse: Set<CategoryType>) async throws
        -> [CategoryType: AuthorizationStatus]

    /// Raw sleep intervals that overlap the interval.
    func sleepSamples(in interval: DateInterval) async throws -> [CategorySample]

    /// Nights ending on the days `first` through `last` (`SleepStatistics`), nights without sleep left out.
    func sleepNights(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [SleepNight]
}

extension HealthProvider {
    public func authorizationStatus(for type: CategoryType) async -> AuthorizationStatus { .notDetermined }

    public func requestAuthorization(toRead categories: Set<CategoryType>, userResponse: Set<CategoryType>) async throws
        -> [CategoryType: AuthorizationStatus] {
        Dictionary(uniqueKeysWithValues: categories.map { ($0, AuthorizationStatus.denied) })
    }

    public func sleepSamples(in interval: DateInterval) async throws -> [CategorySample] {
        throw HealthError.categoryNotAuthorized([.sleepAnalysis])
    }

    public func sleepNights(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [SleepNight] {
        throw HealthError.categoryNotAuthorized([.sleepAnalysis])
    }
}
