import FoundationEssentials
import Platform

/// Nights of sleep from raw intervals of any number of sources.
///
/// - Sources overlap (a watch's stages, a phone's in-bed and asleep guesses), so
///   minutes are the length of the UNION of intervals, never a sum.
/// - Intervals closer than `sessionGap` form one session (getting up for a
///   while at night does not split the night, even across midnight).
/// - A session belongs to the night of the local day on which it ENDS (the
///   day containing its last instant, so one ending at 00:00 exactly belongs
///   to the day before). A night keyed 2026-11-22 is the sleep that ended on
///   the morning of the 22nd; an afternoon nap ending that day joins it.
/// - In-bed minutes are the union of intervals of every stage; asleep minutes
///   the union of the asleep stages only.
public enum SleepStatistics {
    /// Gaps shorter than this keep two intervals in one session.
    public static let sessionGap: TimeInterval = 2 * 3600

    /// `samples` is taken, not copied: a caller that hands over a fresh array (the mock's
    /// generated year of nights) has it filtered and sorted in place, where a filter and a
    /// sort each made a copy — three arrays of the samples alive at once, the peak of a tour.
    public static func nights(_ samples: consuming [CategorySample], from first: DayKey, through last: DayKey,
                              calendar: LocalCalendar, sessionGap: TimeInterval = sessionGap) -> [SleepNight] {
        guard first <= last else { return [] }
        var valid = samples
        valid.removeAll {
            !($0.start.timeIntervalSinceReferenceDate.isFinite && $0.end.timeIntervalSinceReferenceDate.isFinite && $0.end > $0.start)
        }
        valid.sort { $0.start < $1.start }
        guard !valid.isEmpty else { return [] }

        var byNight: [DayKey: SleepNight] = [:]
        var session: [CategorySample] = []
        var sessionEnd = Date.distantPast
        func close() {
            guard let startSample = session.first else { return }
            let night = DayKey(sessionEnd.addingTimeInterval(-0.001), calendar: calendar)
            let inBed = unionLength(session.map { ($0.start, $0.end) })
            let asleep = unionLength(session.filter(\.stage.isAsleep).map { ($0.start, $0.end) })
            if night >= first && night <= last {
                var n = byNight[night] ?? SleepNight(night: night, asleepMinutes: 0, inBedMinutes: 0,
                                                     start: startSample.start, end: sessionEnd)
                n.asleepMinutes += asleep / 60
                n.inBedMinutes += inBed / 60
                n.start = min(n.start, startSample.start)
                n.end = max(n.end, sessionEnd)
                byNight[night] = n
            }
            session.removeAll()
        }
        for s in valid {
            if !session.isEmpty && s.start.timeIntervalSince(sessionEnd) >= sessionGap { close() }
            if session.isEmpty { sessionEnd = s.end } else { sessionEnd = max(sessionEnd, s.end) }
            session.append(s)
        }
        close()
        // Whole seconds, as the cache stores them, so a cached night equals a fresh one.
        return byNight.values.sorted { $0.night < $1.night }.map {
            var n = $0
            n.start = Date(timeIntervalSince1970: n.start.timeIntervalSince1970.rounded(.down))
            n.end = Date(timeIntervalSince1970: n.end.timeIntervalSince1970.rounded(.down))
            return n
        }
    }

    /// Seconds covered by the union of intervals.
    static func unionLength(_ intervals: [(Date, Date)]) -> TimeInterval {
        let sorted = intervals.sorted { $0.0 < $1.0 }
        var total: TimeInterval = 0
        var current: (Date, Date)?
        for (a, b) in sorted {
            if let c = current, a <= c.1 {
                current = (c.0, max(c.1, b))
            } else {
                if let c = current { total += c.1.timeIntervalSince(c.0) }
                current = (a, b)
            }
        }
        if let c = current { total += c.1.timeIntervalSince(c.0) }
        return total
    }
}
