import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The month's steps as the Month screen holds them: the chart's values (the
/// provider's, or the cache's until the refresh arrives) and the cached daily
/// totals the achievements are counted from.
public struct MonthData: Equatable, Sendable {
    public var month: CalendarMonth
    /// Merged daily statistics by day, in whole steps (`WholeSteps`); a day missing here is a gap.
    public var chart: [DayKey: Double]
    /// The local cache's daily totals of the month (the achievements' source).
    public var ledger: [DailyTotal]
    public var fetchedAt: Date
    public var isFromCache: Bool

    public init(month: CalendarMonth, chart: [DailyTotal], ledger: [DailyTotal], fetchedAt: Date, isFromCache: Bool) {
        self.month = month
        self.chart = Dictionary(chart.map { ($0.day, WholeSteps.of($0.value)) }, uniquingKeysWith: { $1 })
        self.ledger = ledger
        self.fetchedAt = fetchedAt
        self.isFromCache = isFromCache
    }

    /// New daily totals (live samples, Today's refresh) patched into both series. A month read
    /// fresh is then as fresh as they are (`at`): its "Updated" time moves on with them; one read
    /// from the cache keeps saying when the cache was written.
    mutating func patch(_ totals: [DailyTotal], at: Date) {
        let mine = totals.filter { CalendarMonth(containing: $0.day) == month }
        guard !mine.isEmpty else { return }
        for t in mine { chart[t.day] = WholeSteps.of(t.value) }
        ledger = LiveMerge.patch(ledger, with: mine)
        if !isFromCache { fetchedAt = max(fetchedAt, at) }
    }

    public var achievements: MonthAchievements { MonthAchievements(days: ledger) }

    /// The summary card's numbers over `days`: all sums of the whole-step days the chart shows.
    /// The daily average is of full days: `today` (still counting; just after midnight it holds
    /// almost nothing) adds to the total, the days recorded and the best day, never to the average.
    public func summary(of days: [DayKey], today: DayKey? = nil) -> MonthSummary {
        let recorded = days.compactMap { d in chart[d].map { (d, $0) } }.filter { $0.1.isFinite && $0.1 >= 0 }
        let total = recorded.reduce(0) { $0 + $1.1 }
        let best = recorded.max(by: { $0.1 < $1.1 })
        let full = recorded.filter { $0.0 != today }
        let fullTotal = full.reduce(0) { $0 + $1.1 }
        return MonthSummary(total: total, recordedDays: recorded.count, dayCount: days.count,
                            average: full.isEmpty ? nil : fullTotal / Double(full.count), averagedDays: full.count,
                            bestDay: best?.0, bestValue: best?.1)
    }
}

/// What Month's summary card says: the total is the sum of the days the chart shows.
public struct MonthSummary: Hashable, Sendable {
    public var total: Double
    public var recordedDays: Int
    public var dayCount: Int
    /// Mean of the full days recorded (today left out while it counts).
    public var average: Double?
    /// The days `average` is of: `recordedDays`, or one fewer when today is among them.
    public var averagedDays: Int
    public var bestDay: DayKey?
    public var bestValue: Double?
    /// Nothing recorded, or only zeros: there is nothing to chart or to call a best day.
    public var isEmpty: Bool { recordedDays == 0 || total <= 0 }
}

/// The Month screen: the month's total, a line chart of its days with a day
/// cursor, its achievements and an achievement's detail view.
public struct MonthViewModel: Sendable {
    public enum Focus: Sendable, Equatable { case chart, badges }

    /// The month on screen; nil follows the current month (and the day's rollover).
    public var shownMonth: CalendarMonth?
    public var data: MonthData?
    public var isLoading = false
    public var lastError: HealthError?
    /// Months refreshed from the provider this session (each once, until `r` or a new day).
    public var refreshed: Set<CalendarMonth> = []
    public var focus: Focus = .chart
    /// Day of month under the cursor; nil: today, or the last day of a past month.
    public var cursorDay: Int?
    /// Index into the badge row: the earned badges, then the next locked one.
    public var selectedBadge = 0
    /// The first badge slot shown in the row.
    public var badgeScroll = 0
    /// Rows scrolled down when the screen is taller than the terminal.
    public var scroll = 0
    /// The achievement detail view is open (for `selectedBadge`).
    public var showsDetail = false
    /// The Year view (`y`), while it is open.
    public var year: YearState?
    /// The Year view's days as last read, kept when it closes: opened again on the
    /// same window it shows them at once instead of reading 53 weeks again (a
    /// refresh of the year and a second frame, 25–35 ms after the key). New days
    /// (Today's refresh, live samples) are patched in; a new day moves the window.
    public var keptYear: YearState?
    /// Months refreshed this session, as last read: paging back to one (or to a
    /// neighbour read ahead) draws it in the key's own frame. Patched like `data`;
    /// a new day empties it.
    public var keptMonths: [CalendarMonth: MonthData] = [:]
    /// Months read ahead today, off the draw loop: each is asked for once a day, so a
    /// read that fails is not asked for again and again.
    var readAheadAsked: Set<CalendarMonth> = []
    /// The Year view's first window was asked for ahead of `y` (once a day).
    var yearAheadAsked = false

    public init() {}

    // MARK: Derived

    public func currentMonth(_ shared: SharedState, _ ctx: AppContext) -> CalendarMonth {
        CalendarMonth(shared.now, calendar: ctx.calendar)
    }

    public func displayedMonth(_ shared: SharedState, _ ctx: AppContext) -> CalendarMonth {
        shownMonth ?? currentMonth(shared, ctx)
    }

    /// A month before this one is over: its badges can no longer be earned.
    func showsAPastMonth(_ shared: SharedState, _ ctx: AppContext) -> Bool {
        displayedMonth(shared, ctx) < currentMonth(shared, ctx)
    }

    /// The data of the month on screen (nil while another month's is held).
    func shownData(_ shared: SharedState, _ ctx: AppContext) -> MonthData? {
        data.flatMap { $0.month == displayedMonth(shared, ctx) ? $0 : nil }
    }

    /// Today's day of month when the current month is shown.
    func todayDay(_ shared: SharedState, _ ctx: AppContext) -> Int? {
        let month = displayedMonth(shared, ctx)
        let today = DayKey(shared.now, calendar: ctx.calendar)
        return CalendarMonth(containing: today) == month ? today.day : nil
    }

    /// The last day the cursor may reach: today, or the month's last day.
    func lastCursorDay(_ shared: SharedState, _ ctx: AppContext) -> Int {
        todayDay(shared, ctx) ?? displayedMonth(shared, ctx).dayCount(ctx.calendar)
    }

    func cursor(_ shared: SharedState, _ ctx: AppContext) -> Int {
        min(max(1, cursorDay ?? lastCursorDay(shared, ctx)), lastCursorDay(shared, ctx))
    }

    func achievements(_ shared: SharedState, _ ctx: AppContext) -> MonthAchievements {
        shownData(shared, ctx)?.achievements ?? MonthAchievements(days: [])
    }

    /// Earned badges plus the next locked one.
    func badgeCount(_ shared: SharedState, _ ctx: AppContext) -> Int { achievements(shared, ctx).earned.count + 1 }

    func layout(_ shared: SharedState) -> MonthLayout {
        MonthLayout(content: MonthLayout.content(screen: shared.screenSize))
    }

    // MARK: Keys

    public enum Action: Sendable, Equatable {
        case focusNext, left, right, firstItem, lastItem, previousMonth, nextMonth, scrollUp, scrollDown, pageUp, pageDown
        case open, close, refresh
        case toggleYear, yearDay(Int), yearOpen, yearPage(Int)
    }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        if year != nil { return yearBindings(shared, ctx) }
        if showsDetail {
            return [
                Binding([.escape, .backspace], "Esc", s("key.back"), .close),
                Binding([.left, .char("h")], "←/→", s("month.key.previousBadge"), .left, footerTitle: s("month.key.otherBadge")),
                Binding([.right, .char("l")], "→", s("month.key.nextBadge"), .right, footer: false),
            ]
        }
        let page = layout(shared), scrolls = page.scrolls
        var list: [Binding<Action>] = [
            Binding([.tab, .backTab], "Tab", s("key.focus"), .focusNext),
            Binding([.left, .char("h")], "←/→", s(focus == .chart ? "month.key.previousDay" : "month.key.previousBadge"), .left,
                    footerTitle: s(focus == .chart ? "month.key.day" : "month.key.badge")),
            Binding([.right, .char("l")], "→", s(focus == .chart ? "month.key.nextDay" : "month.key.nextBadge"), .right, footer: false),
        ]
        if focus == .badges { list.append(Binding([.enter, .char(" ")], "Enter", s("month.key.open"), .open)) }
        // PgUp/PgDn page a screen taller than the terminal; when it all fits they browse months.
        // On the current month there is no next one: `]` is left out of the footer, help and the
        // palette rather than offered to do nothing.
        let latest = displayedMonth(shared, ctx) >= currentMonth(shared, ctx)
        list.append(Binding(scrolls ? [.char("[")] : [.char("["), .pageUp], latest ? "[" : "[/]", s("month.key.previousMonth"), .previousMonth,
                            footerTitle: s("month.key.month")))
        if !latest {
            list.append(Binding(scrolls ? [.char("]")] : [.char("]"), .pageDown], "]", s("month.key.nextMonth"), .nextMonth, footer: false))
        }
        // Home/End reach the first/last day or badge at any height (scrolled to show it).
        list += [
            Binding([.home], "Home", s(focus == .chart ? "month.key.firstDay" : "month.key.firstBadge"), .firstItem, footer: false),
            Binding([.end], "End", s(focus == .chart ? "month.key.lastDay" : "month.key.lastBadge"), .lastItem, footer: false),
        ]
        if scrolls {
            // One binding a direction, so help and the palette offer each, and only where it moves:
            // at the top there is nothing to scroll up to.
            if scroll > 0 {
                list += [Binding([.up, .char("k")], "↑", s("month.key.scrollUp"), .scrollUp, footer: false),
                         Binding([.pageUp], "PgUp", s("month.key.pageUp"), .pageUp, footer: false)]
            }
            if scroll < page.maxScroll {
                list += [Binding([.down, .char("j")], "↓", s("month.key.scrollDown"), .scrollDown, footer: false),
                         Binding([.pageDown], "PgDn", s("month.key.pageDown"), .pageDown, footer: false)]
            }
        }
        list.append(Binding([.char("y")], "y", s("month.key.year"), .toggleYear))
        list.append(Binding([.char("r")], "r", s("key.refresh"), .refresh))
        return list
    }

    public func action(for key: Key, _ shared: SharedState, _ ctx: AppContext) -> Action? {
        if year != nil { return yearAction(for: key, shared, ctx) }
        return bindings(shared, ctx).action(for: key)
    }

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let layout = layout(shared)
        if year != nil || action == .toggleYear { return performYear(action, &shared, ctx) }
        switch action {
        case .toggleYear, .yearDay, .yearOpen, .yearPage:
            return performYear(action, &shared, ctx)
        case .focusNext:
            focus = focus == .chart ? .badges : .chart
            scroll = layout.reveal(focus == .chart ? layout.chart : layout.achievements, from: scroll)
        case .left, .right:
            let step = action == .left ? -1 : 1
            if showsDetail || focus == .badges {
                selectedBadge = min(max(0, selectedBadge + step), badgeCount(shared, ctx) - 1)
                keepBadgeInView(shared, ctx)
            } else {
                cursorDay = min(max(1, cursor(shared, ctx) + step), lastCursorDay(shared, ctx))
            }
        case .firstItem, .lastItem:
            if focus == .badges {
                selectedBadge = action == .firstItem ? 0 : badgeCount(shared, ctx) - 1
                keepBadgeInView(shared, ctx)
            } else {
                cursorDay = action == .firstItem ? 1 : lastCursorDay(shared, ctx)
            }
            scroll = layout.reveal(focus == .chart ? layout.chart : layout.achievements, from: scroll)
        case .previousMonth, .nextMonth:
            return browse(by: action == .previousMonth ? -1 : 1, &shared, ctx)
        case .scrollUp: scroll = layout.clamp(scroll - 1)
        case .scrollDown: scroll = layout.clamp(scroll + 1)
        case .pageUp: scroll = layout.clamp(scroll - max(1, layout.viewportHeight - 2))
        case .pageDown: scroll = layout.clamp(scroll + max(1, layout.viewportHeight - 2))
        case .open:
            selectedBadge = min(selectedBadge, badgeCount(shared, ctx) - 1)
            showsDetail = true
        case .close:
            showsDetail = false
        case .refresh:
            refreshed.remove(displayedMonth(shared, ctx))
            return beginRefresh(shared, ctx)
        }
        return []
    }

    /// Slot widths of the badge row: earned badges, then the wider locked one.
    static func slotWidths(earned: Int, lockedCaption: String) -> [Int] {
        let locked = min(MonthLayout.maximumLockedSlot, max(MonthLayout.earnedSlot, TextWidth.of(lockedCaption) + 2))
        return Array(repeating: MonthLayout.earnedSlot, count: earned) + [locked]
    }

    /// Under the month's next badge: the steps still to walk, or, in a month that is over, that it was not earned.
    static func lockedCaption(_ a: MonthAchievements, pastMonth: Bool, _ ctx: AppContext) -> String {
        if pastMonth { return ctx.strings("month.badge.notEarned") }
        return ctx.strings.plural("month.badge.toGo", count: Int(saturating: a.stepsToNext.rounded()), ctx.formats.integer(a.stepsToNext))
    }

    mutating func keepBadgeInView(_ shared: SharedState, _ ctx: AppContext) {
        let a = achievements(shared, ctx)
        let slots = Self.slotWidths(earned: a.earned.count, lockedCaption: Self.lockedCaption(a, pastMonth: showsAPastMonth(shared, ctx), ctx))
        badgeScroll = MonthLayout.scrollToShow(selectedBadge, from: badgeScroll, slots: slots, room: layout(shared).badgeRoom)
    }

    /// Another month: its cached days at once, then (in `settle`) fresh ones.
    mutating func browse(by months: Int, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let current = currentMonth(shared, ctx)
        let target = displayedMonth(shared, ctx).adding(months: months)
        guard target <= current, target != displayedMonth(shared, ctx) else { return [] }
        shownMonth = target == current ? nil : target
        cursorDay = nil
        selectedBadge = 0
        badgeScroll = 0
        showsDetail = false
        lastError = nil
        // A refresh of the month left is replaced by the new month's (in `settle`).
        isLoading = false
        // Refreshed before (shown, or read ahead): on screen now, nothing left to read.
        if refreshed.contains(target), let kept = keptMonths[target] {
            data = kept
            return []
        }
        guard data?.month != target else { return [] }
        return [Self.readCache(target)]
    }

    // MARK: Data

    mutating func beginRefresh(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        let month = displayedMonth(shared, ctx)
        refreshed.insert(month)
        isLoading = true
        return [Self.refresh(month)]
    }

    /// A month's cached days arrived; fresher data of that month is kept.
    mutating func cacheRead(_ m: MonthFeatureMessages.CacheRead) {
        guard data?.month != m.month || data?.isFromCache == true, let steps = m.steps else { return }
        data = MonthData(month: m.month, chart: steps, ledger: steps, fetchedAt: m.fetchedAt ?? .distantPast, isFromCache: true)
    }

    mutating func refreshed(_ m: MonthFeatureMessages.Refreshed, _ shared: inout SharedState, _ ctx: AppContext) {
        isLoading = false
        if case .failure(let error) = m.result {
            lastError = error
        } else {
            lastError = nil
            data = m.monthData
            keptMonths[m.month] = data
        }
    }

    /// Patches new daily totals into the month on screen and the kept ones.
    mutating func patchMonths(_ totals: [DailyTotal], at: Date) {
        data?.patch(totals, at: at)
        for month in Array(keptMonths.keys) { keptMonths[month]?.patch(totals, at: at) }
    }

    /// Once the month on screen is fresh: its neighbours are read from the provider in the
    /// background, so `[`/`]` show them in the key's own frame instead of a second frame
    /// when the data lands; and the Year view's first window (the provider's totals only,
    /// not written to the cache), so the first `y` of the day draws in its own frame too
    /// (it read the year at the key: 25–40 ms, 7–10 ms once the cache was written behind).
    /// The mock makes a year's walks a month at a time, and keeps the totals of finished
    /// days: the read ahead costs no more memory at its peak than a month's.
    mutating func readAhead(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        guard shared.settings.onboardingCompleted, year == nil, !isLoading, shownData(shared, ctx)?.isFromCache == false else { return [] }
        let shown = displayedMonth(shared, ctx), current = currentMonth(shared, ctx)
        var effects: [Effect] = []
        for month in [shown.adding(months: -1), shown.adding(months: 1)]
        where month <= current && !refreshed.contains(month) && !readAheadAsked.contains(month) {
            readAheadAsked.insert(month)
            effects.append(.run(Work(WorkID(.month, "ahead \(month)")) { services in
                MonthFeatureMessages.ReadAhead(loaded: await Self.load(month, services))
            }))
        }
        if !yearAheadAsked, keptYearForToday(shared, ctx) == nil {
            yearAheadAsked = true
            let w = yearWindow(YearState(), shared, ctx)
            let range = w.first...w.last
            effects.append(.run(Work(WorkID(.month, "year ahead")) { services in
                YearReadAhead(range: range, steps: await Self.fetchYear(range, services))
            }))
        }
        return effects
    }

    /// A neighbour read ahead: kept (and counted as refreshed) unless it failed; the
    /// month on screen meanwhile has its own refresh.
    mutating func readAheadArrived(_ m: MonthFeatureMessages.ReadAhead) {
        guard readAheadAsked.contains(m.loaded.month) else { return }  // a new day since
        guard let read = m.loaded.monthData, !refreshed.contains(read.month) else { return }
        refreshed.insert(read.month)
        keptMonths[read.month] = read
    }

    /// The badge the detail view shows for the selected slot: earned, or the next locked one.
    func detailBadge(_ shared: SharedState, _ ctx: AppContext) -> (tier: Int, badge: MonthAchievements.Badge?) {
        let a = achievements(shared, ctx)
        let index = min(max(0, selectedBadge), a.earned.count)
        return (index + 1, a.badge(tier: index + 1))
    }
}
