import Synchronization

/// The last few results of a pure function, by its input: asked again with an input it
/// keeps, it answers without computing (a frame that draws what the frame before drew).
/// Oldest replaced first. Shared by threads (a snapshot drawn off the run loop).
public final class KeptResults<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    // Inlinable, so each client's key type is compared in its own specialized code: unspecialized,
    // a look-up instantiated the generic tuple's metadata every call (a tenth of Month's chart).
    @usableFromInline let kept: Mutex<(results: [(key: Key, value: Value)], next: Int)>
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
        kept = Mutex(([], 0))
    }

    /// The result kept for `key`, or `compute(key)`, kept from now on.
    @inlinable
    public func result(for key: Key, _ compute: (Key) -> Value) -> Value {
        if let found = kept.withLock({ $0.results.first { $0.key == key }?.value }) { return found }
        let value = compute(key)
        kept.withLock { kept in
            if kept.results.count < capacity {
                kept.results.append((key, value))
            } else {
                kept.results[kept.next] = (key, value)
                kept.next = (kept.next + 1) % capacity
            }
        }
        return value
    }
}
