/// Assigns terminal colour pairs to (foreground, background) combinations.
/// A terminal has a fixed number of pairs; when a frame needs more new ones
/// than are free, every pair is handed out again from scratch *before* the
/// frame is drawn and the whole frame is repainted, so no cell drawn in this
/// frame keeps a pair that was redefined under it.
public struct ColorPairs: Sendable {
    public struct Colors: Hashable, Sendable {
        public var fg: Int32
        public var bg: Int32
        public init(fg: Int32, bg: Int32) {
            self.fg = fg
            self.bg = bg
        }
    }

    public struct Plan: Sendable, Equatable {
        /// Pairs to (re)define before drawing, in order.
        public var definitions: [(pair: Int32, colors: Colors)]
        /// Every pair defined before is forgotten: repaint every cell.
        public var repaintAll: Bool

        public static func == (a: Plan, b: Plan) -> Bool {
            a.repaintAll == b.repaintAll && a.definitions.map(\.pair) == b.definitions.map(\.pair)
                && a.definitions.map(\.colors) == b.definitions.map(\.colors)
        }
    }

    public let capacity: Int
    private var assigned: [Colors: Int32] = [:]

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The pair for `colors` once a plan including it was made; 0 (the
    /// terminal's default colours) when a frame had more colours than the
    /// terminal has pairs.
    public func pair(for colors: Colors) -> Int32 { assigned[colors] ?? 0 }

    /// Forgets every pair and assigns `frame`'s colours from scratch.
    public mutating func replan(_ frame: Set<Colors>) -> Plan {
        assigned.removeAll()
        var plan = plan(frame)
        plan.repaintAll = true
        return plan
    }

    /// Plans the pairs for the colours a frame changes (colours already on
    /// screen keep theirs). `repaintAll` means the caller must `replan` with
    /// every colour of the frame and redraw every cell.
    public mutating func plan(_ frame: Set<Colors>) -> Plan {
        let missing = frame.filter { assigned[$0] == nil }
        var repaintAll = false
        if assigned.count + missing.count > capacity {
            assigned.removeAll()
            repaintAll = true
        }
        var definitions: [(Int32, Colors)] = []
        // Sorted so the same frame always gets the same pairs.
        let toAdd = (repaintAll ? Array(frame) : Array(missing)).sorted { ($0.fg, $0.bg) < ($1.fg, $1.bg) }
        for colors in toAdd where assigned.count < capacity {
            let pair = Int32(assigned.count + 1)
            assigned[colors] = pair
            definitions.append((pair, colors))
        }
        return Plan(definitions: definitions, repaintAll: repaintAll)
    }
}
