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
            return AppPaths(cacheDirectory: base.appendingDirectory("cache"),
                            dataDirectory: base.appendingDirectory("data"),
                            configDirectory: base.appendingDirectory("config"))
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        func xdg(_ key: String, _ fallback: String) -> URL {
            if let v = environment[key], v.hasPrefix("/") { return URL(fileURLWithPath: v, isDirectory: true).appendingDirectory(appName) }
            return URL(fileURLWithPath: home, isDirectory: true).appendingDirectory(fallback).appendingDirectory(appName)
        }
        return AppPaths(cacheDirectory: xdg("XDG_CACHE_HOME", ".cache"),
                        dataDirectory: xdg("XDG_DATA_HOME", ".local/share"),
                        configDirectory: xdg("XDG_CONFIG_HOME", ".config"))
    }

    public var healthCacheFile: URL { cacheDirectory.appendingFile("health-cache.json") }
    public var mealsFile: URL { dataDirectory.appendingFile("meals.json") }
    public var samplesFile: URL { dataDirectory.appendingFile("live-samples.json") }
    public var settingsFile: URL { configDirectory.appendingFile("settings.json") }
    public var themesDirectory: URL { configDirectory.appendingDirectory("themes") }
}

extension URL {
    /// The directory `name` below this one. Named as one, not asked of the file system
    /// (`appendingPathComponent` looks each name up to learn whether it is a directory:
    /// a `stat` per path the app names, and the same path spelled two ways, with and
    /// without its trailing slash, depending on whether it existed yet).
    public func appendingDirectory(_ name: String) -> URL { appending(path: name, directoryHint: .isDirectory) }

    /// The file `name` in this directory, without asking the file system.
    public func appendingFile(_ name: String) -> URL { appending(path: name, directoryHint: .notDirectory) }
}
