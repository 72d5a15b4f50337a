import FoundationEssentials
import Platform

/// The Scores screen's data provider (the brief's MetricDataService), behind a
/// protocol like the health provider so real imported data can replace the mock.
public protocol MetricDataService: Sendable {
    func scores(for day: DayKey, calendar: LocalCalendar) async throws -> DailyScoreCards
    /// One score per day, oldest first, ending on `day` (for the 7-day detail).
    func history(of kind: ScoreKind, through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [DayScore]
    /// The cards of every day from `first` through `last` (what `stats --json` prints per day).
    func cards(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [DailyScoreCards]
    /// Every score's `history(of:through:days:)` at once (the same cards hold every kind).
    func histories(through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [ScoreKind: [DayScore]]
}

extension MetricDataService {
    public func cards(from first: DayKey, through last: DayKey, calendar: LocalCalendar) async throws -> [DailyScoreCards] {
        var out: [DailyScoreCards] = []
        for d in DayKey.days(from: first, through: last, calendar: calendar).suffix(366) {
            out.append(try await scores(for: d, calendar: calendar))
        }
        return out
    }

    public func history(of kind: ScoreKind, through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [DayScore] {
        var out: [DayScore] = []
        for offset in stride(from: min(max(days, 1), 366) - 1, through: 0, by: -1) {
            let d = day.adding(days: -offset)
            out.append(DayScore(day: d, score: try await scores(for: d, calendar: calendar).card(kind).score))
        }
        return out
    }

    public func histories(through day: DayKey, days: Int, calendar: LocalCalendar) async throws -> [ScoreKind: [DayScore]] {
        var out: [ScoreKind: [DayScore]] = [:]
        for kind in ScoreKind.allCases { out[kind] = try await history(of: kind, through: day, days: days, calendar: calendar) }
        return out
    }
}

/// Which world the mock simulates, chosen with `--scenario` on the Scores screen.
public enum MetricScenario: String, CaseIterable, Hashable, Sendable {
    case normal
    case badNight = "bad-night"
    case overReached = "over-reached"
    case noSleep = "no-sleep"
    case calibrating

    public var summary: String {
        switch self {
        case .normal: return "a usual day with 30 days of history"
        case .badNight: return "4.5 h of sleep, low HRV, high resting heart rate"
        case .overReached: return "a very hard day on a poorly recovered body"
        case .noSleep: return "no sleep recorded last night"
        case .calibrating: return "a new user with 6 days of history"
        }
    }
}

/// A deterministic mock: every day's inputs come from the seed and the date, and the
/// scenario shapes `today` (and, for calibrating, how far back data goes). Scores are
/// computed by `ScoreCalculator`, never hard-coded. `adjust` lets a test change any
/// day's numbers and see them come through.
public struct MockMetricDataService: MetricDataService {
    public let scenario: MetricScenario
    public let today: DayKey
    private let seed: UInt64
    private let adjust: (@Sendable (DayKey, inout DailyInputs) -> Void)?

    public init(scenario: MetricScenario = .normal, today: DayKey, seed: UInt64 = 42,
                adjust: (@Sendable (DayKey, inout DailyInputs) -> Void)? = nil) {
        self.scenario = scenario
        self.today = today
        self.seed = seed
        self.adjust = adjust
    }

    public func scores(for day: DayKey, calendar: LocalCalendar) async throws -> DailyScoreCards {
        let history = (1...ScoreFormulas.baselineDays).reversed().compactMap {
            inputs(for: day.adding(days: -$0), calendar: calendar)
        }
        return ScoreCalculator.cards(day: day, today: inputs(for: day, calendar: calendar) ?? DailyInputs(), history: history)
    }

    /// The raw measurements of a day, nil before data starts or after today.
    public func inputs(for day: DayKey, calendar: LocalCalendar) -> DailyInputs? {
        guard day <= today else { return nil }
        if scenario == .calibrating, day < today.adding(days: -6) { return nil }
        var rng = SeededRandom(seed: seed ^ (UInt64(max(0, day.year)) &* 10_000 &+ UInt64(max(0, day.month * 100 + day.day))) &* 0x9E37_79B9)
        let bed = rng.double(430...520).rounded()
        var v = DailyInputs(timeInBedMinutes: bed,
                            timeAsleepMinutes: (bed * rng.double(0.86...0.95)).rounded(),
                            hrvMilliseconds: rng.double(40...70).rounded(),
                            restingHeartRate: rng.double(51...61).rounded(),
                            activeKilocalories: rng.double(320...760).rounded(),
                            exerciseMinutes: rng.double(10...70).rounded())
        if day == today {
            switch scenario {
            case .normal, .calibrating: break
            case .badNight:
                v.timeInBedMinutes = 450; v.timeAsleepMinutes = 270; v.hrvMilliseconds = 38; v.restingHeartRate = 63
            case .overReached:
                v.hrvMilliseconds = 42; v.restingHeartRate = 61; v.activeKilocalories = 1_640; v.exerciseMinutes = 155
            case .noSleep:
                v.timeInBedMinutes = nil; v.timeAsleepMinutes = nil; v.hrvMilliseconds = nil
            }
        }
        adjust?(day, &v)
        return v
    }
}
