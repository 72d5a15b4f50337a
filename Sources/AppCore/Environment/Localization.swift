import Foundation

/// Every user-facing string goes through here. Tables are JSON files in
/// `Locales/` compiled into the binary, one per language; a missing key falls
/// back to English, then to the key itself (which a test forbids).
public struct Strings: Sendable {
    public let language: String
    private let table: [String: String]
    private let english: [String: String]

    public init(language: String) {
        let english = Self.decode(PackageResources.en_json)
        let table = Self.tables[language].map(Self.decode) ?? english
        self.language = Self.tables[language] == nil ? "en" : language
        self.table = table
        self.english = english
    }

    static let tables: [String: [UInt8]] = ["en": PackageResources.en_json, "fr": PackageResources.fr_json]

    static func decode(_ bytes: [UInt8]) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(bytes))) ?? [:]
    }

    /// The language from LC_ALL, LC_MESSAGES or LANG ("fr_FR.UTF-8" → "fr").
    public static func language(from environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environment[key], !v.isEmpty {
                let code = String(v.prefix { $0.isLetter }).lowercased()
                return code.isEmpty || code == "c" || code == "posix" ? "en" : code
            }
        }
        return "en"
    }

    public var allKeys: Set<String> { Set(english.keys) }
    public func hasKey(_ key: String) -> Bool { table[key] != nil }

    /// The string for `key`, with `{0}`, `{1}`… replaced by `args`.
    public func callAsFunction(_ key: String, _ args: String...) -> String {
        var s = table[key] ?? english[key] ?? key
        for (i, a) in args.enumerated() { s = s.replacingOccurrences(of: "{\(i)}", with: a) }
        return s
    }
}
