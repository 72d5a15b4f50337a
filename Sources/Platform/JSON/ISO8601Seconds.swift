import FoundationEssentials

/// "2026-11-22T07:42:00Z" by fixed offsets — what `JSONEncoder`'s `.iso8601`
/// writes for our whole-second dates — about a hundred times faster than a
/// date parser. Anything else (offsets, fractions, an impossible date, years
/// before 1600 where calendars disagree) is nil.
public enum ISO8601Seconds {
    public static func date(_ s: UnsafeBufferPointer<UInt8>) -> Date? {
        guard s.count == 20, s[4] == UInt8(ascii: "-"), s[7] == UInt8(ascii: "-"), s[10] == UInt8(ascii: "T"),
              s[13] == UInt8(ascii: ":"), s[16] == UInt8(ascii: ":"), s[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var v = 0
            for k in from..<(from + count) {
                let c = s[k]
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                v = v * 10 + Int(c - UInt8(ascii: "0"))
            }
            return v
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              year >= 1600, (1...12).contains(month), day >= 1, day <= CivilDays.daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 60 else { return nil }
        let seconds = CivilDays.from(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
