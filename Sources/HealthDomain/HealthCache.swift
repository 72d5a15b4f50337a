import Foundation

/// Daily aggregates as cached on disk: per type, when they were fetched and the
/// value of each local day ("2026-11-22": 8412).
public struct HealthCacheData: Codable, Equatable, Sendable {
    public struct Series: Codable, Equatable, Sendable {
        public var fetchedAt: Date
        public var days: [String: Double]
        public init(fetchedAt: Date, days: [String: Double]) {
            self.fetchedAt = fetchedAt
            self.days = days
        }
    }

    public var types: [String: Series]
    public init(types: [String: Series] = [:]) { self.types = types }

    public func series(_ type: QuantityType) -> Series? { types[type.rawValue] }

    public func totals(_ type: QuantityType, from first: DayKey, through last: DayKey, calendar: Calendar) -> [DailyTotal] {
        guard let s = types[type.rawValue] else { return [] }
        var out: [DailyTotal] = []
        var d = first
        while d <= last {
            if let v = s.days[d.description] { out.append(DailyTotal(day: d, value: v)) }
            d = d.adding(days: 1, calendar: calendar)
        }
        return out
    }

    /// Splits into days on or after `day` and the days before it.
    public func partitioned(at day: DayKey) -> (recent: HealthCacheData, older: HealthCacheData) {
        var recent = HealthCacheData(), older = HealthCacheData()
        let cut = day.description // "yyyy-MM-dd" sorts like the dates it names
        for (type, series) in types {
            let new = series.days.filter { $0.key >= cut }, old = series.days.filter { $0.key < cut }
            recent.types[type] = Series(fetchedAt: series.fetchedAt, days: new)
            if !old.isEmpty { older.types[type] = Series(fetchedAt: series.fetchedAt, days: old) }
        }
        return (recent, older)
    }

    /// Merges another cache in; its days and fetch times win.
    public mutating func merge(_ other: HealthCacheData) {
        for (type, series) in other.types {
            var merged = types[type] ?? series
            merged.days.merge(series.days) { $1 }
            merged.fetchedAt = series.fetchedAt
            types[type] = merged
        }
    }

    /// Merges fresh totals in, keeping older days that were not refetched.
    public mutating func merge(_ totals: [DailyTotal], for type: QuantityType, fetchedAt: Date) {
        var series = types[type.rawValue] ?? Series(fetchedAt: fetchedAt, days: [:])
        for t in totals { series.days[t.day.description] = t.value }
        series.fetchedAt = fetchedAt
        types[type.rawValue] = series
    }
}

/// What the dashboard shows: totals for a range of days, from the cache or fresh.
public struct HealthSnapshot: Equatable, Sendable {
    public var steps: [DailyTotal]
    /// nil when active energy is not allowed (partial access).
    public var energy: [DailyTotal]?
    public var fetchedAt: Date
    public var isFromCache: Bool

    public init(steps: [DailyTotal], energy: [DailyTotal]?, fetchedAt: Date, isFromCache: Bool) {
        self.steps = steps
        self.energy = energy
        self.fetchedAt = fetchedAt
        self.isFromCache = isFromCache
    }

    public var isEmpty: Bool {
        steps.allSatisfy { $0.value == 0 } && (energy ?? []).allSatisfy { $0.value == 0 }
    }
}

/// The one path from provider to screen (and to `tmm-tui stats`): read the cache,
/// ask the provider for daily statistics, write the cache back.
///
/// The cache is two files: the recent days (`hotDays`, what the dashboard reads
/// for its first frame, small whatever the history) and the older days, read
/// and rewritten only when days move out of the recent window.
public struct HealthRepository: Sendable {
    public let provider: any HealthProvider
    public let cacheFile: VersionedFile<HealthCacheData>
    public let historyFile: VersionedFile<HealthCacheData>
    public let calendar: Calendar
    /// Days kept in the recent file, counting back from today.
    public static let hotDays = 62

    public static let cacheSchemaVersion = 1

    public init(provider: any HealthProvider, cacheURL: URL, calendar: Calendar) {
        self.provider = provider
        self.cacheFile = VersionedFile(url: cacheURL, schemaVersion: Self.cacheSchemaVersion)
        let history = cacheURL.deletingPathExtension().lastPathComponent + "-history.json"
        self.historyFile = VersionedFile(url: cacheURL.deletingLastPathComponent().appendingPathComponent(history),
                                         schemaVersion: Self.cacheSchemaVersion)
        self.calendar = calendar
    }

    /// Writes cached totals: recent days to the cache file, older ones merged into the history file.
    public func saveCache(_ data: HealthCacheData, now: Date) throws {
        let cut = DayKey(now, calendar: calendar).adding(days: -(Self.hotDays - 1), calendar: calendar)
        let (recent, older) = data.partitioned(at: cut)
        if !older.types.isEmpty {
            var history: HealthCacheData
            if case .loaded(let existing) = historyFile.load(now: now) { history = existing } else { history = HealthCacheData() }
            history.merge(older)
            try historyFile.save(history, now: now)
        }
        try cacheFile.save(recent, now: now)
    }

    /// Cached totals for the range, or nil when nothing is cached. A damaged cache
    /// is set aside (it only holds derived data) and reported through `notice`.
    public func cached(from first: DayKey, through last: DayKey) -> (snapshot: HealthSnapshot?, notice: String?) {
        switch cacheFile.load() {
        case .missing:
            return (nil, nil)
        case .recovered(let reason, let moved):
            return (nil, "The health cache was reset because \(reason)" + (moved.map { " (kept as \($0.lastPathComponent))" } ?? "") + ".")
        case .loaded(let data):
            guard let steps = data.series(.stepCount) else { return (nil, nil) }
            let energy = data.series(.activeEnergyBurned).map { _ in data.totals(.activeEnergyBurned, from: first, through: last, calendar: calendar) }
            return (HealthSnapshot(steps: data.totals(.stepCount, from: first, through: last, calendar: calendar),
                                   energy: energy, fetchedAt: steps.fetchedAt, isFromCache: true), nil)
        }
    }

    /// Writes totals recomputed from live samples into the cache, so the next
    /// launch's first frame already shows them.
    public func storeLiveTotals(steps: [DailyTotal], energy: [DailyTotal], now: Date) throws {
        guard !steps.isEmpty, case .loaded(var data) = cacheFile.load() else { return }
        data.merge(steps, for: .stepCount, fetchedAt: now)
        if data.series(.activeEnergyBurned) != nil { data.merge(energy, for: .activeEnergyBurned, fetchedAt: now) }
        try saveCache(data, now: now)
    }

    /// What a refresh brings back.
    public struct Refreshed: Sendable {
        public var snapshot: HealthSnapshot
        public var saveError: String?
        /// The provider's raw samples of the days live samples touch, and those days.
        public var liveBase: [QuantitySample]
        public var liveBaseDays: ClosedRange<DayKey>?
    }

    /// Fresh totals from the provider, merged with the live samples received so
    /// far (`LiveMerge`), written back to the cache. Steps are required; active
    /// energy may be denied (partial access) and is then nil. `live` is nil when
    /// live updates are off; otherwise the base covers today (`last`) too, where
    /// the next live samples land.
    public func refresh(from first: DayKey, through last: DayKey, now: Date, live: [QuantitySample]? = nil) async throws -> Refreshed {
        var steps = try await provider.dailyStatistics(of: .stepCount, from: first, through: last, calendar: calendar)
        var energy: [DailyTotal]?
        do {
            energy = try await provider.dailyStatistics(of: .activeEnergyBurned, from: first, through: last, calendar: calendar)
        } catch HealthError.notAuthorized {
            energy = nil
        }
        var base: [QuantitySample] = []
        var liveDays: ClosedRange<DayKey>?
        if let live {
            let touched = LiveMerge.days(touchedBy: live, within: first, last, calendar: calendar)
            let days = (touched?.lowerBound ?? last)...last
            liveDays = days
            let interval = LiveMerge.interval(of: days, calendar: calendar)
            base = try await provider.samples(of: .stepCount, in: interval)
            steps = LiveMerge.patch(steps, with: LiveMerge.totals(.stepCount, base: base, live: live, days: days, calendar: calendar))
            if let known = energy {
                let energyBase = try await provider.samples(of: .activeEnergyBurned, in: interval)
                base += energyBase
                energy = LiveMerge.patch(known, with: LiveMerge.totals(.activeEnergyBurned, base: energyBase, live: live,
                                                                       days: days, calendar: calendar))
            }
        }
        var data: HealthCacheData
        if case .loaded(let existing) = cacheFile.load() { data = existing } else { data = HealthCacheData() }
        data.merge(steps, for: .stepCount, fetchedAt: now)
        if let energy { data.merge(energy, for: .activeEnergyBurned, fetchedAt: now) } else { data.types[QuantityType.activeEnergyBurned.rawValue] = nil }
        var saveError: String?
        do { try saveCache(data, now: now) } catch { saveError = "\(error)" }
        return Refreshed(snapshot: HealthSnapshot(steps: steps, energy: energy, fetchedAt: now, isFromCache: false),
                         saveError: saveError, liveBase: base, liveBaseDays: liveDays)
    }
}
