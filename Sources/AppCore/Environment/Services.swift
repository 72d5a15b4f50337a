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
