import FoundationEssentials
import Platform
import Glibc

/// The scoring formulas: ours, simple and honest. Inputs are plain numbers so real
/// imported data can feed them as easily as the mock.
///
/// - Sleep = 100 × (0.75 × min(asleep ÷ need, 1) + 0.25 × asleep ÷ in bed), need 8 h:
///   mostly "did you sleep enough", partly "did you sleep while in bed".
/// - Recovery = 50 + 15 × (0.6 × z(HRV) + 0.4 × z(−RHR)), z against the user's own 30-day
///   baseline (mean and standard deviation): 50 is a day exactly like usual; higher HRV
///   and lower resting heart rate than usual both raise it; two deviations worse than
///   usual on both gives 20. Needs 14 days of history.
/// - Strain = 100 × ln(1 + load ÷ 50) ÷ ln(81), load = active kcal + 4 × exercise minutes:
///   a log scale, so each extra effort counts for less, and 4,000 load units reach 100.
/// - Strain target zone = 20 + 0.4 × recovery … +20: well recovered, aim higher.
///
/// All scores are clamped to 0–100 and rounded half away from zero.
public enum ScoreFormulas {
    public static let sleepNeedMinutes = 480.0
    public static let baselineDays = 30
    public static let minimumHistoryDays = 14

    public static func sleepScore(asleepMinutes: Double, inBedMinutes: Double, needMinutes: Double = sleepNeedMinutes) -> Int? {
        guard asleepMinutes.isFinite, inBedMinutes.isFinite, needMinutes.isFinite,
              inBedMinutes > 0, needMinutes > 0, asleepMinutes >= 0 else { return nil }
        let asleep = min(asleepMinutes, inBedMinutes)
        let duration = min(asleep / needMinutes, 1)
        let efficiency = asleep / inBedMinutes
        return score(100 * (0.75 * duration + 0.25 * efficiency))
    }

    /// A user's usual level: the mean and standard deviation of their last 30 values.
    public struct Baseline: Hashable, Sendable {
        public let mean: Double
        public let standardDeviation: Double
        public let days: Int

        /// Usual = within one standard deviation of the mean.
        public var normalRange: NormalRange? {
            NormalRange(lower: mean - standardDeviation, upper: mean + standardDeviation)
        }
    }

    /// From daily values, oldest first (non-finite ones ignored); nil with fewer than 14.
    /// The deviation has a floor of 5% of the mean, so a very steady history does not
    /// make tiny changes look dramatic.
    public static func baseline(_ values: [Double]) -> Baseline? {
        let recent = values.filter(\.isFinite).suffix(baselineDays)
        guard recent.count >= minimumHistoryDays else { return nil }
        let n = Double(recent.count)
        let mean = recent.reduce(0, +) / n
        let variance = recent.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        let sd = max(variance.squareRoot(), abs(mean) * 0.05, 1e-9)
        return Baseline(mean: mean, standardDeviation: sd, days: recent.count)
    }

    public static func recoveryScore(hrv: Double, restingHeartRate: Double, hrvBaseline: Baseline, rhrBaseline: Baseline) -> Int? {
        guard hrv.isFinite, restingHeartRate.isFinite, hrv > 0, restingHeartRate > 0 else { return nil }
        let zHRV = (hrv - hrvBaseline.mean) / hrvBaseline.standardDeviation
        let zRHR = (rhrBaseline.mean - restingHeartRate) / rhrBaseline.standardDeviation
        return score(50 + 15 * (0.6 * zHRV + 0.4 * zRHR))
    }

    public static func strainScore(activeKilocalories: Double, exerciseMinutes: Double) -> Int? {
        guard activeKilocalories.isFinite, exerciseMinutes.isFinite, activeKilocalories >= 0, exerciseMinutes >= 0 else { return nil }
        let load = activeKilocalories + 4 * exerciseMinutes
        return score(100 * log(1 + load / 50) / log(81))
    }

    public static func strainTargetZone(recoveryScore: Int) -> TargetZone {
        let r = Double(min(max(recoveryScore, 0), 100))
        let start = (20 + 0.4 * r).rounded()
        return TargetZone(validStart: start, end: start + 20)  // 20…60 to 40…80
    }

    static func score(_ x: Double) -> Int? {
        guard x.isFinite else { return nil }
        return Int(min(max(x, 0), 100).rounded(.toNearestOrAwayFromZero))
    }
}
