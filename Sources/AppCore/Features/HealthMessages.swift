import FoundationEssentials
import HealthDomain
import Platform

/// Messages about health data that every feature may hear.

/// The answer to a request for health access (from onboarding or a retry).
public struct AuthorizationAnswer: Sendable {
    public var result: Result<[QuantityType: AuthorizationStatus], HealthError>
}

/// Whether the device has health data at all.
public struct HealthAvailability: Sendable {
    public var available: Bool
}

/// Fresh (or failed) daily totals from a refresh. The cache is written behind it
/// (`Services.refreshWritingBehind`); a failed write arrives as a toast of its own.
public struct HealthLoaded: Sendable {
    public var result: Result<HealthSnapshot, HealthError>
}

public extension AppEvent {
    static func authorization(_ result: Result<[QuantityType: AuthorizationStatus], HealthError>) -> AppEvent {
        .message(.everyone, AuthorizationAnswer(result: result))
    }

    static func availability(_ available: Bool) -> AppEvent {
        .message(.everyone, HealthAvailability(available: available))
    }

    static func health(_ result: Result<HealthSnapshot, HealthError>) -> AppEvent {
        .message(.everyone, HealthLoaded(result: result))
    }
}

/// Work any feature can start to ask for health access.
enum HealthWork {
    static func requestAuthorization(_ feature: FeatureID, types: [QuantityType], allowed: Set<QuantityType>) -> Effect {
        .run(Work(WorkID(feature, "authorize"), to: .everyone) { services in
            do {
                let statuses = try await services.provider.requestAuthorization(toRead: Set(types), userResponse: allowed)
                return AuthorizationAnswer(result: .success(statuses))
            } catch {
                return AuthorizationAnswer(result: .failure(Services.healthError(error)))
            }
        })
    }
}
