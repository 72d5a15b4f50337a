/// Names compared as people read them: case does not matter, and runs of
/// digits compare by value ("Watch 2" before "Watch 10"), as Finder sorts.
enum NaturalOrder {
    /// A name read once for comparing: its lowercased scalars, each with its
    /// decimal digit value (-1 when it is not a decimal digit).
    struct Key {
        fileprivate var scalars: [UInt32] = []
        fileprivate var digits: [Int8] = []

        init(_ name: String) { NaturalOrder.read(name, into: &scalars, &digits) }
    }

    /// The first 16 bytes of an ASCII name's order, packed in two integers: letters
    /// lowercased, and each run of digits as one byte for how many digits it has
    /// after its leading zeros ("0" + count, "9" for nine or more, where the
    /// prefix stops) then those digits. Comparing these bytes orders names as
    /// `compare` does, so two integer comparisons decide most pairs of names;
    /// when one prefix is a prefix of the other (or they are equal) they do not.
    struct Prefix {
        var high: UInt64 = 0
        var low: UInt64 = 0
        /// How many of the 16 bytes are the name's (0 for a name beyond ASCII: never decides).
        var count = 0
        /// Bytes could not all be written: the name goes on beyond `count`.
        fileprivate var full = false

        init() {}

        init(_ name: String) {
            var name = name
            self = name.withUTF8 { Prefix(bytes: $0) }
        }

        /// The prefix of a name given as its UTF-8 bytes. Written byte by byte into 16 bytes of
        /// memory read back as two big-endian integers (no shift per byte): ranking makes one
        /// for each of up to 100,000 names.
        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.init()
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return }
            var packed: (UInt64, UInt64) = (0, 0)
            var n = 0, full = false
            withUnsafeMutableBytes(of: &packed) { raw in
                let out = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let c = bytes.count
                var i = 0
                scan: while i < c {
                    let byte = bytes[i]
                    guard byte &- 0x30 < 10 else {
                        if n == 16 { full = true; break scan }
                        out[n] = NaturalOrder.lower(byte)
                        n += 1
                        i += 1
                        continue
                    }
                    var end = i + 1
                    while end < c, bytes[end] &- 0x30 < 10 { end += 1 }
                    var first = i
                    while first < end, bytes[first] == 0x30 { first += 1 }
                    let significant = end - first
                    if n == 16 { full = true; break scan }
                    if significant >= 9 {
                        out[n] = 0x39
                        n += 1
                        full = true
                        break scan
                    }
                    out[n] = 0x30 + UInt8(significant)
                    n += 1
                    for k in first..<end {
                        if n == 16 { full = true; break scan }
                        out[n] = bytes[k]
                        n += 1
                    }
                    i = end
                }
            }
            high = UInt64(bigEndian: packed.0)
            low = UInt64(bigEndian: packed.1)
            count = n
            self.full = full
        }

        /// Negative or positive when the prefixes decide, 0 when `compare` must.
        @inline(__always)
        static func order(_ a: Prefix, _ b: Prefix) -> Int {
            order(high: a.high, low: a.low, count: a.count, b.high, b.low, b.count)
        }

        /// `order` of two prefixes given by their parts (for callers that pack them smaller).
        @inline(__always)
        static func order(high aHigh: UInt64, low aLow: UInt64, count aCount: Int, _ bHigh: UInt64, _ bLow: UInt64,
                          _ bCount: Int) -> Int {
            let shared = min(aCount, bCount)
            if aHigh != bHigh {
                return (aHigh ^ bHigh).leadingZeroBitCount / 8 < shared ? (aHigh < bHigh ? -1 : 1) : 0
            }
            if aLow != bLow {
                return 8 + (aLow ^ bLow).leadingZeroBitCount / 8 < shared ? (aLow < bLow ? -1 : 1) : 0
            }
            return 0
        }
    }

    /// Many names read once into two flat arrays, for sorting: comparing two of them
    /// touches no reference count and allocates nothing (100,000 sources sort in 1.7
    /// million comparisons).
    struct Keys {
        private var scalars: [UInt32] = []
        private var digits: [Int8] = []
        /// Name `i` is at `starts[i]..<starts[i + 1]`.
        private var starts: [Int] = [0]

        init(_ names: some Collection<String>) {
            // Room for all at once (lowercasing beyond ASCII may change a count a little).
            let total = names.reduce(0) { $0 + $1.utf8.count }
            scalars.reserveCapacity(total)
            digits.reserveCapacity(total)
            starts.reserveCapacity(names.count + 1)
            for name in names {
                NaturalOrder.read(name, into: &scalars, &digits)
                starts.append(scalars.count)
            }
        }

        /// Negative, zero or positive as name `a` sorts before, with or after name `b`.
        func compare(_ a: Int, _ b: Int) -> Int { withComparison { $0(a, b) } }

        /// Gives `body` a comparison of names by position (negative, zero or positive as in `compare`).
        func withComparison<R>(_ body: ((Int, Int) -> Int) throws -> R) rethrows -> R {
            try scalars.withUnsafeBufferPointer { s in
                try digits.withUnsafeBufferPointer { d in
                    try starts.withUnsafeBufferPointer { starts in
                        try body { a, b in
                            let ra = starts[a]..<starts[a + 1], rb = starts[b]..<starts[b + 1]
                            return NaturalOrder.compare(UnsafeBufferPointer(rebasing: s[ra]), UnsafeBufferPointer(rebasing: d[ra]),
                                                        UnsafeBufferPointer(rebasing: s[rb]), UnsafeBufferPointer(rebasing: d[rb]))
                        }
                    }
                }
            }
        }
    }

    /// Appends `name`'s lowercased scalars and their digit values.
    fileprivate static func read(_ name: String, into scalars: inout [UInt32], _ digits: inout [Int8]) {
        var name = name
        let ascii: Bool = name.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            // ASCII (most names): lowercase and digits by byte, no Unicode tables.
            if scalars.isEmpty {
                // (Only for a lone key: reserving a little more each time for many names would copy them all each time.)
                scalars.reserveCapacity(bytes.count)
                digits.reserveCapacity(bytes.count)
            }
            for byte in bytes {
                scalars.append(UInt32(lower(byte)))
                digits.append(byte &- 0x30 < 10 ? Int8(byte &- 0x30) : -1)
            }
            return true
        }
        guard !ascii else { return }
        for scalar in name.lowercased().unicodeScalars {
            scalars.append(scalar.value)
            let decimal = scalar.properties.numericType == .decimal
            digits.append(decimal ? Int8(scalar.properties.numericValue ?? 0) : -1)
        }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    static func compare(_ a: String, _ b: String) -> Int { compare(Key(a), Key(b)) }

    static func compare(_ a: Key, _ b: Key) -> Int {
        a.scalars.withUnsafeBufferPointer { aScalars in
            a.digits.withUnsafeBufferPointer { aDigits in
                b.scalars.withUnsafeBufferPointer { bScalars in
                    b.digits.withUnsafeBufferPointer { bDigits in compare(aScalars, aDigits, bScalars, bDigits) }
                }
            }
        }
    }

    /// Scalars compare by value, except where both names have decimal digits: those
    /// runs compare by number (leading zeros aside) first.
    private static func compare(_ aScalars: UnsafeBufferPointer<UInt32>, _ aDigits: UnsafeBufferPointer<Int8>,
                                _ bScalars: UnsafeBufferPointer<UInt32>, _ bDigits: UnsafeBufferPointer<Int8>) -> Int {
        var i = 0, j = 0
        let m = aScalars.count, n = bScalars.count
        while i < m, j < n {
            if aDigits[i] >= 0, bDigits[j] >= 0 {
                var leftEnd = i, rightEnd = j
                while leftEnd < m, aDigits[leftEnd] >= 0 { leftEnd += 1 }
                while rightEnd < n, bDigits[rightEnd] >= 0 { rightEnd += 1 }
                var l = i, r = j
                while l < leftEnd, aDigits[l] == 0 { l += 1 }
                while r < rightEnd, bDigits[r] == 0 { r += 1 }
                if leftEnd - l != rightEnd - r { return leftEnd - l < rightEnd - r ? -1 : 1 }
                while l < leftEnd {
                    if aDigits[l] != bDigits[r] { return aDigits[l] < bDigits[r] ? -1 : 1 }
                    l += 1; r += 1
                }
                i = leftEnd; j = rightEnd
                continue
            }
            if aScalars[i] != bScalars[j] { return aScalars[i] < bScalars[j] ? -1 : 1 }
            i += 1; j += 1
        }
        return (i == m) == (j == n) ? 0 : (i == m ? -1 : 1)
    }

    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    /// Whether `text` contains `word` (ASCII letters), ignoring ASCII case: a byte
    /// search, no lowercased copy (an export may name 100,000 sources).
    static func contains(_ text: String, ignoringCase word: String) -> Bool {
        var text = text, word = word
        return word.withUTF8 { needle in
            guard !needle.isEmpty else { return true }
            return text.withUTF8 { bytes in
                guard bytes.count >= needle.count else { return false }
                outer: for i in 0...(bytes.count - needle.count) {
                    for j in 0..<needle.count where lower(bytes[i + j]) != lower(needle[j]) { continue outer }
                    return true
                }
                return false
            }
        }
    }

    /// Whether `text` contains "watch" and whether it contains "iphone", ignoring
    /// ASCII case, in one pass over its bytes (what `SourceKind.classify` asks of
    /// each of up to 100,000 names).
    static func kindWords(_ text: String) -> (watch: Bool, iphone: Bool) {
        var text = text
        return text.withUTF8 { kindWords(bytes: $0) }
    }

    /// A name's `Prefix` and `kindWords`, its bytes read out of the String once (what ranking
    /// asks of each of up to 100,000 names).
    static func prefixAndKindWords(_ name: String) -> (prefix: Prefix, watch: Bool, iphone: Bool) {
        func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (prefix: Prefix, watch: Bool, iphone: Bool) {
            let words = kindWords(bytes: bytes)
            return (Prefix(bytes: bytes), words.watch, words.iphone)
        }
        // Small and native Strings give their bytes without a copy of the String made first.
        if let read = name.utf8.withContiguousStorageIfAvailable(read) { return read }
        var name = name
        return name.withUTF8(read)
    }

    static func kindWords(bytes: UnsafeBufferPointer<UInt8>) -> (watch: Bool, iphone: Bool) {
        // Most names have neither a w nor an i: one plain pass says so ("App 12345").
        var initials = false
        for byte in bytes where byte | 0x20 == 0x77 || byte | 0x20 == 0x69 { initials = true; break }
        guard initials else { return (false, false) }
        var watch = false, iphone = false
        func matches(_ word: StaticString, at i: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard i + count <= bytes.count else { return false }
            return word.withUTF8Buffer { word in
                for j in 1..<count where lower(bytes[i + j]) != word[j] { return false }
                return true
            }
        }
        for i in bytes.indices {
            switch lower(bytes[i]) {
            case 0x77 where !watch: watch = matches("watch", at: i)   // w
            case 0x69 where !iphone: iphone = matches("iphone", at: i)   // i
            default: continue
            }
            if watch && iphone { break }
        }
        return (watch, iphone)
    }

    @inline(__always)
    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
}
