import FoundationEssentials
import Platform

public extension WearablePayload {
    /// The same ranges `decode` enforces, for values read back from a file.
    var isPlausible: Bool {
        Self.stepsRange.contains(steps) && Self.heartRateRange.contains(heartRate)
            && sleepHours.isFinite && Self.sleepHoursRange.contains(sleepHours)
    }
}

public extension LastSync {
    /// A cached sync worth showing: plausible numbers, a real date, a name that fits a screen.
    var isPlausible: Bool {
        payload.isPlausible && syncedAt.timeIntervalSince1970.isFinite
            && abs(syncedAt.timeIntervalSince1970) < 1e11 && deviceName.count <= 64
    }
}

public extension LastSync {
    /// A sync's time as the settings file keeps it (ISO 8601, whole seconds), so the
    /// sync on screen and the one read back at the next launch are equal.
    static func time(_ date: Date) -> Date {
        let t = date.timeIntervalSince1970
        return t.isFinite ? Date(timeIntervalSince1970: t.rounded(.down)) : date
    }
}
