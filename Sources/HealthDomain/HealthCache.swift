import FoundationEssentials
import Platform
import Synchronization

/// Daily aggregates as cached on disk: per quantity type, when they were
/// fetched and the value of each local day ("2026-11-22": 8412), and the
/// nights of sleep.
///
/// Schema history (`HealthRepository.cacheSchemaVersion`):
/// - 1: `types` only, in practice steps and active energy.
/// - 2: `types` may hold any `QuantityType` (unknown names are kept, unread);
///   `sleep` added. A version 1 file decodes as version 2 without sleep.
public struct HealthCacheData: Codable, Equatable, Sendable {
    public struct Series: Codable, Equatable, Sendable {
        public var fetchedAt: Date
        public var days: [String: Double]
        public init(fetchedAt: Date, days: [String: Double]) {
            self.fetchedAt = fetchedAt
            self.days = days
        }
    }

    public struct SleepSeries: Codable, Equatable, Sendable {
        public var fetchedAt: Date
        /// Keyed by night ("2026-11-22", the day the night ended).
        public var nights: [String: SleepNight]
        public init(fetchedAt: Date, nights: [String: SleepNight]) {
            self.fetchedAt = fetchedAt
            self.nights = nights
        }
    }

    public var types: [String: Series]
    public var sleep: SleepSeries?

    public init(types: [String: Series] = [:], sleep: SleepSeries? = nil) {
        self.types = types
        self.sleep = sleep
    }

    public func series(_ type: QuantityType) -> Series? { types[type.rawValue] }

    /// The quantity types this cache holds (names it does not know are skipped).
    public var quantityTypes: [QuantityType] { QuantityType.allCases.filter { types[$0.rawValue] != nil } }

    /// Cached values of the range, days without a value left out. A value that
    /// is negative or beyond `plausibleDailyMaximum` (a damaged or edited file)
    /// is left out too, so no caller converts 1e300 steps into an `Int`.
    public func totals(_ type: QuantityType, from first: DayKey, through last: DayKey, calendar: LocalCalendar) -> [DailyTotal] {
        guard let s = types[type.rawValue] else { return [] }
        return DayKey.days(from: first, through: last, calendar: calendar).compactMap { d in
            guard let v = s.days[d.description], v.isFinite, v >= 0, v <= type.plausibleDailyMaximum else { return nil }
            return DailyTotal(day: d, value: v)
        }
    }

    /// Cached nights of the range, in order; implausible ones (negative or over 24 h) left out.
    public func sleepNights(from first: DayKey, through last: DayKey) -> [SleepNight] {
        guard let sleep else { return [] }
        let (lo, hi) = (first.description, last.description)
        return sleep.nights.filter { $0.key >= lo && $0.key <= hi }.map(\.value)
            .filter { (0...1_440).contains($0.asleepMinutes) && (0...1_440).contains($0.inBedMinutes) }
            .sorted { $0.night < $1.night }
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
        if let sleep {
            recent.sleep = SleepSeries(fetchedAt: sleep.fetchedAt, nights: sleep.nights.filter { $0.key >= cut })
            let old = sleep.nights.filter { $0.key < cut }
            if !old.isEmpty { older.sleep = SleepSeries(fetchedAt: sleep.fetchedAt, nights: old) }
        }
        return (recent, older)
    }

    /// True when there is nothing to keep.
    public var isEmpty: Bool { types.isEmpty && sleep == nil }

    /// Merges another cache in; its days and fetch times win.
    public mutating func merge(_ other: HealthCacheData) {
        for (type, series) in other.types {
            var merged = types[type] ?? series
            merged.days.merge(series.days) { $1 }
            merged.fetchedAt = series.fetchedAt
            types[type] = merged
        }
        if let incoming = other.sleep {
            var merged = sleep ?? incoming
            merged.nights.merge(incoming.nights) { $1 }
            merged.fetchedAt = incoming.fetchedAt
            sleep = merged
        }
    }

    /// Merges fresh totals in, keeping older days that were not refetched.
    public mutating func merge(_ totals: [DailyTotal], for type: QuantityType, fetchedAt: Date) {
        var series = types[type.rawValue] ?? Series(fetchedAt: fetchedAt, days: [:])
        for t in totals { series.days[t.day.description] = t.value }
        series.fetchedAt = fetchedAt
        types[type.rawValue] = series
    }

    /// Merges fresh nights in, keeping older nights that were not refetched.
    public mutating func merge(_ nights: [SleepNight], fetchedAt: Date) {
        var series = sleep ?? SleepSeries(fetchedAt: fetchedAt, nights: [:])
        for n in nights { series.nights[n.night.description] = n }
        series.fetchedAt = fetchedAt
        sleep = series
    }
}

/// One writer at a time for the cache within this process (shared by copies
/// of a repository); other processes are kept out by the data folder's `FileLock`.
final class CacheWriterLock: Sendable {
    private let mutex = Mutex<Int>(0)
    func withLock<T>(_ body: (inout Int) throws -> T) throws -> T {
        try mutex.withLock { try body(&$0) }
    }
}

/// The one path from provider to screen (and to `tmm-tui stats`): read the cache,
/// ask the provider for daily statistics, write the cache back.
///
/// The cache is two files: the recent days (`hotDays`, what Today reads for its
/// first frame, small whatever the history) and the older days, read and
/// rewritten only when days move out of the recent window. Every write is a
/// read-modify-write under the in-process lock and the data folder's lock.
public struct HealthRepository: Sendable {
    public let provider: any HealthProvider
    /// The data folder's lock, shared with other tmm-tui processes (nil: this process alone).
    public let fileLock: FileLock?
    public let cacheFile: VersionedFile<HealthCacheData>
    public let historyFile: VersionedFile<HealthCacheData>
    public let calendar: LocalCalendar
    /// Held while the cache is read, changed and written: one writer at a time.
    private let writer = CacheWriterLock()
    /// Days kept in the recent file, counting back from today.
    public static let hotDays = 62

    /// See `HealthCacheData` for what each version holds.
    public static let cacheSchemaVersion = 2

    /// Reads older cache files: version 1 is version 2 without sleep.
    public static let migrateCache: VersionedFile<HealthCacheData>.Migration = { version, file in
        guard version == 1 else { throw StorageError("no migration from health cache version \(version)") }
        return try VersionedFile<HealthCacheData>.payload(HealthCacheData.self, in: file)
    }

    public init(provider: any HealthProvider, cacheURL: URL, calendar: LocalCalendar, fileLock: FileLock? = nil) {
        self.provider = provider
        self.fileLock = fileLock
        self.cacheFile = VersionedFile(url: cacheURL, schemaVersion: Self.cacheSchemaVersion, migrate: Self.migrateCache)
        let history = cacheURL.deletingPathExtension().lastPathComponent + "-history.json"
        self.historyFile = VersionedFile(url: cacheURL.deletingLastPathComponent().appendingFile(history),
                                         schemaVersion: Self.cacheSchemaVersion, migrate: Self.migrateCache)
        self.calendar = calendar
    }

    /// Writes cached totals: recent days to the cache file, older ones merged into the history file.
    public func saveCache(_ data: HealthCacheData, now: Date) throws {
        let cut = DayKey(now, calendar: calendar).adding(days: -(Self.hotDays - 1))
        let (recent, older) = data.partitioned(at: cut)
        if !older.isEmpty {
            var history: HealthCacheData
            switch historyFile.load(now: now) {
            case .loaded(let existing): history = existing
            case .recovered(let reason, nil): throw Self.leftAsItIs(historyFile, reason)
            default: history = HealthCacheData()
            }
            history.merge(older)
            try historyFile.save(history, now: now)
        }
        try cacheFile.save(recent, now: now)
    }

    /// A cache file that could not be used: set aside (the cache starts again), or left as it is
    /// (a named pipe, an unreadable file, or a command that only reads) and not read.
    static func cacheNotice(_ reason: String, movedTo moved: URL?) -> String {
        guard let moved else { return "The health cache is not read because \(reason); the file is left as it is." }
        return "The health cache was reset because \(reason) (kept as \(moved.lastPathComponent))."
    }

    /// Cached totals for the range, or nil when nothing is cached. A damaged cache
    /// is set aside (it only holds derived data) and reported through `notice`.
    public func cached(from first: DayKey, through last: DayKey) -> (snapshot: HealthSnapshot?, notice: String?) {
        switch cacheFile.load() {
        case .missing:
            return (nil, nil)
        case .recovered(let reason, let moved):
            return (nil, Self.cacheNotice(reason, movedTo: moved))
        case .loaded(let data):
            guard let steps = data.series(.stepCount) else { return (nil, nil) }
            var series: [QuantityType: [DailyTotal]] = [:]
            for type in data.quantityTypes { series[type] = data.totals(type, from: first, through: last, calendar: calendar) }
            let sleep = data.sleep.map { _ in data.sleepNights(from: first, through: last) }
            return (HealthSnapshot(series: series, sleep: sleep, fetchedAt: steps.fetchedAt, isFromCache: true), nil)
        }
    }

    /// Writes totals recomputed from live samples into the cache, so the next
    /// launch's first frame already shows them.
    public func storeLiveTotals(steps: [DailyTotal], energy: [DailyTotal], now: Date) throws {
        guard !steps.isEmpty else { return }
        try locked {
            guard case .loaded(var data) = cacheFile.load() else { return }
            data.merge(steps, for: .stepCount, fetchedAt: now)
            if data.series(.activeEnergyBurned) != nil { data.merge(energy, for: .activeEnergyBurned, fetchedAt: now) }
            try saveCache(data, now: now)
        }
    }

    /// Reads, changes and writes the cache as one step: the cache has one writer
    /// at a time, so a refresh and the live totals never overwrite each other.
    public func updateCache(now: Date, _ change: (inout HealthCacheData) -> Void) throws {
        try locked {
            var data: HealthCacheData
            switch cacheFile.load() {
            case .loaded(let existing): data = existing
            case .recovered(let reason, nil): throw Self.leftAsItIs(cacheFile, reason)
            default: data = HealthCacheData()
            }
            change(&data)
            try saveCache(data, now: now)
        }
    }

    /// A cache file that could not be read and was not set aside — a FIFO, a device, a file
    /// without read permission — is never written over (it may be someone's pipe): the write
    /// fails with why, and the numbers on screen stay.
    static func leftAsItIs(_ file: VersionedFile<HealthCacheData>, _ reason: String) -> StorageError {
        StorageError("\(file.url.lastPathComponent) was left as it is: \(reason)")
    }

    /// Both locks: this process's writers, then every process's.
    private func locked(_ body: () throws -> Void) throws {
        try writer.withLock { _ in
            if let fileLock { try fileLock.withLock(body) } else { try body() }
        }
    }

    /// What a refresh brings back.
    public struct Refreshed: Sendable {
        public var snapshot: HealthSnapshot
        public var saveError: String?
        /// The provider's raw samples of the days live samples touch, and those days.
        public var liveBase: [QuantitySample]
        public var liveBaseDays: ClosedRange<DayKey>?
    }

    /// What a fetch brings back: the fresh totals, and the change they make to the
    /// cache, not written yet (`store`).
    public struct Fetched: Sendable {
        public var snapshot: HealthSnapshot
        public var cacheChange: CacheChange
        /// The provider's raw samples of the days live samples touch, and those days.
        public var liveBase: [QuantitySample]
        public var liveBaseDays: ClosedRange<DayKey>?
    }

    /// Fresh totals to merge into the cache: each series' days replace the cached
    /// ones, a type no longer allowed leaves it, and sleep nights are merged (or
    /// dropped when sleep was read and is not allowed).
    public struct CacheChange: Sendable {
        public var series: [QuantityType: [DailyTotal]]
        public var denied: Set<QuantityType>
        public var nights: [SleepNight]?
        public var readSleep: Bool
        public var fetchedAt: Date
    }

    /// Fresh totals from the provider, merged with the live samples received so
    /// far (`LiveMerge`), written back to the cache. Steps are required; active
    /// energy may be denied (partial access) and is then nil. `live` is nil when
    /// live updates are off; otherwise the base covers today (`last`) too, where
    /// the next live samples land.
    ///
    /// `also` names more quantity types to read (exercise, resting heart rate,
    /// HRV); each one not allowed is left out of the snapshot and the cache.
    /// `sleep: true` reads sleep nights too (nil in the snapshot when not allowed).
    public func refresh(from first: DayKey, through last: DayKey, now: Date, live: [QuantitySample]? = nil,
                        also extraTypes: [QuantityType] = [], sleep readSleep: Bool = false) async throws -> Refreshed {
        let f = try await fetch(from: first, through: last, now: now, live: live, also: extraTypes, sleep: readSleep)
        var saveError: String?
        do { try store(f.cacheChange) } catch { saveError = "\(error)" }
        return Refreshed(snapshot: f.snapshot, saveError: saveError, liveBase: f.liveBase, liveBaseDays: f.liveBaseDays)
    }

    /// `refresh` without the write: the app answers with these totals at once and
    /// writes `cacheChange` behind the answer, on its storage queue.
    public func fetch(from first: DayKey, through last: DayKey, now: Date, live: [QuantitySample]? = nil,
                      also extraTypes: [QuantityType] = [], sleep readSleep: Bool = false) async throws -> Fetched {
        let live = live?.ending(by: now)
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
        var series: [QuantityType: [DailyTotal]] = [.stepCount: steps]
        series[.activeEnergyBurned] = energy
        var denied: Set<QuantityType> = energy == nil ? [.activeEnergyBurned] : []
        for type in extraTypes where series[type] == nil && !denied.contains(type) {
            do {
                series[type] = try await provider.dailyStatistics(of: type, from: first, through: last, calendar: calendar)
            } catch HealthError.notAuthorized {
                denied.insert(type)
            }
        }
        var nights: [SleepNight]?
        if readSleep {
            do {
                nights = try await provider.sleepNights(from: first, through: last, calendar: calendar)
            } catch HealthError.categoryNotAuthorized {
                nights = nil
            }
        }
        let change = CacheChange(series: series, denied: denied, nights: nights, readSleep: readSleep, fetchedAt: now)
        return Fetched(snapshot: HealthSnapshot(series: series, sleep: nights, fetchedAt: now, isFromCache: false),
                       cacheChange: change, liveBase: base, liveBaseDays: liveDays)
    }

    /// Writes a fetch's totals into the cache (read, merged, written under both
    /// locks). A command that only reads (`stats`, `snapshot`) keeps no cache: nothing
    /// is written then.
    public func store(_ change: CacheChange) throws {
        guard !WriteAccess.isForbidden else { return }
        try updateCache(now: change.fetchedAt) { data in
            for (type, totals) in change.series { data.merge(totals, for: type, fetchedAt: change.fetchedAt) }
            for type in change.denied { data.types[type.rawValue] = nil }
            if let nights = change.nights { data.merge(nights, fetchedAt: change.fetchedAt) } else if change.readSleep { data.sleep = nil }
        }
    }
}
