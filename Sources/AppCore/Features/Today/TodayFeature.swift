import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let today = FeatureID("today")
}

/// Today as a feature: cache first, then a refresh; live updates patch it.
extension TodayViewModel: BindingFeature {
    public static let id = FeatureID.today

    /// Days Today loads: every day an insight reads (today and two full weeks before it).
    public static func range(now: Date, _ calendar: LocalCalendar) -> (first: DayKey, last: DayKey) {
        let today = DayKey(now, calendar: calendar)
        return (today.adding(days: -(Insights.daysNeeded - 1)), today)
    }

    /// Fresh totals for `range`; every feature hears the result, the cache is written behind it.
    static func refresh(_ range: (first: DayKey, last: DayKey)) -> Effect {
        .run(Work(WorkID(.today, "refresh"), to: .everyone) { services in
            do {
                let r = try await services.refreshWritingBehind(from: range.first, through: range.last, now: services.now(),
                                                                live: services.live?.samples)
                services.live?.setBase(r.liveBase, days: r.liveBaseDays)
                return HealthLoaded(result: .success(r.snapshot))
            } catch {
                return HealthLoaded(result: .failure(Services.healthError(error)))
            }
        })
    }

    /// Steps access is off: go to the permission sheet.
    static let askForAccess = OnboardingMessage.askForAccess(from: .today)

    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        // `help` is drawn over Today: the same Today, read the same way (it showed no meals behind the box).
        guard model.today.snapshot == nil || screen == "today" || screen == "help" else { return }
        // The meal log too: the app's Active Energy card shows what was eaten today.
        model.today.meals = await env.storage.loadMeals().meals
        let range = Self.range(now: env.now(), env.context.calendar)
        try? await Commands.authorizeUndetermined(env)
        do {
            model.today.snapshot = try await env.repository.refresh(from: range.first, through: range.last, now: env.now(),
                                                                     live: env.live?.samples).snapshot
        } catch {
            // A failed refresh is drawn as the app draws it (an unreadable import's panel, access off,
            // unavailable…), not always as "access off" over the cache's numbers.
            var today = model.today, shared = model.shared
            _ = today.healthLoaded(.failure(Services.healthError(error)), &shared, env.context)
            model.today = today
            model.shared = shared
        }
    }

    public mutating func prepareFirstFrame(_ env: AppEnvironment, _ shared: inout SharedState) {
        liveOffByFlag = !env.options.live
        if shared.settings.authorization[QuantityType.stepCount.rawValue] == .denied {
            // Access was turned off: the first frame says so instead of showing old numbers.
            lastError = .notAuthorized([.stepCount])
            return
        }
        if let problem = env.importState.problem {
            // The import cannot be read: the first frame says so, with no numbers and no Apple Health in the header.
            lastError = .importUnreadable(problem)
            return
        }
        let range = Self.range(now: shared.now, env.context.calendar)
        let cached = env.repository.cached(from: range.first, through: range.last)
        if let notice = cached.notice { env.startupNotices.append(notice) }
        snapshot = cached.snapshot
        importedExportDay = env.importInfo?.exportDay(calendar: env.context.calendar).description
    }


    public mutating func start(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        shared.settings.onboardingCompleted ? beginRefresh(now: shared.now, ctx) : []
    }

    /// Today is never left idle: no numbers and nothing in flight means ask.
    public mutating func settle(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        keepMealBalance(shared, ctx)
        guard snapshot == nil, !isLoading, lastError == nil else { return readAhead(shared, ctx) }
        return beginRefresh(now: shared.now, ctx)
    }

    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch message {
        case let m as HealthLoaded: return healthLoaded(m.result, &shared, ctx)
        case let m as AuthorizationAnswer: return afterAuthorization(m.result, &shared, ctx)
        case let m as LiveUpdate: return liveUpdate(m, &shared, ctx)
        case let m as MealsChanged: meals = m.meals; return []
        case let m as ShowDayOnToday: return showDay(m.day, &shared, ctx)
        case let read as WeekRead:
            return weekRead(read, &shared, ctx)
        case let read as WeeksReadAhead:
            weeksReadAhead(read)
            return []
        case let click as TodayClick:
            switch click {
            case .day(let i):
                focus = .chart
                selectedDay = min(Self.days - 1, max(0, i))
            case .metric(let m):
                focus = .toggle
                metric = m
            }
            return []
        case is DayChanged:
            // A new day: today's numbers start again and the week moves on.
            selectedDay = Self.days - 1
            weekOffset = 0
            readAheadFor = nil
            return isLoading || !shared.settings.onboardingCompleted ? [] : beginRefresh(now: shared.now, ctx)
        default: return []
        }
    }

    /// "Updated 08:42", "Cached · 08:42", "Refreshing…", or the live sync line.
    public func status(_ shared: SharedState, _ ctx: AppContext) -> HeaderStatus? {
        let s = ctx.strings, f = ctx.formats
        if case .importUnreadable? = lastError { return HeaderStatus([s("status.importUnreadable")], tone: .danger) }
        guard let snapshot else { return isLoading ? HeaderStatus([s("status.loading")]) : nil }
        // Live updates turned off (Settings or --no-live): say so, never an old sync count.
        let liveOff = (liveOffByFlag || !shared.settings.liveUpdates) && importedExportDay == nil
        if liveOff, !isLoading, lastError == nil {
            let time = f.time(snapshot.fetchedAt)
            return HeaderStatus([s("status.liveOff", time), s("status.liveOffShort")])
        }
        if !liveOff, updatesReceived > 0, let last = lastSync {
            let time = f.timeWithSeconds(last)
            return HeaderStatus([s.plural("status.live", count: updatesReceived, time, f.integer(updatesReceived)), s("status.liveShort", time)])
        }
        if isLoading { return HeaderStatus([s("status.refreshing", f.time(snapshot.fetchedAt)), s("status.refreshingShort")]) }
        if lastError != nil { return HeaderStatus([s("status.stale", f.time(snapshot.fetchedAt))], tone: .warning) }
        if let day = importedExportDay { return HeaderStatus([s("status.imported", day), s("status.importedShort", day)]) }
        return HeaderStatus([s(snapshot.isFromCache ? "status.cached" : "status.updated", f.time(snapshot.fetchedAt))])
    }

    /// The wheel pages the chart's weeks.
    public func wheelKey(up: Bool) -> Key { up ? .char("[") : .char("]") }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        TodayView.render(self, shared, ctx, r, in: rect, &buffer)
    }
}

/// A week of older days read from the cache for the chart.
struct WeekRead: Sendable {
    var offset: Int
    var keepDay: Int
    var snapshot: HealthSnapshot?
}

/// The weeks before the page shown, read ahead of `[`.
struct WeeksReadAhead: Sendable {
    var snapshot: HealthSnapshot?
}

/// Clicks on Today: a bar of the chart, a side of the Steps/Calories toggle.
enum TodayClick: Sendable {
    case day(Int)
    case metric(TodayViewModel.Metric)
}

public extension AppModel {
    var today: TodayViewModel {
        get { self[TodayViewModel.self] }
        set { self[TodayViewModel.self] = newValue }
    }
}
