import FoundationEssentials
import Platform

/// One day's raw measurements; nil means not measured (never 0 in its place).
public struct DailyInputs: Hashable, Sendable {
    public var timeInBedMinutes: Double?
    public var timeAsleepMinutes: Double?
    public var hrvMilliseconds: Double?
    public var restingHeartRate: Double?
    public var activeKilocalories: Double?
    public var exerciseMinutes: Double?

    public init(timeInBedMinutes: Double? = nil, timeAsleepMinutes: Double? = nil, hrvMilliseconds: Double? = nil,
                restingHeartRate: Double? = nil, activeKilocalories: Double? = nil, exerciseMinutes: Double? = nil) {
        self.timeInBedMinutes = timeInBedMinutes
        self.timeAsleepMinutes = timeAsleepMinutes
        self.hrvMilliseconds = hrvMilliseconds
        self.restingHeartRate = restingHeartRate
        self.activeKilocalories = activeKilocalories
        self.exerciseMinutes = exerciseMinutes
    }

    public var isEmpty: Bool { self == DailyInputs() }
}

/// Turns a day's inputs and the days before it into the three score cards.
///
/// Decision: while there are fewer than 14 days of history, every score is withheld
/// ("Calibrating: 6 of 14 days") even sleep, whose formula needs no baseline: the three
/// widgets start together rather than one at a time. Measured values still show,
/// without a normal range (so without status arrows).
public enum ScoreCalculator {
    /// `history`: the days before `day`, oldest first (days without data may be left out).
    public static func cards(day: DayKey, today: DailyInputs, history: [DailyInputs]) -> DailyScoreCards {
        let past = Array(history.filter { !$0.isEmpty }.suffix(ScoreFormulas.baselineDays))
        let calibrating = past.count < ScoreFormulas.minimumHistoryDays
        let calibratingReason = "Calibrating: \(past.count) of \(ScoreFormulas.minimumHistoryDays) days"

        func reading(_ kind: MetricKind, _ value: Double?, _ pick: (DailyInputs) -> Double?) -> MetricReading {
            MetricReading(kind: kind, value: value.flatMap { $0.isFinite ? $0 : nil },
                          normalRange: ScoreFormulas.baseline(past.compactMap(pick))?.normalRange)
        }

        // Sleep
        let sleepMetrics = [reading(.timeInBed, today.timeInBedMinutes, \.timeInBedMinutes),
                            reading(.timeAsleep, today.timeAsleepMinutes, \.timeAsleepMinutes)]
        var sleepScore: Int?
        var sleepReason: String?
        if let bed = today.timeInBedMinutes, let asleep = today.timeAsleepMinutes {
            sleepScore = ScoreFormulas.sleepScore(asleepMinutes: asleep, inBedMinutes: bed)
            if sleepScore == nil { sleepReason = "Sleep data looks incomplete" }
        } else {
            sleepReason = "No sleep recorded last night"
        }

        // Recovery
        let recoveryMetrics = [reading(.heartRateVariability, today.hrvMilliseconds, \.hrvMilliseconds),
                               reading(.restingHeartRate, today.restingHeartRate, \.restingHeartRate)]
        var recoveryScore: Int?
        var recoveryReason: String?
        if let hrv = today.hrvMilliseconds, let rhr = today.restingHeartRate {
            if let hb = ScoreFormulas.baseline(past.compactMap(\.hrvMilliseconds)),
               let rb = ScoreFormulas.baseline(past.compactMap(\.restingHeartRate)) {
                recoveryScore = ScoreFormulas.recoveryScore(hrv: hrv, restingHeartRate: rhr, hrvBaseline: hb, rhrBaseline: rb)
                if recoveryScore == nil { recoveryReason = "Heart data looks incomplete" }
            } else {
                recoveryReason = calibratingReason
            }
        } else {
            // Spelled out rather than joined: `joined` instantiates its generic types on first use (1% of a `glance`).
            let missing = today.hrvMilliseconds != nil ? "resting heart rate"
                : today.restingHeartRate != nil ? "heart-rate variability" : "heart-rate variability and resting heart rate"
            recoveryReason = "Recovery needs last night's " + missing
        }

        // Strain
        let strainMetrics = [reading(.exerciseDuration, today.exerciseMinutes, \.exerciseMinutes),
                             reading(.activeEnergy, today.activeKilocalories, \.activeKilocalories)]
        var strainScore: Int?
        var strainReason: String?
        if let kcal = today.activeKilocalories, let minutes = today.exerciseMinutes {
            strainScore = ScoreFormulas.strainScore(activeKilocalories: kcal, exerciseMinutes: minutes)
            if strainScore == nil { strainReason = "Activity data looks incomplete" }
        } else {
            strainReason = "No activity recorded"
        }

        if calibrating {
            sleepScore = nil; recoveryScore = nil; strainScore = nil
            sleepReason = calibratingReason; recoveryReason = calibratingReason; strainReason = calibratingReason
        }
        let zone = recoveryScore.map(ScoreFormulas.strainTargetZone(recoveryScore:))
        return DailyScoreCards(
            day: day,
            sleep: ScoreCard(kind: .sleep, score: sleepScore, unavailableReason: sleepScore == nil ? sleepReason : nil, metrics: sleepMetrics),
            recovery: ScoreCard(kind: .recovery, score: recoveryScore, unavailableReason: recoveryScore == nil ? recoveryReason : nil,
                                metrics: recoveryMetrics),
            strain: ScoreCard(kind: .strain, score: strainScore, unavailableReason: strainScore == nil ? strainReason : nil,
                              metrics: strainMetrics, targetZone: zone))
    }
}
