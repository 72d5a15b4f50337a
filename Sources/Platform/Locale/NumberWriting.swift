/// Numbers as ICU's decimal NumberFormatter writes them: grouped by three,
/// rounded half-even on the shortest decimal form of the double (so 2.25 → "2.2",
/// 0.15 → "0.2"), trailing fraction zeros dropped, and "-0" for a negative zero
/// or a negative value that rounds to zero.
extension FormatLocale {
    public func integer(_ value: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let count = Self.writeDigits(value.magnitude, into: digits)
            return write(negative: value < 0, digits: digits, count: count, integerDigits: count)
        }
    }

    /// `value` rounded first with `.rounded()`, as `Formats` does; not finite → "0".
    public func integer(_ value: Double) -> String {
        decimal(value.isFinite ? value.rounded() : 0, maximumFractionDigits: 0)
    }

    /// At most `maximumFractionDigits` after the separator; not finite → "0".
    public func decimal(_ value: Double, maximumFractionDigits: Int) -> String {
        let value = value.isFinite ? value : 0
        let fractionDigits = max(0, maximumFractionDigits)
        let magnitude = value.magnitude
        // Whole numbers ICU holds exactly (below 2^53); larger ones it writes from their shortest form, as here.
        if magnitude < 9_007_199_254_740_992, magnitude == magnitude.rounded(.towardZero) {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                let count = Self.writeDigits(UInt64(magnitude), into: digits)
                return write(negative: value.sign == .minus, digits: digits, count: count, integerDigits: count)
            }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var (count, integerDigits) = Self.shortestDigits(magnitude, into: digits)
            Self.roundHalfEven(digits, &count, &integerDigits, keeping: integerDigits + fractionDigits)
            return write(negative: value.sign == .minus, digits: digits, count: count, integerDigits: integerDigits)
        }
    }

    /// `digits[0..<count]` (0...9 each) are the value's significant digits, the first `integerDigits`
    /// of them before the point (fewer than none: zeros after the point; more than `count`: zeros before it).
    private func write(negative: Bool, digits: UnsafeMutableBufferPointer<UInt8>, count: Int, integerDigits: Int) -> String {
        let grouping = table.groupingSeparator, groupBytes = grouping.utf8.count
        let grouped = integerDigits >= 3 + table.minimumGroupingDigits
        let fraction = count > 0 ? max(0, count - integerDigits) : 0
        var out = ""
        out.reserveCapacity(4 + max(1, integerDigits) * (1 + groupBytes) + fraction + max(0, -integerDigits))
        if negative { out.append(table.minusSign) }
        if integerDigits <= 0 {
            out.unicodeScalars.append("0")
        } else {
            for i in 0..<integerDigits {
                if grouped, i > 0, (integerDigits - i) % 3 == 0 { out.append(grouping) }
                out.unicodeScalars.append(Self.digit(i < count ? digits[i] : 0))
            }
        }
        if fraction > 0 {
            out.append(table.decimalSeparator)
            for i in integerDigits..<count { out.unicodeScalars.append(Self.digit(i < 0 ? 0 : digits[i])) }
        }
        return out
    }

    private static func digit(_ d: UInt8) -> Unicode.Scalar { Unicode.Scalar(48 + d) }

    /// The decimal digits of `n`, most significant first; returns how many.
    private static func writeDigits(_ n: some UnsignedInteger & FixedWidthInteger, into digits: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 1, rest = n / 10
        while rest > 0 { count += 1; rest /= 10 }
        var n = n
        for i in stride(from: count - 1, through: 0, by: -1) {
            digits[i] = UInt8(truncatingIfNeeded: n % 10)
            n /= 10
        }
        return count
    }

    /// The shortest digits that read back as `magnitude` (Swift's `description`, like ICU's
    /// double-conversion), without leading or trailing zeros, and how many come before the point.
    private static func shortestDigits(_ magnitude: Double, into digits: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, integerDigits: Int) {
        var count = 0, beforePoint = 0, seenPoint = false, exponent = 0, exponentSign = 1, inExponent = false
        for byte in magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9") where inExponent:
                exponent = exponent * 10 + Int(byte - 48)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if count == 0 && byte == UInt8(ascii: "0") {
                    if seenPoint { beforePoint -= 1 }   // a leading zero after the point
                } else {
                    digits[count] = byte - 48
                    count += 1
                    if !seenPoint { beforePoint += 1 }
                }
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "e"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break
            }
        }
        while count > 0 && digits[count - 1] == 0 { count -= 1 }
        return (count, beforePoint + exponentSign * exponent)
    }

    /// Keeps the first `keep` digits, rounding half to even; drops trailing zeros.
    private static func roundHalfEven(_ digits: UnsafeMutableBufferPointer<UInt8>, _ count: inout Int, _ integerDigits: inout Int, keeping keep: Int) {
        guard keep < count else { return }
        guard keep >= 0 else { count = 0; return }
        let next = digits[keep]
        let up = next > 5 || (next == 5 && (keep + 1 < count || (keep > 0 && digits[keep - 1] % 2 == 1)))
        count = keep
        if up {
            var i = keep - 1
            while i >= 0 && digits[i] == 9 { digits[i] = 0; i -= 1 }
            if i >= 0 {
                digits[i] += 1
            } else {               // 9.96 → 10: one more digit before the point
                digits[0] = 1
                count = 1
                integerDigits += 1
            }
        }
        while count > 0 && digits[count - 1] == 0 { count -= 1 }
    }
}
