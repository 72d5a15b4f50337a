import FoundationEssentials

/// ISO 8601 date-times as people type them in flags and files
/// ("2026-11-22T15:30:00Z", "…15:30:00.123+01:00"): white space around is
/// ignored, seconds must be 00–59 (a leap second "60" is refused rather than
/// rolled into the next minute), and a fraction longer than nanoseconds is cut
/// to nanoseconds instead of refusing the whole date. A day the month does not
/// have ("2026-02-30") is refused, never rolled into the next month.
public enum ISO8601Text {
    public static func date(_ text: String) -> Date? {
        var s = text.trimmed()
        guard let t = s.firstIndex(where: { $0 == "T" || $0 == "t" }), isRealDay(Array(s[..<t].utf8)) else { return nil }
        let time = Array(s[s.index(after: t)...].utf8)
        // HH:MM:SS at the start of the time: minutes and seconds in range.
        guard time.count >= 8, time[2] == UInt8(ascii: ":"), time[5] == UInt8(ascii: ":"),
              let minutes = twoDigits(time, 3), let seconds = twoDigits(time, 6), minutes < 60, seconds < 60 else { return nil }
        if time.count > 8, time[8] == UInt8(ascii: ".") {
            let digits = time[9...].prefix { (0x30...0x39).contains($0) }.count
            if digits > 9 {
                let start = s.utf8.index(s.utf8.index(after: t), offsetBy: 9 + 9)
                let end = s.utf8.index(start, offsetBy: digits - 9)
                s.removeSubrange(start..<end)
            }
            return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(s)
        }
        return try? Date.ISO8601FormatStyle().parse(s)
    }

    /// "YYYY-MM-DD" naming a day that exists.
    private static func isRealDay(_ day: [UInt8]) -> Bool {
        guard day.count == 10, day[4] == UInt8(ascii: "-"), day[7] == UInt8(ascii: "-"),
              let century = twoDigits(day, 0), let yy = twoDigits(day, 2), let month = twoDigits(day, 5), let d = twoDigits(day, 8),
              (1...12).contains(month) else { return false }
        return (1...CivilDays.daysInMonth(year: century * 100 + yy, month: month)).contains(d)
    }

    private static func twoDigits(_ bytes: [UInt8], _ at: Int) -> Int? {
        let a = bytes[at], b = bytes[at + 1]
        guard (0x30...0x39).contains(a), (0x30...0x39).contains(b) else { return nil }
        return Int(a - 0x30) * 10 + Int(b - 0x30)
    }
}
