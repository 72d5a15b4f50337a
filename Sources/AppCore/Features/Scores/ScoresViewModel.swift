import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The Scores screen: today's sleep, recovery and strain widgets, one focused;
/// Enter opens the focused score's last 7 days, Esc comes back.
public struct ScoresViewModel: Sendable {
    public static let historyDays = 7

    public var cards: DailyScoreCards?
    public var isLoading = false
    /// Why the scores could not be read (the service threw).
    public var loadError: String?
    public var focus: ScoreKind = .sleep
    /// The score whose 7 days are open, nil on the overview.
    public var detail: ScoreKind?
    public var history: [ScoreKind: [DayScore]] = [:]
    /// The weeks shown may be out of date (a refresh, new data, a new day): they stay on
    /// screen until the next read replaces them, instead of "Loading…" for the few ms it takes.
    var historyStale = false
    /// `r` was pressed and its read has not come back: the header says "Refreshing…".
    var refreshAsked = false
    public var historyLoading: ScoreKind?
    /// Scores whose week was asked for under the gauges (once each, until the numbers change).
    var inlineRequested: Set<ScoreKind> = []
    /// Live samples arrived since the scores were read (Strain names today's active energy).
    var liveStale = false
    var loadedAt: Date?

    public init() {}

    public enum Action: Sendable, Equatable {
        case next, previous, open, back, refresh
    }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        var list: [Binding<Action>] = [
            // One binding per direction, so help and the palette list each action once.
            Binding([.tab, .right, .char("l"), .down, .char("j")], "Tab", s(detail == nil ? "scores.key.next" : "scores.key.nextDetail"), .next),
            Binding([.backTab, .left, .char("h"), .up, .char("k")], "Shift-Tab", s(detail == nil ? "scores.key.previous" : "scores.key.previousDetail"), .previous, footer: false),
        ]
        if detail == nil {
            list.append(Binding([.enter, .char(" ")], "Enter", s("scores.key.open"), .open))
        } else {
            list.append(Binding([.escape], "Esc", s("key.back"), .back))
        }
        list.append(Binding([.char("r")], "r", s("key.refresh"), .refresh))
        return list
    }

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let kinds = ScoreKind.allCases
        switch action {
        case .next, .previous:
            let index = kinds.firstIndex(of: focus) ?? 0
            focus = kinds[(index + (action == .next ? 1 : kinds.count - 1)) % kinds.count]
            if detail != nil { return open(focus, shared, ctx) }
        case .open:
            return open(focus, shared, ctx)
        case .back:
            detail = nil
        case .refresh:
            refreshAsked = true
            return reloadKeepingWhatShows(shared, ctx)
        }
        return []
    }

    /// Reads the scores and the weeks again; what shows stays until the new numbers come.
    mutating func reloadKeepingWhatShows(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        historyStale = true
        inlineRequested = []
        historyLoading = nil  // a new read replaces one in flight
        return load(shared, ctx) + (detail.map { open($0, shared, ctx) } ?? [])
    }

    /// Shows `kind`'s last 7 days, loading them unless they are known for today.
    mutating func open(_ kind: ScoreKind, _ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        detail = kind
        return fetchHistory(kind, shared, ctx)
    }

    /// A big terminal (120×40 and up) shows the focused score's last 7 days under the gauges.
    static func showsInlineDetail(_ size: Size) -> Bool { size.width >= 120 && size.height >= 40 }

    /// `kind`'s last 7 days, unless they are known for today or on their way. The read
    /// brings every score's week: moving the focus or opening another score afterwards
    /// draws its week in the key's own frame (it was a read and a second frame, 3 ms later).
    mutating func fetchHistory(_ kind: ScoreKind, _ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        let today = DayKey(shared.now, calendar: ctx.calendar)
        if !historyStale, history[kind]?.last?.day == today { return [] }
        let inFlight = historyLoading != nil
        historyLoading = kind
        return inFlight ? [] : [Self.loadHistory(kind, through: today, calendar: ctx.calendar)]
    }

    mutating func load(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        isLoading = true
        liveStale = false
        loadedAt = shared.now
        return [Self.loadScores(DayKey(shared.now, calendar: ctx.calendar), calendar: ctx.calendar)]
    }

    // MARK: Work and its messages

    struct ScoresLoaded: Sendable {
        var day: DayKey
        var result: Result<DailyScoreCards, ScoresLoadError>
    }

    struct HistoryLoaded: Sendable {
        var kind: ScoreKind
        /// Every score's days (the read brings them all).
        var result: Result<[ScoreKind: [DayScore]], ScoresLoadError>
    }

    struct ScoresLoadError: Error, Sendable, Equatable { var message: String }

    static func loadScores(_ day: DayKey, calendar: LocalCalendar) -> Effect {
        .run(Work(WorkID(.scores, "load")) { services in
            // The cache as the last refresh leaves it (it is written behind the refresh's answer).
            await services.afterQueuedWrites()
            do { return ScoresLoaded(day: day, result: .success(try await services[ScoresMetrics.self].scores(for: day, calendar: calendar))) }
            catch { return ScoresLoaded(day: day, result: .failure(ScoresLoadError(message: "\(error)"))) }
        })
    }

    static func loadHistory(_ kind: ScoreKind, through day: DayKey, calendar: LocalCalendar) -> Effect {
        .run(Work(WorkID(.scores, "history")) { services in
            await services.afterQueuedWrites()
            do {
                let days = try await services[ScoresMetrics.self].histories(through: day, days: historyDays, calendar: calendar)
                return HistoryLoaded(kind: kind, result: .success(days))
            } catch {
                return HistoryLoaded(kind: kind, result: .failure(ScoresLoadError(message: "\(error)")))
            }
        })
    }

    mutating func scoresLoaded(_ m: ScoresLoaded) {
        isLoading = false
        refreshAsked = false
        switch m.result {
        case .success(let c): cards = c; loadError = nil
        case .failure(let e): loadError = e.message
        }
    }

    mutating func historyLoaded(_ m: HistoryLoaded, _ shared: inout SharedState, _ ctx: AppContext) {
        historyLoading = nil
        switch m.result {
        case .success(let days):
            // A read brings every score's week: after a stale set, it is the whole set.
            if historyStale { history = days } else { history.merge(days) { _, new in new } }
            historyStale = false
        case .failure(let e): shared.showToast(ctx.strings("scores.historyFailed", e.message), .warning)
        }
    }
}
