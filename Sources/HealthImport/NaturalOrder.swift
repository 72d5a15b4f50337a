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

    static func contains(_ text: String, ignoringCase word: String) -> Bool { text.lowercased().contains(word.lowercased()) }
}
