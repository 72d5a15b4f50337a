/// A date-time's local fields (already converted to local time by the caller's calendar).
public struct CivilDateTime: Sendable, Hashable {
    public var year: Int, month: Int, day: Int      // month 1...12
    public var hour: Int, minute: Int, second: Int
    public var weekday: Int                           // 1 = Sunday ... 7 = Saturday (as Foundation)

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, weekday: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.weekday = weekday
    }
}

/// Numbers and dates written as ICU writes them for a locale, without ICU:
/// the names, patterns and separators come from `LocaleTables`, fetched once
/// here, so formatting costs no lookup and allocates little beyond its result.
///
/// The tables hold every locale ICU lists for their languages; a locale outside
/// them takes its language's entry ("fr_US" → "fr", "no_SJ" → "no", Bokmål);
/// an unknown language takes English names with en_GB's patterns, "." for
/// decimals and "," for grouping; a name that is not a locale at all
/// ("C", "POSIX", "", "!!") is en_US.
public struct FormatLocale: Sendable, Hashable {
    public let identifier: String
    public let languageCode: String
    public let regionCode: String?
    let table: LocaleTable
    let patterns: DatePatterns

    public var decimalSeparator: String { table.decimalSeparator }
    public var groupingSeparator: String { table.groupingSeparator }
    /// 1 = Sunday, 2 = Monday, as ICU's calendar for this locale.
    public var firstWeekday: Int { table.firstWeekday }

    /// Accepts "fr_FR", "fr-FR", "fr_FR.UTF-8@euro", "sr_Latn_RS" (the script is ignored).
    public init(identifier: String) {
        guard let (language, region) = Self.parse(identifier).map({ ($0.language, $0.region) }) else {
            self.init(resolved: "en_US", language: "en", region: "US")
            return
        }
        self.init(resolved: region.map { language + "_" + $0 } ?? language, language: language, region: region)
    }

    private init(resolved identifier: String, language: String, region: String?) {
        self.identifier = identifier
        languageCode = language
        regionCode = region
        table = LocaleTables.table(identifier) ?? LocaleTables.table(language) ?? LocaleTables.fallback
        patterns = DatePatterns(table)
    }

    public static let enUS = FormatLocale(identifier: "en_US")

    /// From LC_ALL, LC_NUMERIC, LANG (first non-empty), as the app does now; "C"/"POSIX"/absent → en_US.
    public static func fromEnvironment(_ environment: [String: String]) -> FormatLocale {
        for key in ["LC_ALL", "LC_NUMERIC", "LANG"] {
            if let value = environment[key], !value.isEmpty { return FormatLocale(identifier: value) }
        }
        return enUS
    }

    /// Language (lower case) and region (upper case) of a POSIX or BCP 47 name; nil when it names no language.
    private static func parse(_ name: String) -> (language: String, region: String?)? {
        let base = name.prefix { $0 != "." && $0 != "@" }
        var parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" })[...]
        guard let first = parts.popFirst(), (2...3).contains(first.count),
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if let script = parts.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            parts.removeFirst()
        }
        var region: String?
        if let r = parts.first,
           (r.count == 2 && r.allSatisfy({ $0.isASCII && $0.isLetter })) || (r.count == 3 && r.allSatisfy({ $0.isASCII && $0.isNumber })) {
            region = r.uppercased()
        }
        return (first.lowercased(), region)
    }

    /// Upper case for column labels, as `String.uppercased(with:)` gives: Turkish and Azeri
    /// write "i" as "İ"; every other language follows Unicode's default mapping.
    public func uppercased(_ s: String) -> String {
        guard languageCode == "tr" || languageCode == "az", s.unicodeScalars.contains("i") else { return s.uppercased() }
        var dotted = String.UnicodeScalarView()
        for scalar in s.unicodeScalars { dotted.append(scalar == "i" ? "\u{130}" : scalar) }
        return String(dotted).uppercased()
    }

    // The table follows from the identifier, so the identifier alone says which locale this is.
    public static func == (a: FormatLocale, b: FormatLocale) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
