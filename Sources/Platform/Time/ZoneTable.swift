/// A zone's offsets over time: the transitions a TZif file lists, the local time types they switch to,
/// and the POSIX rule that continues after the last transition.
struct ZoneTable: Sendable, Hashable {
    /// Strictly ascending UTC instants.
    var transitionTimes: [Int64] = []
    /// For each transition, the index of the local time type in force from it.
    var transitionTypes: [UInt8] = []
    var offsets: [Int32]
    var isDaylight: [Bool]
    var abbreviations: [String]
    /// The type in force before the first transition, unless the footer rule covers those times too.
    var initialType = 0
    var footer: PosixTimeZoneRule?
    /// True for a zone that is only a POSIX rule: the rule holds before the first (spelt-out) transition too.
    var footerCoversEarlierTimes = false

    /// The footer's changes are spelt out as transitions up to this year, so that lookups in the years
    /// the app shows are a binary search (≈15 ns) rather than rule arithmetic (≈90 ns).
    static let lastExpandedYear: Int64 = 2100

    static func fixed(offset: Int, abbreviation: String) -> ZoneTable {
        ZoneTable(offsets: [Int32(offset)], isDaylight: [false], abbreviations: [abbreviation])
    }

    static func rule(_ rule: PosixTimeZoneRule) -> ZoneTable {
        ZoneTable(offsets: [Int32(rule.standardOffset)], isDaylight: [false], abbreviations: [rule.standardName],
                  footer: rule, footerCoversEarlierTimes: true).expandingFooter()
    }

    enum LocalType {
        case listed(Int)
        case footer(isDaylight: Bool)
    }

    @inline(__always)
    func localType(atUnix t: Int64) -> LocalType {
        let count = transitionTimes.count
        if count == 0 || t < transitionTimes[0] {
            if footerCoversEarlierTimes, let isDaylight = footer?.isDaylight(atUnix: t) {
                return .footer(isDaylight: isDaylight)
            }
            return .listed(initialType)
        }
        if t > transitionTimes[count - 1], let isDaylight = footer?.isDaylight(atUnix: t) {
            return .footer(isDaylight: isDaylight)
        }
        // Last transition at or before t: transitionTimes[low] <= t < transitionTimes[high].
        var low = 0, high = count
        while high - low > 1 {
            let middle = (low + high) >> 1
            if transitionTimes[middle] <= t { low = middle } else { high = middle }
        }
        return .listed(Int(transitionTypes[low]))
    }

    @inline(__always)
    func offset(atUnix t: Int64) -> Int {
        switch localType(atUnix: t) {
        case .listed(let type): return Int(offsets[type])
        case .footer(let daylight): return footer?.offset(isDaylight: daylight) ?? 0
        }
    }

    func abbreviation(atUnix t: Int64) -> String {
        switch localType(atUnix: t) {
        case .listed(let type): return abbreviations[type]
        case .footer(let daylight): return footer?.abbreviation(isDaylight: daylight) ?? ""
        }
    }

    /// This table with the footer rule's yearly changes appended as transitions, after the last listed
    /// transition (or from 1900 for a bare rule) and before `lastExpandedYear` ends. Lookups give the same answers.
    func expandingFooter() -> ZoneTable {
        guard let footer, let daylight = footer.daylight, offsets.count <= 254 else { return self }
        let lastListed = transitionTimes.last
        let firstYear = lastListed.map { CivilCalendar.year(ofUnix: $0) } ?? 1900
        // Files listing nothing after 1800 (or past 2100) keep answering from the rule itself.
        guard firstYear >= 1800, firstYear <= Self.lastExpandedYear else { return self }
        let lower = lastListed.map { $0 + 1 } ?? CivilCalendar.daysFromCivil(year: 1900, month: 1, day: 1) * 86_400
        let upper = CivilCalendar.daysFromCivil(year: Self.lastExpandedYear + 1, month: 1, day: 1) * 86_400
        // A year's changes may spill a few days into its neighbours, so one more year on each side
        // makes the list complete within [lower, upper).
        var changes: [(instant: Int64, startsDaylight: Bool)] = []
        changes.reserveCapacity(Int(Self.lastExpandedYear - firstYear + 3) * 2)
        for year in (firstYear - 1)...(Self.lastExpandedYear + 1) {
            changes.append((daylight.start.instant(inYear: year, localOffset: footer.standardOffset), true))
            changes.append((daylight.end.instant(inYear: year, localOffset: daylight.offset), false))
        }
        // At a tie the start sorts last and wins, as in `PosixTimeZoneRule.isDaylight`.
        changes.sort { $0.instant != $1.instant ? $0.instant < $1.instant : !$0.startsDaylight && $1.startsDaylight }

        var table = self
        let standardType = UInt8(table.offsets.count), daylightType = standardType + 1
        table.offsets += [Int32(footer.standardOffset), Int32(daylight.offset)]
        table.isDaylight += [false, true]
        table.abbreviations += [footer.standardName, daylight.name]
        let firstAppended = table.transitionTimes.count
        // A bare rule's state just before `lower`; a file's last listed type is never repeated by index.
        var currentType = lastListed == nil
            ? (footer.isDaylight(atUnix: lower - 1) ? daylightType : standardType)
            : table.transitionTypes.last
        for change in changes where change.instant >= lower && change.instant < upper {
            let type = change.startsDaylight ? daylightType : standardType
            if table.transitionTimes.count > firstAppended, table.transitionTimes.last == change.instant {
                table.transitionTypes[table.transitionTypes.count - 1] = type
            } else if type != currentType {
                table.transitionTimes.append(change.instant)
                table.transitionTypes.append(type)
            }
            currentType = table.transitionTypes.last
        }
        return table
    }
}
