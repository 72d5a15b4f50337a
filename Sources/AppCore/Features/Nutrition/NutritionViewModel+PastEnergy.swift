import FoundationEssentials
import HealthDomain

/// The burned energy of a day further back than the health loads' two weeks: the day shown
/// read with the 13 days before it, as Today's earlier weeks are read (the cache and its
/// history, else the provider), so "Burned —" means no reading, never "not loaded".
extension NutritionViewModel {
    struct PastEnergyRead: Sendable {
        var days: ClosedRange<DayKey>
        var energy: [DailyTotal]?
    }

    static let pastEnergyDays = 14

    /// The read for the day shown when no load held its energy and none is under way for it.
    mutating func readPastEnergyIfMissing(_ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        let day = day(shared, ctx)
        guard energyReadable, burned[day] == nil, !energyAsked.contains(day), energyReading != day else { return [] }
        energyReading = day
        let first = day.adding(days: -(Self.pastEnergyDays - 1)), now = shared.now
        return [.run(Work(WorkID(.nutrition, "pastEnergy")) { services in
            PastEnergyRead(days: first...day, energy: await TodayViewModel.readWeeks(from: first, through: day, now: now, services)?.energy)
        })]
    }

    /// A read's days join what is known; a day it had no reading for is not asked for again.
    mutating func pastEnergyRead(_ read: PastEnergyRead) {
        if energyReading == read.days.upperBound { energyReading = nil }
        guard energyReadable else { return }
        for t in read.energy ?? [] where read.days.contains(t.day) && burned[t.day] == nil && t.value.isFinite && t.value >= 0 {
            burned[t.day] = t.value
        }
        var day = read.days.lowerBound
        while day <= read.days.upperBound {
            energyAsked.insert(day)
            day = day.adding(days: 1)
        }
    }
}
