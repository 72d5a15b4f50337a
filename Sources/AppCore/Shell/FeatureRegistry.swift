/// Every screen of the app, in tab order. The tab bar, the number keys, `?`
/// help, the footer, the snapshot names in `--help` and routing all come from
/// this list: adding a screen is a folder under `Features/` and one line here.
public enum FeatureRegistry {
    public static let all: [any Feature.Type] = [
        OnboardingViewModel.self,
        TodayViewModel.self,
        NutritionViewModel.self,
        MonthViewModel.self,
        ScoresViewModel.self,
        CareViewModel.self,
        DevicesViewModel.self,
        SettingsViewModel.self,
    ]

    /// The features shown as tabs, in order.
    public static let tabs: [any Feature.Type] = all.filter { $0.isTab }

    /// Where the app opens before it has been set up (nil: straight to the first tab).
    public static let firstRun: (any Feature.Type)? = all.first { $0.isFirstRun }

    /// Whether the tabs can be reached from `route` (not during the first-run flow).
    static func tabsReachable(from route: FeatureID) -> Bool {
        feature(route)?.isFirstRun != true
    }

    /// Every feature's own flags, in registry order.
    public static var commandLineOptions: [FeatureOption] { all.flatMap { $0.commandLineOptions } }

    /// The feature flag spelled `name` (any of its spellings).
    static func commandLineOption(named name: String) -> FeatureOption? {
        commandLineOptions.first { $0.entry.names.contains(name) }
    }

    /// Every feature's service keys, in registry order.
    static var serviceKeys: [any ServiceKey.Type] { all.flatMap { $0.serviceKeys } }

    public static func feature(_ id: FeatureID) -> (any Feature.Type)? {
        all.first { $0.id == id }
    }

    /// The feature that renders snapshot `screen`.
    public static func feature(forSnapshot screen: String) -> (any Feature.Type)? {
        all.first { $0.snapshotScreens.contains(screen) }
    }

    /// Every snapshot name, feature by feature, then the shell's own.
    public static var snapshotScreens: [String] {
        all.flatMap { $0.snapshotScreens } + ShellSnapshots.names
    }
}

/// Snapshots that belong to the shell rather than a feature.
enum ShellSnapshots {
    static let names = ["help", "too-small"]
}
