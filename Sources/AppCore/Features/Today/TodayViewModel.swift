import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The home screen: today's numbers, goals, the 7-day trend and insights.
/// Cache first: it starts with whatever the cache had and refreshes behind it.
public struct TodayViewModel: Sendable {
    public enum Metric: Sendable, Equatable { case steps, calories }
    public enum Focus: Int, Sendable, CaseIterable { case steps, energy, toggle, chart }

    public struct Celebration: Sendable, Equatable {
        public var startedAt: Date
        public var simulated: Bool
    }

    public static let celebrationDuration = 2.0
    public static let days = 7
    public static let stepGoalRange = 1_000...50_000
    public static let energyGoalRange = 50...3_000

    public var snapshot: HealthSnapshot?
    /// The meal log, from Nutrition's `MealsChanged` (nil until read): for "Eaten" beside Active Energy.
    public var meals: [Meal]? { didSet { keptEaten = nil } }
    /// Today's balance of meals as of the last event (`settle`), for "Eaten": a frame would
    /// otherwise look through every meal (5,000). Used only for the day and calendar it was
    /// found for; any change to `meals` drops it.
    private(set) var keptEaten: (day: DayKey, calendar: LocalCalendar, balance: DayBalance)?

    /// The meals' balance of `day` ("Eaten"), nil while the log is not read.
    func mealBalance(on day: DayKey, _ calendar: LocalCalendar) -> DayBalance? {
        guard let meals else { return nil }
        if let kept = keptEaten, kept.day == day, kept.calendar == calendar { return kept.balance }
        return DayBalance(meals: meals, day: day, burned: [:], calendar: calendar)
    }

    /// Keeps today's balance of meals for the frames and keys that follow (after each event).
    mutating func keepMealBalance(_ shared: SharedState, _ ctx: AppContext) {
        let day = DayKey(shared.now, calendar: ctx.calendar)
        guard let meals else { return }
        if let kept = keptEaten, kept.day == day, kept.calendar == ctx.calendar { return }
        keptEaten = (day, ctx.calendar, DayBalance(meals: meals, day: day, burned: [:], calendar: ctx.calendar))
    }
    public var isLoading = false
    public var lastError: HealthError?
    public var metric: Metric = .steps
    public var focus: Focus = .chart
    /// Index into the 7-day window of the bar being read out; 6 is today.
    public var selectedDay = 6
    public var celebration: Celebration?
    public var loadingStartedAt: Date?
    public var updatesReceived = 0
    public var lastSync: Date?
    /// 0: the last seven days; -1: the week before, and so on (read from the cache).
    public var weekOffset = 0
    /// Older days read from the cache for the weeks paged back to.
    public var history: HealthSnapshot?
    /// A page back is being read.
    var pagingTo: Int?
    /// Weeks `[`/`]` asked for while a page was being read (-2: two more back), paged once it arrives.
    var pagesAskedMeanwhile = 0
    /// The page whose weeks were read ahead (see `readAhead`), so each is asked for once.
    var readAheadFor: Int?
    /// The imported export's day ("2024-03-31") when its data is shown, for the header.
    public var importedExportDay: String?
    /// `--no-live`: no live samples this run, whatever Settings say.
    public var liveOffByFlag = false

    public init() {}

    public enum Action: Sendable {
        case focusNext, focusPrevious, left, right, toggleMetric, simulateGoal, refresh, goalUp, goalDown, activate, allowEnergy,
             olderWeek, newerWeek, firstDay, lastDay
    }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        // No numbers on screen (access off, an error, an empty day): only the keys that do something there.
        guard let snapshot, !snapshot.isEmpty else {
            if needsAccess {
                // `r` asks too (a refresh without access is a request for it): one action, listed once.
                return [Binding([.enter, .char("r")], "Enter", s("today.key.allow"), .activate)]
            }
            return isLoading ? [] : [Binding([.char("r")], "r", s("key.refresh"), .refresh)]
        }
        // Most used first: the footer keeps them from the left while they fit.
        var list: [Binding<Action>] = [
            Binding([.tab], "Tab", s("key.focus"), .focusNext),
            Binding([.backTab], "Shift-Tab", s("key.focusBack"), .focusPrevious, footer: false),
            Binding([.char("c")], "c", s("today.key.chart"), .toggleMetric, footerTitle: s("today.key.chartShort")),
            Binding([.left, .char("h")], "←/→", s("today.key.left"), .left, footerTitle: s("today.key.move")),
            Binding([.right, .char("l")], "→/l", s("today.key.right"), .right, footer: false),
            Binding([.char("["), .pageUp], isLatestWeek ? "[" : "[/]", s("today.key.olderWeek"), .olderWeek,
                    footerTitle: s("today.key.week")),
            Binding([.char("+"), .char("=")], "+/-", s("today.key.goalUp"), .goalUp, footerTitle: s("today.key.goal")),
            Binding([.char("-"), .char("_")], "-", s("today.key.goalDown"), .goalDown, footer: false),
            Binding([.char("r")], "r", s("key.refresh"), .refresh, priority: 2),
            Binding([.char("g")], "g", s("today.key.celebrate"), .simulateGoal),
            Binding([.home], "Home", s("today.key.firstDay"), .firstDay, footer: false),
            Binding([.end], "End", s("today.key.lastDay"), .lastDay, footer: false),
        ]
        if !isLatestWeek {
            list.insert(Binding([.char("]"), .pageDown], "]", s("today.key.newerWeek"), .newerWeek, footer: false), at: 6)
        }
        if snapshot.energy == nil {
            list.insert(Binding([.char("a")], "a", s("today.key.allowEnergy"), .allowEnergy, priority: 2), at: 2)
        }
        if needsAccess {
            list.append(Binding([.enter], "Enter", s("today.key.allow"), .activate))
        } else if focus == .toggle {
            // Enter switches the chart on its toggle alone: listed (in help and the palette) only there.
            list.append(Binding([.enter, .char(" ")], "Enter", s("today.key.activate"), .activate, footer: false))
        }
        return list
    }

    /// The chart shows the week ending today and no page is being read: `]` has nothing newer to
    /// show, so it is offered nowhere (footer, help, palette) rather than offered to do nothing.
    var isLatestWeek: Bool { weekOffset >= 0 && pagingTo == nil }

    /// Steps access is off: the screen offers to ask again.
    var needsAccess: Bool {
        if case .notAuthorized = lastError, snapshot == nil { return true }
        return false
    }

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch action {
        case .focusNext: focus = Focus(rawValue: (focus.rawValue + 1) % Focus.allCases.count)!
        case .focusPrevious: focus = Focus(rawValue: (focus.rawValue + Focus.allCases.count - 1) % Focus.allCases.count)!
        case .left, .right:
            let step = action == .left ? -1 : 1
            switch focus {
            case .chart:
                // Past either end of the week, the chart pages to the next week.
                if step < 0 && selectedDay == 0 { return pageWeek(by: -1, walking: true, &shared, ctx) }
                if step > 0 && selectedDay == Self.days - 1 && weekOffset < 0 { return pageWeek(by: 1, walking: true, &shared, ctx) }
                selectedDay = min(Self.days - 1, max(0, selectedDay + step))
            case .toggle: metric = step < 0 ? .steps : .calories
            case .steps, .energy: focus = step < 0 ? .steps : .energy
            }
        case .firstDay, .lastDay:
            focus = .chart
            selectedDay = action == .firstDay ? 0 : Self.days - 1
        case .toggleMetric:
            metric = metric == .steps ? .calories : .steps
        case .activate:
            if needsAccess { return Self.askForAccess }
            if focus == .toggle { metric = metric == .steps ? .calories : .steps }
        case .simulateGoal:
            return startCelebration(simulated: true, &shared)
        case .allowEnergy:
            return Self.askForAccess
        case .olderWeek: return pageWeek(by: -1, &shared, ctx)
        case .newerWeek: return pageWeek(by: 1, &shared, ctx)
        case .refresh:
            if needsAccess { return Self.askForAccess }
            return isLoading ? [] : beginRefresh(now: shared.now, ctx)
        case .goalUp, .goalDown:
            return adjustGoal(up: action == .goalUp, &shared, ctx)
        }
        return []
    }

    private mutating func adjustGoal(up: Bool, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let editsEnergy = focus == .energy || (focus != .steps && metric == .calories)
        if editsEnergy {
            shared.settings.energyGoal = Self.step(shared.settings.energyGoal, by: up ? 50 : -50, within: Self.energyGoalRange)
            shared.showToast(ctx.strings("today.goalSet.energy", ctx.formats.integer(shared.settings.energyGoal)), .info, seconds: 2)
        } else {
            shared.settings.stepGoal = Self.step(shared.settings.stepGoal, by: up ? 500 : -500, within: Self.stepGoalRange)
            shared.showToast(ctx.strings("today.goalSet.steps", ctx.formats.integer(shared.settings.stepGoal)), .info, seconds: 2)
        }
        return [.saveSettings(shared.settings)]
    }

    /// Pages the chart a whole week back or forward. Weeks on hand (loaded or read ahead) show
    /// at once; others after a read. Walking off the week's edge with ←/→ lands on the day next to the one
    /// left (the week before's last day); `[`/`]` keep the weekday, as a calendar's week view does.
    mutating func pageWeek(by delta: Int, walking: Bool = false, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        if pagingTo != nil {
            // Keys come faster than the cache is read (a held key): none is lost.
            if !walking { pagesAskedMeanwhile += delta }
            return []
        }
        let target = min(0, weekOffset + delta)
        guard target != weekOffset else { return [] }
        let day = walking ? (delta < 0 ? Self.days - 1 : 0) : selectedDay
        return showWeek(target, selecting: day, now: shared.now, ctx)
    }

    /// Shows the week `offset` weeks back with day `keepDay` selected: at once when it and the
    /// week before it are on hand (today's snapshot holds this week and the one before; the weeks
    /// before a page are read ahead), else after both are read from the provider, as Month and the
    /// Year view read (the cache held only the days the launch had fetched, so three weeks back
    /// showed one day of seven, "1 of 7 days at goal", where Month and `stats` had all seven). The
    /// week before is read too because "vs the week before" compares the two.
    mutating func showWeek(_ offset: Int, selecting keepDay: Int, now: Date, _ ctx: AppContext) -> [Effect] {
        if holdsWeekAndTheOneBefore(offset, now: now, ctx) {
            weekOffset = offset
            selectedDay = keepDay
            return []
        }
        pagingTo = offset
        let last = DayKey(now, calendar: ctx.calendar).adding(days: Self.days * offset)
        let first = last.adding(days: -(2 * Self.days - 1))
        return [.run(Work(WorkID(.today, "week")) { services in
            WeekRead(offset: offset, keepDay: keepDay, snapshot: await Self.readWeeks(from: first, through: last, now: now, services))
        })]
    }

    /// The days `first...last` as the provider has them now (the cache written behind), as Month,
    /// the Year view and `stats` read them; the cache's when the provider cannot answer (access
    /// off, offline). The cache first, when it held every day, showed what it had kept where the
    /// provider had since changed (a late sync): a week paged to disagreed with Month and `stats`.
    /// Read ahead of `[`, the provider's time is not the key's.
    static func readWeeks(from first: DayKey, through last: DayKey, now: Date, _ services: Services) async -> HealthSnapshot? {
        await services.afterQueuedWrites()
        let today = DayKey(now, calendar: services.calendar)
        if let fetched = try? await services.refreshWritingBehind(from: first, through: min(last, today), now: now,
                                                                  live: last >= today ? services.live?.samples : nil) {
            return fetched.snapshot
        }
        return services.repository.cachedIncludingHistory(from: first, through: last, now: now).snapshot
    }

    /// Weeks read ahead of `[` once a page has settled, as Month reads its neighbours: the
    /// `weeksReadAhead` weeks before the one shown, in one read (the cache is one file either
    /// way), so the next pages back show at once instead of after a read (1.3 ms at 200×60).
    static let weeksReadAhead = 4

    /// Runs after every event (`settle`): the page already looked at returns first.
    mutating func readAhead(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        let page = weekOffset - 1
        guard readAheadFor != page, shared.settings.onboardingCompleted, !isLoading, pagingTo == nil,
              snapshot?.isEmpty == false else { return [] }
        readAheadFor = page
        guard !holdsWeekAndTheOneBefore(page, now: shared.now, ctx) else { return [] }
        let now = shared.now
        let last = DayKey(now, calendar: ctx.calendar).adding(days: Self.days * page)
        let first = last.adding(days: -((Self.weeksReadAhead + 1) * Self.days - 1))
        return [.run(Work(WorkID(.today, "ahead")) { services in
            WeeksReadAhead(snapshot: await Self.readWeeks(from: first, through: last, now: now, services))
        })]
    }

    /// Days read ahead are kept beside the ones paged to (nothing on screen moves).
    mutating func weeksReadAhead(_ read: WeeksReadAhead) {
        if let found = read.snapshot, !found.steps.isEmpty { keep(found) }
    }

    /// Older days kept for the weeks paged back to; a day read again replaces the one kept.
    private mutating func keep(_ found: HealthSnapshot) {
        var merged = history ?? HealthSnapshot(steps: [], energy: [], fetchedAt: found.fetchedAt, isFromCache: true)
        let newDays = Set(found.steps.map(\.day)), newEnergyDays = Set((found.energy ?? []).map(\.day))
        merged.steps = (merged.steps.filter { !newDays.contains($0.day) } + found.steps).sorted { $0.day < $1.day }
        merged.energy = ((merged.energy ?? []).filter { !newEnergyDays.contains($0.day) } + (found.energy ?? []))
            .sorted { $0.day < $1.day }
        history = merged
    }

    /// A week read; an empty one is the edge of what is recorded.
    mutating func weekRead(_ read: WeekRead, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        pagingTo = nil
        let asked = pagesAskedMeanwhile
        pagesAskedMeanwhile = 0
        guard let found = read.snapshot, !found.steps.isEmpty else {
            shared.showToast(ctx.strings("today.noOlderDays"), .info, seconds: 3)
            // The cache's edge: further back is nothing; forward from where the chart is still is.
            return asked > 0 ? pageWeek(by: asked, &shared, ctx) : []
        }
        keep(found)
        weekOffset = read.offset
        selectedDay = read.keepDay
        return asked != 0 ? pageWeek(by: asked, &shared, ctx) : []
    }

    /// A goal moved by one step and kept in range, whatever value it started from.
    static func step(_ value: Int, by delta: Int, within range: ClosedRange<Int>) -> Int {
        let start = min(range.upperBound, max(range.lowerBound, value))
        return min(range.upperBound, max(range.lowerBound, start + delta))
    }

    mutating func beginRefresh(now: Date, _ ctx: AppContext) -> [Effect] {
        isLoading = true
        loadingStartedAt = now
        return [Self.refresh(Self.range(now: now, ctx.calendar))]
    }

    mutating func afterAuthorization(_ result: Result<[QuantityType: AuthorizationStatus], HealthError>,
                                     _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard case .success(let statuses) = result else { return [] }
        if statuses[.stepCount] == .denied {
            // Access was turned off: the numbers go, the access-off panel shows.
            snapshot = nil
            isLoading = false
            lastError = .notAuthorized([.stepCount])
            return []
        }
        guard statuses[.stepCount] == .authorized else { return [] }
        lastError = nil
        return beginRefresh(now: shared.now, ctx)
    }

    mutating func healthLoaded(_ result: Result<HealthSnapshot, HealthError>, _ shared: inout SharedState,
                               _ ctx: AppContext) -> [Effect] {
        isLoading = false
        var effects: [Effect] = []
        switch result {
        case .success(let fresh):
            snapshot = fresh
            lastError = nil
            lastSync = fresh.fetchedAt
            effects.append(.startLiveUpdates)
            effects += celebrateIfGoalReached(&shared, ctx)
        case .failure(let error):
            lastError = error
            // Access to steps is off: cached numbers are not shown as if they were current.
            if case .notAuthorized(let types) = error, types.contains(.stepCount) { snapshot = nil }
            if case .importUnreadable = error {
                // Never the cached numbers of an import that cannot be read, nor its name in the header.
                snapshot = nil
                importedExportDay = nil
            }
            if snapshot != nil, case .transient = error {
                shared.showToast(ctx.strings("today.refreshFailed"), .warning)
            }
        }
        return effects
    }

    /// New live samples were stored and the aggregates recomputed.
    mutating func liveUpdate(_ update: LiveUpdate, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        updatesReceived += update.newSamples
        lastSync = update.at
        guard var current = snapshot, !update.steps.isEmpty else { return [] }
        current.steps = LiveMerge.patch(current.steps, with: update.steps)
        if let energy = current.energy { current.energy = LiveMerge.patch(energy, with: update.energy) }
        snapshot = current
        return celebrateIfGoalReached(&shared, ctx)
    }

    /// The real celebration plays once per day, when today's steps reach the goal.
    private mutating func celebrateIfGoalReached(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let today = DayKey(shared.now, calendar: ctx.calendar)
        guard let steps = snapshot?.steps.first(where: { $0.day == today })?.value,
              steps >= Double(shared.settings.stepGoal),
              !shared.settings.celebratedDays.contains(today.description) else { return [] }
        shared.settings.celebratedDays = Array((shared.settings.celebratedDays + [today.description]).suffix(30))
        return startCelebration(simulated: false, &shared) + [.saveSettings(shared.settings)]
    }

    private mutating func startCelebration(simulated: Bool, _ shared: inout SharedState) -> [Effect] {
        celebration = Celebration(startedAt: shared.now, simulated: simulated)
        return [.haptic]
    }

    public mutating func tick(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        if let c = celebration, !ctx.reduceMotion, shared.now.timeIntervalSince(c.startedAt) >= Self.celebrationDuration + 1.5 {
            celebration = nil
        }
        if let c = celebration, ctx.reduceMotion, shared.now.timeIntervalSince(c.startedAt) >= 4 {
            celebration = nil
        }
        return []
    }

    public func nextTimer(after now: Date) -> Date? {
        celebration.map { $0.startedAt.addingTimeInterval(4) }
    }

    public func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool {
        guard !ctx.reduceMotion else { return false }
        if let c = celebration, now.timeIntervalSince(c.startedAt) < Self.celebrationDuration + 1.5 { return true }
        return snapshot == nil && isLoading
    }

    // MARK: Derived values for the view

    /// The seven days the chart shows: the last seven, or a whole week back (`weekOffset` < 0).
    func window(_ ctx: AppContext, now: Date) -> [DayKey] {
        let last = DayKey(now, calendar: ctx.calendar).adding(days: 7 * weekOffset)
        return (0..<Self.days).map { last.adding(days: $0 - (Self.days - 1)) }
    }

    /// True when the steps of the week `offset` weeks back and of the week before it are on
    /// hand: the week's chart and its "vs the week before" need nothing read. This week
    /// (offset 0) always: its comparison is the 7 full days before today against the 7 before those.
    func holdsWeekAndTheOneBefore(_ offset: Int, now: Date, _ ctx: AppContext) -> Bool {
        guard offset < 0 else { return true }
        let last = DayKey(now, calendar: ctx.calendar).adding(days: Self.days * offset)
        return (0..<(2 * Self.days)).allSatisfy { value(.stepCount, on: last.adding(days: -$0)) != nil }
    }

    func value(_ type: QuantityType, on day: DayKey) -> Double? {
        let list = type == .stepCount ? snapshot?.steps : snapshot?.energy
        if let v = list?.first(where: { $0.day == day })?.value { return v }
        return history?.value(type, on: day)
    }
}
