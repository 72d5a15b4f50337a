import FoundationEssentials
import HealthDomain
import Platform

/// Measurements with their units, following the locale: "7h 05m", "48 ms",
/// "54 bpm", "2,140 kcal" in English; "7 h 05 min", "2 140 kcal" in French.
extension Formats {
    /// French (and most of Europe) writes a space between a number and its unit, and "min".
    private var spacedUnits: Bool { locale.languageCode != "en" }

    /// Hours and minutes from minutes: "0m", "59m", "7h 05m", "25h 00m". nil for a value
    /// that is not a finite, non-negative number (shown as "—" by the caller).
    public func duration(minutes: Double) -> String? {
        guard minutes.isFinite, minutes >= 0, minutes < 1e9 else { return nil }
        let total = Int(minutes.rounded())
        let (h, m) = total.quotientAndRemainder(dividingBy: 60)
        let pad = m < 10 ? "0\(m)" : "\(m)"
        if spacedUnits {
            return h == 0 ? "\(m) min" : "\(integer(h)) h \(pad) min"
        }
        return h == 0 ? "\(m)m" : "\(integer(h))h \(pad)m"
    }

    /// A time span from seconds in the same words as `duration(minutes:)` — the one duration
    /// style of each language, used by Care's waiting room and session as by Scores: "42s",
    /// "1m 05s", "1h 02m" in English; "42 s", "1 min 05 s", "1 h 02 min" in French. Negative
    /// or not finite counts as 0.
    public func elapsed(seconds: Double) -> String {
        let total = seconds.isFinite ? Int(min(max(0, seconds), 359_999).rounded(.down)) : 0
        if total >= 3600 { return duration(minutes: Double(total / 60)) ?? "" }
        let (m, sec) = total.quotientAndRemainder(dividingBy: 60)
        let pad = sec < 10 ? "0\(sec)" : "\(sec)"
        if spacedUnits { return m == 0 ? "\(sec) s" : "\(m) min \(pad) s" }
        return m == 0 ? "\(sec)s" : "\(m)m \(pad)s"
    }

    /// A value in its unit, grouped by the locale; nil when it is not a finite, non-negative number.
    public func measurement(_ value: Double, _ unit: MetricUnit) -> String? {
        guard value.isFinite, value >= 0, value < 1e12 else { return nil }
        switch unit {
        case .minutes: return duration(minutes: value)
        case .milliseconds: return integer(value) + " ms"
        case .beatsPerMinute: return integer(value) + " bpm"
        case .kilocalories: return integer(value) + " kcal"
        }
    }
}
