import Foundation
import HealthDomain

/// Locale-aware formatting, created once (formatters are expensive).
public final class Formats: @unchecked Sendable {
    // Formatters are not thread-safe; a Formats instance is only used by the
    // render thread, or by one command-line invocation.
    public let locale: Locale
    public let calendar: Calendar
    private let timeZone: TimeZone
    // Made on first use: building an ICU formatter costs about a millisecond,
    // and the first frame needs only some of them.
    private lazy var number = numberFormatter(fractionDigits: 0)
    private lazy var decimal = numberFormatter(fractionDigits: 1)
    private lazy var time = dateFormatter("HH:mm")
    private lazy var timeSeconds = dateFormatter("HH:mm:ss")
    private lazy var weekday = dateFormatter("EEE")
    private lazy var dayMonth = dateFormatter("EEE d MMM")
    private lazy var monthYear = standaloneFormatter("LLLL yyyy")
    private lazy var dayMonthYear = dateFormatter("EEE d MMM yyyy")

    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
        var cal = Calendar(identifier: .gregorian)
        cal.locale = locale
        cal.timeZone = timeZone
        cal.firstWeekday = locale.identifier.hasPrefix("en_US") ? 1 : 2
        calendar = cal
    }

    private func numberFormatter(fractionDigits: Int) -> NumberFormatter {
        let f = NumberFormatter()
        f.locale = locale
        f.numberStyle = .decimal
        f.maximumFractionDigits = fractionDigits
        return f
    }

    private func dateFormatter(_ template: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = locale
        f.timeZone = timeZone
        f.setLocalizedDateFormatFromTemplate(template)
        return f
    }

    /// A fixed pattern (no template): "LLLL yyyy" keeps the month's standalone
    /// form ("novembre 2026", "November 2026") that a template would reorder.
    private func standaloneFormatter(_ pattern: String) -> DateFormatter {
        let f = DateFormatter()
        f.locale = locale
        f.timeZone = timeZone
        f.dateFormat = pattern
        return f
    }

    public func integer(_ v: Double) -> String { number.string(from: NSNumber(value: v.isFinite ? v.rounded() : 0)) ?? "0" }
    public func integer(_ v: Int) -> String { number.string(from: NSNumber(value: v)) ?? "\(v)" }
    public func decimal(_ v: Double) -> String { decimal.string(from: NSNumber(value: v.isFinite ? v : 0)) ?? "0" }
    public func time(_ d: Date) -> String { time.string(from: d) }
    public func timeWithSeconds(_ d: Date) -> String { timeSeconds.string(from: d) }
    public func weekday(_ day: DayKey) -> String { weekday.string(from: day.startDate(in: calendar).addingTimeInterval(12 * 3600)) }
    public func dayAndMonth(_ day: DayKey) -> String { dayMonth.string(from: day.startDate(in: calendar).addingTimeInterval(12 * 3600)) }

    /// "November 2026", "novembre 2026": the year and month of `day`.
    public func monthAndYear(_ day: DayKey) -> String { monthYear.string(from: day.startDate(in: calendar).addingTimeInterval(12 * 3600)) }
    /// "Sun 22 Nov 2026", "dim. 22 nov. 2026".
    public func fullDate(_ day: DayKey) -> String { dayMonthYear.string(from: day.startDate(in: calendar).addingTimeInterval(12 * 3600)) }

    /// Short axis labels: 12k, 2.5k, 800.
    public func compact(_ v: Double) -> String {
        if v >= 1000 {
            let k = v / 1000
            return (k == k.rounded() ? integer(k) : decimal(k)) + "k"
        }
        return integer(v)
    }
}
