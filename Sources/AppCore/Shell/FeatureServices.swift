import FoundationEssentials

/// A service one feature's work uses (Scores' metrics, Care's provider, Devices' wearable):
/// made once from the environment, reached with `services[Key.self]` or `env.service(Key.self)`.
/// Features list their keys in `Feature.serviceKeys`; the shell never names them.
public protocol ServiceKey {
    associatedtype Value: Sendable
    static func make(_ env: AppEnvironment) -> Value
}

extension ServiceKey {
    static func makeAny(_ env: AppEnvironment) -> any Sendable { make(env) }
}

/// The features' services, made when the environment hands out `Services` (after the first
/// frame). Immutable once made: every value is `Sendable`, so the table is too.
public struct FeatureServices: Sendable {
    private let values: [ObjectIdentifier: any Sendable]

    init(_ values: [ObjectIdentifier: any Sendable]) { self.values = values }

    public subscript<Key: ServiceKey>(_ key: Key.Type) -> Key.Value {
        guard let value = values[ObjectIdentifier(key)] as? Key.Value else {
            // A feature's work asked for a key no feature lists in `serviceKeys`: a programming error
            // that FeatureRegistryTests catch for every registered key.
            preconditionFailure("\(key) is not in any feature's serviceKeys")
        }
        return value
    }

    public func contains<Key: ServiceKey>(_ key: Key.Type) -> Bool { values[ObjectIdentifier(key)] != nil }
}
