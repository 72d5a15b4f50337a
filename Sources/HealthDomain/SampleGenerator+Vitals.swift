import FoundationEssentials
import Platform

/// Resting heart rate, heart-rate variability and sleep for the mock, each
/// from its own random stream (so adding them changed no step or energy value)
/// and timed by the same day plan as the steps.
extension SampleGenerator {
    private func stream(_ day: DayKey, _ salt: UInt64) -> SeededRandom {
        SeededRandom(seed: seed ^ salt ^ (UInt64(truncatingIfNeeded: day.year * 10_000 + day.month * 100 + day.day) &* 0x9E37_79B9_7F4A_7C15))
    }

    /// Watch-only: one resting heart rate soon after waking, and 3–6 HRV readings (instants).
    public func vitals(for day: DayKey, calendar: LocalCalendar) -> [QuantitySample] {
        let plan = plan(for: day, calendar: calendar)
        var rng = stream(day, 0x7EA1_0000)
        let dayStart = day.startDate(in: calendar)
        var out: [QuantitySample] = []
        let dayText = day.description
        let restAt = dayStart.addingTimeInterval(plan.wake + rng.double(1...3) * 3600)
        // Calmer on active days' mornings, as after good sleep: 52–66 bpm.
        let rhr = (rng.double(54...64) - (plan.activity - 1) * 4).rounded()
        out.append(QuantitySample(id: "\(dayText)-watch-rhr", type: .restingHeartRate, value: rhr, start: restAt, end: restAt, source: .watch))
        let readings = rng.int(3...6)
        for i in 0..<readings {
            let at = dayStart.addingTimeInterval(rng.double(0...(24 * 3600 - 60)))
            let hrv = (rng.double(28...72) * 10).rounded() / 10
            out.append(QuantitySample(id: "\(dayText)-watch-hrv-\(i + 1)", type: .heartRateVariabilitySDNN, value: hrv,
                                      start: at, end: at, source: .watch))
        }
        return out
    }

    /// The night ending on the morning of `day`, from the evening before: the
    /// phone's in-bed and asleep guesses and, on most nights, the watch's stages
    /// (core, deep, REM, short awakenings). The two overlap, as in real life.
    /// `ids: false` leaves every id empty (for nights, which never read them).
    public func sleep(endingOn day: DayKey, calendar: LocalCalendar, ids: Bool = true) -> [CategorySample] {
        let evening = day.adding(days: -1)
        guard evening < day else { return [] }
        let bed = evening.startDate(in: calendar).addingTimeInterval(plan(for: evening, calendar: calendar).bedtime)
        let wake = day.startDate(in: calendar).addingTimeInterval(plan(for: day, calendar: calendar).wake)
        guard wake.timeIntervalSince(bed) > 3 * 3600 else { return [] }
        var rng = stream(day, 0x51EE_0000)
        var out: [CategorySample] = []
        let dayText = day.description
        func add(_ stage: SleepStage, _ a: Date, _ b: Date, _ source: HealthSource) {
            guard b > a else { return }
            out.append(CategorySample(id: ids ? "\(dayText)-\(source.kind.rawValue)-sleep-\(out.count + 1)" : "", stage: stage, start: a, end: b,
                                      source: source))
        }
        add(.inBed, bed.addingTimeInterval(-300), wake.addingTimeInterval(600), .phone)
        add(.asleepUnspecified, bed.addingTimeInterval(rng.double(15...30) * 60), wake.addingTimeInterval(-300), .phone)

        guard rng.unit() < 0.9 else { return out } // some nights the watch is charging
        var t = bed.addingTimeInterval(rng.double(10...25) * 60)
        let watchEnd = wake.addingTimeInterval(-rng.double(0...10) * 60)
        let cycle: [(SleepStage, ClosedRange<Double>)] = [(.asleepCore, 20...40), (.asleepDeep, 10...30), (.asleepCore, 10...25),
                                                          (.asleepREM, 10...25), (.awake, 1...6)]
        var i = 0
        while t < watchEnd {
            let (stage, minutes) = cycle[i % cycle.count]
            let e = min(watchEnd, t.addingTimeInterval(rng.double(minutes) * 60))
            add(stage, t, e, .watch)
            t = e
            i += 1
        }
        return out
    }
}
