/// Dates as ICU's DateFormatter writes them from the templates `Formats` uses,
/// by following the locale's ICU pattern, parsed once at init.
extension FormatLocale {
    public func weekdayShort(_ c: CivilDateTime) -> String { write(patterns.weekday, c) }
    public func dayAndMonth(_ c: CivilDateTime) -> String { write(patterns.dayAndMonth, c) }
    /// The fixed pattern "LLLL yyyy" (not a template): "November 2026", "novembre 2026".
    public func monthAndYear(_ c: CivilDateTime) -> String { write(DatePatterns.monthAndYear, c) }
    public func fullDate(_ c: CivilDateTime) -> String { write(patterns.fullDate, c) }
    public func time(_ c: CivilDateTime, seconds: Bool) -> String {
        write(seconds ? patterns.timeWithSeconds : patterns.time, c)
    }

    private func write(_ pattern: [DateField], _ c: CivilDateTime) -> String {
        var out = ""
        out.reserveCapacity(32)
        let weekday = ((c.weekday - 1) % 7 + 7) % 7, month = min(max(c.month, 1), 12) - 1
        for field in pattern {
            switch field {
            case .text(let s): out.append(s)
            case .weekday: out.append(table.weekdays[weekday])
            case .standaloneWeekday: out.append(table.standaloneWeekdays[weekday])
            case .month: out.append(table.months[month])
            case .standaloneFullMonth: out.append(table.standaloneFullMonths[month])
            case .monthNumber(let width): Self.append(c.month, width: width, to: &out)
            case .day(let width): Self.append(c.day, width: width, to: &out)
            case .year(let width): Self.append(width == 2 ? c.year % 100 : c.year, width: width, to: &out)
            case .hour(let width): Self.append(c.hour, width: width, to: &out)
            case .minute(let width): Self.append(c.minute, width: width, to: &out)
            case .second(let width): Self.append(c.second, width: width, to: &out)
            }
        }
        return out
    }

    /// `n` in decimal, zero-padded to `width` digits.
    private static func append(_ n: Int, width: Int, to out: inout String) {
        if n < 0 { out.unicodeScalars.append("-") }
        let n = n.magnitude
        var digits = 1, rest = n / 10
        while rest > 0 { digits += 1; rest /= 10 }
        for _ in digits..<max(digits, width) { out.unicodeScalars.append("0") }
        var scale: UInt = 1
        for _ in 1..<digits { scale *= 10 }
        while scale > 0 {
            out.unicodeScalars.append(Unicode.Scalar(UInt8(48 + (n / scale) % 10)))
            scale /= 10
        }
    }
}

/// One piece of an ICU date pattern.
enum DateField: Sendable, Equatable {
    case text(String)
    case weekday, standaloneWeekday, month, standaloneFullMonth
    case monthNumber(width: Int), day(width: Int), year(width: Int)
    case hour(width: Int), minute(width: Int), second(width: Int)
}

/// A locale's patterns, parsed.
struct DatePatterns: Sendable {
    let weekday, dayAndMonth, fullDate, time, timeWithSeconds: [DateField]

    static let monthAndYear = parse("LLLL yyyy")

    init(_ table: LocaleTable) {
        weekday = Self.parse(table.weekdayPattern)
        dayAndMonth = Self.parse(table.dayAndMonthPattern)
        fullDate = Self.parse(table.fullDatePattern)
        time = Self.parse(table.timePattern)
        timeWithSeconds = Self.parse(table.timeWithSecondsPattern)
    }

    /// ICU pattern syntax: runs of one letter are fields, text between quotes is literal
    /// ("''" is a quote), anything else is literal. Only the fields the tables use are
    /// known; wide weekday and month names fall back to the abbreviated ones the tables hold.
    static func parse(_ pattern: String) -> [DateField] {
        var fields: [DateField] = []
        var text = ""
        func flushText() { if !text.isEmpty { fields.append(.text(text)); text = "" } }
        let scalars = Array(pattern.unicodeScalars)
        var i = 0, quoted = false
        while i < scalars.count {
            let s = scalars[i]
            if s == "'" {
                if i + 1 < scalars.count && scalars[i + 1] == "'" { text.unicodeScalars.append("'"); i += 2; continue }
                quoted.toggle(); i += 1; continue
            }
            guard !quoted, s.isASCII, ("a"..."z").contains(s) || ("A"..."Z").contains(s) else {
                text.unicodeScalars.append(s); i += 1; continue
            }
            var width = 1
            while i + width < scalars.count && scalars[i + width] == s { width += 1 }
            i += width
            let field: DateField? = switch s {
            case "E": .weekday
            case "c": .standaloneWeekday
            case "M": width >= 4 ? .standaloneFullMonth : width == 3 ? .month : .monthNumber(width: width)
            case "L": width >= 4 ? .standaloneFullMonth : width == 3 ? .month : .monthNumber(width: width)
            case "d": .day(width: width)
            case "y": .year(width: width)
            case "H": .hour(width: width)
            case "m": .minute(width: width)
            case "s": .second(width: width)
            default: nil
            }
            if let field { flushText(); fields.append(field) }
        }
        flushText()
        return fields
    }
}
