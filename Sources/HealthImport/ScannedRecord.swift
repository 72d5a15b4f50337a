import FoundationEssentials

/// A date attribute as found in the XML: absent, present but not a date, or a date.
public enum ScannedDate: Sendable, Equatable {
    case missing
    case unparsable
    case date(Date)

    public var date: Date? {
        if case .date(let date) = self { return date }
        return nil
    }
}

/// A `value` attribute: numbers are parsed in the scanner, anything else (category
/// values such as `HKCategoryValueSleepAnalysisAsleepCore`) stays text.
public enum ScannedValue: Sendable, Equatable {
    case missing
    case number(Double)
    case text(String)
}

/// One `<Record>` element, unvalidated: what the scanner read, before mapping.
public struct ScannedRecord: Sendable, Equatable {
    /// e.g. `HKQuantityTypeIdentifierStepCount`.
    public var type: String
    /// `sourceName=` (or `source=` in exports before iOS 9); nil when absent.
    public var sourceName: String?
    /// The `model:` part of the `device` attribute, e.g. "Watch" or "iPhone".
    public var deviceModel: String?
    public var unit: String?
    public var value: ScannedValue
    public var startDate: ScannedDate
    public var endDate: ScannedDate
    public var creationDate: ScannedDate

    public init(
        type: String, sourceName: String?, deviceModel: String? = nil, unit: String?, value: ScannedValue,
        startDate: ScannedDate, endDate: ScannedDate, creationDate: ScannedDate = .missing
    ) {
        self.type = type
        self.sourceName = sourceName
        self.deviceModel = deviceModel
        self.unit = unit
        self.value = value
        self.startDate = startDate
        self.endDate = endDate
        self.creationDate = creationDate
    }
}

/// How well-formed the XML was: what was read and what had to be skipped.
public struct XMLScanStats: Sendable, Equatable {
    public var bytesScanned: UInt64 = 0
    /// Top-level `<Record>` elements (records nested in a `<Correlation>` repeat top-level ones and are not counted).
    public var recordElements = 0
    public var sawHealthData = false
    public var exportDate: Date?
    /// Tags that could not be read (a `<` in the middle of a tag, a tag longer than 1 MiB, a stray `<`).
    public var malformedTags = 0
    /// Non-blank characters between tags, where a Health export has none.
    public var strayTextBytes: UInt64 = 0
    public var mismatchedEndTags = 0
    /// The input ended inside a tag, comment or DOCTYPE: the file is cut short.
    public var unterminatedAtEnd = false
    /// Elements still open at the end (the root `</HealthData>` never came).
    public var unclosedElements = 0
    /// Bytes that could not be read as records or markup.
    public var skippedBytes: UInt64 = 0

    public var isWellFormed: Bool {
        malformedTags == 0 && strayTextBytes == 0 && mismatchedEndTags == 0 && !unterminatedAtEnd
            && unclosedElements == 0
    }

    /// The input stopped before the document did: a cut tag or an unclosed root.
    public var isBrokenMidway: Bool { unterminatedAtEnd || unclosedElements > 0 }
}
