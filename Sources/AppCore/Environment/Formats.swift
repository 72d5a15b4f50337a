import Foundation
import HealthDomain
import Synchronization

/// Locale-aware formatting. ICU formatters cost about a millisecond each to
/// build and pull in locale data, so they are made on first use, kept in a
/// `Mutex`-guarded cache (one build per pattern, whatever thread asks), and
/// never built per frame; whole numbers and clock times in English — what the
/// dashboard's first frame shows — are written without ICU at all
/// (`PlainEnglishFormats`; a test holds them to ICU's output).
public final class Formats: Sendable {
    public let locale: Locale
    public let calendar: Calendar
    private let timeZone: TimeZone
    /// Whole numbers with "," every three digits and 24-hour "HH:mm" times are this locale's.
    private let plainEnglish: Bool
    private let cache = Mutex(FormatterCache())

    /// The formatters made so far, by fraction digits and by pattern.
    private struct FormatterCache {
        var numbers: [Int: NumberFormatter] = [:]
        var dates: [String: DateFormatter] = [:]
    }

    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
        var cal = Calendar(identifier: .gregorian)
        cal.locale = locale
        cal.timeZone = timeZone
        cal.firstWeekday = locale.identifier.hasPrefix("en_US") ? 1 : 2
        calendar = cal
        plainEnglish = PlainEnglishFormats.covers(locale.identifier)
    }

    private func number(_ value: NSNumber, fractionDigits: Int) -> String? {
        let (locale) = (self.locale)
        return cache.withLock { cache -> String? in
            let f = cache.numbers[fractionDigits] ?? {
                let f = NumberFormatter()
                f.locale = locale
                f.numberStyle = .decimal
                f.maximumFractionDigits = fractionDigits
                cache.numbers[fractionDigits] = f
                return f
            }()
            return f.string(from: value)
        }
    }

    /// `template` is localized (fields reordered for the locale); a `fixed` pattern is used as written.
    private func date(_ d: Date, _ pattern: String, fixed: Bool = false) -> String {
        let (locale, timeZone) = (self.locale, self.timeZone)
        return cache.withLock { cache -> String in
            let key = (fixed ? "=" : "~") + pattern
            let f = cache.dates[key] ?? {
                let f = DateFormatter()
                f.locale = locale
                f.timeZone = timeZone
                if fixed { f.dateFormat = pattern } else { f.setLocalizedDateFormatFromTemplate(pattern) }
                cache.dates[key] = f
                return f
            }()
            return f.string(from: d)
        }
    }

    public func integer(_ v: Double) -> String {
        let r = v.isFinite ? v.rounded() : 0
        if plainEnglish, let plain = PlainEnglishFormats.integer(r) { return plain }
        return number(NSNumber(value: r), fractionDigits: 0) ?? "0"
    }
    public func integer(_ v: Int) -> String {
        if plainEnglish { return PlainEnglishFormats.integer(v) }
        return number(NSNumber(value: v), fractionDigits: 0) ?? "\(v)"
    }
    public func decimal(_ v: Double) -> String { number(NSNumber(value: v.isFinite ? v : 0), fractionDigits: 1) ?? "0" }
    public func time(_ d: Date) -> String {
        plainEnglish ? PlainEnglishFormats.time(d, calendar, seconds: false) : date(d, "HH:mm")
    }
    public func timeWithSeconds(_ d: Date) -> String {
        plainEnglish ? PlainEnglishFormats.time(d, calendar, seconds: true) : date(d, "HH:mm:ss")
    }
    public func weekday(_ day: DayKey) -> String { date(noon(day), "EEE") }
    public func dayAndMonth(_ day: DayKey) -> String { date(noon(day), "EEE d MMM") }

    /// "November 2026", "novembre 2026": the year and month of `day`. A fixed
    /// pattern: "LLLL yyyy" keeps the month's standalone form that a template would reorder.
    public func monthAndYear(_ day: DayKey) -> String { date(noon(day), "LLLL yyyy", fixed: true) }
    /// "Sun 22 Nov 2026", "dim. 22 nov. 2026".
    public func fullDate(_ day: DayKey) -> String { date(noon(day), "EEE d MMM yyyy") }

    private func noon(_ day: DayKey) -> Date { day.startDate(in: calendar).addingTimeInterval(12 * 3600) }

    /// Short axis labels: 12k, 2.5k, 800.
    public func compact(_ v: Double) -> String {
        if v >= 1000 {
            let k = v / 1000
            return (k == k.rounded() ? integer(k) : decimal(k)) + "k"
        }
        return integer(v)
    }
}
