/// Names compared as people read them: case does not matter, and runs of
/// digits compare by value ("Watch 2" before "Watch 10"), as Finder sorts.
enum NaturalOrder {
    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    static func compare(_ a: String, _ b: String) -> Int {
        var i = Array(a.lowercased().unicodeScalars)[...], j = Array(b.lowercased().unicodeScalars)[...]
        while let x = i.first, let y = j.first {
            if x.properties.numericType == .decimal, y.properties.numericType == .decimal {
                let left = i.prefix { $0.properties.numericType == .decimal }
                let right = j.prefix { $0.properties.numericType == .decimal }
                i = i.dropFirst(left.count); j = j.dropFirst(right.count)
                let l = left.drop { $0 == "0" }, r = right.drop { $0 == "0" }
                if l.count != r.count { return l.count < r.count ? -1 : 1 }
                for (p, q) in zip(l, r) where p != q { return digit(p) < digit(q) ? -1 : 1 }
                continue
            }
            if x != y { return x.value < y.value ? -1 : 1 }
            i = i.dropFirst(); j = j.dropFirst()
        }
        return i.isEmpty == j.isEmpty ? 0 : (i.isEmpty ? -1 : 1)
    }

    private static func digit(_ s: Unicode.Scalar) -> Double { s.properties.numericValue ?? 0 }

    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    static func contains(_ text: String, ignoringCase word: String) -> Bool { text.lowercased().contains(word.lowercased()) }
}
