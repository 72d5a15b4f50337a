import FoundationEssentials

/// Retail barcodes typed by hand: EAN-13, EAN-8 and UPC-A, each ending in a
/// check digit (weights 3,1,3,1… from the right, excluding the check digit).
public enum Barcode {
    public enum Kind: String, Sendable, Equatable { case ean13 = "EAN-13", ean8 = "EAN-8", upcA = "UPC-A" }

    public enum Problem: Error, Equatable, Sendable {
        case empty
        /// A character that is not 0–9 (the whole code is refused, never filtered).
        case notDigits
        /// Neither 8, 12 nor 13 digits.
        case wrongLength(Int)
        /// The last digit does not match the others.
        case checkDigit(kind: Kind, expected: Int)
    }

    public static func kind(forLength n: Int) -> Kind? {
        switch n {
        case 13: return .ean13
        case 12: return .upcA
        case 8: return .ean8
        default: return nil
        }
    }

    /// The check digit for the digits before it.
    public static func checkDigit(of body: [Int]) -> Int {
        var sum = 0
        for (i, d) in body.reversed().enumerated() { sum += d * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10
    }

    /// The code's kind if it is a well-formed code with a correct check digit.
    public static func validate(_ code: String) -> Result<Kind, Problem> {
        if code.isEmpty { return .failure(.empty) }
        guard code.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .failure(.notDigits) }
        let digits = code.compactMap { $0.wholeNumberValue }
        guard let kind = kind(forLength: digits.count) else { return .failure(.wrongLength(digits.count)) }
        let expected = checkDigit(of: Array(digits.dropLast()))
        guard digits.last == expected else { return .failure(.checkDigit(kind: kind, expected: expected)) }
        return .success(kind)
    }
}
