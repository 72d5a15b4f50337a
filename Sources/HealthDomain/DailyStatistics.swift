import FoundationEssentials
import Platform

/// Daily totals computed the way Apple Health's statistics do it:
/// - samples from different sources are merged by source priority: a lower
///   priority source counts only for the time no higher one already covers —
///   a sample whose value is 0 covers its time too (it says "nothing happened");
/// - a sample's value is spread evenly over its interval, and split at day
///   boundaries;
/// - days are local calendar days of `calendar` (so 23- and 25-hour DST days work).
public enum DailyStatistics {
    /// Highest first: kind priority, then source id so ties are deterministic.
    public static func priorityOrder(_ a: HealthSource, _ b: HealthSource) -> Bool {
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
        // Sources numbered in order of first appearance, then ranked once. A sample's source is
        // compared with the last one's, then with the first four seen (a watch and a phone
        // taking turns), before it is hashed: a HealthSource hashes two Strings.
        var sources: [HealthSource] = []
        var sourceIndex: [HealthSource: Int32] = [:]
        var spans: [RankedSpan] = []
        spans.reserveCapacity(samples.count)
        var lastSource: Int32 = -1
        for s in samples {
            var number: Int32 = -1
            if lastSource >= 0, sources[Int(lastSource)] == s.source {
                number = lastSource
            } else {
                for (n, known) in sources.prefix(4).enumerated() where known == s.source {
                    number = Int32(n)
                    break
                }
            }
            if number < 0 {
                if let known = sourceIndex[s.source] {
                    number = known
                } else {
                    number = Int32(sources.count)
                    sourceIndex[s.source] = number
                    sources.append(s.source)
                }
            }
            lastSource = number
            spans.append(RankedSpan(start: s.start.timeIntervalSinceReferenceDate, end: s.end.timeIntervalSinceReferenceDate,
                                    value: s.value, rank: number))
        }
        var rank = [Int32](repeating: 0, count: sources.count)
        for (r, source) in sources.indices.sorted(by: { priorityOrder(sources[$0], sources[$1]) }).enumerated() { rank[source] = Int32(r) }
        spans.withUnsafeMutableBufferPointer { spans in
            for i in spans.indices { spans[i].rank = rank[Int(spans[i].rank)] }
        }
        return dailyTotals(spans: consume spans, from: first, through: last, calendar: calendar)
    }

    /// One sample as the merge needs it: seconds since the reference date, its
    /// value, and its source's rank (0 is the most trusted). For callers that
    /// number their sources themselves (the import), so no source is hashed.
    public struct RankedSpan: Sendable {
        public var start: Double, end: Double, value: Double, rank: Int32
        /// Its position among the spans given (equal starts keep that order); it fits in the
        /// padding after `rank`, so a span stays 32 bytes.
        var order: Int32 = 0

        public init(start: Double, end: Double, value: Double, rank: Int32) {
            self.start = start
            self.end = end
            self.value = value
            self.rank = rank
        }
    }

    /// Cumulative sums per day from ranked spans: the cost grows with the
    /// spans, never with the number of sources. The spans' memory is reused for the
    /// merge (one array of the samples' size, not three): pass them without keeping a copy.
    public static func dailyTotals(spans: consuming [RankedSpan], from first: DayKey, through last: DayKey,
                                   calendar: LocalCalendar) -> [DailyTotal] {
        let days = DayKey.days(from: first, through: last, calendar: calendar)
        guard let boundaries = boundaries(of: days, calendar: calendar) else { return [] }
        let rangeStart = boundaries[0], rangeEnd = boundaries[boundaries.count - 1]

        var totals = [Double](repeating: 0, count: days.count)
        var naive = [Double](repeating: 0, count: days.count)
        var naiveDay = DayCursor()
        // A 0 sample still claims its interval for its source, as in Apple Health:
        // a Watch minute of 0 steps is not filled in by the phone's count.
        var kept = 0
        spans.withUnsafeMutableBufferPointer { spans in
            for i in spans.indices {
                var s = spans[i]
                guard s.value.isFinite, s.value >= 0, s.end >= rangeStart, s.start < rangeEnd, s.end >= s.start else { continue }
                s.order = Int32(truncatingIfNeeded: i)
                spans[kept] = s
                kept += 1
                if s.start >= rangeStart, let i = naiveDay.index(s.start, boundaries) { naive[i] += s.value }
            }
        }
        spans.removeLast(spans.count - kept)
        let instants = piecesAndInstants(&spans)
        spans.sort { $0.start < $1.start }
        let pieces = spans

        // One sweep through time: at every moment the highest-priority source
        // with a piece there counts, at that piece's rate — the time a higher
        // source covers is never counted again for a lower one. O(n log n) in
        // samples, whatever the number of sources.
        var day = DayCursor()
        var active = PieceHeap()
        var next = 0
        var winner: Int32 = -1, segmentStart = 0.0
        var t = pieces.first?.start ?? 0
        while next < pieces.count || !active.isEmpty {
            while next < pieces.count && pieces[next].start <= t { active.push(Int32(next), pieces); next += 1 }
            while let top = active.top, pieces[Int(top)].end <= t { active.pop(pieces) }
            let best = active.top ?? -1
            if best != winner {
                if winner >= 0, segmentStart < t { addPiece(segmentStart, t, pieces[Int(winner)].rate, boundaries, &totals, &day) }
                winner = best
                segmentStart = t
            }
            let nextStart = next < pieces.count ? pieces[next].start : Double.infinity
            let winnerEnd = winner >= 0 ? pieces[Int(winner)].end : Double.infinity
            let step = min(nextStart, winnerEnd)
            guard step.isFinite else { break }
            t = step
        }

        // Instants count unless a higher-priority source has a piece at that moment.
        if !instants.isEmpty {
            var covering = PieceHeap()
            next = 0
            for instant in instants {
                while next < pieces.count && pieces[next].start <= instant.time { covering.push(Int32(next), pieces); next += 1 }
                while let top = covering.top, pieces[Int(top)].end <= instant.time { covering.pop(pieces) }
                if let top = covering.top, pieces[Int(top)].rank < instant.rank { continue }
                if let i = day.index(instant.time, boundaries) { totals[i] += instant.value }
            }
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

    /// The part of a sample its own source counts: [start, end) at `rate` per second; `rank` 0
    /// is the highest priority. Kept in a `RankedSpan` (its `value` is the rate), so the spans'
    /// array becomes the pieces' in place.
    typealias Piece = RankedSpan

    /// A sample without duration: counted whole at its instant.
    struct Instant {
        var time: Double, value: Double, rank: Int32
    }

    /// Each source's time, once: a sample counts from where the source's earlier-starting
    /// samples end (`Piece`s of one source never overlap); an instantaneous sample counts
    /// unless one of them covers it. `spans` are sorted by start (equal starts by `order`)
    /// and become the pieces, in order of start; the instants come back by time (equal
    /// times by rank, the sum's order when sources were read one at a time).
    ///
    /// In order of start, each source's end so far kept by rank: a source's samples are met
    /// in the order they would be met one source at a time, so its pieces and instants are
    /// the same, whatever the number of sources (samples are mostly listed in time order;
    /// sorted by source first, 100,000 sources made 100,000 runs to merge again). A piece
    /// never comes after the span it is cut from, so it is written over the spans already read.
    static func piecesAndInstants(_ spans: inout [RankedSpan]) -> [Instant] {
        spans.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            return a.order < b.order
        }
        var instants: [Instant] = []
        var ends = SourceEnds(spans.lazy.map(\.rank))
        var count = 0
        spans.withUnsafeMutableBufferPointer { spans in
            for i in spans.indices {
                let s = spans[i]
                let maxEnd = ends[s.rank]
                if s.end <= s.start {
                    if s.start >= maxEnd { instants.append(Instant(time: s.start, value: s.value, rank: s.rank)) }
                    continue
                }
                let from = max(s.start, maxEnd)
                ends[s.rank] = max(maxEnd, s.end)
                if from < s.end {
                    spans[count] = Piece(start: from, end: s.end, rate: s.value / (s.end - s.start), rank: s.rank)
                    count += 1
                }
            }
        }
        spans.removeLast(spans.count - count)
        instants.sort { $0.time != $1.time ? $0.time < $1.time : $0.rank < $1.rank }
        return instants
    }

    /// The latest end of each rank's samples so far (-∞ before the first): an array by
    /// rank when the ranks are few enough for one, else a table.
    struct SourceEnds {
        private var lowest: Int32 = 0
        private var byRank: [Double] = []
        private var byRankTable: [Int32: Double] = [:]
        private var dense = true

        init(_ ranks: some Sequence<Int32>) {
            var count = 0, lo = Int32.max, hi = Int32.min
            for rank in ranks {
                lo = min(lo, rank)
                hi = max(hi, rank)
                count += 1
            }
            guard count > 0 else { return }
            let width = Int(hi) - Int(lo) + 1
            lowest = lo
            dense = width <= 2 * count + 1024
            if dense { byRank = [Double](repeating: -.infinity, count: width) }
        }

        subscript(rank: Int32) -> Double {
            get { dense ? byRank[Int(rank) - Int(lowest)] : byRankTable[rank] ?? -.infinity }
            set {
                if dense { byRank[Int(rank) - Int(lowest)] = newValue } else { byRankTable[rank] = newValue }
            }
        }
    }

    /// The pieces under way, highest priority (lowest rank) on top; pieces that
    /// ended are dropped when they reach the top.
    struct PieceHeap {
        private var items: [Int32] = []
        var isEmpty: Bool { items.isEmpty }
        var top: Int32? { items.first }

        mutating func push(_ piece: Int32, _ pieces: [Piece]) {
            items.append(piece)
            var i = items.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard pieces[Int(items[i])].rank < pieces[Int(items[parent])].rank else { break }
                items.swapAt(i, parent)
                i = parent
            }
        }

        mutating func pop(_ pieces: [Piece]) {
            items.swapAt(0, items.count - 1)
            items.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var best = i
                if l < items.count, pieces[Int(items[l])].rank < pieces[Int(items[best])].rank { best = l }
                if r < items.count, pieces[Int(items[r])].rank < pieces[Int(items[best])].rank { best = r }
                if best == i { return }
                items.swapAt(i, best)
                i = best
            }
        }
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
}

extension DailyStatistics.RankedSpan {
    /// A piece: [start, end) at `rate` per second (kept in `value`).
    init(start: Double, end: Double, rate: Double, rank: Int32) {
        self.init(start: start, end: end, value: rate, rank: rank)
    }

    /// A piece's amount per second.
    var rate: Double { value }
}
