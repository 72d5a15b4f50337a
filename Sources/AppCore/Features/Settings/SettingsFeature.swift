import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let settings = FeatureID("settings")
}

extension SettingsViewModel: BindingFeature {
    public static let id = FeatureID.settings
    public static var snapshotScreens: [String] { ["settings", "settings-reset", "settings-messages"] }
    public static var stringTables: [String: [UInt8]] {
        ["en": PackageResources.settings_en_json, "fr": PackageResources.settings_fr_json]
    }

    /// The default data directory as the row shows it (tests that run in a temporary directory show this).
    static let snapshotDataDirectory = "~/.local/share/tmm-tui"
    static let snapshotSettingsFile = "~/.config/tmm-tui/settings.json"
    static let snapshotThemesDirectory = "~/.config/tmm-tui/themes/"

    /// The snapshot shows the directories this run uses (`--data-dir` included), as the app does.
    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        if screen == "settings-reset" {
            model.settingsScreen.selected = .reset
            model.settingsScreen.confirmingReset = true
        }
        if screen == "settings-messages" { model.settingsScreen.openMessages() }
    }

    public mutating func prepareFirstFrame(_ env: AppEnvironment, _ shared: inout SharedState) {
        dataDirectory = env.displayPath(env.paths.dataDirectory)
        settingsFile = env.displayPath(env.paths.settingsFile)
        importProblem = env.importState.problem
        var forced: Set<SettingsRow> = []
        if env.options.reduceMotion { forced.insert(.reduceMotion) }
        if !env.options.bell { forced.insert(.bell) }
        if !env.options.live { forced.insert(.liveUpdates) }
        forcedByFlag = forced
        flagTheme = env.options.theme != nil ? env.theme.name : nil
        themesDirectory = env.displayPath(env.paths.themesDirectory) + "/"
        previewTheme = env.theme
    }

    /// An import found unreadable after launch (its daily values) is said under Data too.
    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        if let loaded = message as? HealthLoaded, case .failure(.importUnreadable(let problem)) = loaded.result { importProblem = problem }
        // Not from onboarding: the tabs (Settings among them) come after it.
        if message is ReadMessages, FeatureRegistry.tabsReachable(from: shared.route) {
            shared.route = Self.id
            openMessages()
        }
        return []
    }


    public var presentsSheet: Bool { confirmingReset || readingMessages }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        SettingsView.render(self, shared, ctx, r, in: rect, &buffer)
    }
}

public extension AppModel {
    /// The Settings screen's state (`settings` alone would read as the saved values, `shared.settings`).
    var settingsScreen: SettingsViewModel {
        get { self[SettingsViewModel.self] }
        set { self[SettingsViewModel.self] = newValue }
    }
}
