/// Names compared as people read them: case does not matter, and runs of
/// digits compare by value ("Watch 2" before "Watch 10"), as Finder sorts.
enum NaturalOrder {
    /// A name read once for comparing: its lowercased scalars, each with its
    /// decimal digit value (-1 when it is not a decimal digit). Sorting 100,000
    /// sources compares keys, never re-lowercasing or re-classifying a name.
    struct Key {
        fileprivate var scalars: [Unicode.Scalar] = []
        fileprivate var digits: [Int8] = []

        init(_ name: String) {
            if name.utf8.allSatisfy({ $0 < 0x80 }) {
                // ASCII (most names): lowercase and digits by byte, no Unicode tables.
                scalars.reserveCapacity(name.utf8.count)
                digits.reserveCapacity(name.utf8.count)
                for byte in name.utf8 {
                    let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                    scalars.append(Unicode.Scalar(lower))
                    digits.append((0x30...0x39).contains(byte) ? Int8(byte - 0x30) : -1)
                }
                return
            }
            for scalar in name.lowercased().unicodeScalars {
                scalars.append(scalar)
                let decimal = scalar.properties.numericType == .decimal
                digits.append(decimal ? Int8(scalar.properties.numericValue ?? 0) : -1)
            }
        }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    static func compare(_ a: String, _ b: String) -> Int { compare(Key(a), Key(b)) }

    static func compare(_ a: Key, _ b: Key) -> Int {
        var i = 0, j = 0
        let m = a.scalars.count, n = b.scalars.count
        while i < m, j < n {
            if a.digits[i] >= 0, b.digits[j] >= 0 {
                var leftEnd = i, rightEnd = j
                while leftEnd < m, a.digits[leftEnd] >= 0 { leftEnd += 1 }
                while rightEnd < n, b.digits[rightEnd] >= 0 { rightEnd += 1 }
                var l = i, r = j
                while l < leftEnd, a.digits[l] == 0 { l += 1 }
                while r < rightEnd, b.digits[r] == 0 { r += 1 }
                if leftEnd - l != rightEnd - r { return leftEnd - l < rightEnd - r ? -1 : 1 }
                while l < leftEnd {
                    if a.digits[l] != b.digits[r] { return a.digits[l] < b.digits[r] ? -1 : 1 }
                    l += 1; r += 1
                }
                i = leftEnd; j = rightEnd
                continue
            }
            if a.scalars[i] != b.scalars[j] { return a.scalars[i].value < b.scalars[j].value ? -1 : 1 }
            i += 1; j += 1
        }
        return (i == m) == (j == n) ? 0 : (i == m ? -1 : 1)
    }

    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    /// Whether `text` contains `word` (ASCII letters), ignoring ASCII case: a byte
    /// search, no lowercased copy (an export may name 100,000 sources).
    static func contains(_ text: String, ignoringCase word: String) -> Bool {
        let needle = Array(word.utf8).map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        guard !needle.isEmpty else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            outer: for i in 0...(bytes.count - needle.count) {
                for j in 0..<needle.count {
                    let b = bytes[i + j]
                    if ((0x41...0x5A).contains(b) ? b + 0x20 : b) != needle[j] { continue outer }
                }
                return true
            }
            return false
        }
    }
}
