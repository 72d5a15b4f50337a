import FoundationEssentials
import Glibc

/// A streaming scanner for Health's export.xml over raw bytes, much faster than a
/// general XML parser. Feed it chunks of any size; it keeps at most one partial tag
/// between chunks, so memory stays flat whatever the file size. It skips the DOCTYPE
/// block (malformed since iOS 16), comments and processing instructions, tolerates
/// control characters, reads `<Record>` attributes and `<ExportDate>`, ignores
/// everything else, and counts what is not well-formed instead of failing.
public struct HealthXMLScanner {
    public private(set) var stats = XMLScanStats()

    /// A single tag longer than this is treated as garbage rather than buffered.
    public static let maxTagLength = 1 << 20
    private static let maxDepth = 64

    private enum Skip: Equatable {
        case none
        case comment(dashes: Int)
        case processingInstruction(sawQuestionMark: Bool)
        case cdata(brackets: Int)
        case doctype(inSubset: Bool, closingBracket: Bool)
    }

    private struct OpenElement {
        let nameHash: UInt64
        let isCorrelation: Bool
    }

    private var skip = Skip.none
    private var pending: [UInt8] = []
    /// The quote a pending start tag is inside (0: none), over its first `pendingQuoteScanned` bytes.
    private var pendingQuote: UInt8 = 0
    private var pendingQuoteScanned = 0
    private var openElements: [OpenElement] = []
    private var correlationDepth = 0
    private var attributes = RecordAttributeReader()

    public init() {}

    /// Scans `chunk`, calling `onRecord` for each top-level `<Record>` start tag.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ onRecord: (ScannedRecord) throws -> Void) rethrows {
        try feed(chunk) { record, _ in try onRecord(record) }
    }

    /// The same, with the number of the record's source name: equal numbers for equal
    /// names (`==`), from 0 in order of appearance, -1 when the record names no source.
    /// A reader that keeps something per source indexes it with this instead of hashing the name.
    mutating func feed(_ chunk: UnsafeRawBufferPointer, _ onRecord: (ScannedRecord, Int) throws -> Void) rethrows {
        stats.bytesScanned += UInt64(chunk.count)
        guard chunk.count > 0 else { return }
        var start = 0
        if !pending.isEmpty {
            // Complete the partial token with the bytes up to where it can end: for a start tag
            // the first '>' outside quotes (or a '<'), found by carrying the quote state across
            // chunks, so a '>' inside a quoted value never makes the tag be re-read from its start.
            while true {
                guard let stop = pendingStop(chunk, from: start) else {
                    pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start...]))
                    pendingQuoteScanned = pending.count
                    if pending.count > Self.maxTagLength {
                        stats.malformedTags += 1
                        stats.skippedBytes += UInt64(pending.count)
                        resetPending()
                    }
                    return
                }
                try appendPending(chunk, from: start, to: stop + 1, onRecord)
                start = stop + 1
                if pending.isEmpty { break }
            }
        }
        let tail = try process(chunk, from: start, onRecord)
        if tail < chunk.count {
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[tail...]))
        }
    }

    /// Ends the input: whatever is still open is counted as broken.
    public mutating func finish() {
        if !pending.isEmpty || skip != .none {
            stats.unterminatedAtEnd = true
            stats.skippedBytes += UInt64(pending.count)
            resetPending()
        }
        stats.unclosedElements = openElements.count
    }

    /// Where in `chunk` the pending token can end (nil: not in this chunk). For a start tag
    /// that is the first '<' or the first '>' outside quotes; the quote state of the bytes
    /// already pending is kept, so each byte is looked at once.
    private mutating func pendingStop(_ chunk: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard pending.count >= 2, pending[0] == 0x3C, Self.isNameStart(pending[1]) else {
            return Self.find(0x3E, in: chunk, from: start)
        }
        while pendingQuoteScanned < pending.count {
            pendingQuote = Self.quoteState(after: pending[pendingQuoteScanned], pendingQuote)
            pendingQuoteScanned += 1
        }
        var index = start
        while index < chunk.count {
            let byte = chunk[index]
            if byte == 0x3C || (byte == 0x3E && pendingQuote == 0) { return index }
            pendingQuote = Self.quoteState(after: byte, pendingQuote)
            index += 1
        }
        return nil
    }

    @inline(__always)
    private static func quoteState(after byte: UInt8, _ quote: UInt8) -> UInt8 {
        if quote != 0 { return byte == quote ? 0 : quote }
        return byte == 0x22 || byte == 0x27 ? byte : 0
    }

    private mutating func resetPending() {
        pending.removeAll()
        pendingQuote = 0
        pendingQuoteScanned = 0
    }

    private mutating func appendPending(
        _ chunk: UnsafeRawBufferPointer, from: Int, to end: Int, _ onRecord: (ScannedRecord, Int) throws -> Void
    ) rethrows {
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[from..<end]))
        var buffer = pending
        pending = []
        let tail = try buffer.withUnsafeBytes { try process($0, from: 0, onRecord) }
        buffer.removeSubrange(0..<tail)
        // A new token is pending (or none): its quote state starts afresh.
        pendingQuote = 0
        pendingQuoteScanned = 0
        if buffer.count > Self.maxTagLength {
            stats.malformedTags += 1
            stats.skippedBytes += UInt64(buffer.count)
            buffer.removeAll()
        }
        pending = buffer
    }

    // MARK: - Tokens

    /// Scans from `index`; returns where an incomplete token starts (or the end).
    private mutating func process(
        _ buffer: UnsafeRawBufferPointer, from index: Int, _ onRecord: (ScannedRecord, Int) throws -> Void
    ) rethrows -> Int {
        let end = buffer.count
        var index = index
        while index < end {
            if skip != .none {
                index = advanceSkip(buffer, from: index)
                continue
            }
            guard let lt = Self.find(0x3C, in: buffer, from: index) else {
                countText(buffer, from: index, to: end)
                return end
            }
            countText(buffer, from: index, to: lt)
            index = lt
            guard lt + 1 < end else { return lt }
            switch buffer[lt + 1] {
            case 0x21: // '!'
                guard let next = startDeclaration(buffer, at: lt) else { return lt }
                index = next
            case 0x3F: // '?'
                skip = .processingInstruction(sawQuestionMark: false)
                index = lt + 2
            case 0x2F: // '/'
                guard let gt = Self.find(0x3E, in: buffer, from: lt + 2) else { return lt }
                closeElement(buffer, nameFrom: lt + 2, to: gt)
                index = gt + 1
            case let first where Self.isNameStart(first):
                switch Self.tagEnd(buffer, from: lt + 1) {
                case .incomplete:
                    return lt
                case .broken(let at):
                    stats.malformedTags += 1
                    stats.skippedBytes += UInt64(at - lt)
                    index = at
                case .end(let gt):
                    try openElement(buffer, from: lt + 1, to: gt, onRecord)
                    index = gt + 1
                }
            default:
                stats.malformedTags += 1
                stats.skippedBytes += 1
                index = lt + 1
            }
        }
        return end
    }

    /// `<!--`, `<!DOCTYPE`, `<![CDATA[`; nil when more bytes are needed to tell.
    private mutating func startDeclaration(_ buffer: UnsafeRawBufferPointer, at lt: Int) -> Int? {
        let forms: [(String, Skip)] = [
            ("<!--", .comment(dashes: 0)),
            ("<!DOCTYPE", .doctype(inSubset: false, closingBracket: false)),
            ("<![CDATA[", .cdata(brackets: 0)),
        ]
        let available = buffer.count - lt
        var couldStillMatch = false
        for (marker, state) in forms {
            let bytes = Array(marker.utf8)
            let compared = min(bytes.count, available)
            var matches = true
            for offset in 0..<compared where buffer[lt + offset] != bytes[offset] {
                matches = false
                break
            }
            guard matches else { continue }
            if compared == bytes.count {
                skip = state
                return lt + bytes.count
            }
            couldStillMatch = true
        }
        if couldStillMatch { return nil }
        // Some other declaration outside a DTD: not well-formed here; skip it to its '>'.
        stats.malformedTags += 1
        skip = .doctype(inSubset: false, closingBracket: false)
        return lt + 2
    }

    /// Runs a skip state over the buffer; returns where scanning resumes.
    private mutating func advanceSkip(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        let end = buffer.count
        while index < end {
            let byte = buffer[index]
            index += 1
            switch skip {
            case .none:
                return index - 1
            case .comment(let dashes):
                if byte == 0x3E, dashes >= 2 { skip = .none; return index }
                skip = .comment(dashes: byte == 0x2D ? dashes + 1 : 0)
            case .processingInstruction(let sawQuestionMark):
                if byte == 0x3E, sawQuestionMark { skip = .none; return index }
                skip = .processingInstruction(sawQuestionMark: byte == 0x3F)
            case .cdata(let brackets):
                if byte == 0x3E, brackets >= 2 { skip = .none; return index }
                skip = .cdata(brackets: byte == 0x5D ? brackets + 1 : 0)
            case .doctype(let inSubset, let closingBracket):
                if !inSubset {
                    if byte == 0x3E { skip = .none; return index }
                    if byte == 0x5B { skip = .doctype(inSubset: true, closingBracket: false) }
                } else if byte == 0x3E, closingBracket {
                    skip = .none
                    return index
                } else if byte == 0x5D {
                    skip = .doctype(inSubset: true, closingBracket: true)
                } else if !Self.isBlank(byte) {
                    skip = .doctype(inSubset: true, closingBracket: false)
                }
            }
        }
        return index
    }

    private mutating func countText(_ buffer: UnsafeRawBufferPointer, from start: Int, to end: Int) {
        guard start < end else { return }
        var stray: UInt64 = 0
        for index in start..<end where !Self.isBlank(buffer[index]) { stray += 1 }
        stats.strayTextBytes += stray
        stats.skippedBytes += stray
    }

    // MARK: - Elements

    private mutating func openElement(
        _ buffer: UnsafeRawBufferPointer, from start: Int, to gt: Int, _ onRecord: (ScannedRecord, Int) throws -> Void
    ) rethrows {
        let selfClosing = buffer[gt - 1] == 0x2F
        let contentEnd = selfClosing ? gt - 1 : gt
        var nameEnd = start
        while nameEnd < contentEnd, !Self.isBlank(buffer[nameEnd]), buffer[nameEnd] != 0x2F { nameEnd += 1 }
        let name = UnsafeRawBufferPointer(rebasing: buffer[start..<nameEnd])
        let isCorrelation = Self.equals(name, "Correlation")
        if Self.equals(name, "Record") {
            if correlationDepth == 0 {
                stats.recordElements += 1
                let tag = UnsafeRawBufferPointer(rebasing: buffer[nameEnd..<contentEnd])
                let record = attributes.readRecord(tag)
                try onRecord(record, attributes.sourceNumber)
            }
        } else if Self.equals(name, "ExportDate") {
            let tag = UnsafeRawBufferPointer(rebasing: buffer[nameEnd..<contentEnd])
            stats.exportDate = RecordAttributeReader.exportDate(tag)
        } else if Self.equals(name, "HealthData") {
            stats.sawHealthData = true
        }
        guard !selfClosing else { return }
        guard openElements.count < Self.maxDepth else {
            stats.malformedTags += 1
            return
        }
        openElements.append(OpenElement(nameHash: Self.hash(name), isCorrelation: isCorrelation))
        if isCorrelation { correlationDepth += 1 }
    }

    private mutating func closeElement(_ buffer: UnsafeRawBufferPointer, nameFrom start: Int, to gt: Int) {
        var end = gt
        while end > start, Self.isBlank(buffer[end - 1]) { end -= 1 }
        let nameHash = Self.hash(UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
        guard let match = openElements.lastIndex(where: { $0.nameHash == nameHash }) else {
            stats.mismatchedEndTags += 1
            return
        }
        stats.mismatchedEndTags += openElements.count - 1 - match
        for element in openElements[match...] where element.isCorrelation { correlationDepth -= 1 }
        openElements.removeSubrange(match...)
    }

    // MARK: - Byte helpers

    private enum TagEnd { case end(Int), broken(Int), incomplete }

    /// The '>' closing a start tag, skipping quoted attribute values; a '<' means
    /// the tag was cut and another began.
    private static func tagEnd(_ buffer: UnsafeRawBufferPointer, from start: Int) -> TagEnd {
        guard let base = buffer.baseAddress else { return .incomplete }
        var index = start
        let end = buffer.count
        var quote: UInt8 = 0
        while index < end {
            // Skip 8 bytes at a time while none of them is < > " or '.
            if index + 8 <= end {
                let mask = markupBytes(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if mask == 0 {
                    index += 8
                    continue
                }
                index += mask.trailingZeroBitCount >> 3
            }
            let byte = buffer[index]
            if byte == 0x3C { return .broken(index) }
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == 0x3E {
                return .end(index)
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            }
            index += 1
        }
        return .incomplete
    }

    /// High bit set in each byte lane of `word` (little-endian) that holds < > " or ';
    /// lanes above the first match may be falsely set, so only the lowest one is exact.
    @inline(__always)
    private static func markupBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroLanes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        return zeroLanes(word ^ (ones &* 0x3C)) | zeroLanes(word ^ (ones &* 0x3E))
            | zeroLanes(word ^ (ones &* 0x22)) | zeroLanes(word ^ (ones &* 0x27))
    }

    static func find(_ byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress,
              let hit = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    static func equals(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount, let base = bytes.baseAddress else {
            return bytes.isEmpty && literal.utf8CodeUnitCount == 0
        }
        return memcmp(base, literal.utf8Start, bytes.count) == 0
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
