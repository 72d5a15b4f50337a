import FoundationEssentials

/// Reads the attributes of one `<Record …>` tag into a ScannedRecord. Strings that
/// repeat (types, sources, units, models, category values) are interned, numbers and
/// dates are parsed straight from the bytes. Attribute names with spaces and no value
/// (old Withings records) are stepped over.
struct RecordAttributeReader {
    private var types = ByteInterner()
    /// Not capped: the import keeps every source's name and counts anyway.
    private var sources = ByteInterner(limit: .max)
    private var units = ByteInterner()
    private var models = ByteInterner()
    private var texts = ByteInterner(limit: 4096)
    /// The number the last record's source name got (-1: none): equal numbers, equal names.
    private(set) var sourceNumber = -1

    private struct Span {
        var start = 0
        var end = -1
        var isPresent: Bool { end >= start }
    }

    mutating func readRecord(_ tag: UnsafeRawBufferPointer) -> ScannedRecord {
        var type = Span(), sourceName = Span(), source = Span(), device = Span(), unit = Span()
        var value = Span(), start = Span(), end = Span(), creation = Span()
        Self.forEachAttribute(tag) { name, valueStart, valueEnd in
            let span = Span(start: valueStart, end: valueEnd)
            switch name.count {
            case 4:
                if HealthXMLScanner.equals(name, "type") { type = span }
                else if HealthXMLScanner.equals(name, "unit") { unit = span }
            case 5:
                if HealthXMLScanner.equals(name, "value") { value = span }
            case 6:
                if HealthXMLScanner.equals(name, "source") { source = span }
                else if HealthXMLScanner.equals(name, "device") { device = span }
            case 7:
                if HealthXMLScanner.equals(name, "endDate") { end = span }
            case 9:
                if HealthXMLScanner.equals(name, "startDate") { start = span }
            case 10:
                if HealthXMLScanner.equals(name, "sourceName") { sourceName = span }
            case 12:
                if HealthXMLScanner.equals(name, "creationDate") { creation = span }
            default:
                break
            }
        }
        let sourceSpan = sourceName.isPresent ? sourceName : source
        // The source's table slot is fetched while the rest of the record is read: with
        // 100,000 sources the table is larger than the cache.
        let sourceProbe = sourceSpan.isPresent ? sources.probe(Self.bytes(tag, sourceSpan)) : nil
        let typeText = type.isPresent ? types.intern(Self.bytes(tag, type), decode: XMLEntities.decode).0 : ""
        let model = device.isPresent ? deviceModel(Self.bytes(tag, device)) : nil
        let unitText = unit.isPresent ? units.intern(Self.bytes(tag, unit), decode: XMLEntities.decode).0 : nil
        let scanned = value.isPresent ? scannedValue(Self.bytes(tag, value)) : .missing
        let startDate = Self.date(tag, start), endDate = Self.date(tag, end), creationDate = Self.date(tag, creation)
        var sourceText: String?
        if let sourceProbe {
            (sourceText, sourceNumber) = sources.intern(Self.bytes(tag, sourceSpan), probe: sourceProbe, decode: XMLEntities.decode)
        } else {
            sourceNumber = -1
        }
        return ScannedRecord(type: typeText, sourceName: sourceText, deviceModel: model, unit: unitText, value: scanned,
                             startDate: startDate, endDate: endDate, creationDate: creationDate)
    }

    static func exportDate(_ tag: UnsafeRawBufferPointer) -> Date? {
        var result: Date?
        forEachAttribute(tag) { name, start, end in
            if HealthXMLScanner.equals(name, "value") {
                result = ExportDateParser.parse(UnsafeRawBufferPointer(rebasing: tag[start..<end]))
            }
        }
        return result
    }

    /// Calls `body(name, valueStart, valueEnd)` for each `name="value"` in the tag.
    private static func forEachAttribute(_ tag: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int, Int) -> Void) {
        let end = tag.count
        var index = 0
        while index < end {
            while index < end, HealthXMLScanner.isBlank(tag[index]) { index += 1 }
            let nameStart = index
            while index < end, tag[index] != 0x3D, !HealthXMLScanner.isBlank(tag[index]) { index += 1 }
            let nameEnd = index
            while index < end, HealthXMLScanner.isBlank(tag[index]) { index += 1 }
            guard index < end, tag[index] == 0x3D else {
                if index == nameStart { index += 1 }
                continue
            }
            index += 1
            while index < end, HealthXMLScanner.isBlank(tag[index]) { index += 1 }
            guard index < end else { return }
            let quote = tag[index]
            guard quote == 0x22 || quote == 0x27 else { continue }
            guard let close = HealthXMLScanner.find(quote, in: tag, from: index + 1) else { return }
            body(UnsafeRawBufferPointer(rebasing: tag[nameStart..<nameEnd]), index + 1, close)
            index = close + 1
        }
    }

    private static func bytes(_ tag: UnsafeRawBufferPointer, _ span: Span) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: tag[span.start..<span.end])
    }

    private static func date(_ tag: UnsafeRawBufferPointer, _ span: Span) -> ScannedDate {
        guard span.isPresent else { return .missing }
        guard let date = ExportDateParser.parse(bytes(tag, span)) else { return .unparsable }
        return .date(date)
    }

    private mutating func scannedValue(_ bytes: UnsafeRawBufferPointer) -> ScannedValue {
        if let number = DecimalParser.parse(bytes) { return .number(number) }
        return .text(texts.intern(bytes, decode: XMLEntities.decode).0)
    }

    private static func firstIndex(of needle: StaticString, in haystack: UnsafeRawBufferPointer) -> Int? {
        let length = needle.utf8CodeUnitCount
        var index = 0
        while let hit = HealthXMLScanner.find(needle.utf8Start.pointee, in: haystack, from: index) {
            guard haystack.count - hit >= length else { return nil }
            if HealthXMLScanner.equals(UnsafeRawBufferPointer(rebasing: haystack[hit..<(hit + length)]), needle) {
                return hit
            }
            index = hit + 1
        }
        return nil
    }

    /// `<<HKDevice: 0x…>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, …>` → "Watch".
    private mutating func deviceModel(_ device: UnsafeRawBufferPointer) -> String? {
        guard let found = Self.firstIndex(of: "model:", in: device) else { return nil }
        var start = found + 6
        var end = start
        while end < device.count, device[end] != 0x2C, device[end] != 0x26, device[end] != 0x3E { end += 1 }
        while start < end, HealthXMLScanner.isBlank(device[start]) { start += 1 }
        while end > start, HealthXMLScanner.isBlank(device[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        return models.intern(UnsafeRawBufferPointer(rebasing: device[start..<end]), decode: XMLEntities.decode).0
    }
}
