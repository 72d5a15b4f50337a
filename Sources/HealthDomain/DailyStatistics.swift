import FoundationEssentials

/// Daily totals computed the way Apple Health's statistics do it:
/// - samples from different sources are merged by source priority: a lower
///   priority source counts only for the time no higher one already covers —
///   a sample whose value is 0 covers its time too (it says "nothing happened");
/// - a sample's value is spread evenly over its interval, and split at day
///   boundaries;
/// - days are local calendar days of `calendar` (so 23- and 25-hour DST days work).
public enum DailyStatistics {
    /// Highest first: kind priority, then source id so ties are deterministic.
    static func priorityOrder(_ a: HealthSource, _ b: HealthSource) -> Bool {
        if a.kind.defaultPriority != b.kind.defaultPriority { return a.kind.defaultPriority > b.kind.defaultPriority }
        return a.id < b.id
    }

    /// The longest range computed (100 years); a longer one keeps its most recent days.
    public static let maxDays = 36_600

    /// Daily values of `type` from the samples of that type: `dailyTotals` for
    /// cumulative types, `dailyAverages` for discrete ones.
    public static func dailyStatistics(of type: QuantityType, _ samples: [QuantitySample], from first: DayKey,
                                       through last: DayKey, calendar: LocalCalendar) -> [DailyTotal] {
        let own = samples.filter { $0.type == type }
        switch type.aggregation {
        case .cumulative: return dailyTotals(own, from: first, through: last, calendar: calendar)
        case .discrete: return dailyAverages(own, from: first, through: last, calendar: calendar)
        }
    }

    /// Cumulative sums per day (every day of the range, zero when nothing was recorded).
    public static func dailyTotals(_ samples: [QuantitySample], from first: DayKey, through last: DayKey,
                                   calendar: LocalCalendar) -> [DailyTotal] {
        let days = DayKey.days(from: first, through: last, calendar: calendar)
        guard let boundaries = boundaries(of: days, calendar: calendar) else { return [] }
        let rangeStart = boundaries[0], rangeEnd = boundaries[boundaries.count - 1]

        var totals = [Double](repeating: 0, count: days.count)
        var naive = [Double](repeating: 0, count: days.count)

        // Group by source as flat (start, end, value) spans: no hashing of
        // sources and no copies of samples (their strings) in the hot loop.
        var sources: [HealthSource] = []
        var spans: [[Span]] = []
        var lastSource = -1
        var naiveDay = DayCursor()
        // A 0 sample still claims its interval for its source, as in Apple Health:
        // a Watch minute of 0 steps is not filled in by the phone's count.
        for s in samples where s.value.isFinite && s.value >= 0 {
            let start = s.start.timeIntervalSinceReferenceDate, end = s.end.timeIntervalSinceReferenceDate
            guard end >= rangeStart, start < rangeEnd, end >= start else { continue }
            if lastSource < 0 || sources[lastSource] != s.source {
                if let known = sources.firstIndex(of: s.source) {
                    lastSource = known
                } else {
                    sources.append(s.source)
                    spans.append([])
                    lastSource = sources.count - 1
                }
            }
            spans[lastSource].append(Span(start: start, end: end, value: s.value))
            if start >= rangeStart, let i = naiveDay.index(start, boundaries) { naive[i] += s.value }
        }

        var covered: [(Double, Double)] = [] // disjoint, sorted intervals already counted
        var day = DayCursor()
        for source in sources.indices.sorted(by: { priorityOrder(sources[$0], sources[$1]) }) {
            var list = spans[source]
            spans[source] = []
            // Usually already in order; the sort is stable, so equal starts keep the input's order.
            if !isInOrder(list) { list.sort { $0.start < $1.start } }
            var levelIntervals: [(Double, Double)] = []
            var maxEnd = -Double.infinity
            var pointer = 0
            for s in list {
                let start = s.start, end = s.end
                if end <= start {
                    // An instantaneous sample counts fully unless that instant is covered.
                    if start >= maxEnd, !isCovered(start, covered), let i = day.index(start, boundaries) {
                        totals[i] += s.value
                    }
                    continue
                }
                let duration = end - start
                // Parts already counted by this same source (earlier-starting samples).
                var from = max(start, maxEnd)
                maxEnd = max(maxEnd, end)
                guard from < end else { continue }
                // Walk the higher-priority coverage; `from` never decreases, so the pointer is monotone.
                while pointer < covered.count && covered[pointer].1 <= from { pointer += 1 }
                var p = pointer
                while from < end {
                    if p < covered.count && covered[p].0 < end {
                        let (cs, ce) = covered[p]
                        if cs > from { addPiece(from, cs, s.value / duration, boundaries, &totals, &day) }
                        from = max(from, ce)
                        p += 1
                    } else {
                        addPiece(from, end, s.value / duration, boundaries, &totals, &day)
                        from = end
                    }
                }
                if let lastInterval = levelIntervals.last, start <= lastInterval.1 {
                    levelIntervals[levelIntervals.count - 1].1 = max(lastInterval.1, end)
                } else {
                    levelIntervals.append((start, end))
                }
            }
            covered = mergeSorted(covered, levelIntervals)
        }
        return days.indices.map { DailyTotal(day: days[$0], value: totals[$0], naiveSum: naive[$0]) }
    }

    /// Discrete values (heart rate, HRV) per day: the AVERAGE of the samples,
    /// not a time-weighted average — such samples are mostly instants, which
    /// have no duration to weigh by. Per day only the highest-priority source
    /// with samples that day counts (a phone app copying the watch's reading
    /// would otherwise count it twice); `naiveSum` holds the plain average of
    /// every source. A sample with a duration that crosses midnight counts on
    /// each day with the share of its duration there (half and half for
    /// 23:00–01:00). Days without samples are left out: there is no value,
    /// and 0 bpm would be a lie.
    public static func dailyAverages(_ samples: [QuantitySample], from first: DayKey, through last: DayKey,
                                     calendar: LocalCalendar) -> [DailyTotal] {
        let days = DayKey.days(from: first, through: last, calendar: calendar)
        guard let boundaries = boundaries(of: days, calendar: calendar) else { return [] }
        struct Mean { var weight = 0.0, weighted = 0.0 }
        var bySource = [[HealthSource: Mean]](repeating: [:], count: days.count)
        var naive = [Mean](repeating: Mean(), count: days.count)
        func add(_ i: Int, _ w: Double, _ s: QuantitySample) {
            guard w > 0 else { return }
            bySource[i][s.source, default: Mean()].weight += w
            bySource[i][s.source, default: Mean()].weighted += w * s.value
            naive[i].weight += w
            naive[i].weighted += w * s.value
        }
        for s in samples where s.value.isFinite && s.value > 0 {
            let start = s.start.timeIntervalSinceReferenceDate, end = s.end.timeIntervalSinceReferenceDate
            guard start.isFinite, end.isFinite else { continue }
            if end <= start {
                if let i = dayIndex(start, boundaries) { add(i, 1, s) }
                continue
            }
            let duration = end - start
            var lo = max(start, boundaries[0])
            let hi = min(end, boundaries[boundaries.count - 1])
            guard lo < hi, var i = dayIndex(lo, boundaries) else { continue }
            while lo < hi && i < days.count {
                let pieceEnd = min(hi, boundaries[i + 1])
                add(i, (pieceEnd - lo) / duration, s)
                lo = pieceEnd
                i += 1
            }
        }
        return days.indices.compactMap { i in
            guard let source = bySource[i].keys.sorted(by: priorityOrder).first, let m = bySource[i][source], m.weight > 0 else { return nil }
            return DailyTotal(day: days[i], value: m.weighted / m.weight, naiveSum: naive[i].weighted / naive[i].weight)
        }
    }

    /// Start of each day, then the end of the last; nil for no days.
    private static func boundaries(of days: [DayKey], calendar: LocalCalendar) -> [Double]? {
        guard let last = days.last else { return nil }
        var out = days.map { $0.startDate(in: calendar).timeIntervalSinceReferenceDate }
        let next = last.adding(days: 1)
        // The latest supported day has no next day: end it 24 hours after it starts.
        out.append(next > last ? next.startDate(in: calendar).timeIntervalSinceReferenceDate : out[out.count - 1] + 86_400)
        return out
    }

    /// The naive answer, for comparison: every sample's value added to the day it starts on.
    public static func naiveTotals(_ samples: [QuantitySample], from first: DayKey, through last: DayKey,
                                   calendar: LocalCalendar) -> [DailyTotal] {
        dailyTotals(samples, from: first, through: last, calendar: calendar).map {
            DailyTotal(day: $0.day, value: $0.naiveSum, naiveSum: $0.naiveSum)
        }
    }

    private static func isInOrder(_ list: [Span]) -> Bool {
        var previous = -Double.infinity
        for s in list {
            if s.start < previous { return false }
            previous = s.start
        }
        return true
    }

    /// A sample's interval and value, all the totals loop needs.
    struct Span {
        var start: Double, end: Double, value: Double
    }

    /// `dayIndex` that first tries the day it answered last: samples mostly
    /// come in time order, so this skips the binary search.
    struct DayCursor {
        private var last = 0
        mutating func index(_ t: Double, _ boundaries: [Double]) -> Int? {
            if last + 1 < boundaries.count, t >= boundaries[last], t < boundaries[last + 1] { return last }
            guard let i = DailyStatistics.dayIndex(t, boundaries) else { return nil }
            last = i
            return i
        }
    }

    /// Adds `rate × length` of [a, b) to the days it spans.
    private static func addPiece(_ a: Double, _ b: Double, _ rate: Double, _ boundaries: [Double], _ totals: inout [Double],
                                 _ day: inout DayCursor) {
        var lo = max(a, boundaries[0])
        let hi = min(b, boundaries[boundaries.count - 1])
        guard lo < hi, var i = day.index(lo, boundaries) else { return }
        while lo < hi && i < totals.count {
            let dayEnd = boundaries[i + 1]
            let pieceEnd = min(hi, dayEnd)
            totals[i] += rate * (pieceEnd - lo)
            lo = pieceEnd
            i += 1
        }
    }

    /// Index of the day containing `t` (binary search), nil outside the range.
    fileprivate static func dayIndex(_ t: Double, _ boundaries: [Double]) -> Int? {
        guard t >= boundaries[0], t < boundaries[boundaries.count - 1] else { return nil }
        var lo = 0, hi = boundaries.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if boundaries[mid] <= t { lo = mid } else { hi = mid }
        }
        return lo
    }

    private static func isCovered(_ t: Double, _ covered: [(Double, Double)]) -> Bool {
        var lo = 0, hi = covered.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if covered[mid].1 <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo < covered.count && covered[lo].0 <= t
    }

    /// Union of two sorted lists of disjoint intervals.
    private static func mergeSorted(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let next: (Double, Double)
            if j >= b.count || (i < a.count && a[i].0 <= b[j].0) { next = a[i]; i += 1 } else { next = b[j]; j += 1 }
            if let last = result.last, next.0 <= last.1 {
                result[result.count - 1].1 = max(last.1, next.1)
            } else {
                result.append(next)
            }
        }
        return result
    }
}
