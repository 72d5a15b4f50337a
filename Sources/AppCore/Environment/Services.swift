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
    /// The Scores screen's data: imported health data when present, else the seeded mock (`ScoresServiceFactory`).
    public let metrics: any MetricDataService
    /// Care: whether the telehealth provider is in the session (`--provider`).
    public let presence: any ProviderPresenceService
    /// The Devices screen's wearable (simulated; a Bluetooth LE one would take its place).
    public let wearable: any WearableService

    /// Turns any error into one a person can act on.
    public static func healthError(_ error: Error) -> HealthError {
        if let e = error as? HealthError { return e }
        if error is CancellationError { return .transient("cancelled") }
        return .transient("\(error)")
    }
}
