import FoundationEssentials
import Synchronization

/// The demo's time: it moves only when the player advances it, and the
/// simulated services' sleeps wait for it instead of the wall clock. A sleep
/// is an alarm that fires when time is advanced past it (or throws when its
/// task is cancelled).
final class VirtualClock: Sendable {
    /// Set around the run loop: tasks it starts with `Task {}` (the live stream)
    /// inherit it, while features' work (detached tasks) does not.
    @TaskLocal static var inBackground = false

    private struct Alarm {
        var deadline: Date
        var background: Bool
        var continuation: CheckedContinuation<Void, Error>
    }
    private struct State {
        var now: Date
        var alarms: [Int: Alarm] = [:]
        var nextID = 0
        var cancelledBeforeParking: Set<Int> = []
    }
    private let state: Mutex<State>

    init(start: Date) { state = Mutex(State(now: start)) }

    var now: Date { state.withLock { $0.now } }

    /// The earliest pending sleep's deadline.
    var nextAlarm: Date? { state.withLock { $0.alarms.values.map(\.deadline).min() } }

    /// Sleeps waiting for the virtual time right now.
    var parkedCount: Int { state.withLock { $0.alarms.count } }
    /// Of those, the ones made by features' work (not by background streams).
    var parkedWorkCount: Int { state.withLock { $0.alarms.values.filter { !$0.background }.count } }

    /// Moves time to `date` (never backwards) and wakes every sleep that is due; returns how many woke.
    @discardableResult
    func advance(to date: Date) -> Int {
        let due = state.withLock { s -> [CheckedContinuation<Void, Error>] in
            if date > s.now { s.now = date }
            let ids = s.alarms.filter { $0.value.deadline <= s.now }.sorted { $0.value.deadline < $1.value.deadline }.map(\.key)
            return ids.compactMap { s.alarms.removeValue(forKey: $0)?.continuation }
        }
        for c in due { c.resume() }
        return due.count
    }

    /// A sleep of `seconds` of virtual time (the services' `sleeper`).
    func sleep(_ seconds: Double) async throws {
        let id = state.withLock { s -> Int in
            s.nextID += 1
            return s.nextID
        }
        let length = seconds.isFinite ? max(0, min(seconds, 86_400 * 365)) : 0
        let background = Self.inBackground
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, Error>) in
                let cancelled = state.withLock { s -> Bool in
                    if s.cancelledBeforeParking.remove(id) != nil { return true }
                    s.alarms[id] = Alarm(deadline: s.now.addingTimeInterval(length), background: background, continuation: c)
                    return false
                }
                if cancelled { c.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let parked = state.withLock { s -> CheckedContinuation<Void, Error>? in
                if let alarm = s.alarms.removeValue(forKey: id) { return alarm.continuation }
                s.cancelledBeforeParking.insert(id)
                return nil
            }
            parked?.resume(throwing: CancellationError())
        }
    }
}
