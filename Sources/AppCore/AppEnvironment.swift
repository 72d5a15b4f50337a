import Foundation
import DesignSystem
import HealthDomain
import TerminalUI

/// The composition root shared by the app, `stats` and `snapshot`: paths,
/// stores, the provider, the repository, the theme, strings and formats.
public final class AppEnvironment {
    public let options: Options
    public let paths: AppPaths
    public let context: AppContext
    public let settings: RecordStore<Settings>
    /// Opened on first use: the first frame (Today or onboarding) never needs
    /// the meal log, and a big one takes longer to decode than the frame to draw.
    public private(set) lazy var meals: RecordStore<[Meal]> = {
        let store = RecordStore(file: VersionedFile<[Meal]>(url: paths.mealsFile, schemaVersion: StoreSchemas.meals), empty: [], now: now())
        if let notice = store.loadNotice { notices.append(notice) }
        return store
    }()
    public let provider: MockHealthProvider
    public let repository: HealthRepository
    /// The live-sample pipeline; nil with `--no-live`. Opened on first use
    /// (after the first frame): a long-running log takes a while to read.
    public private(set) lazy var live: LiveFeed? = {
        guard options.live else { return nil }
        let feed = LiveFeed(log: SampleLog(url: paths.samplesFile), policy: livePolicy, calendar: context.calendar, now: now())
        if let notice = feed.loadNotice { notices.append(notice) }
        return feed
    }()
    private let livePolicy: LivePolicy
    public let theme: Theme
    public let now: @Sendable () -> Date
    /// Totals from the last live update, written to the cache with the next batch.
    var liveTotalsToCache: LiveUpdate?
    /// Problems found while starting (a bad theme, a damaged file), shown to the user.
    public private(set) var notices: [String] = []

    public init(options: Options, environment: [String: String], unicode: Bool = true,
                now: (@Sendable () -> Date)? = nil,
                sleeper: MockHealthProvider.Sleeper? = nil, livePolicy: LivePolicy = LivePolicy()) {
        self.options = options
        let fixed = options.now
        let clock: @Sendable () -> Date = now ?? { fixed ?? Date() }
        self.now = clock
        paths = AppPaths.resolve(environment: environment, dataDirOverride: options.dataDir)
        let formats = Formats(locale: Self.locale(environment), timeZone: Self.timeZone(environment))
        let monochrome = !(environment["NO_COLOR"] ?? "").isEmpty
        context = AppContext(strings: Strings(language: Strings.language(from: environment)), formats: formats,
                             glyphs: unicode ? .unicode : .ascii, reduceMotion: options.reduceMotion, bell: options.bell,
                             monochrome: monochrome, userThemesDirectory: paths.themesDirectory)
        let startTime = clock()
        settings = RecordStore(file: VersionedFile(url: paths.settingsFile, schemaVersion: StoreSchemas.settings), empty: Settings(), now: startTime)
        if let notice = settings.loadNotice { notices.append(notice) }

        let spec = options.theme ?? settings.value.theme ?? "dark"
        let (resolved, themeError) = ThemeLoader.resolve(spec, userThemesDirectory: paths.themesDirectory)
        if let themeError { notices.append(themeError.message) }
        theme = monochrome ? resolved.monochrome() : resolved

        let defaultSleeper: MockHealthProvider.Sleeper = { try await Task.sleep(nanoseconds: UInt64($0 * 1_000_000_000)) }
        provider = MockHealthProvider(scenario: options.scenario, seed: options.seed,
                                      authorization: settings.value.authorizationByType,
                                      now: clock, sleeper: sleeper ?? defaultSleeper)
        repository = HealthRepository(provider: provider, cacheURL: paths.healthCacheFile, calendar: formats.calendar)
        self.livePolicy = livePolicy
    }

    static func locale(_ env: [String: String]) -> Locale {
        for key in ["LC_ALL", "LC_NUMERIC", "LANG"] {
            if let v = env[key], !v.isEmpty {
                let id = String(v.prefix { $0 != "." && $0 != "@" })
                if id == "C" || id == "POSIX" { return Locale(identifier: "en_US") }
                return Locale(identifier: id)
            }
        }
        return Locale(identifier: "en_US")
    }

    static func timeZone(_ env: [String: String]) -> TimeZone {
        if let tz = env["TZ"], !tz.isEmpty {
            let id = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let zone = TimeZone(identifier: id) { return zone }
        }
        return TimeZone.current
    }

    /// Days the dashboard loads: two weeks, so "this week vs the week before" works.
    public func dashboardRange(now: Date) -> (first: DayKey, last: DayKey) {
        let today = DayKey(now, calendar: context.calendar)
        return (today.adding(days: -13, calendar: context.calendar), today)
    }

    /// The model for the first frame: settings and the cached numbers, and the
    /// meals unless `deferMeals` (then `start` asks for them after the first frame).
    public func makeModel(size: Size, deferMeals: Bool = false) -> AppModel {
        let t = now()
        var model = AppModel(settings: settings.value, meals: deferMeals ? nil : meals.value, theme: theme, size: size, now: t)
        let range = dashboardRange(now: t)
        let cached = repository.cached(from: range.first, through: range.last)
        if let notice = cached.notice { notices.append(notice) }
        model.dashboard.snapshot = cached.snapshot
        if let first = notices.first {
            model.shared.showToast(first, .warning, seconds: 8)
        }
        return model
    }

    /// Forgets onboarding and settings; meals and their file are never touched.
    public func resetSettings() -> StorageError? {
        settings.update { $0 = Settings() }
    }
}
