import FoundationEssentials
import HealthDomain
import Platform
import Synchronization

/// Finished async work, handed from background tasks to the run loop.
final class Inbox: Sendable {
    private struct Contents {
        var events: [AppEvent] = []
        var samples: [QuantitySample] = []
    }
    private let contents = Mutex(Contents())
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func post(_ event: AppEvent) {
        contents.withLock { $0.events.append(event) }
        wake()
    }

    /// Live samples skip the model: the run loop hands them to the live pipeline,
    /// which decides when the screen hears about them.
    func post(_ sample: QuantitySample) {
        let wasEmpty = contents.withLock { c -> Bool in
            defer { c.samples.append(sample) }
            return c.samples.isEmpty
        }
        if wasEmpty { wake() }
    }

    func drain() -> (events: [AppEvent], samples: [QuantitySample]) {
        contents.withLock { c in
            defer { c = Contents() }
            return (c.events, c.samples)
        }
    }
}
