import FoundationEssentials
import HealthDomain
import Platform

/// One line of `tmm-tui stats` per day: the merged values, the naive sums, and
/// the other imported types (nil where a day has no value or a type was not read).
struct StatsRow: Encodable, Equatable {
    var date: String
    /// nil on a day with no step data (an import that does not cover it).
    var steps: Int?
    var naiveSteps: Int?
    var activeKcal: Int?
    var naiveKcal: Int?
    var exerciseMinutes: Int?
    var restingHeartRate: Double?
    var hrvMs: Double?
    var sleepAsleepMinutes: Int?
    var sleepInBedMinutes: Int?
    /// The Scores screen's numbers for the day (null when Scores has none).
    var sleepScore: Int?
    var recoveryScore: Int?
    var strainScore: Int?
    /// The Nutrition screen's numbers for the day (`DayBalance`): meals logged, their calories
    /// (null with no meal) and grams of each macro over the meals that logged it (null when none did);
    /// all null when the meal log could not be read.
    var meals: Int?
    var eatenKcal: Int?
    var proteinG: Double?
    var carbsG: Double?
    var fatG: Double?

    private enum CodingKeys: String, CodingKey {
        case date, steps, naiveSteps, activeKcal, naiveKcal, exerciseMinutes, restingHeartRate, hrvMs,
             sleepAsleepMinutes, sleepInBedMinutes, sleepScore, recoveryScore, strainScore,
             meals, eatenKcal, proteinG, carbsG, fatG
    }

    /// Every key is written, absent values as null.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(steps, forKey: .steps)
        try c.encode(naiveSteps, forKey: .naiveSteps)
        try c.encode(activeKcal, forKey: .activeKcal)
        try c.encode(naiveKcal, forKey: .naiveKcal)
        try c.encode(exerciseMinutes, forKey: .exerciseMinutes)
        try c.encode(restingHeartRate, forKey: .restingHeartRate)
        try c.encode(hrvMs, forKey: .hrvMs)
        try c.encode(sleepAsleepMinutes, forKey: .sleepAsleepMinutes)
        try c.encode(sleepInBedMinutes, forKey: .sleepInBedMinutes)
        try c.encode(sleepScore, forKey: .sleepScore)
        try c.encode(recoveryScore, forKey: .recoveryScore)
        try c.encode(strainScore, forKey: .strainScore)
        try c.encode(meals, forKey: .meals)
        try c.encode(eatenKcal, forKey: .eatenKcal)
        try c.encode(proteinG, forKey: .proteinG)
        try c.encode(carbsG, forKey: .carbsG)
        try c.encode(fatG, forKey: .fatG)
    }
}

enum StatsRows {
    /// Types read beside steps and energy.
    static let extraTypes: [QuantityType] = [.appleExerciseTime, .restingHeartRate, .heartRateVariabilitySDNN]

    /// One row per day of the range (every day of the snapshot's steps when no range is given).
    /// With `cards` (the Scores screen's, per day), sleep, HRV, resting heart rate and exercise
    /// minutes are the values Scores reads for that day, beside its three scores.
    /// With `meals` (the meal log), each day's Nutrition numbers too.
    static func rows(_ s: HealthSnapshot, days range: [DayKey]? = nil, cards: [DailyScoreCards]? = nil,
                     meals: [Meal]? = nil, calendar: LocalCalendar? = nil) -> [StatsRow] {
        func byDay(_ type: QuantityType) -> [DayKey: DailyTotal] {
            Dictionary((s.totals(type) ?? []).map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        }
        let energy = byDay(.activeEnergyBurned), exercise = byDay(.appleExerciseTime)
        let rhr = byDay(.restingHeartRate), hrv = byDay(.heartRateVariabilitySDNN)
        let nights = Dictionary((s.sleep ?? []).map { ($0.night, $0) }, uniquingKeysWith: { a, _ in a })
        let scored = Dictionary((cards ?? []).map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        func int(_ v: Double?) -> Int? { v.map { Int(saturating: $0.rounded()) } }
        func tenth(_ v: Double?) -> Double? { v.map { ($0 * 10).rounded() / 10 } }
        let steps = byDay(.stepCount)
        var mealsByDay: [DayKey: [Meal]] = [:]
        if let meals, let calendar {
            for meal in meals { mealsByDay[DayKey(meal.time, calendar: calendar), default: []].append(meal) }
        }
        return (range ?? s.steps.map(\.day)).map { day in
            let d = steps[day], e = energy[day], n = nights[day]
            var row = StatsRow(date: day.description, steps: d.map { Int(saturating: WholeSteps.of($0.value)) }, naiveSteps: int(d?.naiveSum),
                               activeKcal: int(e?.value), naiveKcal: int(e?.naiveSum),
                               exerciseMinutes: int(exercise[day]?.value), restingHeartRate: tenth(rhr[day]?.value),
                               hrvMs: tenth(hrv[day]?.value), sleepAsleepMinutes: int(n?.asleepMinutes),
                               sleepInBedMinutes: int(n?.inBedMinutes))
            if let c = scored[day] {
                row.sleepAsleepMinutes = int(c.sleep.metric(.timeAsleep)?.value)
                row.sleepInBedMinutes = int(c.sleep.metric(.timeInBed)?.value)
                row.hrvMs = tenth(c.recovery.metric(.heartRateVariability)?.value)
                row.restingHeartRate = tenth(c.recovery.metric(.restingHeartRate)?.value)
                row.exerciseMinutes = int(c.strain.metric(.exerciseDuration)?.value)
                row.sleepScore = c.sleep.score
                row.recoveryScore = c.recovery.score
                row.strainScore = c.strain.score
            }
            if meals != nil {
                let ofDay = mealsByDay[day] ?? []
                let balance = DayBalance(mealsOfDay: ofDay, day: day, burned: [:])
                row.meals = ofDay.count
                row.eatenKcal = balance.eaten
                row.proteinG = tenth(balance.protein)
                row.carbsG = tenth(balance.carbs)
                row.fatG = tenth(balance.fat)
            }
            return row
        }
    }

    static func json(_ rows: [StatsRow]) -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (String(data: (try? enc.encode(rows)) ?? Data("[]".utf8), encoding: .utf8) ?? "[]") + "\n"
    }

    static func table(_ rows: [StatsRow]) -> String {
        // Every number `--json` prints, in the same order of ideas: activity, heart, sleep, scores, meals.
        let header = ["date", "steps", "naive_steps", "active_kcal", "naive_kcal", "exercise_min", "rhr_bpm", "hrv_ms",
                      "asleep_min", "in_bed_min", "sleep_score", "recovery", "strain", "meals", "eaten_kcal", "protein_g", "carbs_g", "fat_g"]
        func text(_ v: Int?) -> String { v.map(String.init) ?? "-" }
        func text(_ v: Double?) -> String { v.map { String(cFormat: "%.1f", $0) } ?? "-" }
        let cells = rows.map { r in
            [r.date, text(r.steps), text(r.naiveSteps), text(r.activeKcal), text(r.naiveKcal), text(r.exerciseMinutes),
             text(r.restingHeartRate), text(r.hrvMs), text(r.sleepAsleepMinutes), text(r.sleepInBedMinutes),
             text(r.sleepScore), text(r.recoveryScore), text(r.strainScore),
             text(r.meals), text(r.eatenKcal), text(r.proteinG), text(r.carbsG), text(r.fatG)]
        }
        let widths = header.indices.map { c in ([header[c]] + cells.map { $0[c] }).map(\.count).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, v in c == 0 ? v.padded(toLength: widths[c])
                : String(repeating: " ", count: widths[c] - v.count) + v }.joined(separator: "  ")
        }
        return ([line(header)] + cells.map(line)).joined(separator: "\n") + "\n"
    }
}
