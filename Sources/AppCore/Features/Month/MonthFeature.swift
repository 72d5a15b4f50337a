import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let month = FeatureID("month")
}

/// What the Month screen's work brings back.
public enum MonthFeatureMessages {
    /// A month's days from the local cache (recent file, and the history file for older months).
    public struct CacheRead: Sendable {
        public var month: CalendarMonth
        public var steps: [DailyTotal]?
        public var fetchedAt: Date?
        public var notice: String?
    }

    /// A month's days fresh from the provider (`result`); the cache is written behind
    /// them (`Services.refreshWritingBehind`).
    public struct Refreshed: Sendable {
        public var month: CalendarMonth
        public var result: Result<[DailyTotal], HealthError>
        public var fetchedAt: Date
    }

    /// A neighbouring month read ahead of the key that pages to it.
    public struct ReadAhead: Sendable {
        public var loaded: Refreshed
    }
}

extension MonthFeatureMessages.Refreshed {
    /// The month as read, when the read succeeded.
    var monthData: MonthData? {
        guard case .success(let steps) = result else { return nil }
        return MonthData(month: month, chart: steps, ledger: steps, fetchedAt: fetchedAt, isFromCache: false)
    }
}

/// The Month screen as a feature: cache first, then a refresh of the month on
/// screen; live samples and Today's refreshes patch it; a new day refreshes it.
extension MonthViewModel: BindingFeature {
    public static let id = FeatureID.month
    public static var snapshotScreens: [String] { ["month", "achievement", "year"] }
    public static var commandLineOptions: [FeatureOption] {
        [FeatureOption(OptionEntry(names: ["--month"], placeholder: "YYYY-MM", values: .text, subcommands: [],
                                   help: ["the month `snapshot month` shows"], listed: true)) { v in
            DayKey(string: v + "-01") != nil && v.count == 7 ? nil : "--month needs a month such as 2026-11, not \"\(v)\""
        }]
    }
    public static var stringTables: [String: [UInt8]] { ["en": PackageResources.month_en_json, "fr": PackageResources.month_fr_json] }

    static func readCache(_ month: CalendarMonth) -> Effect {
        .run(Work(WorkID(.month, "cache")) { services in
            await services.afterQueuedWrites()
            let cal = services.calendar
            let read = services.repository.cachedIncludingHistory(from: month.first, through: month.last(cal), now: services.now())
            return MonthFeatureMessages.CacheRead(month: month, steps: read.snapshot?.steps, fetchedAt: read.snapshot?.fetchedAt,
                                                  notice: read.notice)
        })
    }

    /// The month's days from the provider (merged daily statistics), answered at once;
    /// the cache is written behind them. The achievements count these days: the cache
    /// holds the same totals once written (before, the answer waited for the write and
    /// read them back, 3–4 ms of `r` and of the first visit).
    static func refresh(_ month: CalendarMonth) -> Effect {
        .run(Work(WorkID(.month, "refresh")) { services in await load(month, services) })
    }

    static func load(_ month: CalendarMonth, _ services: Services) async -> MonthFeatureMessages.Refreshed {
        let cal = services.calendar, now = services.now()
        let today = DayKey(now, calendar: cal)
        let last = min(month.last(cal), today)
        guard month.first <= last else {
            return .init(month: month, result: .success([]), fetchedAt: now)
        }
        do {
            let isCurrent = CalendarMonth(containing: today) == month
            let r = try await services.refreshWritingBehind(from: month.first, through: last, now: now,
                                                            live: isCurrent ? services.live?.samples : nil)
            return .init(month: month, result: .success(r.snapshot.steps), fetchedAt: now)
        } catch {
            return .init(month: month, result: .failure(Services.healthError(error)), fetchedAt: now)
        }
    }

    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        let cal = env.context.calendar
        let current = CalendarMonth(env.now(), calendar: cal)
        let month = env.options.value(of: "--month").flatMap(CalendarMonth.init(string:)).map { min($0, current) } ?? current
        try? await Commands.authorizeUndetermined(env)
        var vm = model.month
        vm.shownMonth = month == current ? nil : month
        vm.refreshed.insert(month)
        let loaded = await load(month, env.services)
        vm.refreshed(loaded, &model.shared, env.context)
        model.shared.toast = nil
        if screen == "year" {
            vm.year = YearState()
            let w = vm.yearWindow(YearState(), model.shared, env.context)
            // --month pages back to the year ending with that month.
            if month != current, let year = vm.year {
                var y = year
                let today = DayKey(env.now(), calendar: cal)
                let monthEnd = month.last(cal)
                while YearWindow(today: today, page: y.page, weeks: w.weeks, firstWeekday: cal.firstWeekday).first > monthEnd { y.page -= 1 }
                vm.year = y
            }
            let window = vm.yearWindow(vm.year ?? YearState(), model.shared, env.context)
            vm.yearLoaded(await loadYear(window.first...window.last, env.services), model.shared, env.context)
        }
        if screen == "achievement" {
            let earned = vm.achievements(model.shared, env.context).earned.count
            vm.focus = .badges
            vm.selectedBadge = max(0, earned - 1)
            vm.keepBadgeInView(model.shared, env.context)
            vm.showsDetail = true
        }
        model.month = vm
    }

    public mutating func prepareFirstFrame(_ env: AppEnvironment, _ shared: inout SharedState) {
        let month = CalendarMonth(shared.now, calendar: env.context.calendar)
        let cached = env.repository.cached(from: month.first, through: month.last(env.context.calendar))
        guard let snapshot = cached.snapshot else { return }
        data = MonthData(month: month, chart: snapshot.steps, ledger: snapshot.steps, fetchedAt: snapshot.fetchedAt, isFromCache: true)
    }


    /// Shown (or browsed to) and not yet refreshed this session: ask the provider.
    public mutating func settle(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        if year != nil { return shared.settings.onboardingCompleted ? settleYear(shared, ctx) : [] }
        guard shared.settings.onboardingCompleted, !isLoading, !refreshed.contains(displayedMonth(shared, ctx)) else {
            return readAhead(shared, ctx)
        }
        return beginRefresh(shared, ctx)
    }

    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch message {
        case let m as YearLoaded:
            yearLoaded(m, shared, ctx)
        case let m as MonthFeatureMessages.ReadAhead:
            readAheadArrived(m)
        case let m as YearReadAhead:
            yearReadAheadArrived(m, shared, ctx)
        case let m as MonthFeatureMessages.CacheRead:
            if let notice = m.notice { shared.showToast(notice, .warning, seconds: 8) }
            cacheRead(m)
        case let m as MonthFeatureMessages.Refreshed:
            // A month browsed away from: its refresh was replaced by the new month's.
            guard m.month == displayedMonth(shared, ctx) else {
                if let read = m.monthData { keptMonths[m.month] = read }
                return []
            }
            refreshed(m, &shared, ctx)
        case let m as HealthLoaded:
            if case .success(let snapshot) = m.result {
                patchMonths(snapshot.steps, at: snapshot.fetchedAt)
                patchYear(snapshot.steps)
                // The month is read from the provider once the launch's refresh is in, on
                // screen or not, so the first visit draws it fresh in one frame.
                if year == nil, shared.settings.onboardingCompleted, !isLoading, !refreshed.contains(displayedMonth(shared, ctx)) {
                    return beginRefresh(shared, ctx)
                }
            }
        case let m as LiveUpdate:
            patchMonths(m.steps, at: shared.now)
            patchYear(m.steps)
        case is DayChanged:
            // The new day may start a new month; either way the month's numbers move on.
            cursorDay = nil
            refreshed = []
            keptMonths = [:]
            readAheadAsked = []
            yearAheadAsked = false
            guard shared.settings.onboardingCompleted else { return [] }
            var effects: [Effect] = []
            if shownMonth == nil, data?.month != currentMonth(shared, ctx) { effects.append(Self.readCache(currentMonth(shared, ctx))) }
            return effects + beginRefresh(shared, ctx)
        case let m as AuthorizationAnswer:
            if case .success(let statuses) = m.result, statuses[.stepCount] == .authorized {
                refreshed = []
                lastError = nil
            }
        default:
            break
        }
        return []
    }

    public func helpTitle(_ ctx: AppContext) -> String? { year != nil ? ctx.strings("month.key.year") : nil }

    public func status(_ shared: SharedState, _ ctx: AppContext) -> HeaderStatus? {
        let s = ctx.strings, f = ctx.formats
        guard let data = shownData(shared, ctx) else { return isLoading ? HeaderStatus([s("status.loading")]) : nil }
        if isLoading { return HeaderStatus([s("status.refreshing", f.time(data.fetchedAt)), s("status.refreshingShort")]) }
        if lastError != nil { return HeaderStatus([s("status.stale", f.time(data.fetchedAt))], tone: .warning) }
        return HeaderStatus([s(data.isFromCache ? "status.cached" : "status.updated", f.time(data.fetchedAt))])
    }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        if let year {
            YearView.render(year, shared, ctx, r, in: rect, &buffer)
        } else if showsDetail {
            AchievementDetailView.render(self, shared, ctx, r, in: rect, &buffer)
        } else {
            MonthView.render(self, shared, ctx, r, in: rect, &buffer)
        }
    }
}

public extension AppModel {
    var month: MonthViewModel {
        get { self[MonthViewModel.self] }
        set { self[MonthViewModel.self] = newValue }
    }
}
