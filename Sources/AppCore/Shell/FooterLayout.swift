import TerminalUI

/// Which key hints fit in the footer: every hint keeps its place, and while the
/// line is too long the lowest-priority hint (the rightmost of equals) goes.
enum FooterLayout {
    static func width(_ h: KeyHint) -> Int { TextWidth.of(h.label) + TextWidth.of(h.title) + 3 }
    static func width(_ items: [KeyHint]) -> Int { items.reduce(0) { $0 + width($1) } }

    static func fit(screen: [KeyHint], global: [KeyHint], width available: Int) -> (left: [KeyHint], right: [KeyHint]) {
        var left = screen, right = global
        // A gap of at least one column between the two groups.
        while width(left) + width(right) + (left.isEmpty || right.isEmpty ? 0 : 1) > available + 2 && !(left.isEmpty && right.isEmpty) {
            let candidates = left.enumerated().map { (side: 0, index: $0.offset, priority: $0.element.priority) }
                + right.enumerated().map { (side: 1, index: $0.offset, priority: $0.element.priority) }
            let lowest = candidates.min { a, b in
                a.priority != b.priority ? a.priority < b.priority : (a.side, a.index) > (b.side, b.index)
            }!
            if lowest.side == 0 { left.remove(at: lowest.index) } else { right.remove(at: lowest.index) }
        }
        return (left, right)
    }
}
