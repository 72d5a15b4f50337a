import FoundationEssentials
import Platform

/// Makes a believable day of raw samples: walking bouts seen by a watch (5-minute
/// samples, while worn) and a phone (10-minute samples, offset, when carried), so
/// the two overlap as in real life, with some days' last walk crossing midnight.
/// Deterministic in (seed, day).
public struct SampleGenerator: Sendable {
    public var seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    /// A day's rhythm, in seconds after the local midnight; drawn first from the
    /// day's random stream so the vitals and sleep generators agree with the steps.
    struct DayPlan {
        var rng: SeededRandom
        var activity: Double
        var wake: Double
        var chargeStart: Double
        var bedtime: Double
    }

    func plan(for day: DayKey, calendar: LocalCalendar) -> DayPlan {
        var rng = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: day.year * 10_000 + day.month * 100 + day.day) &* 0x2545_F491_4F6C_DD1D))
        let weekday = calendar.component(.weekday, from: day.startDate(in: calendar)) // 1 = Sunday
        let activity = (weekday == 1 || weekday == 7) ? rng.double(0.7...1.5) : rng.double(0.6...1.25)
        let wake = rng.double(6.5...8.0) * 3600
        let chargeStart = rng.double(12.0...19.0) * 3600
        let bedtime = rng.double(21.5...23.0) * 3600
        return DayPlan(rng: rng, activity: activity, wake: wake, chargeStart: chargeStart, bedtime: bedtime)
    }

    /// Steps, active energy and exercise minutes of a day. `ids: false` leaves every id
    /// empty (the same samples otherwise, for daily statistics, which never read them).
    public func samples(for day: DayKey, calendar: LocalCalendar, ids: Bool = true) -> [QuantitySample] {
        let plan = plan(for: day, calendar: calendar)
        var rng = plan.rng
        let dayStart = day.startDate(in: calendar)
        let activity = plan.activity, wake = plan.wake, chargeStart = plan.chargeStart, bedtime = plan.bedtime

        // Watch on from wake-up to evening, off for an hour of charging.
        let watchOff = (wake - 1800, wake + 1200) // put on 20 minutes after waking
        let charging = (chargeStart, chargeStart + 3600)

        var out: [QuantitySample] = []
        var serial = 0
        var exerciseSerial = 0
        let dayText = ids ? day.description : "" // once a day, not once a sample
        func add(_ type: QuantityType, _ value: Double, _ a: Double, _ b: Double, _ source: HealthSource) {
            guard b > a, value > 0 else { return }
            let tag: String
            if type == .appleExerciseTime {
                // A separate counter keeps the step and energy ids as they always were.
                exerciseSerial += 1
                tag = ids ? "x-\(exerciseSerial)" : ""
            } else {
                serial += 1
                tag = ids ? "\(type == .stepCount ? "s" : "e")-\(serial)" : ""
            }
            out.append(QuantitySample(
                id: ids ? "\(dayText)-\(source.kind.rawValue)-\(tag)" : "",
                type: type, value: (value * 10).rounded() / 10,
                start: dayStart.addingTimeInterval(a), end: dayStart.addingTimeInterval(b), source: source))
        }
        /// Brisk walking counts as exercise, minute for minute (no random draw: the steps stay as they were).
        let briskStepsPerMinute = 85.0

        func record(boutStart: Double, boutEnd: Double, stepsPerMinute: Double, phoneCarried: Bool) {
            // Watch: 5-minute chunks while worn.
            var t = boutStart
            while t < boutEnd {
                let e = min(boutEnd, t + 300)
                let worn = !(t < watchOff.1 && e > watchOff.0) && !(t < charging.1 && e > charging.0)
                if worn {
                    let minutes = (e - t) / 60
                    let steps = stepsPerMinute * minutes * rng.double(0.97...1.05)
                    add(.stepCount, steps, t, e, .watch)
                    add(.activeEnergyBurned, steps * rng.double(0.040...0.048), t, e, .watch)
                    if stepsPerMinute >= briskStepsPerMinute { add(.appleExerciseTime, minutes, t, e, .watch) }
                }
                t = e
            }
            // Phone: 10-minute chunks starting 2 minutes off the watch's grid, undercounting a little.
            guard phoneCarried else { return }
            t = boutStart - 120
            while t < boutEnd {
                let a = max(t, boutStart - 60), e = min(boutEnd + 60, t + 600)
                let minutes = (min(e, boutEnd) - max(a, boutStart)) / 60
                if minutes > 0 {
                    let steps = stepsPerMinute * minutes * rng.double(0.88...0.97)
                    add(.stepCount, steps, a, e, .phone)
                    add(.activeEnergyBurned, steps * rng.double(0.035...0.042), a, e, .phone)
                    if stepsPerMinute >= briskStepsPerMinute { add(.appleExerciseTime, (e - a) / 60, a, e, .phone) }
                }
                t += 600
            }
        }

        let bouts = rng.int(5...10)
        let awake = bedtime - wake
        for i in 0..<bouts {
            let slot = awake / Double(bouts)
            let start = wake + Double(i) * slot + rng.double(0...(slot * 0.5))
            let duration = rng.double(4...min(22, slot / 60 * 0.5)) * 60
            let rate = rng.double(60...105) * activity
            record(boutStart: start, boutEnd: start + duration, stepsPerMinute: rate, phoneCarried: rng.unit() > 0.2)
        }
        // A quarter of days end with a late walk that crosses midnight.
        if rng.unit() < 0.25 {
            let dayLength: Double = calendar.dateInterval(of: .day, for: dayStart)?.duration ?? 86_400
            let start = dayLength - rng.double(10...25) * 60
            record(boutStart: start, boutEnd: start + rng.double(30...45) * 60, stepsPerMinute: rng.double(80...100), phoneCarried: true)
        }
        return out
    }
}
