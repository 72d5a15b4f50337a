import FoundationEssentials
import HealthDomain
import Platform

/// Parses the two fixed date layouts of Health exports without DateFormatter or
/// LocalCalendar (which cost ~40 µs a call): `2024-03-31 01:59:30 +0100` and the pre-iOS 9
/// compact `20151107171924+0100`. Invalid text (bad digits, 31 April, hour 24,
/// offset beyond ±14:00) yields nil.
public enum ExportDateParser {
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        switch bytes.count {
        case 25: return parseExtended(bytes)
        case 19: return parseCompact(bytes)
        default: return nil
        }
    }

    /// `YYYY-MM-DD HH:MM:SS ±HHMM`
    private static func parseExtended(_ b: UnsafeRawBufferPointer) -> Date? {
        guard b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x20,
              let year = digits(b, 0, 4), let month = digits(b, 5, 2), let day = digits(b, 8, 2),
              let hour = digits(b, 11, 2), let minute = digits(b, 14, 2), let second = digits(b, 17, 2),
              let offset = utcOffset(b, at: 20)
        else { return nil }
        return makeDate(year, month, day, hour, minute, second, offset)
    }

    /// `YYYYMMDDHHMMSS±HHMM`
    private static func parseCompact(_ b: UnsafeRawBufferPointer) -> Date? {
        guard let year = digits(b, 0, 4), let month = digits(b, 4, 2), let day = digits(b, 6, 2),
              let hour = digits(b, 8, 2), let minute = digits(b, 10, 2), let second = digits(b, 12, 2),
              let offset = utcOffset(b, at: 14)
        else { return nil }
        return makeDate(year, month, day, hour, minute, second, offset)
    }

    @inline(__always)
    private static func digits(_ b: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = Int(b[index]) &- 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// `±HHMM` in seconds east of UTC.
    @inline(__always)
    private static func utcOffset(_ b: UnsafeRawBufferPointer, at start: Int) -> Int? {
        let sign: Int
        switch b[start] {
        case 0x2B: sign = 1
        case 0x2D: sign = -1
        default: return nil
        }
        guard let hours = digits(b, start + 1, 2), let minutes = digits(b, start + 3, 2),
              hours <= 14, minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func makeDate(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ offset: Int
    ) -> Date? {
        guard year >= 1, (1...12).contains(month), day >= 1, day <= CivilDays.daysInMonth(year: year, month: month),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = CivilDays.from(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
