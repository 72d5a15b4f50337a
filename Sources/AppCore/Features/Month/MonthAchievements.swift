import FoundationEssentials
import HealthDomain
import Platform

/// The achievement rule of the month: every full 10,000 steps of the month's
/// running total earns the next badge. A badge is earned on the day the
/// running total first reached its threshold.
public struct MonthAchievements: Hashable, Sendable {
    public static let stepsPerBadge = 10_000.0
    /// More badges than any real month can hold (31 days at the plausible daily
    /// maximum is 3,100); a damaged number cannot make an endless list.
    public static let maximumBadges = 100_000

    public struct Badge: Hashable, Sendable {
        /// 1 for the first badge.
        public var tier: Int
        public var threshold: Double
        public var earnedOn: DayKey
    }

    /// The month's total of daily values (merged statistics, never raw sums), each
    /// day in whole steps as Month shows it.
    public var total: Double
    public var earned: [Badge]

    /// Badges of `days` (any order; bad values count as zero).
    public init(days: [DailyTotal]) {
        var running = 0.0
        var badges: [Badge] = []
        for day in days.sorted(by: { $0.day < $1.day }) {
            guard day.value.isFinite, day.value > 0 else { continue }
            running += WholeSteps.of(day.value)
            let reached = Self.badgeCount(total: running)
            while badges.count < reached {
                let tier = badges.count + 1
                badges.append(Badge(tier: tier, threshold: Self.threshold(tier: tier), earnedOn: day.day))
            }
        }
        total = running
        earned = badges
    }

    /// Full 10,000s in `total`, within 0…`maximumBadges`.
    public static func badgeCount(total: Double) -> Int {
        guard total.isFinite, total >= stepsPerBadge else { return 0 }
        return Int(min(Double(maximumBadges), (total / stepsPerBadge).rounded(.down)))
    }

    public static func threshold(tier: Int) -> Double { Double(max(1, tier)) * stepsPerBadge }

    /// The first badge not yet earned.
    public var nextTier: Int { earned.count + 1 }
    public var nextThreshold: Double { Self.threshold(tier: nextTier) }
    /// Steps still needed for the next badge (at least 1 when not there yet).
    public var stepsToNext: Double { max(0, nextThreshold - total) }
    /// 0…1 of the way from the last badge to the next.
    public var progressToNext: Double {
        let from = Self.threshold(tier: earned.count) * (earned.isEmpty ? 0 : 1)
        return min(1, max(0, (total - from) / (nextThreshold - from)))
    }

    public func badge(tier: Int) -> Badge? { earned.indices.contains(tier - 1) ? earned[tier - 1] : nil }
}
