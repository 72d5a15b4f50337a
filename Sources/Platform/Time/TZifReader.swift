/// Reads TZif files (RFC 8536, versions 1–4). Leap-second records are skipped: zone files
/// outside "right/" have none, and the app's clock does not count leap seconds.
enum TZifReader {
    /// Offsets beyond ±25:59:59 are not valid TZif (and would break the local-time arithmetic).
    static let maxOffset = 93_599

    static func read(_ bytes: [UInt8]) -> ZoneTable? {
        var cursor = ByteCursor(bytes: bytes)
        guard let first = Header(&cursor) else { return nil }
        guard first.version >= 2 else { return block(&cursor, header: first, timeSize: 4) }
        guard cursor.skip(first.blockLength(timeSize: 4)), let second = Header(&cursor),
              var table = block(&cursor, header: second, timeSize: 8) else { return nil }
        // Footer: "\n" rule "\n"; an empty rule means none.
        let rest = cursor.remaining
        guard cursor.take(10), let newline = rest.dropFirst().firstIndex(of: 10) else { return nil }
        if newline > rest.startIndex + 1 {
            guard let rule = PosixTimeZoneRule(String(decoding: rest[(rest.startIndex + 1)..<newline], as: UTF8.self)) else {
                return nil
            }
            table.footer = rule
        }
        return table.expandingFooter()
    }

    private struct Header {
        let version: Int
        let isUTCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

        init?(_ cursor: inout ByteCursor) {
            guard cursor.take(0x54), cursor.take(0x5A), cursor.take(0x69), cursor.take(0x66),  // "TZif"
                  let versionByte = cursor.uint8() else { return nil }
            switch versionByte {
            case 0: version = 1
            case 0x32...0x39: version = Int(versionByte) - 0x30
            default: return nil
            }
            guard cursor.skip(15), let isUT = cursor.uint32(), let isStd = cursor.uint32(), let leap = cursor.uint32(),
                  let time = cursor.uint32(), let type = cursor.uint32(), let char = cursor.uint32() else { return nil }
            (isUTCount, isStandardCount, leapCount, timeCount, typeCount, charCount) = (isUT, isStd, leap, time, type, char)
        }

        func blockLength(timeSize: Int) -> Int {
            timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCount
        }
    }

    private static func block(_ cursor: inout ByteCursor, header: Header, timeSize: Int) -> ZoneTable? {
        guard (1...256).contains(header.typeCount), header.charCount >= 1,
              header.isUTCount == 0 || header.isUTCount == header.typeCount,
              header.isStandardCount == 0 || header.isStandardCount == header.typeCount,
              cursor.available >= header.blockLength(timeSize: timeSize) else { return nil }
        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let time = timeSize == 4 ? cursor.int32().map(Int64.init) : cursor.int64() else { return nil }
            if let last = times.last, time <= last { return nil }
            times.append(time)
        }
        guard let types = cursor.bytes(header.timeCount), types.allSatisfy({ Int($0) < header.typeCount }) else {
            return nil
        }
        var offsets: [Int32] = [], daylight: [Bool] = [], designationIndices: [Int] = []
        for _ in 0..<header.typeCount {
            guard let offset = cursor.int32(), abs(Int(offset)) <= maxOffset,
                  let isDaylight = cursor.uint8(), isDaylight <= 1,
                  let index = cursor.uint8(), Int(index) < header.charCount else { return nil }
            offsets.append(offset)
            daylight.append(isDaylight == 1)
            designationIndices.append(Int(index))
        }
        guard let characters = cursor.bytes(header.charCount) else { return nil }
        var abbreviations: [String] = []
        for start in designationIndices {
            let from = characters.startIndex + start
            guard let end = characters[from...].firstIndex(of: 0) else { return nil }
            abbreviations.append(String(decoding: characters[from..<end], as: UTF8.self))
        }
        guard cursor.skip(header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCount) else { return nil }
        // Before the first transition: type 0, unless it is daylight time, then the first standard type.
        let initial = daylight[0] ? (daylight.firstIndex(of: false) ?? 0) : 0
        return ZoneTable(transitionTimes: times, transitionTypes: Array(types), offsets: offsets, isDaylight: daylight,
                         abbreviations: abbreviations, initialType: initial)
    }
}

/// Big-endian reads that return nil instead of running past the end.
private struct ByteCursor {
    let bytes: [UInt8]
    var position = 0

    var available: Int { bytes.count - position }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= available else { return false }
        position += count
        return true
    }

    mutating func take(_ expected: UInt8) -> Bool {
        guard available >= 1, bytes[position] == expected else { return false }
        position += 1
        return true
    }

    mutating func uint8() -> UInt8? {
        guard available >= 1 else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint32() -> Int? {
        guard available >= 4 else { return nil }
        var value = 0
        for i in 0..<4 { value = value << 8 | Int(bytes[position + i]) }
        position += 4
        return value
    }

    mutating func int32() -> Int32? {
        uint32().map { Int32(truncatingIfNeeded: $0) }
    }

    mutating func int64() -> Int64? {
        guard available >= 8 else { return nil }
        var value: UInt64 = 0
        for i in 0..<8 { value = value << 8 | UInt64(bytes[position + i]) }
        position += 8
        return Int64(bitPattern: value)
    }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= available else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    var remaining: ArraySlice<UInt8> { bytes[position...] }
}
