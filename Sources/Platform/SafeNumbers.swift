import FoundationEssentials

extension Int {
    /// `Int(x)` without the trap: NaN is 0, values beyond `Int`'s range are its ends.
    /// Use for any Double that came from a file, a sum or a ratio.
    public init(saturating x: Double) {
        if x.isNaN { self = 0; return }
        // 2^63 is the first Double beyond Int.max; Int.min (-2^63) is exact.
        if x >= 9_223_372_036_854_775_808.0 { self = .max; return }
        if x <= -9_223_372_036_854_775_808.0 { self = .min; return }
        self = Int(x)
    }
}
