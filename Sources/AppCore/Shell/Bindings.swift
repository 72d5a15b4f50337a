import TerminalUI

/// One key binding: the keys, how they are shown, what they do, and whether the
/// footer lists it. The same table handles the key and writes the help overlay.
public struct Binding<Action>: Sendable where Action: Sendable {
    public var keys: [Key]
    public var label: String
    public var title: String
    public var action: Action
    public var inFooter: Bool
    /// When the footer is too narrow, lower priorities give way first. Esc
    /// (cancel, back) and Ctrl-S (save) are kept to the last.
    public var priority: Int

    public init(_ keys: [Key], _ label: String? = nil, _ title: String, _ action: Action, footer: Bool = true, priority: Int? = nil) {
        self.keys = keys
        self.label = label ?? keys.map(\.label).joined(separator: "/")
        self.title = title
        self.action = action
        self.inFooter = footer
        self.priority = priority ?? (keys.contains(.escape) ? 4 : keys.contains(.ctrl("s")) ? 3 : 1)
    }

    public func matches(_ key: Key) -> Bool { keys.contains(key) }
}

public extension Array {
    func action<A>(for key: Key) -> A? where Element == Binding<A> {
        first { $0.matches(key) }?.action
    }
}

/// A footer hint or help line, independent of the action type.
public struct KeyHint: Equatable, Sendable {
    public var label: String
    public var title: String
    public var inFooter: Bool
    public var priority: Int
    /// The key a click on the hint presses (and the palette runs).
    public var key: Key?

    public init<A>(_ b: Binding<A>) {
        label = b.label
        title = b.title
        inFooter = b.inFooter
        priority = b.priority
        key = b.keys.first
    }

    public init(label: String, title: String, inFooter: Bool = true, priority: Int = 1, key: Key? = nil) {
        self.label = label
        self.title = title
        self.inFooter = inFooter
        self.priority = priority
        self.key = key
    }
}
