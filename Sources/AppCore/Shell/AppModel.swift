import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// What every screen needs: where we are, the settings, the toast and the time.
public struct SharedState: Sendable {
    public var route: FeatureID
    public var settings: Settings
    public var toast: Toast?
    public var now: Date
    /// The last key press; idle pulses rest a while after it.
    public var lastInputAt: Date
    /// The local day the app last saw; a change is announced to every feature.
    public var day: DayKey?
    /// The terminal's size (a screen that scrolls needs its height to page and clamp).
    public var screenSize = Size(width: 80, height: 24)
    /// The session's warnings and failures, for Settings ▸ Messages.
    public var messages = MessageLog()

    /// A toast; a warning or a failure is also kept in `messages` unless `remember` is false
    /// (a hint about the screen in front of the user, such as a locked task, is not news later).
    /// A kept one that replaces another still showing counts it, so the toast can say there is more.
    public mutating func showToast(_ message: String, _ tone: BannerTone, seconds: Double = 4, short: String? = nil,
                                   remember: Bool = true) {
        let logged = remember && (tone == .warning || tone == .danger)
        if logged { messages.append(message, tone, at: now) }
        // The same message again (a save failing twice) is one entry in the log: it adds nothing to count.
        let replaced = toast.flatMap { $0.logged && $0.expiresAt > now ? $0.alsoKept + ($0.message == message ? 0 : 1) : nil } ?? 0
        toast = Toast(message: message, short: short, tone: tone, expiresAt: now.addingTimeInterval(seconds), logged: logged,
                      alsoKept: logged ? replaced : 0)
    }

    /// Several notices at once (a start with a damaged file and a broken theme): each is kept
    /// in `messages`, and the toast shows the first and says how many more there are to read.
    public mutating func showNotices(_ notices: [(text: String, short: String?)], seconds: Double = 8) {
        guard let first = notices.first else { return }
        for notice in notices.dropLast() { messages.append(notice.text, .warning, at: now) }
        showToast(notices[notices.count - 1].text, .warning, seconds: seconds)
        toast?.message = first.text
        toast?.short = first.short
        toast?.alsoKept += notices.count - 1
    }
}

/// The root view model: routes events to the features, handles the keys that
/// work everywhere, and collects the effects for the runtime to run. It knows
/// the features only through `FeatureRegistry`.
public struct AppModel: Sendable {
    public static let minimumSize = Size(width: 48, height: 16)

    public var shared: SharedState
    public var size: Size { didSet { shared.screenSize = size } }
    public var theme: Theme
    public var showHelp = false
    /// The command palette, while it is open.
    public var palette: Palette?
    public var helpScroll = 0
    public var quitRequested = false
    /// The current theme's name ("dark", "high-contrast", a user theme), and the one `t` returns to.
    public var themeName: String
    public var rememberedTheme: String?
    /// Each registered feature's state, by id.
    var features: [FeatureID: any Feature]
    /// When the app started: the zero of the animation clock.
    public let startedAt: Date
    /// Counts the changes to what help and the palette are drawn over: every event but a
    /// key that only opened, moved or closed the overlay (typing in the palette, scrolling
    /// help) changes it. `AppView` keeps the dimmed screen under an overlay while it holds.
    public private(set) var screenRevision: UInt64 = 0
    /// While an event is handled: it was a key that only the overlay used.
    private var overlayKeyOnly = false

    public init(settings: Settings, theme: Theme, size: Size, now: Date) {
        let opening = settings.onboardingCompleted ? nil : FeatureRegistry.firstRun
        shared = SharedState(route: (opening ?? FeatureRegistry.tabs[0]).id,
                             settings: settings, toast: nil, now: now, lastInputAt: now, day: nil)
        features = Dictionary(uniqueKeysWithValues: FeatureRegistry.all.map { ($0.id, $0.init()) })
        self.theme = theme
        self.themeName = settings.theme ?? (theme.appearance == .dark ? "dark" : "light")
        self.size = size
        shared.screenSize = size
        startedAt = now
    }

    public var route: FeatureID { shared.route }
    public var isTooSmall: Bool { size.width < Self.minimumSize.width || size.height < Self.minimumSize.height }

    /// A feature's state, typed.
    public subscript<F: Feature>(_ type: F.Type) -> F {
        get { (features[F.id] as? F) ?? F() }
        set { features[F.id] = newValue }
    }

    /// The feature on screen.
    var current: any Feature { features[route] ?? FeatureRegistry.all[0].init() }

    /// Effects to run at launch, after the first frame: every feature's.
    public mutating func start(_ ctx: AppContext) -> [Effect] {
        let settingsBefore = shared.settings
        var effects: [Effect] = []
        for type in FeatureRegistry.all {
            effects += update(type.id) { $0.start(&$1, ctx) }
        }
        return Self.storingSettings(resolveInternal(effects, ctx), before: settingsBefore, after: shared.settings)
    }

    // MARK: Events

    public mutating func handle(_ event: AppEvent, now: Date, _ ctx: AppContext) -> [Effect] {
        let settingsBefore = shared.settings
        let before = (route: shared.route, toast: shared.toast, day: shared.day, size: size)
        overlayKeyOnly = false
        var effects = dispatch(event, now: now, ctx)
        effects += update(route) { $0.settle(&$1, ctx) }
        let underOverlayKept = overlayKeyOnly && effects.isEmpty && shared.settings == settingsBefore
            && shared.route == before.route && shared.toast == before.toast && shared.day == before.day && size == before.size
        if !underOverlayKept { screenRevision &+= 1 }
        return Self.storingSettings(resolveInternal(effects, ctx), before: settingsBefore, after: shared.settings)
    }

    /// Every `saveSettings` of one event becomes one `storeSettings` of the
    /// change this event made, so the storage writes just that change.
    static func storingSettings(_ effects: [Effect], before: Settings, after: Settings) -> [Effect] {
        var stored = false
        return effects.compactMap { effect in
            guard case .saveSettings = effect else { return effect }
            defer { stored = true }
            return stored ? nil : .storeSettings(base: before, mine: after)
        }
    }

    /// Another tmm-tui process changed the settings file: show what it holds now.
    mutating func settingsReloaded(_ settings: Settings, _ ctx: AppContext) {
        let themeChanged = settings.theme != shared.settings.theme
        shared.settings = settings
        if themeChanged, let name = settings.theme { apply(Self.resolveTheme(name, ctx), named: name) }
    }

    mutating func dispatch(_ event: AppEvent, now: Date, _ ctx: AppContext) -> [Effect] {
        shared.now = now
        if let t = shared.toast, t.expiresAt <= now { shared.toast = nil }
        var effects: [Effect] = []
        let today = DayKey(now, calendar: ctx.calendar)
        if let known = shared.day, known != today {
            shared.day = today
            effects += deliver(DayChanged(day: today), to: .everyone, ctx)
        }
        shared.day = today
        return effects + dispatchEvent(event, now: now, ctx)
    }

    private mutating func dispatchEvent(_ event: AppEvent, now: Date, _ ctx: AppContext) -> [Effect] {
        switch event {
        case .key(let key):
            shared.lastInputAt = now
            return handleKey(key, ctx)
        case .resize(let s):
            size = s
            return []
        case .tick:
            return FeatureRegistry.all.flatMap { type in update(type.id) { $0.tick(&$1, ctx) } }
        case .message(let target, let message):
            return deliver(message, to: target, ctx)
        }
    }

    /// Runs `body` on one feature's state and stores it back.
    mutating func update(_ id: FeatureID, _ body: (inout any Feature, inout SharedState) -> [Effect]) -> [Effect] {
        guard var feature = features[id] else { return [] }
        var state = shared
        let effects = body(&feature, &state)
        shared = state
        features[id] = feature
        return effects
    }

    mutating func deliver(_ message: any Sendable, to target: MessageTarget, _ ctx: AppContext) -> [Effect] {
        switch target {
        case .feature(let id):
            return update(id) { $0.receive(message, &$1, ctx) }
        case .everyone:
            return FeatureRegistry.all.flatMap { type in update(type.id) { $0.receive(message, &$1, ctx) } }
        case .shell:
            if case .settings(let settings)? = message as? StoreReloaded {
                settingsReloaded(settings, ctx)
                return []
            }
            if let change = message as? ThemeChange {
                apply(change.theme, named: change.name)
                return []
            }
            guard let m = message as? ShellMessage else { return [] }
            switch m {
            case .storageFailed(let text): shared.showToast(ctx.strings("toast.saveFailed", text), .danger, seconds: 6)
            case .warning(let key, let argument): shared.showToast(ctx.strings(key, argument), .warning, seconds: 6)
            case .notices(let list): shared.showNotices(list.map { ($0, nil) })
            case .readMessages: return deliver(ReadMessages(), to: .everyone, ctx)
            case .navigate(let id): if features[id] != nil { shared.route = id }
            case .theme(let name):
                apply(Self.resolveTheme(name, ctx), named: name)
                return [.saveSettings(shared.settings)]
            }
            return []
        }
    }

    /// Applies the effects that stay inside the model: moving between screens
    /// and messages from one feature to another.
    mutating func resolveInternal(_ effects: [Effect], _ ctx: AppContext) -> [Effect] {
        var out: [Effect] = []
        var queue = effects[...]
        var hops = 0
        while let effect = queue.popFirst() {
            switch effect {
            case .navigate(let id):
                if features[id] != nil { shared.route = id }
            case .send(let target, let message):
                hops += 1
                if hops < 64 { queue += deliver(message, to: target, ctx) } // a message loop cannot hang the app
            default:
                out.append(effect)
            }
        }
        return out
    }

    // MARK: Keys

    mutating func handleKey(_ key: Key, _ ctx: AppContext) -> [Effect] {
        if case .mouse(let event) = key { return handleMouse(event, ctx) }
        if showHelp { return handleHelpKey(key, ctx) }
        if palette != nil { return handlePaletteKey(key, ctx) }
        if isTooSmall {
            if key == .char("q") || key == .ctrl("c") { return quit() }
            return []
        }
        // The screen first (its modal layers and text fields), then the global keys.
        var effects: [Effect] = []
        var feature = current
        let handled = feature.handle(key, &shared, ctx, &effects)
        features[type(of: feature).id] = feature
        // A screen may end the run (the meal sheet's "Discard and quit?" after Ctrl-C).
        if handled { return effects.contains { if case .quit = $0 { true } else { false } } ? effects + quit() : effects }
        guard let action = GlobalKeys.bindings(for: self, ctx).action(for: key) else { return effects }
        switch action {
        // The screen passed the key on: nothing under the overlay changed but the footer,
        // which lists the overlay's keys (`AppView` draws the frame on screen again under it).
        case .help:
            showHelp = true
            helpScroll = 0
            overlayKeyOnly = true
        case .palette:
            palette = Palette()
            overlayKeyOnly = true
        case .quit: return effects + quit()
        case .suspend: return effects + [.suspend]
        case .theme: effects += toggleTheme(ctx)
        case .go(let id): shared.route = id
        }
        return effects
    }

    /// Typing filters, ↑/↓ choose, Enter runs, Esc closes.
    mutating func handlePaletteKey(_ key: Key, _ ctx: AppContext) -> [Effect] {
        guard var p = palette else { return [] }
        overlayKeyOnly = true
        let found = p.matches(p.keepingEntries(for: self, ctx))
        switch key {
        case .escape:
            palette = nil
            return []
        case .ctrl("c"):
            palette = nil
            return quit()
        case .up, .backTab: p.selected = max(0, p.selected - 1)
        case .down, .tab: p.selected = min(max(0, found.count - 1), p.selected + 1)
        case .pageUp: p.selected = 0
        case .pageDown: p.selected = max(0, found.count - 1)
        case .enter:
            palette = nil
            defer { overlayKeyOnly = false } // the entry run may change anything
            guard found.indices.contains(p.selected) else { return [] }
            return run(found[p.selected].action, ctx)
        default:
            // A new query starts at its first match; the query's own cursor keys (Home, End, ←/→) keep the choice.
            let before = p.query.text
            if p.query.handle(key), p.query.text != before { p.selected = 0 }
        }
        palette = p
        return []
    }

    /// Does what a click or a palette entry stands for.
    mutating func run(_ action: ClickAction, _ ctx: AppContext) -> [Effect] {
        switch action {
        case .key(let key): return handleKey(key, ctx)
        case .message(let message):
            if let shell = message as? ShellMessage { return deliver(shell, to: .shell, ctx) }
            return deliver(message, to: .feature(route), ctx)
        }
    }

    /// The wheel scrolls (help, lists, the chart's weeks); a left click does
    /// what the frame says is under it (a key or a message to the screen).
    mutating func handleMouse(_ event: MouseEvent, _ ctx: AppContext) -> [Effect] {
        guard !isTooSmall else { return [] }
        switch event.kind {
        case .wheelUp, .wheelDown:
            let up = event.kind == .wheelUp
            if showHelp { return handleHelpKey(up ? .up : .down, ctx) }
            return handleKey(current.wheelKey(up: up), ctx)
        case .press where event.button == 0:
            if showHelp || palette != nil {
                showHelp = false
                palette = nil
                overlayKeyOnly = true
                return []
            }
            guard let action = AppView.render(self, ctx, now: shared.now).clickAction(at: event.point) else { return [] }
            return run(action, ctx)
        default:
            return []
        }
    }

    mutating func handleHelpKey(_ key: Key, _ ctx: AppContext) -> [Effect] {
        overlayKeyOnly = true
        defer {
            let limit = AppView.help(self, ctx).maxScroll(on: Rect(x: 0, y: 0, width: size.width, height: size.height))
            helpScroll = min(max(0, helpScroll), limit)
        }
        switch key {
        case .escape, .char("?"), .char("q"), .enter, .function(1): showHelp = false
        case .ctrl("c"): return quit()
        case .down, .char("j"): helpScroll += 1
        case .up, .char("k"): helpScroll = max(0, helpScroll - 1)
        case .pageDown, .char(" "): helpScroll += max(1, size.height - 6)
        case .pageUp: helpScroll = max(0, helpScroll - max(1, size.height - 6))
        case .home: helpScroll = 0
        case .end: helpScroll = Int.max / 2
        default: break
        }
        return []
    }

    /// Key hints for the footer and the help overlay: the screen's, then the global ones.
    /// `help`: the help overlay of this model when the caller has built it already.
    public func keyHints(_ ctx: AppContext, help: HelpOverlay? = nil) -> (screen: [KeyHint], global: [KeyHint]) {
        let hints = keyHintsAsDrawn(ctx, help: help)
        guard !ctx.glyphs.isUnicode else { return hints }
        return (hints.screen.map { $0.namingArrows() }, hints.global.map { $0.namingArrows() })
    }

    private func keyHintsAsDrawn(_ ctx: AppContext, help: HelpOverlay?) -> (screen: [KeyHint], global: [KeyHint]) {
        if showHelp { return (helpKeyHints(ctx, help: help), [KeyHint(label: "Ctrl-C", title: ctx.strings("key.quit"), inFooter: false, key: .ctrl("c"))]) }
        if palette != nil {
            let s = ctx.strings
            return ([KeyHint(label: "Enter", title: s("palette.run"), key: .enter),
                     KeyHint(label: "↑/↓", title: s("palette.choose"), key: .down, keys: [.up, .down, .tab, .backTab]),
                     KeyHint(label: "PgUp/PgDn", title: s("palette.firstLast"), inFooter: false, key: .pageDown, keys: [.pageUp, .pageDown]),
                     KeyHint(label: "Esc", title: s("palette.close"), priority: 4, key: .escape)],
                    [KeyHint(label: "Ctrl-C", title: s("key.quit"), inFooter: false, key: .ctrl("c"))])
        }
        return (current.keyHints(shared, ctx), GlobalKeys.bindings(for: self, ctx).map(KeyHint.init))
    }

    /// The keys of the help overlay itself: scrolling only when it scrolls.
    func helpKeyHints(_ ctx: AppContext, help: HelpOverlay? = nil) -> [KeyHint] {
        let s = ctx.strings
        var list: [KeyHint] = []
        if (help ?? AppView.help(self, ctx)).maxScroll(on: Rect(x: 0, y: 0, width: size.width, height: size.height)) > 0 {
            list += [KeyHint(label: "↑/↓", title: s("help.key.scroll"), key: .down, keys: [.up, .char("k"), .down, .char("j")]),
                     KeyHint(label: "PgUp/PgDn", title: s("help.key.page"), key: .pageDown, keys: [.pageUp, .pageDown, .char(" ")]),
                     KeyHint(label: "Home/End", title: s("help.key.ends"), key: .end, keys: [.home, .end])]
        }
        list.append(KeyHint(label: "Esc", title: s("help.key.close"), priority: 4, key: .escape,
                            keys: [.escape, .char("?"), .char("q"), .enter, .function(1)]))
        return list
    }

    /// True while a bottom sheet is up (its buttons sit where toasts usually go).
    var presentsSheet: Bool { current.presentsSheet }

    mutating func quit() -> [Effect] {
        quitRequested = true
        return [.quit]
    }

    /// `t`: dark ↔ light. From high-contrast or a user theme it goes to the
    /// opposite built-in and remembers where it came from; the next `t` goes back.
    mutating func toggleTheme(_ ctx: AppContext) -> [Effect] {
        let outcome = ThemeToggle.toggle(current: themeName, appearance: theme.appearance, remembered: rememberedTheme)
        apply(Self.resolveTheme(outcome.next, ctx), named: outcome.next, remembering: outcome.remembered)
        let name = ctx.strings.hasKey("theme.\(outcome.next)") ? ctx.strings("theme.\(outcome.next)") : outcome.next
        var message = ctx.strings("toast.theme", name)
        if let left = outcome.leftBehind { message = ctx.strings("toast.themeReturn", message, left) }
        shared.showToast(message, .info, seconds: outcome.leftBehind == nil ? 2 : 4)
        return [.saveSettings(shared.settings)]
    }

    /// The one place a theme is put on screen (and remembered in the settings).
    mutating func apply(_ next: Theme, named name: String, remembering remembered: String? = nil) {
        theme = next
        themeName = name
        rememberedTheme = remembered
        shared.settings.theme = name
    }

    /// A theme by name (built-in, user theme or file), monochrome under NO_COLOR.
    static func resolveTheme(_ name: String, _ ctx: AppContext) -> Theme {
        let theme = ThemeLoader.resolve(name, userThemesDirectory: ctx.userThemesDirectory).0
        return ctx.monochrome ? theme.monochrome() : theme
    }

    // MARK: Time

    /// Seconds on the animation clock.
    public func animationTime(_ now: Date) -> Double { now.timeIntervalSince(startedAt) }

    /// When the runtime must wake the loop even without input: the next
    /// animation frame (≤ 30 fps, only while something moves) or timer.
    public func nextWake(after now: Date, _ ctx: AppContext) -> Date? {
        var candidates: [Date] = []
        if let t = shared.toast { candidates.append(t.expiresAt) }
        // Wake at midnight so every screen hears about the new day.
        let startOfDay = ctx.calendar.startOfDay(for: now)
        if let midnight = ctx.calendar.date(byAdding: .day, value: 1, to: startOfDay) { candidates.append(midnight) }
        // Help and the palette alike: what runs under them (a breathing session, confetti) goes on,
        // and the dimmed screen follows it.
        if !isTooSmall {
            var s = shared
            s.now = now
            if current.isAnimating(now: now, s, ctx) { candidates.append(now.addingTimeInterval(1.0 / 30)) }
            candidates += features.values.compactMap { $0.nextTimer(after: now) }
        }
        return candidates.min()
    }
}
