import FoundationEssentials

/// A time zone's UTC offsets at any instant, read from the system's TZif files or a POSIX TZ rule,
/// without Foundation's ICU-backed `TimeZone`.
public struct ZoneRules: Sendable, Hashable, CustomStringConvertible {
    /// "Europe/Paris", "UTC", "GMT+01:00" (fixed offsets), or the POSIX TZ string given.
    public let identifier: String
    let table: ZoneTable

    init(identifier: String, table: ZoneTable) {
        self.identifier = identifier
        self.table = table
    }

    public static let utc = ZoneRules(identifier: "UTC", table: .fixed(offset: 0, abbreviation: "UTC"))

    /// A zone that is always `seconds` east of UTC; identifier "GMT", "GMT+01:00", "GMT-05:30".
    public init(secondsFromGMT seconds: Int) {
        let clamped = min(max(seconds, -TZifReader.maxOffset), TZifReader.maxOffset)
        self.init(identifier: Self.fixedOffsetName(clamped, long: true),
                  table: .fixed(offset: clamped, abbreviation: Self.fixedOffsetName(clamped, long: false)))
    }

    /// Seconds east of UTC at the instant `unixSeconds`.
    @inline(__always)
    public func secondsFromGMT(atUnix unixSeconds: Int64) -> Int {
        table.offset(atUnix: unixSeconds)
    }

    /// The offset to subtract from a local wall-clock time (seconds since 1970-01-01T00:00 local) to get
    /// the instant. A wall time that occurs twice means the earlier instant; one that does not exist
    /// (a gap) is read with the offset in force before the gap, as Foundation does.
    public func secondsFromGMT(forLocal wallSeconds: Int64) -> Int {
        let wall = min(max(wallSeconds, -CivilCalendar.safeSeconds), CivilCalendar.safeSeconds)
        // Every instant that could show this wall time lies within the widest offsets of it.
        let window = Int64(TZifReader.maxOffset + 1)
        let before = table.offset(atUnix: wall - window)
        let after = table.offset(atUnix: wall + window)
        if before == after && table.offset(atUnix: wall - Int64(before)) == before { return before }
        // Offsets seen from the wall time itself catch changes inside the window that the edges miss.
        let candidates = (before, after, table.offset(atUnix: wall - Int64(before)), table.offset(atUnix: wall - Int64(after)))
        func isValid(_ offset: Int) -> Bool { table.offset(atUnix: wall - Int64(offset)) == offset }
        // Several valid offsets (an overlap): the largest gives the earliest instant.
        var best = Int.min
        for offset in [candidates.0, candidates.1, candidates.2, candidates.3] where offset > best && isValid(offset) {
            best = offset
        }
        if best != Int.min { return best }
        // A gap: read just before it, i.e. with the offset in force at the earliest candidate instant.
        let largest = max(max(candidates.0, candidates.1), max(candidates.2, candidates.3))
        return table.offset(atUnix: wall - Int64(largest))
    }

    /// "CET", "CEST", "EST", "+0330" at that instant (from the TZif designations / POSIX names).
    public func abbreviation(atUnix unixSeconds: Int64) -> String {
        table.abbreviation(atUnix: unixSeconds)
    }

    public func secondsFromGMT(for date: Date) -> Int {
        secondsFromGMT(atUnix: Self.unixSeconds(date))
    }

    public func abbreviation(for date: Date) -> String {
        abbreviation(atUnix: Self.unixSeconds(date))
    }

    public var description: String { identifier }

    public static func == (lhs: ZoneRules, rhs: ZoneRules) -> Bool {
        lhs.identifier == rhs.identifier && lhs.table == rhs.table
    }

    /// The identifier alone: equal zones share it, and hashing whole tables would be slow.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    /// Whole seconds, rounded down; NaN and infinities clamp instead of trapping.
    static func unixSeconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return seconds > 0 ? CivilCalendar.safeSeconds : -CivilCalendar.safeSeconds }
        let limit = Double(CivilCalendar.safeSeconds)
        return Int64(min(max(seconds, -limit), limit).rounded(.down))
    }

    /// "GMT+01:00" (identifier) or "GMT+1" (abbreviation, as Foundation writes it); seconds only when present.
    static func fixedOffsetName(_ seconds: Int, long: Bool) -> String {
        guard seconds != 0 else { return "GMT" }
        let magnitude = abs(seconds)
        let hours = magnitude / 3600, minutes = magnitude / 60 % 60, secs = magnitude % 60
        func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var name = "GMT" + (seconds < 0 ? "-" : "+") + (long ? twoDigits(hours) : "\(hours)")
        if long || minutes != 0 || secs != 0 { name += ":" + twoDigits(minutes) }
        if secs != 0 { name += ":" + twoDigits(secs) }
        return name
    }
}
