import FoundationEssentials
import HealthDomain
import Platform

/// Today's numbers as glance shows them: today as `stats --json --days 1` reads it
/// (the provider's day with the live samples, or the imported data's), rounded by
/// the same rows `stats --json` prints, the goals from the settings, and the Scores
/// screen's cards from the same days and formulas (`GlanceSource`).
public struct GlanceReading: Equatable, Sendable {
    public var date: DayKey
    public var steps: Int?
    public var activeKcal: Int?
    public var sleepScore: Int?
    public var recoveryScore: Int?
    public var strainScore: Int?
    public var stepGoal: Int
    public var energyGoal: Int
    /// The three widgets (nil when the scores could not be read).
    public var cards: DailyScoreCards?

    public init(date: DayKey, steps: Int?, activeKcal: Int?, sleepScore: Int?, recoveryScore: Int?, strainScore: Int?,
                stepGoal: Int, energyGoal: Int, cards: DailyScoreCards? = nil) {
        self.date = date
        self.steps = steps
        self.activeKcal = activeKcal
        self.sleepScore = sleepScore
        self.recoveryScore = recoveryScore
        self.strainScore = strainScore
        self.stepGoal = stepGoal
        self.energyGoal = energyGoal
        self.cards = cards
    }

    /// The value of a field (nil: not recorded).
    public func value(_ field: GlanceRequest.Field) -> Int? {
        switch field {
        case .steps: return steps
        case .energy: return activeKcal
        case .sleep: return sleepScore
        case .recovery: return recoveryScore
        case .strain: return strainScore
        }
    }

    /// The goal a field is measured against: the step and energy goals; scores are out of 100.
    public func goal(_ field: GlanceRequest.Field) -> Int {
        switch field {
        case .steps: return stepGoal
        case .energy: return energyGoal
        case .sleep, .recovery, .strain: return 100
        }
    }

    /// Share of the goal reached, 0... (over 1 past the goal); nil without a value.
    public func progress(_ field: GlanceRequest.Field) -> Double? {
        guard let v = value(field), goal(field) > 0 else { return nil }
        return Double(max(0, v)) / Double(goal(field))
    }
}

extension GlanceReading {
    /// One day of stored totals as a snapshot (as `HealthRepository.cached` builds it); nil without steps.
    static func snapshot(_ data: HealthCacheData, day: DayKey, _ cal: LocalCalendar) -> HealthSnapshot? {
        guard let steps = data.series(.stepCount) else { return nil }
        var series: [QuantityType: [DailyTotal]] = [:]
        for type in data.quantityTypes { series[type] = data.totals(type, from: day, through: day, calendar: cal) }
        let sleep = data.sleep.map { _ in data.sleepNights(from: day, through: day) }
        return HealthSnapshot(series: series, sleep: sleep, fetchedAt: steps.fetchedAt, isFromCache: true)
    }
}

extension StatsRow {
    /// A day with no stored totals: only the scores (as `stats` fills them for the scored day).
    init(date: String, scores: DailyScoreCards?) {
        self.init(date: date, steps: nil, naiveSteps: nil, activeKcal: nil, naiveKcal: nil, exerciseMinutes: nil,
                  restingHeartRate: nil, hrvMs: nil, sleepAsleepMinutes: nil, sleepInBedMinutes: nil,
                  sleepScore: scores?.sleep.score, recoveryScore: scores?.recovery.score, strainScore: scores?.strain.score)
    }
}
