import FoundationEssentials
import Platform

/// What can go wrong talking to a wearable, each with words for the user.
public enum WearableError: Error, Hashable, Sendable {
    /// The device is too far away or switched off.
    case outOfRange
    /// The device was found but did not answer the connection in time.
    case timedOut
    /// The device (or its owner) refused to pair.
    case pairingRefused
    /// The data came back damaged or implausible: never shown as numbers.
    case invalidPayload(PayloadProblem)
    /// `fetch()` without a connection.
    case notConnected
    /// The whole connect-and-fetch took longer than the app waits (it never hangs).
    case noResponse(seconds: Int)

    /// The simulated connection failures, in the order they are drawn.
    public static let connectionFailures: [WearableError] = [.outOfRange, .timedOut, .pairingRefused]

    public var message: String {
        switch self {
        case .outOfRange: return "Your wearable is out of range."
        case .timedOut: return "The wearable did not answer in time."
        case .pairingRefused: return "The wearable refused to pair."
        case .invalidPayload(let why): return "The data from the wearable looks wrong: \(why)."
        case .notConnected: return "The wearable is not connected."
        case .noResponse(let s): return "No answer from the wearable after \(s) seconds."
        }
    }

    public var advice: String {
        switch self {
        case .outOfRange: return "Bring it within a few metres, make sure it is switched on, then retry."
        case .timedOut: return "It may be busy syncing with another device. Wait a moment, then retry."
        case .pairingRefused: return "Confirm the pairing request on the wearable itself, then retry."
        case .invalidPayload: return "Retry; if it happens again, restart the wearable."
        case .notConnected: return "Connect first."
        case .noResponse: return "Check that it is charged and nearby, then retry."
        }
    }

    /// A stable name for logs, JSON output and scenarios.
    public var code: String {
        switch self {
        case .outOfRange: return "out-of-range"
        case .timedOut: return "timed-out"
        case .pairingRefused: return "pairing-refused"
        case .invalidPayload: return "invalid-payload"
        case .notConnected: return "not-connected"
        case .noResponse: return "no-response"
        }
    }
}
