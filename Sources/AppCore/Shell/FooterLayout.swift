import TerminalUI

/// Which key hints fit in the footer: every hint keeps its place (the screen's
/// most used first), and while the line is too long the lowest-priority hint
/// (the rightmost of equals) goes. When any had to go, the help hint becomes
/// "? more" and is kept to the last: nothing is dropped silently.
enum FooterLayout {
    static func width(_ h: KeyHint) -> Int { TextWidth.of(h.label) + TextWidth.of(h.shortTitle) + 3 }
    static func width(_ items: [KeyHint]) -> Int { items.reduce(0) { $0 + width($1) } }

    /// True for the hint that opens help ("?" or, in a text field, "F1").
    static func isHelp(_ h: KeyHint) -> Bool { h.key == .char("?") || h.key == .function(1) }

    static func fit(screen: [KeyHint], global: [KeyHint], width available: Int, more: String? = nil) -> (left: [KeyHint], right: [KeyHint]) {
        let plain = drop(screen: screen, global: global, width: available)
        guard let more, plain.left.count + plain.right.count < screen.count + global.count,
              let helpIndex = global.firstIndex(where: isHelp) else { return plain }
        var global = global
        global[helpIndex].footerTitle = more
        global[helpIndex].priority = 100
        // "? more" closes the line, after the other global keys.
        global.append(global.remove(at: helpIndex))
        return drop(screen: screen, global: global, width: available)
    }

    private static func drop(screen: [KeyHint], global: [KeyHint], width available: Int) -> (left: [KeyHint], right: [KeyHint]) {
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
