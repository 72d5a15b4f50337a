import FoundationEssentials
import HealthDomain
import Platform

/// The whole import (read, validate, spill, merge per day) without the final
/// write, for `tmm-import-bench`.
public enum ImportBenchmarkEntry {
    public struct Result: Sendable {
        public var xmlBytes: UInt64
        public var records: Int
        public var importedRecords: Int
        public var days: Int
        public var seconds: Double
    }

    public static func run(path: String, timeZone: ZoneRules, spillParent: URL) throws -> Result {
        let calendar = LocalCalendar(timeZone: timeZone)
        let runner = ImportRunner(calendar: calendar, spillParent: spillParent)
        let outcome: ImportRunner.Outcome
        do { outcome = try runner.run(path: path, isCancelled: { false }, progress: { _ in }) } catch {
            throw StorageError(error.description)
        }
        let days = outcome.data.totals.series(.stepCount)?.days.count ?? 0
        return Result(xmlBytes: outcome.summary.xmlBytesRead, records: outcome.summary.xml.recordElements,
                      importedRecords: outcome.summary.importedRecords, days: days, seconds: outcome.seconds)
    }
}
