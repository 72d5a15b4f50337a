import FoundationEssentials
import Platform

/// Which world the simulated wearable lives in; `--scenario` for the Devices screen.
public enum WearableScenario: Hashable, Sendable {
    /// Seeded: connecting takes 2–3 s and fails 20% of the time.
    case random
    case alwaysSucceed
    /// Every connection fails with this error.
    case alwaysFail(WearableError)
    /// Connects, then sends a damaged payload.
    case badPayload
    /// Never answers (for the timeout).
    case hang

    /// Names: random, success, out-of-range, timed-out, pairing-refused, bad-payload, hang.
    public init?(name: String) {
        switch name {
        case "random": self = .random
        case "success": self = .alwaysSucceed
        case "bad-payload": self = .badPayload
        case "hang": self = .hang
        default:
            guard let e = WearableError.connectionFailures.first(where: { $0.code == name }) else { return nil }
            self = .alwaysFail(e)
        }
    }

    public static let names = ["random", "success", "out-of-range", "timed-out", "pairing-refused", "bad-payload", "hang"]
}

/// A deterministic stand-in for a Bluetooth wearable: the same seed gives the same
/// sequence of durations, failures and payloads. Time passes only through `sleeper`.
public actor SimulatedWearable: WearableService {
    public nonisolated let deviceName: String
    public let scenario: WearableScenario
    public static let failureRate = 0.2
    public static let connectSeconds = 2.0...3.0

    private var random: SeededRandom
    private let sleeper: WearableSleeper
    private var connected = false
    /// Every connect's simulated duration, in order (for tests and the CLI's progress).
    public private(set) var connectDurations: [TimeInterval] = []

    public init(scenario: WearableScenario = .random, seed: UInt64 = 42, deviceName: String = "Pulse Band 2",
                sleeper: @escaping WearableSleeper = { try await Task.sleep(nanoseconds: UInt64(max(0, min($0, 86_400)) * 1_000_000_000)) }) {
        self.scenario = scenario
        self.deviceName = deviceName
        self.random = SeededRandom(seed: seed ^ 0xB1E7)
        self.sleeper = sleeper
    }

    @discardableResult
    public func connect() async throws -> TimeInterval {
        connected = false
        // Both draws happen on every attempt, so a scenario does not shift the sequence.
        let duration = random.double(Self.connectSeconds)
        let failureDraw = random.unit()
        let kindDraw = random.int(0...(WearableError.connectionFailures.count - 1))
        if scenario == .hang {
            try await sleeper(86_400)
            throw WearableError.timedOut
        }
        connectDurations.append(duration)
        try await sleeper(duration)
        try Task.checkCancellation()
        switch scenario {
        case .alwaysFail(let error):
            throw error
        case .random where failureDraw < Self.failureRate:
            throw WearableError.connectionFailures[kindDraw]
        default:
            connected = true
            return duration
        }
    }

    public func fetch() async throws -> WearablePayload {
        guard connected else { throw WearableError.notConnected }
        let json = scenario == .badPayload ? #"{"steps": -12, "heartRate": 72}"# : payloadJSON()
        try await sleeper(random.double(0.3...0.8))
        try Task.checkCancellation()
        // Through the same validating decoder a real device's bytes would take.
        return try WearablePayload.decode(Data(json.utf8))
    }

    public func disconnect() async { connected = false }

    private func payloadJSON() -> String {
        let steps = random.int(1_500...14_000)
        let heartRate = random.int(52...88)
        let sleep = (random.double(5.0...8.8) * 10).rounded() / 10
        return #"{"steps": \#(steps), "heartRate": \#(heartRate), "sleepHours": \#(sleep)}"#
    }
}
