import Foundation
import DesignSystem
import HealthDomain
import TerminalUI

/// State every screen may read and change: the route, settings, the toast.
public struct SharedState: Sendable {
    public var route: Route
    public var settings: Settings
    public var toast: Toast?
    public var now: Date
    public var healthAvailable: Bool?
    public var meals: [Meal]
    /// False until the meal log is read (right after the first frame).
    public var mealsLoaded: Bool

    public mutating func showToast(_ message: String, _ tone: BannerTone, seconds: Double = 4) {
        toast = Toast(message: message, tone: tone, expiresAt: now.addingTimeInterval(seconds))
    }
}

/// The root view model: routes events to the screen on top, handles the keys
/// that work everywhere, and collects the effects for the runtime to run.
public struct AppModel: Sendable {
    public static let minimumSize = Size(width: 48, height: 16)

    public var shared: SharedState
    public var size: Size
    public var theme: Theme
    public var showHelp = false
    public var quitRequested = false
    public var onboarding = OnboardingViewModel()
    public var dashboard = DashboardViewModel()
    public var nutrition = NutritionViewModel()
    /// When the app started: the zero of the animation clock.
    public let startedAt: Date
    /// The last key press; idle pulses rest a while after it.
    public var lastInputAt: Date

    /// `meals` nil: not read yet; `start` asks for them.
    public init(settings: Settings, meals: [Meal]?, theme: Theme, size: Size, now: Date) {
        shared = SharedState(route: settings.onboardingCompleted ? .today : .onboarding, settings: settings,
                             toast: nil, now: now, healthAvailable: nil, meals: meals ?? [], mealsLoaded: meals != nil)
        self.theme = theme
        self.size = size
        startedAt = now
        lastInputAt = now
    }

    public var route: Route { shared.route }
    public var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    /// Effects to run at launch: availability, then a refresh when already onboarded.
    public mutating func start(_ ctx: AppContext) -> [Effect] {
        var effects: [Effect] = shared.mealsLoaded ? [] : [.openStores]
        effects.append(.checkAvailability)
        if shared.settings.onboardingCompleted { effects += dashboard.beginRefresh(now: shared.now) }
        return effects
    }

    // MARK: Events

    public mutating func handle(_ event: AppEvent, now: Date, _ ctx: AppContext) -> [Effect] {
        var effects = dispatch(event, now: now, ctx)
        // Today is never left idle: no numbers and nothing in flight means ask.
        if route == .today && dashboard.snapshot == nil && !dashboard.isLoading && dashboard.lastError == nil {
            effects += dashboard.beginRefresh(now: now)
        }
        return effects
    }

    mutating func dispatch(_ event: AppEvent, now: Date, _ ctx: AppContext) -> [Effect] {
        shared.now = now
        if let t = shared.toast, t.expiresAt <= now { shared.toast = nil }
        switch event {
        case .key(let key):
            lastInputAt = now
            return handleKey(key, ctx)
        case .resize(let s):
            size = s
            return []
        case .tick:
            return dashboard.tick(&shared, ctx) + onboarding.tick(&shared, ctx)
        case .availability(let available):
            shared.healthAvailable = available
            onboarding.availabilityChanged(available, &shared, ctx)
            return []
        case .authorization(let result):
            return onboarding.authorizationFinished(result, &shared, ctx) + dashboard.afterAuthorization(result, &shared)
        case .health(let result, let saveError):
            return dashboard.healthLoaded(result, saveError: saveError, &shared, ctx)
        case .storageFailed(let message):
            shared.showToast(ctx.strings("toast.saveFailed", message), .danger, seconds: 6)
            return []
        case .storesOpened(let list, let notices):
            shared.meals = list
            shared.mealsLoaded = true
            if !notices.isEmpty { shared.showToast(notices.joined(separator: " "), .warning, seconds: 8) }
            return []
        case .mealsSaved(let result):
            return nutrition.mealsSaved(result, &shared, ctx)
        case .live(let update):
            return dashboard.liveUpdate(update, &shared, ctx)
        case .liveWriteFailed(let message):
            shared.showToast(ctx.strings("toast.liveSaveFailed", message), .warning, seconds: 6)
            return []
        }
    }

    enum GlobalAction: Sendable { case help, theme, quit, go(Route) }

    func globalBindings(_ ctx: AppContext) -> [Binding<GlobalAction>] {
        let s = ctx.strings
        var list: [Binding<GlobalAction>] = []
        if route != .onboarding {
            for (i, r) in Route.tabs.enumerated() {
                list.append(Binding([.char(Character("\(i + 1)"))], "\(i + 1)", s("route.\(r.rawValue)"), .go(r), footer: false))
            }
        }
        list += [
            Binding([.char("?")], "?", s("key.help"), .help),
            Binding([.char("t")], "t", s("key.theme"), .theme),
            Binding([.char("q"), .ctrl("c")], "q", s("key.quit"), .quit),
        ]
        return list
    }

    /// Key hints for the footer and the help overlay: the screen's, then the global ones.
    public func keyHints(_ ctx: AppContext) -> (screen: [KeyHint], global: [KeyHint]) {
        let screen: [KeyHint]
        switch route {
        case .onboarding: screen = onboarding.bindings(shared, ctx).map(KeyHint.init)
        case .today: screen = dashboard.bindings(shared, ctx).map(KeyHint.init)
        case .nutrition: screen = nutrition.bindings(shared, ctx).map(KeyHint.init)
        }
        return (screen, globalBindings(ctx).map(KeyHint.init))
    }

    /// True while a bottom sheet is up (its buttons sit where toasts usually go).
    var presentsSheet: Bool {
        (route == .nutrition && nutrition.form != nil) || (route == .onboarding && onboarding.phase == .permission)
    }

    /// True while a screen captures typing (a text field has focus).
    var capturesText: Bool {
        route == .nutrition && nutrition.capturesText
    }

    mutating func handleKey(_ key: Key, _ ctx: AppContext) -> [Effect] {
        if showHelp {
            if key == .escape || key == .char("?") || key == .char("q") || key == .enter { showHelp = false }
            if key == .ctrl("c") { return quit() }
            return []
        }
        if isTooSmall {
            if key == .char("q") || key == .ctrl("c") { return quit() }
            return []
        }
        // The screen first (its modal layers and text fields), then the global keys.
        var effects: [Effect] = []
        var handled = false
        switch route {
        case .onboarding: handled = onboarding.handle(key, &shared, ctx, &effects)
        case .today: handled = dashboard.handle(key, &shared, ctx, &effects)
        case .nutrition: handled = shared.mealsLoaded ? nutrition.handle(key, &shared, ctx, &effects) : false // never edit a log not yet read
        }
        if handled { return resolveInternal(effects) }
        guard let action: GlobalAction = globalBindings(ctx).action(for: key) else { return effects }
        switch action {
        case .help: showHelp = true
        case .quit: return effects + quit()
        case .theme: effects += toggleTheme(ctx)
        case .go(let r):
            if r != shared.route {
                shared.route = r
            }
        }
        return effects
    }

    /// Applies the effects that only move between screens.
    mutating func resolveInternal(_ effects: [Effect]) -> [Effect] {
        var out: [Effect] = []
        for e in effects {
            if e == .reconnectHealth {
                shared.route = .onboarding
                onboarding.reopenPermission(&shared)
            } else {
                out.append(e)
            }
        }
        return out
    }

    mutating func quit() -> [Effect] {
        quitRequested = true
        return [.quit]
    }

    /// `t`: dark ↔ light (any other theme switches to the opposite of its appearance). Remembered.
    mutating func toggleTheme(_ ctx: AppContext) -> [Effect] {
        let next = theme.appearance == .dark ? "light" : "dark"
        theme = ThemeLoader.builtin(next)
        if ctx.monochrome { theme = theme.monochrome() }
        shared.settings.theme = next
        shared.showToast(ctx.strings("toast.theme", ctx.strings("theme.\(next)")), .info, seconds: 2)
        return [.saveSettings(shared.settings)]
    }

    // MARK: Time

    /// Seconds on the animation clock.
    public func animationTime(_ now: Date) -> Double { now.timeIntervalSince(startedAt) }

    /// When the runtime must wake the loop even without input: the next
    /// animation frame (≤ 30 fps, only while something moves) or timer.
    public func nextWake(after now: Date, _ ctx: AppContext) -> Date? {
        var candidates: [Date] = []
        if let t = shared.toast { candidates.append(t.expiresAt) }
        if !isTooSmall && !showHelp {
            let animating: Bool
            switch route {
            case .onboarding: animating = onboarding.isAnimating(now: now, lastInput: lastInputAt, ctx)
            case .today: animating = dashboard.isAnimating(now: now, ctx)
            case .nutrition: animating = nutrition.isAnimating(now: now, ctx)
            }
            if animating { candidates.append(now.addingTimeInterval(1.0 / 30)) }
            if let d = dashboard.nextTimer(after: now) { candidates.append(d) }
            if let d = onboarding.nextTimer(after: now) { candidates.append(d) }
        }
        return candidates.min()
    }
}
