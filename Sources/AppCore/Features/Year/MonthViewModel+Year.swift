import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The year's days, from the provider like the month's (written to the cache),
/// or from the cache when the provider fails.
public struct YearLoaded: Sendable {
    public var range: ClosedRange<DayKey>
    public var steps: [DayKey: Double]
    public var error: HealthError?
}

/// The Year view's first window read ahead of `y`: the provider's totals by day (nil: the read failed).
public struct YearReadAhead: Sendable {
    public var range: ClosedRange<DayKey>
    public var steps: [DayKey: Double]?
}

/// Today opens a day the Year view chose (as paging weeks there would).
public struct ShowDayOnToday: Sendable {
    public var day: DayKey
}

extension MonthViewModel {
    /// The window the Year view shows at the current terminal size.
    func yearWindow(_ year: YearState, _ shared: SharedState, _ ctx: AppContext) -> YearWindow {
        let content = MonthLayout.content(screen: shared.screenSize)
        let layout = YearLayout(content: content)
        return YearWindow(today: DayKey(shared.now, calendar: ctx.calendar), page: year.page, weeks: layout.weeks,
                          firstWeekday: ctx.calendar.firstWeekday)
    }

    func yearBindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        // On the latest page (ending today) there is nothing newer: `]` is left out of the
        // footer, help and the palette rather than offered to do nothing.
        let latest = (year?.page ?? 0) >= 0
        // A page is a year where the view shows one; on a narrower terminal it is the weeks shown,
        // and the keys say so.
        let stride = yearWindow(year ?? YearState(), shared, ctx).stride
        let byYear = stride == 52
        let back = byYear ? s("year.key.pageBack") : s("year.key.weeksBack", ctx.formats.integer(stride))
        let forward = byYear ? s("year.key.pageForward") : s("year.key.weeksForward", ctx.formats.integer(stride))
        let pair = byYear ? s("year.key.page") : s("year.key.weeks")
        var list: [Binding<Action>] = [
            Binding([.left, .char("h"), .right, .char("l"), .up, .char("k"), .down, .char("j")], "←↑↓→", s("year.key.move"), .yearDay(0)),
            Binding([.enter], "Enter", s("year.key.open"), .yearOpen),
            // Past either end the cursor stops at the window's first or last day.
            Binding([.home], "Home", s("year.key.first"), .yearDay(-10_000), footer: false),
            Binding([.end], "End", s("year.key.last"), .yearDay(10_000), footer: false),
            Binding([.char("["), .pageUp], latest ? "[" : "[/]", back, .yearPage(-1), footerTitle: pair),
        ]
        if !latest {
            list.append(Binding([.char("]"), .pageDown], "]", forward, .yearPage(1), footer: false))
        }
        list += [
            Binding([.char("y"), .escape], "y/Esc", s("year.key.back"), .toggleYear),
            Binding([.char("r")], "r", s("key.refresh"), .refresh),
        ]
        return list
    }

    /// The Year view's action for a key (the arrows share a binding, each its own step).
    func yearAction(for key: Key, _ shared: SharedState, _ ctx: AppContext) -> Action? {
        guard let action = yearBindings(shared, ctx).action(for: key) else { return nil }
        switch key {
        case .left, .char("h"): return .yearDay(-7)
        case .right, .char("l"): return .yearDay(7)
        case .up, .char("k"): return .yearDay(-1)
        case .down, .char("j"): return .yearDay(1)
        default: return action
        }
    }

    mutating func performYear(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch action {
        case .toggleYear:
            if year == nil {
                if let kept = keptYearForToday(shared, ctx) {
                    year = kept
                    return []
                }
                year = YearState()
                return loadYear(shared, ctx)
            }
            year = nil
        case .yearDay(let step):
            guard var y = year else { return [] }
            let w = yearWindow(y, shared, ctx)
            let current = min(max(y.cursor ?? w.last, w.first), w.last)
            y.cursor = min(max(current.adding(days: step), w.first), w.last)
            year = y
        case .yearPage(let delta):
            guard var y = year else { return [] }
            let target = min(0, y.page + delta)
            guard target != y.page else { return [] }
            // The cursor moves by the pages' stride in whole weeks, so it keeps its weekday: a
            // year back where the view shows a year (kept inside the new page).
            let before = yearWindow(y, shared, ctx)
            let cursor = min(max(y.cursor ?? before.last, before.first), before.last)
            let moved = cursor.adding(days: 7 * before.stride * (target - y.page))
            y.page = target
            let after = yearWindow(y, shared, ctx)
            y.cursor = min(max(moved, after.first), after.last)
            year = y
            return loadYear(shared, ctx)
        case .yearOpen:
            guard let y = year else { return [] }
            let w = yearWindow(y, shared, ctx)
            let day = min(max(y.cursor ?? w.last, w.first), w.last)
            return [.navigate(.today), .send(.feature(.today), ShowDayOnToday(day: day))]
        case .refresh:
            return loadYear(shared, ctx)
        default:
            break
        }
        return []
    }

    mutating func loadYear(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        guard var y = year else { return [] }
        let w = yearWindow(y, shared, ctx)
        y.isLoading = true
        year = y
        return [Self.readYear(w.first...w.last)]
    }

    static func readYear(_ range: ClosedRange<DayKey>) -> Effect {
        .run(Work(WorkID(.month, "year")) { services in await loadYear(range, services) })
    }

    static func loadYear(_ range: ClosedRange<DayKey>, _ services: Services) async -> YearLoaded {
        let now = services.now()
        let today = DayKey(now, calendar: services.calendar)
        let last = min(range.upperBound, today)
        guard range.lowerBound <= last else { return YearLoaded(range: range, steps: [:], error: nil) }
        func byDay(_ totals: [DailyTotal]?) -> [DayKey: Double] {
            Dictionary((totals ?? []).map { ($0.day, $0.value) }, uniquingKeysWith: { $1 })
        }
        do {
            let r = try await services.refreshWritingBehind(from: range.lowerBound, through: last, now: now,
                                                            live: last == today ? services.live?.samples : nil)
            return YearLoaded(range: range, steps: byDay(r.snapshot.steps), error: nil)
        } catch {
            await services.afterQueuedWrites()
            let cached = services.repository.cachedIncludingHistory(from: range.lowerBound, through: last, now: now).snapshot
            return YearLoaded(range: range, steps: byDay(cached?.steps), error: Services.healthError(error))
        }
    }

    /// The provider's totals for `range`, nothing written to the cache; nil when the read fails.
    static func fetchYear(_ range: ClosedRange<DayKey>, _ services: Services) async -> [DayKey: Double]? {
        let now = services.now()
        let today = DayKey(now, calendar: services.calendar)
        let last = min(range.upperBound, today)
        guard range.lowerBound <= last else { return [:] }
        guard let f = try? await services.repository.fetch(from: range.lowerBound, through: last, now: now,
                                                            live: last == today ? services.live?.samples : nil) else { return nil }
        return Dictionary(f.snapshot.steps.map { ($0.day, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The first window read ahead: the Year view waiting for it (opened before it came) takes
    /// it as its answer; otherwise it is kept for the first `y`.
    mutating func yearReadAheadArrived(_ m: YearReadAhead, _ shared: SharedState, _ ctx: AppContext) {
        guard yearAheadAsked, let steps = m.steps else { return }
        if let y = year, y.isLoading, y.page == 0 {
            yearLoaded(YearLoaded(range: m.range, steps: steps, error: nil), shared, ctx)
            return
        }
        guard keptYearForToday(shared, ctx) == nil else { return }
        var kept = YearState()
        kept.steps = steps
        kept.loaded = m.range
        keptYear = kept
    }

    mutating func yearLoaded(_ m: YearLoaded, _ shared: SharedState, _ ctx: AppContext) {
        guard var y = year else { return }
        let w = yearWindow(y, shared, ctx)
        // A page left while it loaded: its days are not this page's.
        guard m.range.upperBound == w.last else { return }
        y.steps = m.steps
        y.loaded = m.range
        y.error = m.error
        y.isLoading = false
        year = y
        // The window the view opens on (page 0) is kept for the next `y`; a failed read is not.
        if y.page == 0 && m.error == nil {
            var kept = YearState()
            kept.steps = m.steps
            kept.loaded = m.range
            keptYear = kept
        }
    }

    /// The kept days, when they cover the window the Year view opens on now (page 0
    /// at this size, ending today); nil otherwise.
    func keptYearForToday(_ shared: SharedState, _ ctx: AppContext) -> YearState? {
        guard let kept = keptYear, let loaded = kept.loaded else { return nil }
        let w = yearWindow(YearState(), shared, ctx)
        return loaded.lowerBound <= w.first && loaded.upperBound == w.last ? kept : nil
    }

    /// New daily totals (Today's refresh, live samples) written over the Year
    /// view's days, open or kept, where its window holds them.
    mutating func patchYear(_ totals: [DailyTotal]) {
        func patched(_ state: YearState?) -> YearState? {
            guard var y = state, let loaded = y.loaded else { return state }
            for t in totals where loaded.contains(t.day) { y.steps[t.day] = t.value }
            return y
        }
        year = patched(year)
        keptYear = patched(keptYear)
    }

    /// A window not loaded yet (a resize showed more weeks, a new day): read it. A resize changes
    /// how many weeks a page holds, so the page is found again from the cursor's day: the view
    /// keeps showing the day chosen (a page back at 48×16 was another half-year at 80×24).
    mutating func settleYear(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        guard var y = year else { return [] }
        if let cursor = y.cursor {
            let w = yearWindow(y, shared, ctx)
            if cursor < w.first || cursor > w.last {
                y.page = YearWindow.page(holding: cursor, today: DayKey(shared.now, calendar: ctx.calendar), weeks: w.weeks,
                                         firstWeekday: w.firstWeekday)
                year = y
            }
        }
        guard !y.isLoading else { return [] }
        let w = yearWindow(y, shared, ctx)
        if let loaded = y.loaded, loaded.lowerBound <= w.first, loaded.upperBound == w.last { return [] }
        return loadYear(shared, ctx)
    }
}

extension TodayViewModel {
    /// Shows `day` on the 7-day chart: the week it falls in (read from the cache when
    /// older than the two weeks on hand), the day selected.
    mutating func showDay(_ day: DayKey, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let today = DayKey(shared.now, calendar: ctx.calendar)
        let ago = max(0, CivilDays.from(year: today.year, month: today.month, day: today.day)
                      - CivilDays.from(year: day.year, month: day.month, day: day.day))
        let target = -(ago / Self.days)
        let keep = Self.days - 1 - ago % Self.days
        focus = .chart
        return showWeek(target, selecting: keep, now: shared.now, ctx)
    }
}
