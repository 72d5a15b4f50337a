import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let scores = FeatureID("scores")
}

/// Scores as a feature: read from the metric service at launch, again when the
/// day changes, new health data arrives or the user answers the permission sheet.
extension ScoresViewModel: BindingFeature {
    public static let id = FeatureID.scores
    public static var snapshotScreens: [String] { ["scores", "scores-detail"] }
    public static var serviceKeys: [any ServiceKey.Type] { [ScoresMetrics.self] }
    public static var scenarioNames: [String] { MetricScenario.allCases.map(\.rawValue) }
    public static var stringTables: [String: [UInt8]] { ["en": PackageResources.scores_en_json, "fr": PackageResources.scores_fr_json] }

    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        let calendar = env.context.calendar
        let today = DayKey(env.now(), calendar: calendar)
        try? await Commands.authorizeUndetermined(env)
        do {
            model.scores.cards = try await env.service(ScoresMetrics.self).scores(for: today, calendar: calendar)
        } catch {
            model.scores.loadError = "\(error)"
        }
        if screen == "scores" && Self.showsInlineDetail(model.size) {
            model.scores.history[model.scores.focus] = try? await env.service(ScoresMetrics.self).history(of: model.scores.focus, through: today,
                                                                                      days: historyDays, calendar: calendar)
        }
        if screen == "scores-detail" {
            model.scores.detail = model.scores.focus
            model.scores.history[model.scores.focus] = try? await env.service(ScoresMetrics.self).history(of: model.scores.focus, through: today,
                                                                                      days: historyDays, calendar: calendar)
        }
    }


    public mutating func start(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        cards == nil ? load(shared, ctx) : []
    }

    /// Live samples are read again at most this often while Scores is on screen.
    static let liveReloadInterval = 5.0

    public mutating func settle(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        if cards == nil {
            guard !isLoading, loadError == nil else { return [] }
            return load(shared, ctx)
        }
        // On screen with live samples not yet counted: read the scores again (throttled), so
        // Strain's active energy is Today's, not the number from when the tab was opened.
        if liveStale, !isLoading, shared.now.timeIntervalSince(loadedAt ?? .distantPast) >= Self.liveReloadInterval {
            return load(shared, ctx)
        }
        return readInlineWeek(shared, ctx)
    }

    /// Room for the focused score's week under the gauges: read it once per score and day,
    /// as soon as the scores are known (on screen or not), so the first visit draws the
    /// weeks in its own frame instead of a second one after a read.
    mutating func readInlineWeek(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        guard cards != nil, detail == nil, Self.showsInlineDetail(shared.screenSize), !inlineRequested.contains(focus) else { return [] }
        inlineRequested.insert(focus)
        return fetchHistory(focus, shared, ctx)
    }

    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch message {
        case let m as ScoresLoaded: scoresLoaded(m); return readInlineWeek(shared, ctx)
        case let m as HistoryLoaded: historyLoaded(m, &shared, ctx); return []
        case is LiveUpdate:
            liveStale = true
            return []
        case is DayChanged, is HealthLoaded, is AuthorizationAnswer:
            // A new day, new data in the cache, or access given or taken: the numbers may have changed.
            return reloadKeepingWhatShows(shared, ctx)
        default: return []
        }
    }

    /// "Sun 22 Nov" (the day the scores are for); "Loading…" before; "Refreshing…" after
    /// `r` until they are read again (the cards and weeks stay on screen meanwhile).
    public func status(_ shared: SharedState, _ ctx: AppContext) -> HeaderStatus? {
        if let cards {
            if isLoading && refreshAsked { return HeaderStatus([ctx.strings("status.refreshingShort")]) }
            let day = ctx.formats.dayAndMonth(cards.day)
            return HeaderStatus([ctx.strings("scores.status.day", day), day])
        }
        return isLoading ? HeaderStatus([ctx.strings("status.loading")]) : nil
    }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        ScoresView.render(self, shared, ctx, r, in: rect, &buffer)
    }
}

public extension AppModel {
    var scores: ScoresViewModel {
        get { self[ScoresViewModel.self] }
        set { self[ScoresViewModel.self] = newValue }
    }
}
