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
    /// The footer's shorter wording when this binding stands for a pair there
    /// ("←/→ Days" for "←/h Previous day" and "→/l Next day"); help keeps `title`.
    public var footerTitle: String?

    public init(_ keys: [Key], _ label: String? = nil, _ title: String, _ action: Action, footer: Bool = true, priority: Int? = nil,
                footerTitle: String? = nil) {
        self.keys = keys
        self.label = label ?? keys.map(\.label).joined(separator: "/")
        self.title = title
        self.action = action
        self.inFooter = footer
        self.priority = priority ?? (keys.contains(.escape) ? 4 : keys.contains(.ctrl("s")) ? 3 : 1)
        self.footerTitle = footerTitle
    }

    /// Every key of the binding, as help lists it ("←/h", "?/F1", ":/Ctrl-P").
    public var helpLabel: String { Key.helpLabel(keys) }

    public func matches(_ key: Key) -> Bool { keys.contains(key) }
}

public extension Array {
    func action<A>(for key: Key) -> A? where Element == Binding<A> {
        first { $0.matches(key) }?.action
    }
}

/// A footer hint or help line, independent of the action type.
public struct KeyHint: Equatable, Sendable {
    /// The footer's label ("←/→").
    public var label: String
    /// Help's (and the palette's) wording.
    public var title: String
    public var inFooter: Bool
    public var priority: Int
    /// The key a click on the hint presses (and the palette runs).
    public var key: Key?
    /// Every key that does this (help lists them all).
    public var keys: [Key]
    /// The footer's wording, when shorter than help's.
    public var footerTitle: String?

    public init<A>(_ b: Binding<A>) {
        label = b.label
        title = b.title
        inFooter = b.inFooter
        priority = b.priority
        key = b.keys.first
        keys = b.keys
        footerTitle = b.footerTitle
    }

    public init(label: String, title: String, inFooter: Bool = true, priority: Int = 1, key: Key? = nil, keys: [Key]? = nil,
                footerTitle: String? = nil) {
        self.label = label
        self.title = title
        self.inFooter = inFooter
        self.priority = priority
        self.key = key
        self.keys = keys ?? key.map { [$0] } ?? []
        self.footerTitle = footerTitle
    }

    /// Arrows named as words ("Left/h"): set by `namingArrows()`.
    public var namesArrows = false

    /// Help's label: every key ("←/h"); the footer label when the hint has no keys.
    public var helpLabel: String {
        let keysLabel = keys.isEmpty ? label : Key.helpLabel(keys)
        return namesArrows ? Self.arrowsNamed(keysLabel) : keysLabel
    }

    /// The hint with its arrows as words. Without UTF-8 an arrow would be drawn as
    /// `<`, `>`, `^` or `v`: characters a user would press, and that do nothing.
    public func namingArrows() -> KeyHint {
        var named = self
        named.label = Self.arrowsNamed(label)
        named.namesArrows = true
        return named
    }

    static func arrowsNamed(_ label: String) -> String {
        let names: [Character: String] = ["←": "Left", "→": "Right", "↑": "Up", "↓": "Down"]
        var out = ""
        var previousWasArrow = false
        for c in label {
            if let name = names[c] {
                // "←↑↓→" (every arrow) reads "Left/Up/Down/Right".
                out += (previousWasArrow ? "/" : "") + name
                previousWasArrow = true
            } else {
                out.append(c)
                previousWasArrow = false
            }
        }
        return out
    }
    /// The footer's wording.
    public var shortTitle: String { footerTitle ?? title }
}

public extension Key {
    /// Keys as help lists them: each once, in order, joined with "/".
    static func helpLabel(_ keys: [Key]) -> String {
        var seen: [String] = []
        for k in keys where !seen.contains(k.label) { seen.append(k.label) }
        return seen.joined(separator: "/")
    }
}
