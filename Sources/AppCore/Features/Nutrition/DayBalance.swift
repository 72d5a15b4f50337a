import FoundationEssentials
import HealthDomain
import Platform

/// One day's energy in and out, for the Nutrition header and Today's "Eaten".
/// nil means "not known" and is shown as "—", never as 0.
public struct DayBalance: Equatable, Sendable {
    /// Sum of the day's meals' calories; nil when nothing was logged that day.
    public var eaten: Int?
    /// Active energy burned that day; nil when there is no reading (or no access).
    public var burned: Double?
    /// Grams per macro over the meals that logged it; nil when no meal did.
    public var protein: Double?
    public var carbs: Double?
    public var fat: Double?

    public init(meals: [Meal], day: DayKey, burned: [DayKey: Double], calendar: LocalCalendar) {
        let onDay = day.contains(calendar: calendar)
        let ofDay = meals.filter { onDay($0.time) }
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

    /// Each macro's share of the macro energy (4/4/9 kcal per gram), or nil with no macros at all.
    public var macroShares: (protein: Double, carbs: Double, fat: Double)? {
        let e = [(protein ?? 0) * 4, (carbs ?? 0) * 4, (fat ?? 0) * 9]
        let sum = e.reduce(0, +)
        guard sum > 0, sum.isFinite else { return nil }
        return (e[0] / sum, e[1] / sum, e[2] / sum)
    }
}

/// The meal log changed (read at launch, or saved): every feature hears it.
public struct MealsChanged: Sendable {
    public var meals: [Meal]
}
