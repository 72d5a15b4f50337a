import FoundationEssentials
import HealthDomain
import Platform

/// Writes a realistic export.xml for benchmarks: an Apple Watch and an iPhone that
/// both count steps and energy over the same minutes, watch sleep stages under a
/// phone "in bed" interval, HRV with beat-to-beat children, resting heart rate,
/// exercise minutes, and heart rate (a type the import ignores but real exports are
/// full of). Deterministic for a seed; streamed, so any size costs flat memory.
public enum SyntheticExport {
    public struct Options: Sendable {
        public var days: Int
        public var seed: UInt64
        /// The first day, midnight local time, as days since 1970-01-01.
        public var firstDay: Int
        public var utcOffsetSeconds: Int

        public init(days: Int, seed: UInt64 = 42, firstDay: Int = 19_000, utcOffsetSeconds: Int = 3600) {
            self.days = days
            self.seed = seed
            self.firstDay = firstDay
            self.utcOffsetSeconds = utcOffsetSeconds
        }
    }

    public struct Result: Sendable {
        public var bytes: UInt64
        public var records: Int
    }

    /// About 360 KB of XML per generated day.
    public static let approximateBytesPerDay = 360_000

    public static func write(to url: URL, options: Options) throws -> Result {
        let handle = try PosixFile(writingAt: url.path)
        defer { handle.close() }
        var writer = Writer(handle: handle, offset: options.utcOffsetSeconds)
        var random = SplitMix(seed: options.seed)
        writer.text(HealthExportProlog.text)
        let exportDay = options.firstDay + options.days
        writer.text(" <ExportDate value=\"\(format(Date(timeIntervalSince1970: Double(exportDay * 86_400 + 9 * 3600 - options.utcOffsetSeconds)), offsetSeconds: options.utcOffsetSeconds))\"/>\n")
        writer.text(" <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1988-05-04\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeNotSet\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\"/>\n")
        for day in options.firstDay..<(options.firstDay + options.days) {
            try writeDay(day, into: &writer, random: &random, offset: options.utcOffsetSeconds)
        }
        writer.text("</HealthData>\n")
        try writer.flush()
        return Result(bytes: writer.bytesWritten, records: writer.records)
    }

    /// `2024-03-31 01:59:30 +0100` for `date` seen at `offsetSeconds` east of UTC.
    public static func format(_ date: Date, offsetSeconds: Int) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = local - days * 86_400
        let (year, month, day) = CivilDays.civil(days)
        let sign = offsetSeconds < 0 ? "-" : "+"
        let offset = abs(offsetSeconds)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(seconds / 3600, 2)):\(pad(seconds % 3600 / 60, 2)):\(pad(seconds % 60, 2)) \(sign)\(pad(offset / 3600, 2))\(pad(offset % 3600 / 60, 2))"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: - One day

    private static let watch = (name: "Anna’s Apple Watch", version: "10.4",
                                device: "&lt;&lt;HKDevice: 0x283ad0a50&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.4&gt;")
    private static let phone = (name: "Anna’s iPhone", version: "17.4",
                                device: "&lt;&lt;HKDevice: 0x283ad0b10&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.4&gt;")

    private static func writeDay(_ day: Int, into writer: inout Writer, random: inout SplitMix, offset: Int) throws {
        let midnight = day * 86_400 - offset
        // Steps: watch every ~10 minutes while awake, the phone over overlapping intervals.
        for source in [watch, phone] {
            var t = midnight + 7 * 3600 + random.next(600)
            while t < midnight + 23 * 3600 {
                let length = 120 + random.next(600)
                writer.record("HKQuantityTypeIdentifierStepCount", source, unit: "count",
                              value: String(20 + random.next(900)), start: t, end: t + length)
                t += length + random.next(source.name == watch.name ? 300 : 900)
            }
        }
        // Active energy: the watch writes about every minute, the phone a few times a day.
        var t = midnight + 6 * 3600
        while t < midnight + 23 * 3600 {
            let length = 60 + random.next(60)
            writer.record("HKQuantityTypeIdentifierActiveEnergyBurned", watch, unit: "kcal",
                          value: decimal(random.next(4000), scale: 1000), start: t, end: t + length)
            t += length + random.next(120)
        }
        for _ in 0..<8 {
            let start = midnight + 8 * 3600 + random.next(14 * 3600)
            writer.record("HKQuantityTypeIdentifierActiveEnergyBurned", phone, unit: "kcal",
                          value: decimal(random.next(30_000), scale: 1000), start: start, end: start + 600)
        }
        // Heart rate (ignored by the import, but most of a real export).
        t = midnight + random.next(300)
        while t < midnight + 86_400 {
            writer.record("HKQuantityTypeIdentifierHeartRate", watch, unit: "count/min",
                          value: String(55 + random.next(60)), start: t, end: t, metadata: [("HKMetadataKeyHeartRateMotionContext", "0")])
            t += 240 + random.next(360)
        }
        // Exercise minutes: one workout a day.
        let workout = midnight + 17 * 3600 + random.next(3600)
        for minute in 0..<(20 + random.next(40)) {
            writer.record("HKQuantityTypeIdentifierAppleExerciseTime", watch, unit: "min", value: "1",
                          start: workout + minute * 60, end: workout + minute * 60 + 60)
        }
        writer.record("HKQuantityTypeIdentifierRestingHeartRate", watch, unit: "count/min",
                      value: String(48 + random.next(15)), start: midnight + 60, end: midnight + 86_000)
        for _ in 0..<(3 + random.next(4)) {
            let start = midnight + random.next(86_000)
            writer.hrv(watch, value: decimal(20_000 + random.next(60_000), scale: 1000), start: start, random: &random)
        }
        // Sleep: the phone's in-bed interval and the watch's stages inside it, crossing midnight.
        let bed = midnight + 22 * 3600 + random.next(5400)
        let wake = bed + 6 * 3600 + random.next(7200)
        writer.record("HKCategoryTypeIdentifierSleepAnalysis", phone, unit: nil,
                      value: "HKCategoryValueSleepAnalysisInBed", start: bed, end: wake)
        let stages = ["AsleepCore", "AsleepDeep", "AsleepCore", "AsleepREM", "Awake"]
        t = bed + 600
        var index = 0
        while t < wake - 600 {
            let length = min(wake - t, 600 + random.next(2400))
            writer.record("HKCategoryTypeIdentifierSleepAnalysis", watch, unit: nil,
                          value: "HKCategoryValueSleepAnalysis\(stages[index % stages.count])", start: t, end: t + length,
                          metadata: [("HKTimeZone", "Europe/Paris")])
            t += length
            index += 1
        }
        try writer.flushIfNeeded()
    }

    private static func decimal(_ value: Int, scale: Int) -> String {
        let fraction = String(value % scale)
        return "\(value / scale).\(String(repeating: "0", count: String(scale).count - 1 - fraction.count))\(fraction)"
    }

    // MARK: - Output

    private struct Writer {
        let handle: PosixFile
        let offset: Int
        var buffer: [UInt8] = []
        var bytesWritten: UInt64 = 0
        var records = 0

        init(handle: PosixFile, offset: Int) {
            self.handle = handle
            self.offset = offset
            buffer.reserveCapacity(1 << 21)
        }

        mutating func text(_ text: String) { buffer.append(contentsOf: text.utf8) }

        mutating func record(
            _ type: String, _ source: (name: String, version: String, device: String), unit: String?, value: String,
            start: Int, end: Int, metadata: [(String, String)] = []
        ) {
            let startText = SyntheticExport.format(Date(timeIntervalSince1970: Double(start)), offsetSeconds: offset)
            let endText = SyntheticExport.format(Date(timeIntervalSince1970: Double(end)), offsetSeconds: offset)
            var line = " <Record type=\"\(type)\" sourceName=\"\(source.name)\" sourceVersion=\"\(source.version)\" device=\"\(source.device)\""
            if let unit { line += " unit=\"\(unit)\"" }
            line += " creationDate=\"\(endText)\" startDate=\"\(startText)\" endDate=\"\(endText)\" value=\"\(value)\""
            if metadata.isEmpty {
                line += "/>\n"
            } else {
                line += ">\n"
                for (key, value) in metadata { line += "  <MetadataEntry key=\"\(key)\" value=\"\(value)\"/>\n" }
                line += " </Record>\n"
            }
            text(line)
            records += 1
        }

        mutating func hrv(_ source: (name: String, version: String, device: String), value: String, start: Int, random: inout SplitMix) {
            let startText = SyntheticExport.format(Date(timeIntervalSince1970: Double(start)), offsetSeconds: offset)
            let endText = SyntheticExport.format(Date(timeIntervalSince1970: Double(start + 60)), offsetSeconds: offset)
            var line = " <Record type=\"HKQuantityTypeIdentifierHeartRateVariabilitySDNN\" sourceName=\"\(source.name)\" sourceVersion=\"\(source.version)\" device=\"\(source.device)\" unit=\"ms\" creationDate=\"\(endText)\" startDate=\"\(startText)\" endDate=\"\(endText)\" value=\"\(value)\">\n  <HeartRateVariabilityMetadataList>\n"
            for beat in 0..<40 {
                line += "   <InstantaneousBeatsPerMinute bpm=\"\(60 + random.next(20))\" time=\"\(beat / 60 % 12 + 1):\(pad(beat % 60, 2)):\(pad(random.next(60), 2)).\(pad(random.next(100), 2)) PM\"/>\n"
            }
            line += "  </HeartRateVariabilityMetadataList>\n </Record>\n"
            text(line)
            records += 1
        }

        mutating func flushIfNeeded() throws { if buffer.count >= 1 << 20 { try flush() } }

        mutating func flush() throws {
            try handle.write(contentsOf: buffer)
            bytesWritten += UInt64(buffer.count)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Deterministic pseudo-random numbers (SplitMix64).
    struct SplitMix {
        private var state: UInt64
        init(seed: UInt64) { state = seed }

        mutating func next(_ upperBound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return upperBound <= 0 ? 0 : Int(z % UInt64(upperBound))
        }
    }
}

/// The start of an iOS 17 export: declaration and DOCTYPE (with iOS 16's malformed ATTLIST).
enum HealthExportProlog {
    static let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE HealthData [
    <!-- HealthKit Export Version: 13 -->
    <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
    <!ATTLIST HealthData
      locale CDATA #REQUIRED
    >
    <!ELEMENT ExportDate EMPTY>
    <!ATTLIST ExportDate
      value CDATA #REQUIRED
    >
    <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
    <!ATTLIST Record
      type          CDATA #REQUIRED
      unit          CDATA #IMPLIED
      value         CDATA #IMPLIED
      sourceName    CDATA #REQUIRED
      sourceVersion CDATA #IMPLIED
      device        CDATA #IMPLIED
      creationDate  CDATA #IMPLIED
      startDate     CDATA #REQUIRED
      endDate       CDATA #REQUIRED
    >
    <!ATTLIST VisionPrescription
      type             CDATA #REQUIRED
      dateIssued       CDATA #REQUIRED
      expirationDate   CDATA #REQUIRED
    <!ELEMENT Prescription EMPTY>
    ]>
    <HealthData locale="en_GB">

    """
}
