extension String {
    /// The text cut or padded with spaces to `length` characters (Foundation's
    /// `padding(toLength:withPad: " ", startingAt: 0)`).
    public func padded(toLength length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }
}

extension String {
    /// `n` in decimal with zeros in front to `width` characters, its sign counted: what C's
    /// `"%0*d"` writes, without `String(cFormat:)`, whose variadic arguments are cast at
    /// run time (the first cast of a type searched every conformance of the binary: 0.6 M
    /// instructions inside the first press of Month's tab).
    /// (Static functions, not initializers: an initializer from `Int` would be the one an
    /// unlabelled `String.init` passed as a function picks — `[5537].map(String.init)` wrote a clock.)
    public static func zeroPadded(_ n: Int, width: Int) -> String {
        let digits = String(n.magnitude), sign = n < 0 ? "-" : ""
        let zeros = Swift.max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }
}

extension String {
    /// Whole seconds as a clock reads them: "0:07", "3:07", "1:02:05" past an hour; below
    /// zero as zero (Care's session timer, the import's time left, the demo's progress).
    public static func clock(seconds: Int) -> String {
        let s = Swift.max(0, seconds), h = s / 3600, m = s % 3600 / 60
        let ss = String.zeroPadded(s % 60, width: 2)
        return h > 0 ? String(h) + ":" + String.zeroPadded(m, width: 2) + ":" + ss : String(m) + ":" + ss
    }
}
