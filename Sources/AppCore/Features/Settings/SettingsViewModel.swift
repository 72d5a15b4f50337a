import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The Settings screen: goals, theme (with a preview), motion, bell, live
/// updates, health access, where data lives, and a reset. Every change is
/// written to `shared.settings`, saved at once and applied by whoever reads it.
public struct SettingsViewModel: Sendable {
    public var selected: SettingsRow = .stepGoal
    /// A goal being typed after Enter (digits only); Enter sets it, Esc drops it.
    public var typing: TextFieldState?
    /// A one-line answer to the last action (a limit reached, a theme that failed).
    public var message: String?
    public var confirmingReset = false
    /// Settings ▸ Messages is open, scrolled this many lines.
    public var readingMessages = false
    public var messagesScroll = 0
    /// Where meals and settings live (read once at launch).
    public var dataDirectory: String?
    /// Where the settings file is (the second line of the data row).
    public var settingsFile: String?
    /// The theme `settings.theme` was when the cursor last moved: after `t` (or another
    /// process) changes the theme, the row and the preview show the theme in use again.
    var themeCursorBase: String?
    /// The imported Apple Health data could not be read: what and what to do (shown under Data).
    public var importProblem: String?
    /// The theme shown in the preview, and the name the cycle is at (it may be a broken file, skipped).
    public var previewTheme: Theme?
    public var themeCursor: String?
    /// Preferences a command-line flag forces for this run (`--reduce-motion`, `--no-bell`, `--no-live`).
    public var forcedByFlag: Set<SettingsRow> = []
    /// The theme `--theme` started the run in (nil without the flag): the Theme row says "(flag)"
    /// while it shows that theme and the saved one is another.
    public var flagTheme: String?
    /// Where the user's theme files are read from (`--data-dir` moves it), as the rows show paths.
    public var themesDirectory: String?

    public init() {}

    public var capturesText: Bool { typing != nil }

    public enum Action: Sendable {
        case up, down, first, last, decrease, increase, activate, setTyped, cancelTyping, resetYes, resetNo
        case messagesUp, messagesDown, messagesPageUp, messagesPageDown, messagesTop, messagesBottom, closeMessages
    }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        if confirmingReset {
            return [Binding([.char("y"), .enter], "y", s("settings.reset.yes"), .resetYes),
                    Binding([.char("n"), .escape], "n/Esc", s("settings.reset.no"), .resetNo)]
        }
        if readingMessages { return messagesBindings(shared, ctx) }
        if typing != nil {
            return [Binding([.enter], "Enter", s("settings.key.set"), .setTyped),
                    Binding([.escape], "Esc", s("form.cancel"), .cancelTyping)]
        }
        var list: [Binding<Action>] = [
            Binding([.up, .char("k")], "↑/↓", s("settings.key.up"), .up, footerTitle: s("settings.key.move")),
            Binding([.down, .char("j")], "↓/j", s("settings.key.down"), .down, footer: false),
            Binding([.home], "Home", s("settings.key.first"), .first, footer: false),
            Binding([.end], "End", s("settings.key.last"), .last, footer: false),
        ]
        if selected.isGoal || selected == .theme {
            // On the Theme row the same keys cycle the themes: help says so, not "Decrease".
            let theme = selected == .theme
            list.append(Binding([.left, .char("h"), .char("-")], "←/→", s(theme ? "settings.key.previousTheme" : "settings.key.decrease"), .decrease,
                                footerTitle: s("settings.key.change")))
            list.append(Binding([.right, .char("l"), .char("+"), .char("=")], "→/+", s(theme ? "settings.key.nextTheme" : "settings.key.increase"),
                                .increase, footer: false))
        }
        if selected.isGoal {
            list.append(Binding([.enter], "Enter", s("settings.key.type"), .activate))
        } else if selected.isToggle || selected == .permissions || selected == .reset {
            // Space is a toggle's own key in every settings screen: named where it toggles.
            // The row's own action outlasts "↑/↓ Move" in a short footer (48 columns).
            list.append(Binding([.enter, .char(" ")], selected.isToggle ? "Enter/Space" : "Enter",
                                s(selected.isToggle ? "settings.key.toggle" : "settings.key.open"), .activate, priority: 2))
        } else if selected == .messages {
            list.append(Binding([.enter, .char(" ")], "Enter", s("settings.key.read"), .activate, priority: 2))
        }
        return list
    }

    /// The sheet's keys: a way up only when scrolled, a way down only while more is below.
    private func messagesBindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        let limit = MessagesSheet(shared.messages, settings: self, screen: shared.screenSize, ctx).maxScroll
        var list: [Binding<Action>] = []
        let up = messagesScroll > 0, down = messagesScroll < limit
        let title = s("settings.key.scroll")
        if up {
            list.append(Binding([.up, .char("k")], down ? "↑/↓" : "↑", s("settings.key.scrollUp"), .messagesUp, priority: 2, footerTitle: title))
            list.append(Binding([.pageUp], "PgUp", s("settings.key.scrollUp"), .messagesPageUp, footer: false))
            list.append(Binding([.home], "Home", s("settings.key.newest"), .messagesTop, footer: false))
        }
        if down {
            list.append(Binding([.down, .char("j")], up ? "↓/j" : "↓", s("settings.key.scrollDown"), .messagesDown,
                                footer: !up, priority: 2, footerTitle: title))
            list.append(Binding([.pageDown, .char(" ")], "PgDn", s("settings.key.scrollDown"), .messagesPageDown, footer: false))
            list.append(Binding([.end], "End", s("settings.key.oldest"), .messagesBottom, footer: false))
        }
        list.append(Binding([.escape, .enter], "Esc", s("settings.key.close"), .closeMessages))
        return list
    }

    public mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        if performBound(key, &shared, ctx, &effects) { return true }
        if var field = typing {
            // Digits only; anything else printable is refused with a word, never typed.
            if case .char(let c) = key, !(c.isASCII && c.isNumber) {
                message = ctx.strings("settings.digitsOnly")
                return true
            }
            if field.handle(key) { typing = field; message = nil; return true }
            if case .char = key { return true }
            return false
        }
        // Digits stay the tab keys: typing a goal starts with Enter.
        return false
    }

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch action {
        case .up: move(-1)
        case .down: move(1)
        case .first: move(-selected.rawValue)
        case .last: move(SettingsRow.allCases.count - 1 - selected.rawValue)
        case .decrease: return change(-1, &shared, ctx)
        case .increase: return change(1, &shared, ctx)
        case .activate: return activate(&shared, ctx)
        case .setTyped:
            guard let text = typing?.text else { return [] }
            switch GoalStepper.parse(text, selected) {
            case .success(let v):
                typing = nil
                return setGoal(v, &shared, ctx)
            case .failure(let error):
                // What is wrong with what was typed: the range itself is on the hint line below.
                switch error {
                case .outOfRange: message = ctx.strings("settings.outOfRange", text.trimmed())
                case .required: message = ctx.strings("error.required")
                default: message = ctx.strings("error.notANumber")
                }
            }
        case .cancelTyping: typing = nil; message = nil
        case .resetYes:
            confirmingReset = false
            shared.settings = shared.settings.resettingPreferences()
            message = ctx.strings("settings.reset.done")
            themeCursor = nil
            return [.saveSettings(shared.settings)] + themeEffects(Settings.defaultTheme, ctx)
        case .resetNo: confirmingReset = false
        case .messagesUp: scrollMessages(by: -1, shared, ctx)
        case .messagesDown: scrollMessages(by: 1, shared, ctx)
        case .messagesPageUp: scrollMessages(byPages: -1, shared, ctx)
        case .messagesPageDown: scrollMessages(byPages: 1, shared, ctx)
        case .messagesTop: messagesScroll = 0
        case .messagesBottom: scrollMessages(by: Int.max / 2, shared, ctx)
        case .closeMessages: readingMessages = false
        }
        return []
    }

    /// Opens Settings ▸ Messages at the newest.
    mutating func openMessages() {
        selected = .messages
        readingMessages = true
        messagesScroll = 0
        confirmingReset = false
        typing = nil
        message = nil
    }

    /// Moves the sheet by `lines`, or by `pages` of its height less one (a line of context kept).
    private mutating func scrollMessages(by lines: Int = 0, byPages pages: Int = 0, _ shared: SharedState, _ ctx: AppContext) {
        let sheet = MessagesSheet(shared.messages, settings: self, screen: shared.screenSize, ctx)
        let delta = lines + pages * max(1, sheet.area.height - 1)
        messagesScroll = min(sheet.maxScroll, max(0, messagesScroll + delta))
    }

    private mutating func move(_ delta: Int) {
        let all = SettingsRow.allCases
        let i = (selected.rawValue + delta + all.count) % all.count
        selected = all[i]
        message = nil
    }

    private mutating func change(_ direction: Int, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch selected {
        case .stepGoal, .energyGoal:
            let current = selected == .stepGoal ? shared.settings.stepGoal : shared.settings.energyGoal
            let next = GoalStepper.moved(current, direction, selected)
            if next == current {
                let r = GoalStepper.range(selected)
                message = ctx.strings(direction > 0 ? "settings.atMax" : "settings.atMin",
                                      ctx.formats.integer(direction > 0 ? r.upperBound : r.lowerBound))
                return []
            }
            return setGoal(next, &shared, ctx)
        case .theme:
            let names = ThemeLoader.availableNames(userThemesDirectory: ctx.userThemesDirectory)
            // From the theme the row shows: the one --theme put on screen while the saved one is another.
            let flagged = flagTheme.flatMap { isSetByFlag(.theme, shared.settings, themeInUse: $0) ? $0 : nil }
            let current = cursorTheme(shared.settings) ?? flagged ?? shared.settings.themeName
            let i = names.firstIndex(of: current) ?? 0
            let next = names[((i + direction) % names.count + names.count) % names.count]
            themeCursor = next
            let (theme, error) = ThemeLoader.resolve(next, userThemesDirectory: ctx.userThemesDirectory)
            if let error {
                // A broken file is named and skipped; the theme in use stays.
                message = ctx.strings("settings.themeFailed", next, error.problem)
                themeCursorBase = shared.settings.theme
                return []
            }
            message = nil
            shared.settings.theme = next
            themeCursorBase = next
            previewTheme = ctx.monochrome ? theme.monochrome() : theme
            return [.saveSettings(shared.settings), .send(.shell, ThemeChange(name: next, theme: previewTheme ?? theme))]
        default:
            return []
        }
    }

    private mutating func setGoal(_ value: Int, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        if selected == .stepGoal { shared.settings.stepGoal = value } else { shared.settings.energyGoal = value }
        message = nil
        return [.saveSettings(shared.settings)]
    }

    private mutating func activate(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch selected {
        case .reduceMotion: shared.settings.reduceMotion.toggle()
        case .bell: shared.settings.bell.toggle()
        case .liveUpdates:
            shared.settings.liveUpdates.toggle()
            if shared.settings.liveUpdates && shared.settings.onboardingCompleted {
                return [.saveSettings(shared.settings), .startLiveUpdates]
            }
        case .permissions:
            return OnboardingMessage.askForAccess(from: .settings)
        case .reset:
            confirmingReset = true
            return []
        case .messages:
            openMessages()
            return []
        case .stepGoal, .energyGoal:
            typing = TextFieldState("", maxLength: 6)
            message = nil
            return []
        default:
            return []
        }
        message = forcedByFlag.contains(selected) ? flagWins(selected, shared.settings, ctx.strings) : nil
        return [.saveSettings(shared.settings)]
    }

    /// After a toggle its flag holds for this run: what was saved, and what stays in force until a run without the flag
    /// ("Saved On for later runs; --no-bell keeps it Off in this one."), so the row's unchanged value is explained.
    func flagWins(_ row: SettingsRow, _ settings: Settings, _ s: Strings) -> String {
        func word(_ on: Bool) -> String { s(on ? "settings.on" : "settings.off") }
        return s("settings.flagWins", word(Self.saved(row, settings)), row.flag ?? s("settings.byFlag"), word(isOn(row, settings)))
    }

    /// Whether a flag set what `row` shows for this run: a toggle's flag, or the theme `--theme`
    /// started the run in while the row shows it and the saved one is another.
    func isSetByFlag(_ row: SettingsRow, _ settings: Settings, themeInUse: String) -> Bool {
        guard row == .theme else { return forcedByFlag.contains(row) }
        let name = cursorTheme(settings) ?? themeInUse
        return name == flagTheme && settings.themeName != name
    }

    /// The theme name the cycle stands at, while it still belongs to the theme in use.
    func cursorTheme(_ settings: Settings) -> String? {
        themeCursorBase == settings.theme ? themeCursor : nil
    }

    private mutating func themeEffects(_ name: String, _ ctx: AppContext) -> [Effect] {
        let theme = ThemeLoader.builtin(name)
        previewTheme = ctx.monochrome ? theme.monochrome() : theme
        return [.send(.shell, ThemeChange(name: name, theme: previewTheme ?? theme))]
    }

    func rangeText(_ row: SettingsRow, _ ctx: AppContext) -> String {
        let r = GoalStepper.range(row)
        return ctx.strings("settings.range", ctx.formats.integer(r.lowerBound), ctx.formats.integer(r.upperBound))
    }

    /// Whether a preference is on for this run: the saved choice, unless a flag forces it.
    func isOn(_ row: SettingsRow, _ settings: Settings) -> Bool {
        // --reduce-motion forces on; --no-bell and --no-live force off.
        guard forcedByFlag.contains(row) else { return Self.saved(row, settings) }
        return row == .reduceMotion
    }

    /// A toggle's saved value (false for any other row).
    static func saved(_ row: SettingsRow, _ settings: Settings) -> Bool {
        switch row {
        case .reduceMotion: return settings.reduceMotion
        case .bell: return settings.bell
        case .liveUpdates: return settings.liveUpdates
        default: return false
        }
    }
}
