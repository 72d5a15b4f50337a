import FoundationEssentials
import Synchronization

/// Runs features' work off the loop and keeps it cancellable by id: starting
/// work under an id that is still running cancels the older one, and only the
/// newest run of an id may deliver its result.
final class WorkTasks {
    private var running: [WorkID: (generation: Int, task: Task<Void, Never>)] = [:]
    private var generation = 0
    private let live = LiveGenerations()

    func start(_ work: Work, services: Services, deliver: @escaping @Sendable (AppEvent) -> Void) {
        cancel(work.id)
        generation += 1
        let mine = generation, live = self.live
        live.set(work.id, mine)
        let task = Task.detached {
            let result = await work.run(services)
            // A result from cancelled or replaced work is stale: drop it.
            guard !Task.isCancelled, live.claim(work.id, mine) else { return }
            if let result { deliver(.message(work.target, result)) }
            live.release(work.id, mine)
        }
        running[work.id] = (mine, task)
    }

    func cancel(_ id: WorkID) {
        guard let entry = running.removeValue(forKey: id) else { return }
        live.clear(id, entry.generation)
        entry.task.cancel()
    }

    func cancelAll() {
        for id in Array(running.keys) { cancel(id) }
    }

    var runningIDs: Set<WorkID> { live.ids }
}

/// The generation of each id's current run, shared with the tasks themselves. A run that
/// finishes claims its id (its generation, negated: delivering), delivers, then lets it go, so
/// the id counts as running until the result is in the inbox: whoever sees nothing running
/// (the demo's clock, before it presses the next key) also sees the result waiting.
private final class LiveGenerations: Sendable {
    private let current = Mutex<[WorkID: Int]>([:])
    func set(_ id: WorkID, _ g: Int) { current.withLock { $0[id] = g } }
    func clear(_ id: WorkID, _ g: Int) { current.withLock { if $0[id] == g { $0[id] = nil } } }
    /// True when `g` is still the current run of `id` (and marks it delivering).
    func claim(_ id: WorkID, _ g: Int) -> Bool {
        current.withLock { c in
            guard c[id] == g else { return false }
            c[id] = -g
            return true
        }
    }
    /// The run `g` has delivered: `id` is no longer running (unless a newer run has started).
    func release(_ id: WorkID, _ g: Int) { current.withLock { if $0[id] == -g { $0[id] = nil } } }
    var ids: Set<WorkID> { current.withLock { Set($0.keys) } }
}
