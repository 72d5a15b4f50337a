import FoundationEssentials

/// Where tmm-tui keeps its files, following the XDG base directory spec.
/// `--data-dir DIR` puts everything under DIR.
public struct AppPaths: Sendable, Equatable {
    public var cacheDirectory: URL
    public var dataDirectory: URL
    public var configDirectory: URL

    public init(cacheDirectory: URL, dataDirectory: URL, configDirectory: URL) {
        self.cacheDirectory = cacheDirectory
        self.dataDirectory = dataDirectory
        self.configDirectory = configDirectory
    }

    public static let appName = "tmm-tui"

    /// Resolves from the environment. Relative XDG values are ignored, as the spec says.
    public static func resolve(environment: [String: String], dataDirOverride: String? = nil) -> AppPaths {
        if let root = dataDirOverride {
            let base = URL(fileURLWithPath: root, isDirectory: true)
            return AppPaths(cacheDirectory: base.appendingPathComponent("cache"),
                            dataDirectory: base.appendingPathComponent("data"),
                            configDirectory: base.appendingPathComponent("config"))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        func xdg(_ key: String, _ fallback: String) -> URL {
            if let v = environment[key], v.hasPrefix("/") { return URL(fileURLWithPath: v, isDirectory: true).appendingPathComponent(appName) }
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback).appendingPathComponent(appName)
        }
        return AppPaths(cacheDirectory: xdg("XDG_CACHE_HOME", ".cache"),
                        dataDirectory: xdg("XDG_DATA_HOME", ".local/share"),
                        configDirectory: xdg("XDG_CONFIG_HOME", ".config"))
    }

    public var healthCacheFile: URL { cacheDirectory.appendingPathComponent("health-cache.json") }
    public var mealsFile: URL { dataDirectory.appendingPathComponent("meals.json") }
    public var samplesFile: URL { dataDirectory.appendingPathComponent("live-samples.json") }
    public var settingsFile: URL { configDirectory.appendingPathComponent("settings.json") }
    public var themesDirectory: URL { configDirectory.appendingPathComponent("themes") }
}
