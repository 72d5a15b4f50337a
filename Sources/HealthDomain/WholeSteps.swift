/// The one rounding rule for daily step counts: a day's merged value (fractional
/// when a sample is split across days or sources) is rounded once, to the nearest
/// whole step, halves away from zero. Every total over days — Month's total, its
/// average, the badges' running total, a sum of `stats` rows — adds these rounded
/// days, so it equals the sum of the days a screen shows.
public enum WholeSteps {
    public static func of(_ value: Double) -> Double { value.rounded(.toNearestOrAwayFromZero) }
}
