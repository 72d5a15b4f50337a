/// Parses attribute numbers (`412`, `0.345`, `-1.5`, `1e3`) from bytes. Up to 15
/// significant digits and 22 decimals the result is exact: both the digits and
/// the power of ten are exact doubles, and one division rounds correctly. Longer
/// numbers and exponents go through the standard library's parser.
enum DecimalParser {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        guard count > 0, count <= 64 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == 0x2D || bytes[0] == 0x2B {
            negative = bytes[0] == 0x2D
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimals = 0
        var sawPoint = false
        while index < count {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(byte - 0x30) }
                if mantissa > 0 || digits > 0 { digits += 1 }
                if sawPoint { decimals += 1 }
            } else if byte == 0x2E, !sawPoint {
                sawPoint = true
            } else {
                return slowParse(bytes)
            }
            index += 1
        }
        let digitCount = count - (negative || bytes[0] == 0x2B ? 1 : 0) - (sawPoint ? 1 : 0)
        guard digitCount > 0 else { return nil }
        guard digits <= 15, decimals <= 22 else { return slowParse(bytes) }
        let magnitude = Double(mantissa) / powersOfTen[decimals]
        return negative ? -magnitude : magnitude
    }

    private static func slowParse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        // Only decimal notation: the standard library would also read "0x10" (16), "inf" and "nan".
        for byte in bytes {
            let allowed = (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2B || byte == 0x2D || byte == 0x65 || byte == 0x45
            if !allowed { return nil }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
