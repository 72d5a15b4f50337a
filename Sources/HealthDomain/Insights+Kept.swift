import Platform
import Synchronization

extension Insights {
    /// `compute`, kept for the last few inputs: a frame of Today asks for insights three
    /// times (each summary card's context line and the insight cards), and every frame after
    /// it asks again with the same days until they change.
    public static func kept(_ totals: [DailyTotal], today: DayKey, goal: Double, calendar: LocalCalendar,
                            weekEnding: DayKey? = nil) -> Insights {
        let key = KeptInsights.Key(totals: totals, today: today, goal: goal, calendar: calendar, weekEnding: weekEnding)
        if let found = KeptInsights.shared.find(key) { return found }
        let insights = compute(totals, today: today, goal: goal, calendar: calendar, weekEnding: weekEnding)
        KeptInsights.shared.keep(key, insights)
        return insights
    }
}

/// The last few insights computed, oldest replaced first. Comparing a key is cheap when the
/// days are the same array as before (an array equals its own storage at once).
private final class KeptInsights: Sendable {
    struct Key: Equatable, Sendable {
        var totals: [DailyTotal]
        var today: DayKey
        var goal: Double
        var calendar: LocalCalendar
        var weekEnding: DayKey?
    }

    static let shared = KeptInsights()
    private static let capacity = 6
    private let kept = Mutex<(entries: [(key: Key, insights: Insights)], next: Int)>(([], 0))

    func find(_ key: Key) -> Insights? {
        kept.withLock { $0.entries.first { $0.key == key }?.insights }
    }

    func keep(_ key: Key, _ insights: Insights) {
        kept.withLock { kept in
            if kept.entries.count < Self.capacity {
                kept.entries.append((key, insights))
            } else {
                kept.entries[kept.next] = (key, insights)
                kept.next = (kept.next + 1) % Self.capacity
            }
        }
    }
}
