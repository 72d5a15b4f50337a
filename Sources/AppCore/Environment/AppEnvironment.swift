import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The composition root shared by the app, `stats` and `snapshot`: builds the
/// paths, stores, provider, repository, theme, strings and formats, and hands
/// the features their services. Running effects is `EffectRunner`'s job, the
/// live pipeline `LivePipeline`'s, and each screen's policy lives in its feature.
public final class AppEnvironment {
    public let options: Options
    public let paths: AppPaths
    /// `$HOME`, to show paths under it as "~/…".
    public let home: String?
    public let context: AppContext
    /// Owns every file write, off the draw loop.
    public let storage: StorageOwner
    public let provider: any HealthProvider
    /// The last `tmm-tui import`, when its data is the provider (no `--scenario` given).
    public let importInfo: ImportInfo?
    /// What the data folder holds of an import (an unreadable one included).
    public let importState: ImportState
    public let repository: HealthRepository
    /// The live samples: the log earlier runs saved, and the pipeline new ones join (nil when an
    /// import is the data). `--no-live` starts no stream (`AppRuntime`), but the samples already
    /// saved still count, as `stats` and `glance` count them. Opened on first use (after the first
    /// frame): a long-running log takes a while to read.
    public private(set) lazy var live: LiveFeed? = {
        guard importState == .none else { return nil }
        let feed = LiveFeed(log: SampleLog(url: paths.samplesFile, lock: storage.lock), policy: livePolicy, calendar: context.calendar, now: now())
        if let notice = feed.loadNotice { startupNotices.append(notice) }
        return feed
    }()
    /// What features' work runs with (opens the live log: not for the first frame).
    public private(set) lazy var services = Services(provider: provider, repository: repository, live: live,
                                                     storage: storage, calendar: context.calendar, now: now,
                                                     features: FeatureServices(Dictionary(uniqueKeysWithValues: FeatureRegistry.serviceKeys.map {
                                                         (ObjectIdentifier($0), featureService($0))
                                                     })))
    /// The features' services made so far (on the main thread, like the rest of the environment).
    private var madeServices: [ObjectIdentifier: any Sendable] = [:]
    /// The live pipeline's turn of the loop (batches, throttled updates, cache).
    public private(set) lazy var livePipeline = LivePipeline(feed: live, repository: repository, storage: storage, now: now)
    private let livePolicy: LivePolicy
    public let theme: Theme
    /// The name of `theme` as `t` and the settings know it: `--theme`'s when given, else the saved one's.
    let themeName: String
    public let now: @Sendable () -> Date
    /// How the mocks wait (a test's sleeper makes them instant).
    public let sleeper: MockHealthProvider.Sleeper
    /// Problems found while starting (a bad theme, a damaged file), shown to the user.
    public var notices: [String] { startupNotices + storage.notices }
    var startupNotices: [String] = []
    /// Shorter wordings of startup notices, for a toast's line too narrow for the sentence.
    var startupNoticeShorts: [String: String] = [:]

    public init(options: Options, environment: [String: String], unicode: Bool = true,
                now: (@Sendable () -> Date)? = nil,
                sleeper: MockHealthProvider.Sleeper? = nil, livePolicy: LivePolicy = LivePolicy()) {
        self.options = options
        let clock: @Sendable () -> Date
        if let now {
            clock = now
        } else if let start = options.now, options.clockRuns {
            clock = Self.runningClock(startingAt: start, wall: { Date() })
        } else {
            let fixed = options.now
            clock = { fixed ?? Date() }
        }
        self.now = clock
        paths = AppPaths.resolve(environment: environment, dataDirOverride: options.dataDir)
        home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let formats = Formats(locale: Self.locale(environment), timeZone: Self.timeZone(environment))
        let monochrome = !(environment["NO_COLOR"] ?? "").isEmpty
        context = AppContext(strings: Strings(language: Strings.language(from: environment), ascii: !unicode), formats: formats,
                             glyphs: unicode ? .unicode : .ascii, reduceMotion: options.reduceMotion, bell: options.bell,
                             monochrome: monochrome, userThemesDirectory: paths.themesDirectory)
        let startTime = clock()
        let readOnly = options.readOnly
        let lock = readOnly ? nil : FileLock.dataDirectory(paths)
        let settings = RecordStore(file: VersionedFile(url: paths.settingsFile, schemaVersion: StoreSchemas.settings, readOnly: readOnly),
                                   empty: Settings(), lock: lock, now: startTime)
        if let notice = settings.loadNotice {
            startupNotices.append(notice)
            startupNoticeShorts[notice] = settings.loadNoticeShort
        }
        storage = StorageOwner(settings: settings,
                               mealsFile: VersionedFile<[Meal]>(url: paths.mealsFile, schemaVersion: StoreSchemas.meals, readOnly: readOnly),
                               lock: lock, now: clock)

        let spec = options.theme ?? settings.value.themeName
        let home = self.home
        let (resolved, themeError) = ThemeLoader.resolve(spec, userThemesDirectory: paths.themesDirectory,
                                                         display: { Self.displayPath($0, home: home) })
        if let themeError { startupNotices.append(themeError.message) }
        theme = monochrome ? resolved.monochrome() : resolved
        themeName = themeError == nil ? spec : resolved.name

        let defaultSleeper: MockHealthProvider.Sleeper = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }
        // Imported Apple Health data is the provider unless a scenario was asked for.
        let importStore = ImportedHealthStore(paths: paths)
        importState = options.scenarioGiven ? .none : importStore.loadState()
        importInfo = importState.info
        if let problem = importState.problem { startupNotices.append(problem) }
        if importState != .none {
            // A damaged import is the provider still: it says what is wrong instead of showing simulated numbers as the user's.
            provider = ImportedHealthProvider(store: importStore, exportPath: importInfo?.path, problem: importState.problem)
            repository = HealthRepository(provider: provider, cacheURL: paths.importedCacheFile, calendar: formats.calendar, fileLock: lock)
        } else {
            provider = MockHealthProvider(scenario: options.scenario, seed: options.seed,
                                          authorization: settings.value.authorizationByType,
                                          now: clock, sleeper: sleeper ?? defaultSleeper)
            repository = HealthRepository(provider: provider, cacheURL: paths.healthCacheFile, calendar: formats.calendar, fileLock: lock)
        }
        self.sleeper = sleeper ?? defaultSleeper
        self.livePolicy = livePolicy
    }

    /// A feature's service, made on first use (`Feature.serviceKeys`).
    public func service<Key: ServiceKey>(_ key: Key.Type) -> Key.Value {
        // Stored only by `Key.make` and `replaceService(Key…)`: always a `Key.Value`.
        featureService(key) as! Key.Value
    }

    /// Tests: a stand-in for a feature's service (before the work that uses it starts).
    public func replaceService<Key: ServiceKey>(_ key: Key.Type, with value: Key.Value) {
        madeServices[ObjectIdentifier(key)] = value
    }

    private func featureService(_ key: any ServiceKey.Type) -> any Sendable {
        if let made = madeServices[ObjectIdentifier(key)] { return made }
        let made = key.makeAny(self)
        madeServices[ObjectIdentifier(key)] = made
        return made
    }

    /// The settings as saved (waits for writes in flight).
    public var settingsValue: Settings { storage.settingsValue }
    /// The meal log as saved (opened on first use; waits for writes in flight).
    public var mealsValue: [Meal] { storage.mealsValue }
    /// The meal log, or nil when its file could not be read (a number from it would be a guess).
    public var mealsIfRead: [Meal]? { storage.mealsIfRead }

    /// `--now` for the app: starts at `start` and moves on with the wall clock.
    static func runningClock(startingAt start: Date, wall: @escaping @Sendable () -> Date) -> @Sendable () -> Date {
        let offset = start.timeIntervalSince(wall())
        return { wall().addingTimeInterval(offset) }
    }

    static func locale(_ env: [String: String]) -> FormatLocale { FormatLocale.fromEnvironment(env) }

    static func timeZone(_ env: [String: String]) -> ZoneRules { ZoneRules.current(environment: env) }

    /// The model for the first frame: settings, and whatever each feature reads
    /// synchronously for it (Today's cached numbers). Meals and other stores are
    /// read by the features' start work, after the first frame.
    /// A path as people write it: under `$HOME` it starts with "~".
    public func displayPath(_ url: URL) -> String { Self.displayPath(url, home: home) }

    static func displayPath(_ url: URL, home: String?) -> String {
        let path = url.path
        guard let home, home != "/", path == home || path.hasPrefix(home.hasSuffix("/") ? home : home + "/") else { return path }
        return "~" + path.dropFirst(home.hasSuffix("/") ? home.count - 1 : home.count)
    }

    public func makeModel(size: Size) -> AppModel {
        let t = now()
        var model = AppModel(settings: storage.launchSettings, theme: theme, size: size, now: t)
        // `--theme light` over a saved dark theme: `t` goes from the theme on screen.
        model.themeName = themeName
        for type in FeatureRegistry.all {
            guard var feature = model.features[type.id] else { continue }
            feature.prepareFirstFrame(self, &model.shared)
            model.features[type.id] = feature
        }
        model.shared.showNotices(notices.map { ($0, startupNoticeShorts[$0]) })
        return model
    }

    /// Forgets onboarding and settings; meals and their file are never touched.
    public func resetSettings() -> StorageError? { storage.resetSettings() }
}
