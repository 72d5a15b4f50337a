import FoundationEssentials
import Platform

/// A wearable reached over a radio link, shaped so a Bluetooth LE implementation can
/// replace the simulation: connect (scan, pair, discover services), then read the data.
/// Errors thrown are `WearableError`, or `CancellationError` when the task is cancelled.
public protocol WearableService: Sendable {
    var deviceName: String { get }
    /// Connects; returns how long it took, in seconds.
    @discardableResult
    func connect() async throws -> TimeInterval
    /// Reads and validates the current data; needs a connection.
    func fetch() async throws -> WearablePayload
    func disconnect() async
}

public typealias WearableSleeper = @Sendable (Double) async throws -> Void

public enum WearableTimeout {
    /// Runs `operation`, giving up after `seconds` with `WearableError.noResponse`: the
    /// UI can never hang on "Connecting…". The operation is cancelled when time runs out.
    public static func run<T: Sendable>(seconds: Double, sleeper: @escaping WearableSleeper,
                                        _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await sleeper(seconds)
                throw WearableError.noResponse(seconds: Int(seconds.rounded()))
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw WearableError.noResponse(seconds: Int(seconds.rounded())) }
            return first
        }
    }
}
