import FoundationEssentials
import HealthDomain
import Platform
import HealthImport

/// Turns a stream of imported records into per-day values in flat memory.
///
/// While reading, each sample is spilled (32 bytes, source as a number) to the
/// bucket of its local month — a sample that ends in the next month goes to both.
/// At the end, once every source is known and ranked, each month is read back
/// alone and computed with `DailyStatistics` (the same merge the app uses
/// everywhere) with the ranking as source priority; sleep is read back month by
/// month in start order and cut into sessions as `SleepStatistics` does. Because a
/// month's bucket holds every sample that touches its days, the result equals
/// `DailyStatistics` over all samples at once, whatever order the export lists
/// its sources in.
final class DailyAggregator {
    static let sleepBucket = 5

    let calendar: LocalCalendar
    private let buckets: SpillBuckets
    private var locator: LocalDayLocator
    /// A record read by `HealthExportReader` brings its source's number in the import
    /// (`sourceIndex`, a position in `ImportSummary.sourceCounts`): it is the source's number
    /// here too, and nothing is kept per source (100,000 sources cost no table and no name
    /// held twice). Records built by hand come without one and are numbered by name. The
    /// first record decides; one aggregator does not take both kinds.
    private var keyed: Bool?
    /// Keyed: one more than the largest `sourceIndex` seen.
    private var keyedCount = 0
    /// Numbered by name: the names.
    private var sources = SourceNumbering()

    init(calendar: LocalCalendar, spillDirectory: URL, bufferBudget: Int = 65_536) throws {
        self.calendar = calendar
        locator = LocalDayLocator(calendar: calendar)
        buckets = try SpillBuckets(parent: spillDirectory, bufferBudget: bufferBudget)
    }

    /// Bytes written to the temporary folder so far.
    var spilledBytes: UInt64 { buckets.bytesWritten }

    func add(_ record: ImportedRecord) throws {
        let start = record.start.timeIntervalSinceReferenceDate, end = record.end.timeIntervalSinceReferenceDate
        guard start.isFinite, end.isFinite, end >= start else { return }
        let source = UInt32(truncatingIfNeeded: try number(of: record))
        let startMonth = month(containing: start)
        switch record.value {
        case .sleep(let stage):
            guard end > start else { return }
            let detail = UInt32(SleepStage.allCases.firstIndex(of: stage) ?? 0)
            try buckets.append(SpilledSample(start: start, end: end, value: 0, source: source, detail: detail),
                               to: .init(type: Self.sleepBucket, month: startMonth))
        case .quantity(let value):
            // A cumulative 0 (a Watch minute without steps) still owns its interval
            // in the merge; a discrete 0 (0 bpm, 0 ms) is no reading at all.
            let cumulative = Self.quantityType(record.type)?.aggregation == .cumulative
            guard value.isFinite, cumulative ? value >= 0 : value > 0 else { return }
            let type = Self.bucket(of: record.type)
            let sample = SpilledSample(start: start, end: end, value: value, source: source, detail: 0)
            try buckets.append(sample, to: .init(type: type, month: startMonth))
            let endMonth = month(containing: end)
            if endMonth != startMonth { try buckets.append(sample, to: .init(type: type, month: endMonth)) }
        }
    }

    /// The spill month of the day containing `t`: the day found last, read without changing
    /// `locator` (a mutating call on a class's property is checked for exclusivity at run
    /// time, twice per record), or else asked of it.
    @inline(__always)
    private func month(containing t: Double) -> Int {
        locator.knownDay(containing: t)?.month ?? locator.day(containing: t).month
    }

    private func number(of record: ImportedRecord) throws -> Int {
        let hasKey = record.sourceIndex != nil
        if keyed == nil { keyed = hasKey }
        guard keyed == hasKey else {
            throw ImportFailure.writeFailed("internal error: records with and without the import's source numbers were mixed")
        }
        guard let key = record.sourceIndex else { return sources.number(of: record.source, key: nil) }
        if key >= keyedCount { keyedCount = key + 1 }
        return key
    }

    /// The daily values, sources merged in `order` (names, most trusted first). `orderedIndices`:
    /// the same order as `ImportSummary.sourceCounts` positions; needed when the records were
    /// read by `HealthExportReader` (they are numbered by those positions).
    func finish(order: [String], orderedIndices: [Int]? = nil, fetchedAt: Date,
                isCancelled: () -> Bool = { false }) throws -> ImportedHealthData {
        let positions: [Int]
        if keyed == true {
            guard let orderedIndices else {
                throw ImportFailure.writeFailed("internal error: the sources' order by position is missing")
            }
            positions = Self.positions(count: keyedCount, orderedIndices: orderedIndices, orderCount: order.count)
        } else {
            positions = Self.positions(names: self.sources.names, order: order)
        }
        // Sleep and discrete types merge `HealthSource`s; steps, energy and exercise only ranks.
        let needsSources = buckets.keys.contains {
            $0.type == Self.sleepBucket || Self.quantityType(bucket: $0.type)?.aggregation == .discrete
        }
        var sources: [HealthSource] = []
        if needsSources {
            let names = keyed == true ? positions.map { $0 < order.count ? order[$0] : "" } : self.sources.names
            sources = Self.healthSources(names: names, positions: positions)
        }
        // The merge's rank of each source number: the order `DailyStatistics.priorityOrder` gives these
        // sources (all of one kind, ids in order of position), counted out without sorting.
        var numberAt = [Int32](repeating: -1, count: (positions.max() ?? -1) + 1)
        for (number, position) in positions.enumerated() { numberAt[position] = Int32(number) }
        var ranks = [Int32](repeating: 0, count: positions.count)
        var rank: Int32 = 0
        for number in numberAt where number >= 0 {
            ranks[Int(number)] = rank
            rank += 1
        }
        var data = ImportedHealthData()
        var sleep = SleepNightAccumulator(calendar: calendar)
        for key in buckets.keys {
            if isCancelled() { throw ImportFailure.read(.cancelled) }
            var spilled = try buckets.samples(key)
            if key.type == Self.sleepBucket {
                let sorted = spilled.sorted { $0.start < $1.start }
                for s in sorted {
                    let stage = SleepStage.allCases[Int(s.detail) < SleepStage.allCases.count ? Int(s.detail) : 0]
                    sleep.add(CategorySample(id: "", stage: stage, start: Date(timeIntervalSinceReferenceDate: s.start),
                                             end: Date(timeIntervalSinceReferenceDate: s.end), source: sources[Int(s.source)]))
                }
                continue
            }
            guard let type = Self.quantityType(bucket: key.type) else { continue }
            let month = locator.days(ofMonth: key.month)
            let days: [DailyTotal]
            if type.aggregation == .cumulative {
                // Sources are numbered already: their rank goes in, no name is hashed (100,000 sources cost nothing more).
                let spans = spilled.map {
                    DailyStatistics.RankedSpan(start: $0.start, end: $0.end, value: $0.value, rank: ranks[Int($0.source)])
                }
                spilled = []   // the month's samples are not held while the merge runs
                days = DailyStatistics.dailyTotals(spans: consume spans, from: month.first, through: month.last, calendar: calendar)
            } else {
                let samples = spilled.map {
                    QuantitySample(id: "", type: type, value: $0.value, start: Date(timeIntervalSinceReferenceDate: $0.start),
                                   end: Date(timeIntervalSinceReferenceDate: $0.end), source: sources[Int($0.source)])
                }
                days = DailyStatistics.dailyAverages(samples, from: month.first, through: month.last, calendar: calendar)
            }
            store(days, of: type, into: &data, fetchedAt: fetchedAt)
        }
        let nights = sleep.finish()
        if !nights.isEmpty { data.totals.merge(nights, fetchedAt: fetchedAt) }
        return data
    }

    /// Removes the temporary files.
    func discard() { buckets.remove() }

    // MARK: - Helpers

    private func store(_ days: [DailyTotal], of type: QuantityType, into data: inout ImportedHealthData, fetchedAt: Date) {
        let kept = type.aggregation == .cumulative ? days.filter { $0.value > 0 || $0.naiveSum > 0 } : days
        guard !kept.isEmpty else { return }
        data.totals.merge(kept, for: type, fetchedAt: fetchedAt)
        data.naive.merge(kept.map { DailyTotal(day: $0.day, value: $0.naiveSum) }, for: type, fetchedAt: fetchedAt)
    }

    /// One `HealthSource` per source number; ids sort in ranking order so that
    /// `DailyStatistics` (same kind, then id) follows the ranking exactly.
    static func healthSources(names: [String], order: [String]) -> [HealthSource] {
        healthSources(names: names, positions: positions(names: names, order: order))
    }

    /// Ids "000042": they sort as their numbers do.
    static func healthSources(names: [String], positions: [Int]) -> [HealthSource] {
        zip(names, positions).map { HealthSource(id: String.zeroPadded($1, width: 6), name: $0, kind: .app) }
    }

    /// For sources numbered by their summary positions `0..<count`: each one's place in the
    /// merge order, read from `orderedIndices` (the summary positions, most trusted first). A
    /// number the order leaves out (none should) goes after all of it, in number order.
    static func positions(count: Int, orderedIndices: [Int], orderCount: Int) -> [Int] {
        var positions = [Int](repeating: -1, count: count)
        for (position, index) in orderedIndices.enumerated() where index >= 0 && index < count && positions[index] < 0 {
            positions[index] = position
        }
        var next = max(orderCount, orderedIndices.count)
        for number in positions.indices where positions[number] < 0 {
            positions[number] = next
            next += 1
        }
        return positions
    }

    /// Where each name is in the merge order: its place in `order`, or after all of
    /// `order` alphabetically for names it leaves out. Each name is hashed once.
    static func positions(names: [String], order: [String]) -> [Int] {
        let rank = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var positions = names.map { rank[$0] ?? -1 }
        let unranked = positions.indices.filter { positions[$0] < 0 }.sorted { names[$0] < names[$1] }
        for (offset, number) in unranked.enumerated() { positions[number] = order.count + offset }
        return positions
    }

    static func bucket(of type: ImportedType) -> Int {
        switch type {
        case .stepCount: return 0
        case .activeEnergy: return 1
        case .exerciseTime: return 2
        case .restingHeartRate: return 3
        case .heartRateVariability: return 4
        case .sleepAnalysis: return sleepBucket
        }
    }

    static func quantityType(bucket: Int) -> QuantityType? {
        switch bucket {
        case 0: return .stepCount
        case 1: return .activeEnergyBurned
        case 2: return .appleExerciseTime
        case 3: return .restingHeartRate
        case 4: return .heartRateVariabilitySDNN
        default: return nil
        }
    }

    static func quantityType(_ type: ImportedType) -> QuantityType? { quantityType(bucket: bucket(of: type)) }
}

/// Nights from sleep samples fed in start order, one session at a time, with the
/// rules of `SleepStatistics.nights` (each finished session is handed to it, so
/// the two cannot drift apart): only the open session is held in memory.
struct SleepNightAccumulator {
    let calendar: LocalCalendar
    private var session: [CategorySample] = []
    private var sessionEnd = Date.distantPast
    private var nights: [DayKey: SleepNight] = [:]

    init(calendar: LocalCalendar) { self.calendar = calendar }

    mutating func add(_ sample: CategorySample) {
        guard sample.end > sample.start else { return }
        if !session.isEmpty && sample.start.timeIntervalSince(sessionEnd) >= SleepStatistics.sessionGap { close() }
        sessionEnd = session.isEmpty ? sample.end : max(sessionEnd, sample.end)
        session.append(sample)
    }

    mutating func finish() -> [SleepNight] {
        close()
        return nights.values.sorted { $0.night < $1.night }
    }

    private mutating func close() {
        defer { session.removeAll(keepingCapacity: true) }
        guard !session.isEmpty else { return }
        for night in SleepStatistics.nights(session, from: .earliest, through: .latest, calendar: calendar) {
            if var known = nights[night.night] {
                known.asleepMinutes += night.asleepMinutes
                known.inBedMinutes += night.inBedMinutes
                known.start = min(known.start, night.start)
                known.end = max(known.end, night.end)
                nights[night.night] = known
            } else {
                nights[night.night] = night
            }
        }
    }
}
