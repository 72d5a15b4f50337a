import FoundationEssentials
import HealthDomain
import Platform

/// One day's energy in and out, for the Nutrition header and Today's "Eaten".
/// nil means "not known" and is shown as "—", never as 0.
public struct DayBalance: Hashable, Sendable {
    /// Sum of the day's meals' calories; nil when nothing was logged that day.
    public var eaten: Int?
    /// Active energy burned that day; nil when there is no reading (or no access).
    public var burned: Double?
    /// Grams per macro over the meals that logged it; nil when no meal did.
    public var protein: Double?
    public var carbs: Double?
    public var fat: Double?

    public init(meals: [Meal], day: DayKey, burned: [DayKey: Double], calendar: LocalCalendar) {
        self.init(mealsOfDay: meals.on(day, calendar: calendar), day: day, burned: burned)
    }

    /// The balance of `day` from its meals already picked out (`meals.on(day, calendar:)`, in the log's order).
    init(mealsOfDay ofDay: [Meal], day: DayKey, burned: [DayKey: Double]) {
        eaten = ofDay.isEmpty ? nil : ofDay.reduce(0) { $0.addingReportingOverflow($1.calories).overflow ? Int.max : $0 + $1.calories }
        self.burned = burned[day]
        func total(_ grams: (Meal) -> Double?) -> Double? {
            let values = ofDay.compactMap(grams)
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        protein = total(\.protein)
        carbs = total(\.carbs)
        fat = total(\.fat)
    }

    /// Each macro's share of the day's energy (4/4/9 kcal per gram), or nil with no macros at all.
    /// Of the calories eaten, or of the macros' own energy where that is more (labels round): a
    /// day whose only logged macro is 20 g of protein in 450 kcal is 18% protein, not "100%" (a
    /// share of the macros logged), and the rest is energy no macro accounts for.
    public var macroShares: (protein: Double, carbs: Double, fat: Double)? {
        let e = [(protein ?? 0) * 4, (carbs ?? 0) * 4, (fat ?? 0) * 9]
        let sum = e.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        let whole = max(sum, Double(eaten ?? 0))
        return (e[0] / whole, e[1] / whole, e[2] / whole)
    }

    /// The shares as whole percents that add up to their rounded total (100 when the macros
    /// account for every calorie): each rounded down, and the percents left over go to the shares
    /// with the largest remainders ("15% 62% 23%", never "15% 63% 23%").
    public var macroPercents: (protein: Int, carbs: Int, fat: Int)? {
        guard let s = macroShares else { return nil }
        let exact = [s.protein, s.carbs, s.fat].map { $0 * 100 }
        let total = min(100, Int(exact.reduce(0, +).rounded()))
        var whole = exact.map { Int($0.rounded(.down)) }
        let remainder = exact.indices.map { exact[$0] - Double(whole[$0]) }
        let byRemainder = exact.indices.sorted { remainder[$0] != remainder[$1] ? remainder[$0] > remainder[$1] : $0 < $1 }
        for i in byRemainder.prefix(max(0, total - whole.reduce(0, +))) { whole[i] += 1 }
        return (whole[0], whole[1], whole[2])
    }
}

/// The meal log changed (read at launch, or saved): every feature hears it.
public struct MealsChanged: Sendable {
    public var meals: [Meal]
}
