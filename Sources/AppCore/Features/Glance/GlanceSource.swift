import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform

/// What `glance` reads, and nothing more: the settings (set up? the goals, the
/// theme's name), the import's metadata and daily totals, and the provider's last 31
/// days (the import's, or the simulated ones) with today's live samples — today's
/// steps and energy and what the three scores read, as `stats` reads them. The health
/// cache's recent file only when there is no provider to read (`--scenario unavailable`).
///
/// Unlike `AppEnvironment` it opens no store, lock, meal log, wearable or provider
/// actor, and every read answers at once: glance runs start to exit on the main
/// thread and never awaits. That is most of its speed — a command that awaits
/// parks the main thread in `dispatch_main`, whose `pthread_exit` unwinds the
/// stack through every frame description of the static binary (sorting them
/// first): 15–20 ms, five times the rest of glance (README "Performance").
public struct GlanceSource {
    public let options: Options
    public let paths: AppPaths
    public let context: AppContext
    /// The settings as saved (defaults when there are none or they cannot be read).
    public let settings: Settings
    public let importState: ImportState
    public let now: Date
    /// The widgets are drawn (`--card`): they show every metric against its normal range, so
    /// they read every day of every type; the line and JSON read only the scores.
    public let drawsCards: Bool
    /// What could not be read (damaged settings, an unreadable import), for stderr, as `stats` says it.
    public private(set) var notices: [String] = []

    /// `now`: the clock (default `--now`, else the time of the call). `cards: false`: the line
    /// or JSON only, which need none of the features' strings (the cards need Scores').
    public init(options: Options, environment: [String: String], unicode: Bool = true, now: Date? = nil, cards: Bool = true) {
        self.options = options
        drawsCards = cards
        self.now = now ?? options.now ?? Date()
        paths = AppPaths.resolve(environment: environment, dataDirOverride: options.dataDir)
        let formats = Formats(locale: AppEnvironment.locale(environment), timeZone: AppEnvironment.timeZone(environment))
        context = AppContext(strings: Strings(language: Strings.language(from: environment), features: cards, ascii: !unicode), formats: formats,
                             glyphs: unicode ? .unicode : .ascii, reduceMotion: options.reduceMotion, bell: options.bell,
                             monochrome: !(environment["NO_COLOR"] ?? "").isEmpty, userThemesDirectory: paths.themesDirectory)
        let file = VersionedFile<Settings>(url: paths.settingsFile, schemaVersion: StoreSchemas.settings, readOnly: true)
        var found: [String] = []
        switch file.load(now: self.now) {
        case .loaded(let saved): settings = saved
        case .missing: settings = Settings()
        case .recovered(let reason, _):
            settings = Settings()
            found.append(RecordStore<Settings>.readOnlyNotice(paths.settingsFile, reason: reason))
        }
        // As the app decides: imported data is the provider unless a scenario was asked for.
        importState = options.scenarioGiven ? .none : ImportedHealthStore(paths: paths).loadState()
        if let problem = importState.problem { found.append(problem) }
        notices = found
    }

    /// Something is stored: onboarding done, an import, or a health cache (the app has been set up).
    var isSetUp: Bool {
        settings.onboardingCompleted || importState.info != nil || FileManager.default.fileExists(atPath: paths.healthCacheFile.path)
    }

    /// The theme the app would draw in (`--theme`, else the saved one), without colour under NO_COLOR.
    func theme() -> Theme {
        let (resolved, _) = ThemeLoader.resolve(options.theme ?? settings.themeName, userThemesDirectory: paths.themesDirectory)
        return context.monochrome ? resolved.monochrome() : resolved
    }

    /// A theme with no colours, for output that writes none.
    static let uncoloured = Theme(name: "uncoloured", appearance: .dark, colors: [:], isMonochrome: true)

    /// Today (by `now`): steps and energy as `stats` reads them, the goals, and the Scores screen's cards.
    func reading() -> GlanceReading {
        let cal = context.calendar
        let today = DayKey(now, calendar: cal)
        let cached: HealthSnapshot?
        let cards: DailyScoreCards?
        if importState != .none {
            // The import's own daily totals (what `stats` reads from it); a damaged import shows nothing.
            let data: ImportedHealthData?
            if importState.problem == nil, case .success(let d) = ImportedHealthStore(paths: paths).loadData() { data = d } else { data = nil }
            cached = GlanceReading.snapshot(data?.totals ?? HealthCacheData(), day: today, cal)
            cards = data.map { importedCards($0, today: today) }
        } else {
            if let days = simulatedDays(today: today) {
                // Today's steps and energy from the same days as the scores, as `stats` reads them
                // (the provider's, with the live samples): never the cache's older count beside a
                // strain computed from this minute's energy.
                cached = days
                cards = Self.card(days, today: today, scenario: MetricScenario(rawValue: options.scenarioName) ?? .normal, cal)
            } else {
                // No provider to read (`--scenario unavailable`): what the app last stored, and no scores.
                let cache = VersionedFile<HealthCacheData>(url: paths.healthCacheFile, schemaVersion: HealthRepository.cacheSchemaVersion,
                                                           migrate: HealthRepository.migrateCache, readOnly: true)
                if case .loaded(let data) = cache.load(now: now) { cached = GlanceReading.snapshot(data, day: today, cal) } else { cached = nil }
                cards = nil
            }
        }
        let row = cached.flatMap { StatsRows.rows($0, days: [today], cards: cards.map { [$0] }).first }
            ?? StatsRow(date: today.description, scores: cards)
        return GlanceReading(date: today, steps: row.steps, activeKcal: row.activeKcal, sleepScore: row.sleepScore,
                             recoveryScore: row.recoveryScore, strainScore: row.strainScore,
                             stepGoal: settings.stepGoal, energyGoal: settings.energyGoal, cards: drawsCards ? cards : nil)
    }

    // MARK: The scores, as `HealthMetricDataService` reads them

    /// The first day the scores read: today's baseline starts 30 days before it.
    func firstScoreDay(_ today: DayKey) -> DayKey { today.adding(days: -ScoreFormulas.baselineDays) }

    /// Scores from an import: its daily values and nights (every type allowed; no live samples).
    func importedCards(_ data: ImportedHealthData, today: DayKey) -> DailyScoreCards {
        let cal = context.calendar, first = firstScoreDay(today)
        var series: [QuantityType: [DailyTotal]] = [:]
        for type in HealthMetricDataService.types { series[type] = data.dailyStatistics(of: type, from: first, through: today, calendar: cal) }
        let snapshot = HealthSnapshot(series: series, sleep: data.totals.sleepNights(from: first, through: today), fetchedAt: now,
                                      isFromCache: false)
        return Self.card(snapshot, today: today, scenario: .normal, cal)
    }

    /// The simulated provider's days from the scores' first day through today: steps and what
    /// the scores read, for what the run's consent allows (the saved answers; a type never asked
    /// about is asked, as `stats` asks), today's steps and active energy with the live samples.
    /// nil in a world without health data (`--scenario unavailable`), as the provider fails there.
    func simulatedDays(today: DayKey) -> HealthSnapshot? {
        let scenario = options.scenario
        guard scenario != .unavailable else { return nil }
        let cal = context.calendar, first = firstScoreDay(today), clock = now
        let provider = MockHealthProvider(scenario: scenario, seed: options.seed, now: { clock })
        let saved = settings.authorizationByType
        func allowed(_ type: QuantityType) -> Bool {
            let status = saved[type] ?? .notDetermined
            return status == .notDetermined ? MockHealthProvider.allowsWhenAsked(type, in: scenario) : status == .authorized
        }
        let walking = [QuantityType.stepCount, .activeEnergyBurned, .appleExerciseTime].filter(allowed)
        let vitals = [QuantityType.restingHeartRate, .heartRateVariabilitySDNN].filter(allowed)
        // The scores read the earlier days' walks only to count them as measured ("Calibrating: n of 14
        // days"); the mock records a resting heart rate and HRV every morning (in every world with data:
        // not `empty`, whose days count as measured by their zero totals), so where either is allowed
        // every earlier day is measured without its walks, and the line (no widgets, no normal ranges)
        // generates today's walks alone: 3 days of walks instead of 33. Its numbers equal the full
        // reading's in every scenario (GlanceTests.testTheLineReadsTheSameScoresFromFewerDays).
        let walksFrom = !drawsCards && !vitals.isEmpty && scenario != .empty ? today : first
        var series = provider.generatedDailyStatistics(of: vitals, from: first, through: today, calendar: cal, keepingFinishedDays: false)
        series.merge(provider.generatedDailyStatistics(of: walking, from: walksFrom, through: today, calendar: cal,
                                                       keepingFinishedDays: false)) { $1 }
        // The samples earlier runs saved count with `--no-live` too (it starts no stream; the app counts them).
        let live = LiveFeed(log: SampleLog(url: paths.samplesFile), calendar: cal, now: now).samples(endingBy: now)
        if !live.isEmpty, let touched = LiveMerge.days(touchedBy: live, within: walksFrom, today, calendar: cal) {
            let days = touched.lowerBound...today
            for type in [QuantityType.stepCount, .activeEnergyBurned] {
                guard let totals = series[type] else { continue }
                let base = provider.generatedSamples(of: type, in: LiveMerge.interval(of: days, calendar: cal))
                series[type] = LiveMerge.patch(totals, with: LiveMerge.totals(type, base: base, live: live, days: days, calendar: cal))
            }
        }
        // Sleep is never among the saved answers: a run asks for it.
        let nights = MockHealthProvider.allowsSleepWhenAsked(in: scenario)
            ? provider.generatedSleepNights(from: first, through: today, calendar: cal) : nil
        return HealthSnapshot(series: series, sleep: nights, fetchedAt: now, isFromCache: false)
    }

    static func card(_ snapshot: HealthSnapshot, today: DayKey, scenario: MetricScenario, _ cal: LocalCalendar) -> DailyScoreCards {
        HealthMetricDataService.cards(snapshot, from: today, through: today, today: today, scenario: scenario, calendar: cal).first
            ?? ScoreCalculator.cards(day: today, today: DailyInputs(), history: [])
    }
}
