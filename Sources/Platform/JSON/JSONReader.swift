import FoundationEssentials

/// A forward-only reader over JSON bytes for our own hot files (meals, the
/// health cache, string tables): no tree, no `Codable` machinery, keys handed
/// to the caller as they come. Strict: anything it does not expect — a
/// malformed document, an unusual number or date layout, invalid UTF-8 — throws
/// `Failure`, and the caller falls back to `JSONDecoder`, which decides. So the
/// fast path never accepts a file the slow one would reject or read differently.
public struct JSONReader {
    public struct Failure: Error { public init() {} }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    /// Set when the bytes are a large file read in as the reader goes (`FileWindow`): told where each
    /// element of an array starts, the one place a reader of a long file comes to again and again.
    private let window: FileWindow?

    private init(_ bytes: UnsafeBufferPointer<UInt8>, window: FileWindow? = nil) {
        self.bytes = bytes
        self.window = window
    }

    /// The bytes not read yet (to size an array before reading its elements).
    public var bytesLeft: Int { bytes.count - i }

    /// Runs `body` over the whole document; nil when it throws or leaves anything but spaces unread.
    public static func read<T>(_ data: some ContiguousBytes, _ body: (inout JSONReader) throws -> T) -> T? {
        data.withUnsafeBytes { raw -> T? in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            guard let value = try? body(&reader) else { return nil }
            reader.skipSpace()
            return reader.i == reader.bytes.count ? value : nil
        }
    }

    /// Runs `body` over a large file read in as the reader goes (`FileWindow`), as `read` runs it over
    /// the whole file's bytes; nil also when the file ended early or could not be read.
    static func read<T>(_ window: FileWindow, _ body: (inout JSONReader) throws -> T) -> T? {
        var reader = JSONReader(window.bytes, window: window)
        window.advance(to: 0)
        guard let value = try? body(&reader) else { return nil }
        window.advance(to: reader.i)
        reader.skipSpace()
        return reader.i == reader.bytes.count && !window.isIncomplete ? value : nil
    }

    // MARK: Structure

    /// Reads an object, calling `field` with each key; `field` must read (or skip) the value.
    public mutating func object(_ field: (String, inout JSONReader) throws -> Void) throws {
        var opened = false
        while try nextMember(&opened) {
            let key = try string()
            try colon()
            try field(key, &self)
        }
    }

    /// An object's key as the document writes it, matched in a `switch` against string literals
    /// (`case "id":`) without a `String` made of it: a record's fields, read thousands of times.
    /// Inlined where it is matched, so a literal's length and bytes are constants there.
    @frozen public struct Key {
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

        @inlinable public static func ~= (name: StaticString, key: Key) -> Bool {
            let count = name.utf8CodeUnitCount  // the literal's: a constant where this is inlined, so the loop unrolls
            guard count == key.bytes.count else { return false }
            for j in 0..<count where name.utf8Start[j] != key.bytes[j] { return false }
            return true
        }
    }

    /// Reads an object of named fields (a record, where `object` reads a dictionary), calling `field`
    /// with each key's bytes. A key with an escape or a byte beyond ASCII throws: no field of ours is
    /// named so, and `JSONDecoder` decides such a file.
    public mutating func fields(_ field: (Key, inout JSONReader) throws -> Void) throws {
        var opened = false
        while let key = try nextField(&opened) { try field(key, &self) }
    }

    /// A record's next key, for a loop over its fields without a closure called for each (the
    /// meal log's 35,000 keys): the `{` (while `opened` is false) or `,` before it, the `:` after
    /// it; nil at the closing `}`. The caller reads or skips each value:
    /// `var opened = false; while let key = try r.nextField(&opened) { switch key { … } }`.
    /// Its keys are as `fields` hands them.
    public mutating func nextField(_ opened: inout Bool) throws -> Key? {
        guard try nextMember(&opened) else { return nil }
        let key = try plainKey()
        try colon()
        return key
    }

    /// Past the `{` (while `opened` is false) or the `,` before an object's next member, at its key;
    /// false past the closing `}`. What `object` and `nextField` share: only their keys differ.
    @inline(__always) private mutating func nextMember(_ opened: inout Bool) throws -> Bool {
        skipSpace()
        if opened {
            let c = try next()
            if c == UInt8(ascii: "}") { return false }
            guard c == UInt8(ascii: ",") else { throw Failure() }
        } else {
            try expect(UInt8(ascii: "{"))
            opened = true
            skipSpace()
            if peek() == UInt8(ascii: "}") { i += 1; return false }
        }
        skipSpace()
        return true
    }

    /// The `:` after a key, and any spaces around it.
    @inline(__always) private mutating func colon() throws {
        skipSpace()
        try expect(UInt8(ascii: ":"))
        skipSpace()
    }

    /// How many members the object that comes next holds, read ahead without moving the reader: a
    /// dictionary sized before it is filled is never rehashed as it grows (the health cache's days,
    /// thousands a series). 0 when what comes next is no whole object (the reader then finds out why).
    public func membersAhead() -> Int {
        let bytes = self.bytes, end = bytes.count  // locals: the loop below is the whole cost
        var j = i
        while j < end, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09 { j += 1 }
        guard j < end, bytes[j] == UInt8(ascii: "{") else { return 0 }
        var depth = 0, commas = 0, keys = false
        j += 1
        while j < end {
            let c = bytes[j]
            j += 1
            if c >= UInt8(ascii: "-"), c <= UInt8(ascii: ":") { continue }  // a number's digits, sign, point; a colon
            switch c {
            case UInt8(ascii: "\""):
                if depth == 0 { keys = true }
                while j < end {
                    let d = bytes[j]
                    j += 1
                    if d == UInt8(ascii: "\"") { break }
                    if d == UInt8(ascii: "\\") { j += 1 }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return keys ? commas + 1 : 0 }
                depth -= 1
            case UInt8(ascii: ","): if depth == 0 { commas += 1 }
            case 0: return 0  // a large file's bytes not read in yet (`FileWindow`)
            default: break
            }
        }
        return 0
    }

    /// Reads an array, calling `element` for each value.
    public mutating func array(_ element: (inout JSONReader) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        skipSpace()
        if peek() == UInt8(ascii: "]") { i += 1; return }
        while true {
            if let window, i >= window.nextStop { window.advance(to: i) }
            skipSpace()
            try element(&self)
            skipSpace()
            let c = try next()
            if c == UInt8(ascii: "]") { return }
            guard c == UInt8(ascii: ",") else { throw Failure() }
        }
    }

    /// Consumes `null` when it comes next.
    public mutating func null() -> Bool {
        skipSpace()
        guard bytes.count - i >= 4, bytes[i] == UInt8(ascii: "n"), bytes[i + 1] == UInt8(ascii: "u"),
              bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l") else { return false }
        i += 4
        return true
    }

    /// `true` or `false`.
    public mutating func bool() throws -> Bool {
        skipSpace()
        if peek() == UInt8(ascii: "t") { try literal("true"); return true }
        try literal("false")
        return false
    }

    /// Skips any value.
    public mutating func skipValue() throws {
        skipSpace()
        switch peek() {
        case UInt8(ascii: "{"): try object { _, r in try r.skipValue() }
        case UInt8(ascii: "["): try array { r in try r.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try double()
        }
    }

    // MARK: Values

    public mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = i
        var ascii = true
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                defer { i += 1 }
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<i])
                // ASCII is valid UTF-8 as it is (and `decoding` is the fast initializer); the rest is validated.
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let s = String(validUTF8: slice) else { throw Failure() }
                return s
            }
            if c >= 0x80 { ascii = false }
            if c == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if c < 0x20 { throw Failure() }
            i += 1
        }
        throw Failure()
    }

    /// A key of printable ASCII without escapes, as its bytes.
    private mutating func plainKey() throws -> Key {
        try expect(UInt8(ascii: "\""))
        // Locals: the reader's own `i` and `bytes` are read and written through memory in the loop.
        let bytes = self.bytes, start = i
        var j = start
        // Eight bytes at a time while eight are left: on to the first that is no plain key byte.
        while j + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + j).loadUnaligned(as: UInt64.self))
            let stop = Self.notPlainKeyBytes(word)
            if stop == 0 { j += 8; continue }
            j += stop.trailingZeroBitCount / 8
            break
        }
        while j < bytes.count {
            let c = bytes[j]
            if c == UInt8(ascii: "\"") {
                i = j + 1
                return Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<j]))
            }
            guard c >= 0x20, c < 0x80, c != UInt8(ascii: "\\") else { throw Failure() }
            j += 1
        }
        throw Failure()
    }

    /// Of eight bytes (the first in the lowest), a high bit in each that is a quote, a backslash, a
    /// control byte or beyond ASCII — exact up to the first such byte (bytes after it may be
    /// marked too: the subtraction borrows), which is all a scan needs.
    @inline(__always) private static func notPlainKeyBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        return control | (word & highs) | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
    }

    /// A string with escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) throws -> String {
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                guard let s = out.withUnsafeBufferPointer({ String(validUTF8: $0) }) else { throw Failure() }
                return s
            case UInt8(ascii: "\\"):
                let e = try next()
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: try unicodeEscape())
                default: throw Failure()
                }
            default:
                if c < 0x20 { throw Failure() }
                out.append(c)
            }
        }
        throw Failure()
    }

    /// After `\u`: one scalar (a surrogate pair takes a second `\u`), as UTF-8.
    private mutating func unicodeEscape() throws -> [UInt8] {
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else { throw Failure() }
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw Failure() }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let u = Unicode.Scalar(scalar) else { throw Failure() }
        return Array(String(Character(u)).utf8)
    }

    private mutating func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = try next()
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = v << 4 | UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = v << 4 | UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = v << 4 | UInt32(c - UInt8(ascii: "A") + 10)
            default: throw Failure()
            }
        }
        return v
    }

    /// A whole number written without a fraction or exponent, within `Int`.
    public mutating func int() throws -> Int {
        let negative = peek() == UInt8(ascii: "-")
        if negative { i += 1 }
        let start = i
        var v = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
            let digit = Int(bytes[i] - UInt8(ascii: "0"))
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (s, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
            guard !o1, !o2 else { throw Failure() }
            v = s
            i += 1
        }
        guard i > start, !(bytes[start] == UInt8(ascii: "0") && i - start > 1) else { throw Failure() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            throw Failure()
        }
        return v
    }

    /// A finite number. Exact when the digits fit the fast path (a mantissa
    /// below 2^53 and a power of ten up to 22, both exact doubles, so one
    /// correctly rounded multiply or divide); otherwise the standard library's
    /// correctly rounded parser reads the same bytes.
    public mutating func double() throws -> Double {
        let start = i
        let negative = peek() == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0, digits = 0, exponent = 0
        let intStart = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
            if digits < 19 { mantissa = mantissa * 10 + UInt64(bytes[i] - UInt8(ascii: "0")) } else { exponent += 1 }
            if mantissa > 0 { digits += 1 }
            i += 1
        }
        guard i > intStart, !(bytes[intStart] == UInt8(ascii: "0") && i - intStart > 1) else { throw Failure() }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                if digits < 19 {
                    mantissa = mantissa * 10 + UInt64(bytes[i] - UInt8(ascii: "0"))
                    exponent -= 1
                    if mantissa > 0 { digits += 1 }
                }
                i += 1
            }
            guard i > fracStart else { throw Failure() }
        }
        var exact = digits < 19
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { expNegative = bytes[i] == UInt8(ascii: "-"); i += 1 }
            let expStart = i
            var e = 0
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                if e < 100_000 { e = e * 10 + Int(bytes[i] - UInt8(ascii: "0")) } else { exact = false }
                i += 1
            }
            guard i > expStart else { throw Failure() }
            exponent += expNegative ? -e : e
        }
        let value: Double
        if exact, mantissa < (1 << 53), (-22...22).contains(exponent) {
            let m = Double(mantissa)
            value = exponent < 0 ? m / Self.powersOfTen[-exponent] : m * Self.powersOfTen[exponent]
        } else {
            guard let parsed = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[(negative ? start + 1 : start)..<i]), as: UTF8.self))
            else { throw Failure() }
            value = parsed
        }
        guard value.isFinite else { throw Failure() }
        return negative ? -value : value
    }

    /// A date as `JSONEncoder`'s `.iso8601` writes it ("2026-11-22T07:42:00Z");
    /// any other layout throws, for `JSONDecoder` to judge.
    public mutating func iso8601Date() throws -> Date {
        try expect(UInt8(ascii: "\""))
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += 1 }
        guard i < bytes.count, let date = ISO8601Seconds.date(UnsafeBufferPointer(rebasing: bytes[start..<i])) else { throw Failure() }
        i += 1
        return date
    }

    /// "5B1A7C4E-8E2B-4C53-9D3A-1F0E2D3C4B5A" (either case) read in place, as `UUID(uuidString:)` reads it.
    public mutating func uuid() throws -> UUID {
        try expect(UInt8(ascii: "\""))
        guard bytes.count - i >= 37, bytes[i + 36] == UInt8(ascii: "\"") else { throw Failure() }
        let text = UnsafeBufferPointer(rebasing: bytes[i..<(i + 36)])
        guard text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"),
              text[23] == UInt8(ascii: "-") else { throw Failure() }
        // The 32 digits as two 64-bit numbers, four groups at fixed places; any byte that is no hex
        // digit leaves a bit of 16 or more in `invalid`, judged once at the end.
        var invalid: UInt8 = 0
        func digits(_ from: Int, _ count: Int, into value: inout UInt64) {
            for k in from..<(from + count) {
                let digit = Self.hex(text[k])
                invalid |= digit
                value = value << 4 | UInt64(digit & 0x0F)
            }
        }
        var high: UInt64 = 0, low: UInt64 = 0
        digits(0, 8, into: &high)
        digits(9, 4, into: &high)
        digits(14, 4, into: &high)
        digits(19, 4, into: &low)
        digits(24, 12, into: &low)
        guard invalid < 16 else { throw Failure() }
        i += 37
        let h = high.bigEndian, l = low.bigEndian
        return withUnsafeBytes(of: (h, l)) { b in
            UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
        }
    }

    /// A hex digit's value, or 16 or more for any other byte.
    private static func hex(_ c: UInt8) -> UInt8 {
        // Both read before either is chosen: selects, not branches (digits and letters come at random).
        let digit = c &- UInt8(ascii: "0"), letter = (c | 0x20) &- UInt8(ascii: "a")  // either case
        return digit < 10 ? digit : letter < 6 ? letter + 10 : 0xFF
    }

    /// `nil` for JSON null, else a number.
    public mutating func optionalDouble() throws -> Double? {
        null() ? nil : try double()
    }

    private static let powersOfTen: [Double] = (0...22).map { p in (0..<p).reduce(1.0) { acc, _ in acc * 10 } }

    // MARK: Bytes

    @inline(__always) private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    @inline(__always) private mutating func next() throws -> UInt8 {
        guard i < bytes.count else { throw Failure() }
        defer { i += 1 }
        return bytes[i]
    }

    @inline(__always) private mutating func expect(_ c: UInt8) throws {
        guard try next() == c else { throw Failure() }
    }

    private mutating func literal(_ word: StaticString) throws {
        for j in 0..<word.utf8CodeUnitCount { try expect(word.utf8Start[j]) }
    }

    @inline(__always) private mutating func skipSpace() {
        // Our files have no spaces between tokens: the first byte is tested before any loop.
        guard i < bytes.count, bytes[i] <= 0x20 else { return }
        let bytes = self.bytes
        var j = i
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == 0x09 { j += 1 }
        i = j
    }
}
