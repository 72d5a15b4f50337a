import Foundation
import HealthDomain
import Platform

/// Data sets the benchmarks run on, written through the app's own stores.
enum Fixtures {
    static let calendar = LocalCalendar(zoneNamed: "Europe/Paris") ?? LocalCalendar()

    static func temporaryDirectory(_ name: String) -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-bench-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// `years` of daily steps and energy aggregates.
    static func cache(years: Int, now: Date) -> HealthCacheData {
        var rng = SeededRandom(seed: 7)
        var data = HealthCacheData()
        let today = DayKey(now, calendar: calendar)
        let days = (0..<(years * 365)).map { today.adding(days: -$0) }
        data.merge(days.map { DailyTotal(day: $0, value: rng.double(2_000...16_000).rounded()) }, for: .stepCount, fetchedAt: now)
        data.merge(days.map { DailyTotal(day: $0, value: rng.double(100...800).rounded()) }, for: .activeEnergyBurned, fetchedAt: now)
        return data
    }

    static func meals(_ count: Int, now: Date) -> [Meal] {
        var rng = SeededRandom(seed: 11)
        let names = ["Oatmeal with berries", "Chicken salad", "Soupe à l'oignon", "寿司 set", "Pasta 🍝", "Greek yogurt", "Lentil curry"]
        return (0..<count).map { i in
            Meal(time: now.addingTimeInterval(-Double(i) * 5_000), name: names[i % names.count], calories: rng.int(80...1_200),
                 protein: (rng.double(0...60) * 10).rounded() / 10, carbs: (rng.double(0...120) * 10).rounded() / 10,
                 fat: (rng.double(0...50) * 10).rounded() / 10)
        }
    }

    /// A data directory for an onboarded user: settings, and optionally a big cache and meal log.
    static func dataDirectory(cacheYears: Int, meals mealCount: Int, now: Date) throws -> URL {
        let dir = temporaryDirectory("data")
        let paths = AppPaths(cacheDirectory: dir.appendingPathComponent("cache"), dataDirectory: dir.appendingPathComponent("data"),
                             configDirectory: dir.appendingPathComponent("config"))
        var settings = Settings()
        settings.onboardingCompleted = true
        settings.authorization = [QuantityType.stepCount.rawValue: .authorized, QuantityType.activeEnergyBurned.rawValue: .authorized]
        try VersionedFile<Settings>(url: paths.settingsFile, schemaVersion: StoreSchemas.settings).save(settings, now: now)
        if cacheYears > 0 {
            try HealthRepository(provider: MockHealthProvider(), cacheURL: paths.healthCacheFile, calendar: calendar)
                .saveCache(cache(years: cacheYears, now: now), now: now)
        }
        if mealCount > 0 {
            try VersionedFile<[Meal]>(url: paths.mealsFile, schemaVersion: StoreSchemas.meals).save(meals(mealCount, now: now), now: now)
        }
        return dir
    }

    /// `count` raw step samples over `days` days from two overlapping sources:
    /// a watch on a one-minute grid and a phone on the same grid shifted by 30 s.
    static func rawSamples(count: Int, days: Int, endingAt end: Date) -> [QuantitySample] {
        var rng = SeededRandom(seed: 3)
        let perSourcePerDay = max(1, count / 2 / days)
        let spacing = 86_400.0 / Double(perSourcePerDay)
        let firstDay = DayKey(end, calendar: calendar).adding(days: -(days - 1))
        var out: [QuantitySample] = []
        out.reserveCapacity(count)
        for d in 0..<days {
            let start = firstDay.adding(days: d).startDate(in: calendar)
            for i in 0..<perSourcePerDay {
                let t = start.addingTimeInterval(Double(i) * spacing)
                out.append(QuantitySample(id: "w\(d)-\(i)", type: .stepCount, value: rng.double(0...120).rounded(), start: t,
                                          end: t.addingTimeInterval(spacing), source: .watch))
                let p = t.addingTimeInterval(spacing / 2)
                out.append(QuantitySample(id: "p\(d)-\(i)", type: .stepCount, value: rng.double(0...110).rounded(), start: p,
                                          end: p.addingTimeInterval(spacing), source: .phone))
            }
        }
        return out
    }
}
