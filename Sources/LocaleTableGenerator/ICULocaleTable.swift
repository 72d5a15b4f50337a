import Foundation

/// What `FormatLocale` needs of one locale, read from ICU (full Foundation's
/// DateFormatter, NumberFormatter and Calendar). This is where the app's
/// `LocaleTables` come from: `make locales` writes them with `tmm-locale-gen`,
/// and a test holds the committed tables to what this reads. The app itself
/// never links ICU.
public struct ICULocaleTable: Equatable, Sendable {
    public var weekdays: [String]
    public var standaloneWeekdays: [String]
    public var months: [String]
    public var standaloneFullMonths: [String]
    public var weekdayPattern: String
    public var dayAndMonthPattern: String
    public var fullDatePattern: String
    public var timePattern: String
    public var timeWithSecondsPattern: String
    public var decimalSeparator: String
    public var groupingSeparator: String
    public var minusSign: String
    public var minimumGroupingDigits: Int
    public var firstWeekday: Int

    /// Languages whose every ICU locale gets an entry.
    public static let languages = ["en", "fr", "de", "es", "it", "nl", "pt", "sv", "da", "nb", "nn", "fi", "pl", "cs", "ru", "tr"]
    /// Names users run with that ICU does not list (glibc's Norwegian), read as the locale in parentheses.
    public static let aliases = ["no": "nb", "no_NO": "nb_NO"]
    /// Locales whose default ICU calendar is not Gregorian: the app shows Gregorian dates, so they are read with it.
    public static let gregorianOverride: Set = ["en_SA", "en_TH"]

    /// Every identifier the tables hold: each ICU locale (language or language_REGION) of the languages, and the aliases.
    public static func identifiers() -> [String] {
        let listed = Locale.availableIdentifiers.filter { id in
            let parts = id.split(separator: "_")
            return parts.count <= 2 && languages.contains(String(parts[0]))
        }
        return (listed + aliases.keys).sorted()
    }

    public init(_ identifier: String) {
        let id = Self.aliases[identifier] ?? identifier
        let locale = Locale(identifier: Self.gregorianOverride.contains(id) ? id + "@calendar=gregorian" : id)
        func pattern(_ template: String) -> String {
            let d = DateFormatter()
            d.locale = locale
            d.setLocalizedDateFormatFromTemplate(template)
            return d.dateFormat
        }
        let d = DateFormatter()
        d.locale = locale
        weekdays = d.shortWeekdaySymbols
        standaloneWeekdays = d.shortStandaloneWeekdaySymbols
        months = d.shortMonthSymbols
        standaloneFullMonths = d.standaloneMonthSymbols
        weekdayPattern = pattern("EEE")
        dayAndMonthPattern = pattern("EEE d MMM")
        fullDatePattern = pattern("EEE d MMM yyyy")
        timePattern = pattern("HH:mm")
        timeWithSecondsPattern = pattern("HH:mm:ss")
        let n = NumberFormatter()
        n.locale = locale
        n.numberStyle = .decimal
        decimalSeparator = n.decimalSeparator
        groupingSeparator = n.groupingSeparator
        minusSign = n.minusSign
        // ICU leaves four-digit numbers ungrouped in some locales ("1234" but "12 345").
        minimumGroupingDigits = n.string(from: 1234)?.contains(n.groupingSeparator) == false ? 2 : 1
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        firstWeekday = calendar.firstWeekday
    }
}
