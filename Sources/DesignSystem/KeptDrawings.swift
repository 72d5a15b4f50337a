import Synchronization

/// The last few drawings made, by what they depend on: a frame that draws the same thing
/// as the frame before takes it from here instead of drawing it again. Oldest replaced first.
final class KeptDrawings<Key: Equatable & Sendable, Drawing: Sendable>: Sendable {
    private let kept: Mutex<(drawings: [(key: Key, drawing: Drawing)], next: Int)>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        kept = Mutex(([], 0))
    }

    /// The drawing kept for `key`, or `draw(key)`, kept from now on.
    func drawing(for key: Key, _ draw: (Key) -> Drawing) -> Drawing {
        if let found = kept.withLock({ $0.drawings.first { $0.key == key }?.drawing }) { return found }
        let drawing = draw(key)
        kept.withLock { kept in
            if kept.drawings.count < capacity {
                kept.drawings.append((key, drawing))
            } else {
                kept.drawings[kept.next] = (key, drawing)
                kept.next = (kept.next + 1) % capacity
            }
        }
        return drawing
    }
}
