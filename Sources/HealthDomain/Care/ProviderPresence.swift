import FoundationEssentials
import Platform

/// Whether the provider is in the telehealth session. A pure query so the flow
/// can be driven by explicit times; a real service would answer from a presence
/// channel and ignore `exerciseSeconds`, which only lets the mock time its
/// "mid-exercise" arrival.
public protocol ProviderPresenceService: Sendable {
    var providerName: String { get }
    /// When the provider is (or will be) present for a visit opened at `visitStart`;
    /// nil when they will not come.
    func onlineAt(visitStart: Date, exerciseSeconds: TimeInterval) -> Date?
}

extension ProviderPresenceService {
    public func isOnline(at now: Date, visitStart: Date, exerciseSeconds: TimeInterval) -> Bool {
        guard let t = onlineAt(visitStart: visitStart, exerciseSeconds: exerciseSeconds) else { return false }
        return now >= t
    }
}

public enum PresenceScenario: Hashable, Sendable {
    /// Someone is there when the task is opened: the breathing is skipped.
    case availableNow
    /// Comes online this many seconds after the task is opened.
    case onlineAfterDelay(TimeInterval)
    /// Comes online during the breathing exercise (30–70% of the way through, seeded).
    case onlineMidExercise
    /// Never comes: the user waits, and can quit.
    case never

    /// Names for `--provider`: available-now, after-delay[:SECONDS], mid-exercise, never.
    public init?(name: String) {
        let parts = name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "available-now": self = .availableNow
        case "mid-exercise": self = .onlineMidExercise
        case "never": self = .never
        case "after-delay":
            if parts.count == 1 { self = .onlineAfterDelay(90); return }
            // Decimal seconds only: Swift's Double("0x10") would read hex as 16.
            let text = parts[1]
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let s = Double(text), s.isFinite, (0...86_400).contains(s) else { return nil }
            self = .onlineAfterDelay(s)
        default: return nil
        }
    }

    public static let names = ["available-now", "after-delay[:SECONDS]", "mid-exercise", "never"]
    /// What a shell completes: each name as typed ("after-delay" alone waits 90 s; its seconds are the user's to add).
    public static let words = ["available-now", "after-delay", "mid-exercise", "never"]
}

public struct MockProviderPresence: ProviderPresenceService {
    public let scenario: PresenceScenario
    public let providerName: String
    private let seed: UInt64

    public init(scenario: PresenceScenario, seed: UInt64 = 42, providerName: String = "Dr. Maya Patel") {
        self.scenario = scenario
        self.seed = seed
        self.providerName = providerName
    }

    public func onlineAt(visitStart: Date, exerciseSeconds: TimeInterval) -> Date? {
        switch scenario {
        case .availableNow: return visitStart
        case .onlineAfterDelay(let s): return visitStart.addingTimeInterval(max(0, s))
        case .never: return nil
        case .onlineMidExercise:
            var rng = SeededRandom(seed: seed)
            let span = max(exerciseSeconds, 1)
            return visitStart.addingTimeInterval(span * rng.double(0.3...0.7))
        }
    }
}
