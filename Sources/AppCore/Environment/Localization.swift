import FoundationEssentials
import HealthDomain
import Platform

/// Every user-facing string goes through here. Tables are JSON files in
/// `Locales/` compiled into the binary: the shell's (`en.json`, `fr.json`) and
/// each feature's own (`month.en.json`, named by its `stringTables`). A missing
/// key falls back to English, then to the key itself (which a test forbids).
public struct Strings: Sendable {
    public let language: String
    private let table: [String: String]
    private let english: [String: String]

    /// `features: false`: the shell's own table alone (`en.json`, …), for a command that
    /// prints none of the features' strings (glance's line).
    /// `ascii`: for a terminal without UTF-8, "…" in the text is spelled "..." (drawn cell by cell
    /// it would become one ".", and "Review…" read as "Review.").
    public init(language: String, features: Bool = true, ascii: Bool = false) {
        var english = Self.merged("en", features: features)
        var table: [String: String]
        if language == Self.pseudoLanguage {
            self.language = language
            table = english.mapValues(Self.pseudo)
        } else {
            self.language = Self.tables[language] == nil ? "en" : language
            table = self.language == "en" ? english : Self.merged(language, features: features)
        }
        if ascii {
            english = english.mapValues(Self.dotsForEllipsis)
            table = table.mapValues(Self.dotsForEllipsis)
        }
        self.english = english
        self.table = table
    }

    static func dotsForEllipsis(_ text: String) -> String {
        guard text.contains("…") else { return text }
        return String(text.flatMap { $0 == "…" ? ["." , ".", "."] : [$0] })
    }

    /// The long pseudo-locale (`LANG=en_XA`): English made about 40% longer,
    /// so layouts that only fit English show up before a real translation does.
    public static let pseudoLanguage = "xa"

    /// "Steps" → "[Stéps ~~]": accented (so text that skipped the table stands
    /// out), bracketed, and padded to about 140% of the English length.
    /// Placeholders ({0}) are kept as they are.
    static func pseudo(_ english: String) -> String {
        guard !english.isEmpty else { return english }
        let accents: [Character: Character] = ["a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú", "A": "Á", "E": "É", "O": "Ó", "U": "Ú"]
        let body = String(english.map { accents[$0] ?? $0 })
        let padding = max(1, Int((Double(english.count) * 0.4).rounded()) - 3)
        return "[" + body + " " + String(repeating: "~", count: padding) + "]"
    }

    /// The shell's tables, one per language.
    static let tables: [String: [UInt8]] = ["en": PackageResources.en_json, "fr": PackageResources.fr_json]

    /// The shell's table merged with every feature's table for `language`.
    static func merged(_ language: String, features: Bool = true) -> [String: String] {
        var table: [String: String] = [:]
        table.reserveCapacity(640)
        if let bytes = tables[language] { decode(bytes, into: &table) }
        for feature in features ? FeatureRegistry.all : [] {
            if let bytes = feature.stringTables[language] { decode(bytes, into: &table) }
        }
        return table
    }

    /// A flat table added to `table` (later keys win), read by `JSONReader` (part of every
    /// start-up); `JSONDecoder` if that refuses it.
    static func decode(_ bytes: [UInt8], into table: inout [String: String]) {
        var added: [(String, String)] = []
        added.reserveCapacity(256)
        let fast = JSONReader.read(bytes) { r -> Bool in
            try r.object { key, r in added.append((key, try r.string())) }
            return true
        }
        if fast == nil {
            added = (try? JSONDecoder().decode([String: String].self, from: Data(bytes)))?.map { ($0.key, $0.value) } ?? []
        }
        for (key, value) in added { table[key] = value }
    }


    /// The language from LC_ALL, LC_MESSAGES or LANG ("fr_FR.UTF-8" → "fr",
    /// "en_XA.UTF-8" → the long pseudo-locale).
    public static func language(from environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environment[key], !v.isEmpty {
                if v.prefix(while: { $0 != "." && $0 != "@" }).uppercased().hasSuffix("_XA") { return pseudoLanguage }
                let code = String(v.prefix { $0.isLetter }).lowercased()
                return code.isEmpty || code == "c" || code == "posix" ? "en" : code
            }
        }
        return "en"
    }

    public var allKeys: Set<String> { Set(english.keys) }
    public func hasKey(_ key: String) -> Bool { table[key] != nil }

    /// `template` with each `{n}` replaced by `args[n]` (every occurrence; other braces kept).
    /// Read as UTF-8 bytes: a frame fills dozens of templates, and walking them as
    /// `Substring`s cost several times more.
    static func filling(_ template: String, with args: [String]) -> String {
        var template = template
        return template.withUTF8 { t in
            var out: [UInt8] = []
            out.reserveCapacity(t.count + 16)
            var i = 0
            while i < t.count {
                if t[i] == UInt8(ascii: "{"), let (n, close) = placeholder(t, from: i + 1), n < args.count {
                    out.append(contentsOf: args[n].utf8)
                    i = close + 1
                } else {
                    out.append(t[i])
                    i += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The number of a placeholder whose text starts at `start` (after its "{"), read as
    /// `Int(_:)` reads the text up to the next "}" (a sign, then digits), and where that "}"
    /// is; nil when it is not a number or is negative. A number far too large for any
    /// argument stops growing at 2³² rather than overflowing.
    private static func placeholder(_ t: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, close: Int)? {
        var i = start
        var negative = false
        if i < t.count, t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "-") {
            negative = t[i] == UInt8(ascii: "-")
            i += 1
        }
        var n = 0, digits = 0
        while i < t.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(t[i]) {
            n = min(n * 10 + Int(t[i] - UInt8(ascii: "0")), 1 << 32)
            digits += 1
            i += 1
        }
        guard digits > 0, i < t.count, t[i] == UInt8(ascii: "}"), !(negative && n != 0) else { return nil }
        return (n, i)
    }

    /// The plural category of `count` in this language (CLDR's cardinal rule for
    /// integers): English says "1 task" and "0 tasks"; French "0 tâche", "1 tâche", "2 tâches".
    public func pluralCategory(_ count: Int) -> String {
        switch language {
        case "fr": return count == 0 || count == 1 ? "one" : "other"
        default: return count == 1 ? "one" : "other"
        }
    }

    /// `key.one` or `key.other` as `count` asks in this language, with `{0}`… filled by `args`
    /// (the count, formatted, is usually `{0}`); falls back to `key.other`.
    public func plural(_ key: String, count: Int, _ args: String...) -> String {
        let chosen = key + "." + pluralCategory(count)
        let name = table[chosen] != nil || english[chosen] != nil ? chosen : key + ".other"
        var s = table[name] ?? english[name] ?? name
        if !args.isEmpty { s = Self.filling(s, with: args) }
        if language == "fr", s.hasSuffix("_fr_fr") { s.removeLast(3) }
        return s
    }

    /// The string for `key`, with `{0}`, `{1}`… replaced by `args`.
    public func callAsFunction(_ key: String, _ args: String...) -> String { string(key, args) }

    /// `callAsFunction` with the arguments as an array (for a caller that passes its own on).
    public func string(_ key: String, _ args: [String]) -> String {
        var s = table[key] ?? english[key] ?? key
        if !args.isEmpty { s = Self.filling(s, with: args) }
        // The French sample table marks each translated string with "_fr"; a
        // template ending in a translated argument would otherwise say it twice.
        if language == "fr", s.hasSuffix("_fr_fr") { s.removeLast(3) }
        return s
    }
}
