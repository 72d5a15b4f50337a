import FoundationEssentials
import HealthDomain
import Platform

/// The meal sheet's time of day: typed as HH:MM, placed on the day being shown.
public enum MealTime {
    /// "08:05" → (8, 5); one-digit hours ("8:05") are fine, anything else is not a time.
    public static func parse(_ raw: String) -> (hour: Int, minute: Int)? {
        guard let (h, m) = shape(raw), isTimeOfDay(h, m) else { return nil }
        return (h, m)
    }

    static func isTimeOfDay(_ hour: Int, _ minute: Int) -> Bool { (0...23).contains(hour) && (0...59).contains(minute) }

    /// The hours and minutes of text written as H:MM or HH:MM, in range or not.
    static func shape(_ raw: String) -> (hour: Int, minute: Int)? {
        let parts = raw.trimmed().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        return (h, m)
    }

    public static func format(_ date: Date, _ calendar: LocalCalendar) -> String {
        let c = calendar.dateComponents([.hour, .minute], from: date)
        return String.zeroPadded(c.hour ?? 0, width: 2) + ":" + String.zeroPadded(c.minute ?? 0, width: 2)
    }

    /// What the field starts with: now for today, 12:00 for a past day.
    public static func defaultText(for day: DayKey, now: Date, _ calendar: LocalCalendar) -> String {
        day == DayKey(now, calendar: calendar) ? format(now, calendar) : "12:00"
    }

    /// The moment `text` names on `day`, or why it cannot be used: not HH:MM, or still to come.
    public static func resolve(_ text: String, on day: DayKey, now: Date, _ calendar: LocalCalendar) -> Result<Date, FieldError> {
        guard let (h, m) = shape(text) else { return .failure(.notATime) }
        guard isTimeOfDay(h, m) else { return .failure(.noSuchTime) }
        guard let date = calendar.date(bySettingHour: h, minute: m, second: 0, of: day.startDate(in: calendar)) else {
            return .failure(.notATime)
        }
        // Whole minutes compared: "now" typed as the current minute is never in the future.
        if date.timeIntervalSince(now) >= 60 || day > DayKey(now, calendar: calendar) { return .failure(.inFuture) }
        return .success(date)
    }
}
