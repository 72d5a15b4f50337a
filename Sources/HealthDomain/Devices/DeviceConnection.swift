import FoundationEssentials
import Platform

public enum DeviceConnectionState: Hashable, Sendable {
    case notConnected
    /// `startedAt`: when this attempt began (elapsed time and the overall timeout count from it).
    case connecting(attempt: Int, startedAt: Date)
    case fetching(attempt: Int, startedAt: Date)
    case synced(LastSync)
    case failed(WearableError, at: Date)
}

public enum DeviceConnectionEvent: Hashable, Sendable {
    /// The Connect or Retry button.
    case connect(Date)
    case connected(attempt: Int, at: Date)
    case fetched(WearablePayload, attempt: Int, at: Date)
    case failed(WearableError, attempt: Int, at: Date)
    /// Esc while connecting or fetching.
    case cancel(Date)
    case tick(Date)
}

/// Work the view model must start or stop after an event.
public enum DeviceConnectionEffect: Hashable, Sendable {
    case startConnect(attempt: Int)
    case startFetch(attempt: Int)
    /// Cancel the running task (cancelled by the user, or the overall timeout).
    case cancelWork
    case saveLastSync(LastSync)
}

/// The Devices screen's states, as real device apps model them:
/// not connected → connecting → fetching → synced / failed, with cancel and retry.
/// Pure: results of the async service come back as events tagged with their attempt,
/// so a late answer from a cancelled or timed-out attempt is ignored.
public struct DeviceConnection: Sendable {
    public private(set) var state: DeviceConnectionState = .notConnected
    /// Shown before any new connection, kept through failures.
    public private(set) var lastSync: LastSync?
    public let deviceName: String
    /// Connect (2–3 s) plus fetch (under 1 s) normally ends well before this.
    public let timeoutSeconds: Double
    private var attempt = 0

    public init(deviceName: String, lastSync: LastSync? = nil, timeoutSeconds: Double = 10) {
        self.deviceName = deviceName
        self.lastSync = lastSync
        self.timeoutSeconds = timeoutSeconds
    }

    public var isBusy: Bool {
        switch state {
        case .connecting, .fetching: return true
        default: return false
        }
    }

    /// Seconds since the current attempt began (nil when not busy).
    public func elapsed(at now: Date) -> TimeInterval? {
        switch state {
        case .connecting(_, let start), .fetching(_, let start): return max(0, now.timeIntervalSince(start))
        default: return nil
        }
    }

    @discardableResult
    public mutating func handle(_ event: DeviceConnectionEvent) -> [DeviceConnectionEffect] {
        switch (state, event) {
        case (.connecting, .connect), (.fetching, .connect):
            return []
        case (_, .connect(let t)):
            attempt += 1
            state = .connecting(attempt: attempt, startedAt: t)
            return [.startConnect(attempt: attempt)]

        case (.connecting(let a, let start), .connected(let b, _)) where a == b:
            state = .fetching(attempt: a, startedAt: start)
            return [.startFetch(attempt: a)]

        case (.fetching(let a, _), .fetched(let payload, let b, let t)) where a == b:
            let sync = LastSync(payload: payload, syncedAt: t, deviceName: deviceName)
            lastSync = sync
            state = .synced(sync)
            return [.saveLastSync(sync)]

        case (.connecting(let a, _), .failed(let error, let b, let t)) where a == b,
             (.fetching(let a, _), .failed(let error, let b, let t)) where a == b:
            state = .failed(error, at: t)
            return []

        case (.connecting, .cancel), (.fetching, .cancel):
            state = .notConnected
            return [.cancelWork]

        case (.connecting(_, let start), .tick(let t)), (.fetching(_, let start), .tick(let t)):
            guard t.timeIntervalSince(start) >= timeoutSeconds else { return [] }
            state = .failed(.noResponse(seconds: Int(timeoutSeconds.rounded())), at: t)
            return [.cancelWork]

        default:
            // Stale results from an earlier attempt, ticks while idle, cancel with nothing running.
            return []
        }
    }
}
