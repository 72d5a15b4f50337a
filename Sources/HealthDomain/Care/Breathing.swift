import FoundationEssentials
import Platform
import Glibc

public enum BreathPhase: String, Hashable, Sendable {
    case inhale, exhale, done
}

/// What the breathing screen shows at one moment.
public struct BreathingFrame: Hashable, Sendable {
    public var phase: BreathPhase
    /// Breaths not yet finished, counting the current one: N at the start, 0 when done.
    public var breathsLeft: Int
    /// 1-based number of the breath in progress (N when done).
    public var breathNumber: Int
    /// The circle's size, 0 (empty lungs) … 1 (full), eased so it starts and ends gently.
    public var radius: Double
    /// 0 … 1 through the current inhale or exhale.
    public var phaseProgress: Double
    public var secondsLeftInPhase: Double
}

/// A number of slow breaths, each an inhale then an exhale: N breaths take N cycles.
public struct BreathingPlan: Hashable, Sendable {
    public let breaths: Int
    public let inhaleSeconds: Double
    public let exhaleSeconds: Double

    /// Values are clamped: 1–60 breaths, 1–20 s per half (4 s in, 6 s out by default:
    /// a longer exhale is the usual advice for calming breathing).
    public init(breaths: Int, inhaleSeconds: Double = 4, exhaleSeconds: Double = 6) {
        self.breaths = min(max(breaths, CareTaskLimits.breathCount.lowerBound), CareTaskLimits.breathCount.upperBound)
        self.inhaleSeconds = Self.clampSeconds(inhaleSeconds)
        self.exhaleSeconds = Self.clampSeconds(exhaleSeconds)
    }

    private static func clampSeconds(_ s: Double) -> Double { s.isFinite ? min(max(s, 1), 20) : 4 }

    public var cycleSeconds: Double { inhaleSeconds + exhaleSeconds }
    public var totalSeconds: Double { Double(breaths) * cycleSeconds }

    /// The frame `elapsed` seconds of (unpaused) breathing in. Negative or NaN counts as 0.
    public func frame(atElapsed elapsed: Double) -> BreathingFrame {
        let t = elapsed.isNaN ? 0 : max(0, elapsed)
        if t >= totalSeconds {
            return BreathingFrame(phase: .done, breathsLeft: 0, breathNumber: breaths, radius: 0, phaseProgress: 1, secondsLeftInPhase: 0)
        }
        let completed = min(Int(t / cycleSeconds), breaths - 1)
        let inCycle = t - Double(completed) * cycleSeconds
        let left = breaths - completed
        if inCycle < inhaleSeconds {
            let p = inCycle / inhaleSeconds
            return BreathingFrame(phase: .inhale, breathsLeft: left, breathNumber: completed + 1, radius: Easing.inOut(p),
                                  phaseProgress: p, secondsLeftInPhase: inhaleSeconds - inCycle)
        }
        let p = min(1, (inCycle - inhaleSeconds) / exhaleSeconds)
        return BreathingFrame(phase: .exhale, breathsLeft: left, breathNumber: completed + 1, radius: 1 - Easing.inOut(p),
                              phaseProgress: p, secondsLeftInPhase: cycleSeconds - inCycle)
    }
}

public enum Easing {
    /// Sine ease-in-out: 0 → 0, 0.5 → 0.5, 1 → 1, slow at both ends. Input clamped to 0…1.
    public static func inOut(_ x: Double) -> Double {
        let c = x.isNaN ? 0 : min(max(x, 0), 1)
        return (1 - cos(Double.pi * c)) / 2
    }
}

/// A breathing exercise in progress: the plan, when it started and the time spent paused.
/// Pure: every question takes the current `Date`.
public struct BreathingSession: Hashable, Sendable {
    public let plan: BreathingPlan
    public let startedAt: Date
    public private(set) var pausedSince: Date?
    public private(set) var pausedTotal: TimeInterval = 0

    public init(plan: BreathingPlan, startedAt: Date) {
        self.plan = plan
        self.startedAt = startedAt
    }

    public var isPaused: Bool { pausedSince != nil }

    /// No effect when already paused or finished.
    public mutating func pause(at now: Date) {
        guard pausedSince == nil, !isFinished(at: now) else { return }
        pausedSince = max(now, startedAt)
    }

    public mutating func resume(at now: Date) {
        guard let since = pausedSince else { return }
        pausedTotal += max(0, now.timeIntervalSince(since))
        pausedSince = nil
    }

    /// Seconds of actual breathing so far (paused time excluded).
    public func elapsed(at now: Date) -> TimeInterval {
        let end = pausedSince.map { min($0, now) } ?? now
        return max(0, end.timeIntervalSince(startedAt) - pausedTotal)
    }

    public func frame(at now: Date) -> BreathingFrame { plan.frame(atElapsed: elapsed(at: now)) }

    public func isFinished(at now: Date) -> Bool { elapsed(at: now) >= plan.totalSeconds }

    /// When the last exhale ends if not paused again; nil while paused.
    public var finishesAt: Date? {
        pausedSince == nil ? startedAt.addingTimeInterval(pausedTotal + plan.totalSeconds) : nil
    }
}
