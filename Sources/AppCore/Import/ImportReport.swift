import FoundationEssentials
import HealthDomain
import Platform
import HealthImport
import TerminalUI

/// The text `tmm-tui import` prints at the end: what was read, kept, left out
/// and where it went. Pure, for tests.
enum ImportReport {
    /// Sources listed by name in the summary; the rest are counted in one line.
    static let printedSources = 20

    static func typeName(_ type: ImportedType) -> String {
        switch type {
        case .stepCount: return "Steps"
        case .activeEnergy: return "Active energy"
        case .exerciseTime: return "Exercise minutes"
        case .restingHeartRate: return "Resting heart rate"
        case .heartRateVariability: return "Heart rate variability (SDNN)"
        case .sleepAnalysis: return "Sleep analysis"
        }
    }

    static func number(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    static func summary(_ outcome: ImportRunner.Outcome, info: ImportInfo, files: [URL], calendar: LocalCalendar) -> String {
        let s = outcome.summary
        var lines: [String] = []
        let export = s.exportDate.map { " of \(DayKey($0, calendar: calendar))" } ?? ""
        let mb = Double(s.xmlBytesRead) / 1_000_000
        lines.append("Imported the Apple Health export\(export) (\(cleanForTerminal(s.xmlName)), "
                     + String(cFormat: "%.1f MB of XML in %.1f s).", mb, outcome.seconds))
        if let first = info.firstDay, let last = info.lastDay {
            lines.append("Days: \(first) to \(last), local days in \(info.timeZone).")
        }
        lines.append("")
        lines.append("Records imported, by type (each exact duplicate once):")
        let types = ImportedType.allCases.filter { (s.recordsByType[$0] ?? 0) > 0 }
        let typeWidth = types.map { typeName($0).count }.max() ?? 0
        for type in types {
            lines.append("  " + typeName(type).padded(toLength: typeWidth) + "  "
                         + number(s.recordsByType[type] ?? 0).leftPadded(12))
        }
        lines.append("")
        lines.append("Sources, in priority order (where sources overlap, the first one counts):")
        // Columns as the terminal shows them: a wide (CJK) name takes two a character, and the numbers
        // 1–9 are padded to the width of the last one, so every name starts in one column.
        let printed = info.sources.prefix(printedSources)
        let nameWidth = min(40, printed.map { TextWidth.of(cleanForTerminal($0.name)) }.max() ?? 0)
        let numberWidth = String(printed.count).count
        for (i, source) in printed.enumerated() {
            lines.append("  " + String(i + 1).leftPadded(numberWidth) + ". " + TextWidth.pad(cleanForTerminal(source.name), to: nameWidth)
                         + "  " + source.kind.padded(toLength: 5)
                         + number(source.records).leftPadded(12) + (source.records == 1 ? " record" : " records"))
        }
        let more = info.sources.count - min(info.sources.count, printedSources) + (info.otherSources?.count ?? 0)
        if more > 0 {
            let shownRecords = info.sources.prefix(printedSources).reduce(0) { $0 + $1.records }
            let rest = s.importedRecords - shownRecords
            lines.append("  … and \(number(more)) more \(more == 1 ? "source" : "sources") (\(number(rest)) \(rest == 1 ? "record" : "records")).")
        }
        if !outcome.order.unmatched.isEmpty {
            lines.append("  (--prefer \(cleanForTerminal(outcome.order.unmatched.joined(separator: ", "))) matched no source)")
        }
        lines.append("")
        if s.skippedRecords > 0 {
            lines.append("Skipped \(number(s.skippedRecords)) \(s.skippedRecords == 1 ? "record" : "records"):")
            for reason in SkipReason.allCases where (s.skippedByReason[reason] ?? 0) > 0 {
                lines.append("  " + number(s.skippedByReason[reason] ?? 0).leftPadded(10) + "  \(reason.explanation)")
            }
        } else {
            lines.append("Skipped: none.")
        }
        lines.append("Exact duplicates (counted once): \(number(s.duplicates)).")
        if s.unsupportedRecords > 0 {
            lines.append("Other records left out (heart rate, distance, workouts…): \(number(s.unsupportedRecords)).")
        }
        if let warning = wellFormedWarning(s) { lines.append("Warning: " + warning) }
        lines.append("")
        lines.append("Saved to \(files.map { cleanForTerminal($0.path) }.joined(separator: " and ")) (mode 0600; the data never leaves this computer).")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Says how much of a damaged XML could not be read (nil when it is well formed).
    static func wellFormedWarning(_ s: ImportSummary) -> String? {
        guard !s.xml.isWellFormed else { return nil }
        var parts: [String] = []
        if s.xml.malformedTags > 0 { parts.append("\(number(s.xml.malformedTags)) unreadable tags") }
        if s.xml.mismatchedEndTags > 0 { parts.append("\(number(s.xml.mismatchedEndTags)) mismatched end tags") }
        // Stray text is counted in skippedBytes already (adding strayTextBytes again counted it twice).
        if s.xml.skippedBytes > 0 {
            parts.append("\(number(Int(clamping: s.xml.skippedBytes))) bytes skipped")
        }
        if s.xml.isBrokenMidway { parts.append("the file stops midway") }
        return "the XML is not well formed (\(parts.joined(separator: ", "))); the records around the damage may be missing."
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
