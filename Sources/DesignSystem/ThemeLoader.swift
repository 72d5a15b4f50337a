import FoundationEssentials
import Synchronization
import Platform
import TerminalUI

public struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// What is wrong with the file alone, without the theme used instead (Settings, which keeps
    /// the theme in use, says that part itself).
    public var problem: String
    public init(_ message: String, problem: String? = nil) {
        self.message = message
        self.problem = problem ?? message
    }
    public var description: String { message }
}

/// Reads themes from JSON: the built-in ones (Themes/*.json, compiled into the
/// binary) and user themes in `$XDG_CONFIG_HOME/tmm-tui/themes/`. A user theme may
/// `extend` another and override only some tokens.
public enum ThemeLoader {
    public static let builtinNames = ["dark", "light", "high-contrast"]

    static func builtinData(_ name: String) -> [UInt8]? {
        switch name {
        case "dark": return PackageResources.dark_json
        case "light": return PackageResources.light_json
        case "high-contrast": return PackageResources.high_contrast_json
        default: return nil
        }
    }

    /// A built-in theme. The bundled files are checked by tests, so this cannot fail
    /// at run time; the fallback only guards against a broken build.
    public static func builtin(_ name: String) -> Theme {
        if let kept = parsedBuiltins.withLock({ $0[name] }) { return kept }
        if let data = builtinData(name), let theme = try? parse(Data(data), resolveBase: { _ in nil }) {
            parsedBuiltins.withLock { $0[name] = theme }
            return theme
        }
        return emergencyTheme
    }

    /// The built-in themes read so far (`t` toggles between two of them: each press read its
    /// file again). At most the three built-ins, a few KB.
    private static let parsedBuiltins = Mutex<[String: Theme]>([:])

    public static var dark: Theme { builtin("dark") }
    public static var light: Theme { builtin("light") }

    /// Used only if a built-in file failed to decode: readable gray on black.
    static let emergencyTheme = Theme(
        name: "fallback", appearance: .dark,
        colors: Dictionary(uniqueKeysWithValues: ColorToken.allCases.map { ($0, $0 == .background || $0 == .surface ? RGB(0, 0, 0) : RGB(220, 220, 220)) }))

    private struct ThemeFile: Decodable {
        var schemaVersion: Int?
        var name: String?
        var appearance: String?
        var extends: String?
        var colors: [String: String]

        /// Read by `JSONReader` (every start reads the theme in use); nil when it refuses the
        /// bytes, and `JSONDecoder` then reads them again for its message.
        static func read(_ data: Data) -> ThemeFile? {
            JSONReader.read(data) { r -> ThemeFile in
                var file = ThemeFile(colors: [:])
                var sawColors = false
                func optionalString(_ r: inout JSONReader) throws -> String? { r.null() ? nil : try r.string() }
                try r.object { key, r in
                    switch key {
                    case "schemaVersion": file.schemaVersion = r.null() ? nil : try r.int()
                    case "name": file.name = try optionalString(&r)
                    case "appearance": file.appearance = try optionalString(&r)
                    case "extends": file.extends = try optionalString(&r)
                    case "colors":
                        sawColors = true
                        try r.object { token, r in file.colors[token] = try r.string() }
                    default: try r.skipValue()
                    }
                }
                guard sawColors else { throw JSONReader.Failure() }
                return file
            }
        }
    }

    /// Parses a theme file. Unknown tokens, bad colors and missing tokens are errors
    /// with a message that names them.
    public static func parse(_ data: Data, resolveBase: (String) -> Theme?) throws -> Theme {
        let file: ThemeFile
        if let read = ThemeFile.read(data) {
            file = read
        } else {
            do {
                file = try JSONDecoder().decode(ThemeFile.self, from: data)
            } catch {
                throw ThemeError("not valid theme JSON (\(describe(error)))")
            }
        }
        if let v = file.schemaVersion, v != 1 { throw ThemeError("unsupported schemaVersion \(v) (expected 1)") }
        var base: Theme?
        if let ext = file.extends {
            guard let b = builtinNames.contains(ext) ? builtin(ext) : resolveBase(ext) else {
                throw ThemeError("extends unknown theme \"\(ext)\"")
            }
            base = b
        }
        var colors = base?.colors ?? [:]
        for (key, value) in file.colors {
            guard let token = ColorToken(rawValue: key) else { throw ThemeError("unknown color token \"\(key)\"") }
            guard let rgb = RGB(hex: value) else { throw ThemeError("\"\(key)\": \"\(value)\" is not a #RRGGBB color") }
            colors[token] = rgb
        }
        let missing = ColorToken.allCases.filter { colors[$0] == nil }.map(\.rawValue)
        guard missing.isEmpty else { throw ThemeError("missing color tokens: \(missing.joined(separator: ", "))") }
        let appearance: Appearance
        if let a = file.appearance {
            guard let parsed = Appearance(rawValue: a) else { throw ThemeError("appearance must be \"dark\" or \"light\"") }
            appearance = parsed
        } else {
            appearance = base?.appearance ?? (colors[.background]!.relativeLuminance > 0.5 ? .light : .dark)
        }
        return Theme(name: file.name ?? base?.name ?? "custom", appearance: appearance, colors: colors)
    }

    /// Resolves `--theme` / a saved choice: a built-in name, a user theme name, or a path.
    /// On failure returns the fallback theme and a message for the user: what went wrong and
    /// which theme is used first, the file's path last (a toast cut at the screen's edge loses
    /// the end of a long path, never what happened).
    /// `display` writes the file's path for people ("~/…" under the home folder).
    public static func resolve(_ spec: String, userThemesDirectory: URL?, fallback: String = "dark",
                               display: (URL) -> String = { $0.path }) -> (Theme, ThemeError?) {
        if builtinNames.contains(spec) { return (builtin(spec), nil) }
        var url: URL?
        if spec.contains("/") || spec.hasSuffix(".json") {
            url = URL(fileURLWithPath: spec)
        } else if let dir = userThemesDirectory {
            url = dir.appendingPathComponent(spec + ".json")
        }
        guard let url else {
            return (builtin(fallback), ThemeError("Theme \"\(spec)\" not found (using \(fallback))"))
        }
        func failed(_ problem: String, detail: String? = nil) -> (Theme, ThemeError?) {
            // What happened and the theme used first, the path after: a toast cut at the screen's edge loses only the path's end.
            (builtin(fallback), ThemeError("Theme \(problem) (using \(fallback)): \(display(url))" + (detail.map { " (\($0))" } ?? ""),
                                           problem: detail.map { "\(display(url)): \($0)" } ?? "\(display(url)) \(problem)"))
        }
        let data: Data
        switch FileBytes.read(url, maxBytes: maxFileBytes) {
        case .bytes(let bytes): data = bytes
        case .missing: return failed("not found")
        case .directory: return failed("is a folder, not a file")
        case .notRegularFile(let kind): return failed("is \(kind), not a regular file")
        case .tooLarge(let size): return failed("is \(byteCountText(size)), at most \(byteCountText(maxFileBytes))")
        case .unreadable(let why): return failed("cannot be read (\(why.lowercased()))")
        }
        do {
            let theme = try parse(data) { name in
                guard let dir = userThemesDirectory, name != spec,
                      case .bytes(let d) = FileBytes.read(dir.appendingPathComponent(name + ".json"), maxBytes: maxFileBytes) else { return nil }
                return try? parse(d, resolveBase: { _ in nil })
            }
            return (theme, nil)
        } catch let e as ThemeError {
            return failed("cannot be used", detail: e.message)
        } catch {
            return failed("cannot be read")
        }
    }

    /// A theme is a few dozen colours: anything larger is not one.
    static let maxFileBytes = 1_000_000

    /// Names of the themes a user can cycle through: built-ins, then user files.
    public static func availableNames(userThemesDirectory: URL?) -> [String] {
        var names = builtinNames
        if let dir = userThemesDirectory,
           let files = try? FileManager.default.contentsOfDirectory(atPath: dir.path) {
            names += files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        }
        return names
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let c): return c.debugDescription
        case DecodingError.keyNotFound(let k, _): return "missing \"\(k.stringValue)\""
        case DecodingError.typeMismatch(_, let c): return "wrong type at \(c.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "unreadable"
        }
    }
}
