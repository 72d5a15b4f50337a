import Foundation

/// Whole numbers ("12,345") and 24-hour clock times ("08:42") as ICU writes
/// them for English locales, without ICU: the first frame needs only these,
/// and building an ICU formatter costs about a millisecond plus its locale
/// data in memory. `FormatsTests` compare them with ICU's output.
enum PlainEnglishFormats {
    /// Locales whose whole numbers group by three with "," and whose "HH:mm" template stays "HH:mm".
    static func covers(_ identifier: String) -> Bool {
        ["en_US", "en_GB", "en"].contains(identifier)
    }

    static func integer(_ v: Int) -> String {
        let digits = String(v.magnitude)
        guard digits.utf8.count > 3 else { return v < 0 ? "-" + digits : digits }
        var out = v < 0 ? "-" : ""
        out.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 + 1)
        let lead = digits.utf8.count % 3
        for (i, c) in digits.enumerated() {
            if i > 0 && (i - lead) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }

    /// nil beyond what `Int` holds exactly (ICU decides those).
    static func integer(_ v: Double) -> String? {
        guard v.isFinite, abs(v) < 1e15 else { return nil }
        if v == 0 && v.sign == .minus { return "-0" } // as ICU writes a negative zero
        return integer(Int(v))
    }

    static func time(_ d: Date, _ calendar: Calendar, seconds: Bool) -> String {
        let c = calendar.dateComponents([.hour, .minute, .second], from: d)
        func two(_ n: Int?) -> String { let n = n ?? 0; return n < 10 ? "0\(n)" : "\(n)" }
        return two(c.hour) + ":" + two(c.minute) + (seconds ? ":" + two(c.second) : "")
    }
}
