/// What ICU knows about one locale that `FormatLocale` needs. Weekdays run
/// Sunday first, as Foundation's; patterns are ICU date patterns.
struct LocaleTable: Sendable {
    let weekdays: [String]              // "EEE": abbreviated, format form
    let standaloneWeekdays: [String]    // "ccc": abbreviated, standalone form
    let months: [String]                // "MMM": abbreviated, format form
    let standaloneFullMonths: [String]  // "LLLL"
    let weekdayPattern: String          // from the template "EEE"
    let dayAndMonthPattern: String      // "EEE d MMM"
    let fullDatePattern: String         // "EEE d MMM yyyy"
    let timePattern: String             // "HH:mm"
    let timeWithSecondsPattern: String  // "HH:mm:ss"
    let decimalSeparator: String
    let groupingSeparator: String
    let minusSign: String
    /// 2 where ICU leaves four-digit numbers ungrouped ("1234" but "12 345": es, it, pl, pt_PT).
    let minimumGroupingDigits: Int
    let firstWeekday: Int
}

enum LocaleTables {
    /// For a language the tables do not know: English names with en_GB's patterns and separators.
    static let fallback = table("en_GB")!
}
