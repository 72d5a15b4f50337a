/// What a click on part of the screen does: press a key, or send the screen a message.
public enum ClickAction: Sendable {
    case key(Key)
    case message(any Sendable)
}

/// A clickable rectangle, recorded while a frame is drawn.
public struct ClickTarget: Sendable {
    public var rect: Rect
    public var action: ClickAction
    public init(_ rect: Rect, _ action: ClickAction) {
        self.rect = rect
        self.action = action
    }
}

public extension Buffer {
    /// Records that a click inside `rect` does `action`; later targets sit on top.
    mutating func addClickTarget(_ rect: Rect, _ action: ClickAction) {
        guard !rect.isEmpty else { return }
        clickTargets.append(ClickTarget(rect.intersection(bounds), action))
    }

    /// A modal layer (sheet, dialog, overlay) covers what was drawn under it: nothing beneath stays clickable.
    mutating func clearClickTargets() { clickTargets.removeAll() }

    /// Forgets the targets recorded after the first `count` (what a part drew that is not to be clickable).
    mutating func removeClickTargets(after count: Int) {
        guard count < clickTargets.count else { return }
        clickTargets.removeSubrange(max(0, count)...)
    }

    /// The topmost target under `point`.
    func clickAction(at point: Point) -> ClickAction? {
        clickTargets.last { $0.rect.contains(point) }?.action
    }
}
