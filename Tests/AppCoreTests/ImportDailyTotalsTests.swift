import Foundation
import ZipFixtures
import Testing
@testable import AppCore
import HealthDomain
import Platform

/// Imports hand-made exports through `Commands.importExport` and checks the daily
/// values `stats` prints against numbers worked out by hand.
@Suite struct ImportDailyTotalsTests {
    typealias F = ImportFixtures

    private func importAndRead(_ records: [String], tz: String, from: String, to: String,
                               prefer: [String] = []) async throws -> [String: [String: Any]] {
        let folder = TemporaryFolder()
        let path = folder.write("export.zip", F.zip(F.export(records)))
        let (code, console) = await runImport(importEnvironment(folder, tz: tz), path, prefer: prefer)
        #expect(code == 0, "\(console.err)")
        return try await statsRows(folder, tz: tz, from: from, to: to)
    }

    private func int(_ rows: [String: [String: Any]], _ day: String, _ key: String) -> Int? {
        rows[day]?[key] as? Int
    }

    @Test func overlappingWatchAndPhoneAreNotDoubleCounted() async throws {
        // Watch 08:00–09:00 600 steps; phone 08:30–09:30 300 steps: only its 09:00–09:30 half counts (150).
        let rows = try await importAndRead([
            F.record(F.steps, F.watch, value: "600", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100"),
            F.record(F.steps, F.phone, value: "300", "2024-06-10 08:30:00 +0100", "2024-06-10 09:30:00 +0100"),
        ], tz: "Europe/London", from: "2024-06-10", to: "2024-06-10")
        #expect(int(rows, "2024-06-10", "steps") == 750)
        #expect(int(rows, "2024-06-10", "naiveSteps") == 900)
    }

    @Test func preferPutsTheNamedSourceFirst() async throws {
        // With the phone first: phone 300 + watch's uncovered 08:00–08:30 (300) = 600.
        let rows = try await importAndRead([
            F.record(F.steps, F.watch, value: "600", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100"),
            F.record(F.steps, F.phone, value: "300", "2024-06-10 08:30:00 +0100", "2024-06-10 09:30:00 +0100"),
        ], tz: "Europe/London", from: "2024-06-10", to: "2024-06-10", prefer: ["anna’s iphone"])
        #expect(int(rows, "2024-06-10", "steps") == 600)
    }

    @Test func aSampleAcrossMidnightIsSplitByTime() async throws {
        // 23:30–00:30, 120 steps: 60 on each day; an exact duplicate row counts once.
        let row = F.record(F.steps, F.watch, value: "120", "2024-06-10 23:30:00 +0100", "2024-06-11 00:30:00 +0100")
        let rows = try await importAndRead([row, row], tz: "Europe/London", from: "2024-06-10", to: "2024-06-11")
        #expect(int(rows, "2024-06-10", "steps") == 60)
        #expect(int(rows, "2024-06-11", "steps") == 60)
    }

    /// A 24 h (spring) or 26 h (autumn) sample at 100 steps an hour, from local midnight
    /// of the DST day: the short day gets 2300, the long one 2500, the next day the rest.
    @Test(arguments: [
        ("Europe/London", "2024-03-31 00:00:00 +0000", "2024-04-01 01:00:00 +0100", "2024-03-31", 2400, 2300, 100),
        ("Europe/London", "2024-10-27 00:00:00 +0100", "2024-10-28 01:00:00 +0000", "2024-10-27", 2600, 2500, 100),
        ("America/New_York", "2024-03-10 00:00:00 -0500", "2024-03-11 01:00:00 -0400", "2024-03-10", 2400, 2300, 100),
        ("America/New_York", "2024-11-03 00:00:00 -0400", "2024-11-04 01:00:00 -0500", "2024-11-03", 2600, 2500, 100),
    ])
    func daylightSavingDaysHaveTheirOwnLength(tz: String, start: String, end: String, day: String,
                                              value: Int, onDay: Int, nextDay: Int) async throws {
        let next = DayKey(string: day)!.adding(days: 1).description
        let rows = try await importAndRead([F.record(F.steps, F.watch, value: String(value), start, end)],
                                           tz: tz, from: day, to: next)
        #expect(int(rows, day, "steps") == onDay)
        #expect(int(rows, next, "steps") == nextDay)
    }

    @Test func energyInKilojoulesAndCaloriesIsKcal() async throws {
        // 418.4 kJ = 100 kcal, 50 Cal = 50 kcal, 2000 cal = 2 kcal, at different times of one day.
        let rows = try await importAndRead([
            F.record(F.energy, F.watch, unit: "kJ", value: "418.4", "2024-06-10 08:00:00 +0100", "2024-06-10 08:10:00 +0100"),
            F.record(F.energy, F.watch, unit: "Cal", value: "50", "2024-06-10 09:00:00 +0100", "2024-06-10 09:10:00 +0100"),
            F.record(F.energy, F.watch, unit: "cal", value: "2000", "2024-06-10 10:00:00 +0100", "2024-06-10 10:10:00 +0100"),
            F.record(F.steps, F.watch, value: "10", "2024-06-10 10:00:00 +0100", "2024-06-10 10:10:00 +0100"),
        ], tz: "Europe/London", from: "2024-06-10", to: "2024-06-10")
        #expect(int(rows, "2024-06-10", "activeKcal") == 152)
    }

    @Test func sleepIsTheUnionAcrossSourcesAndOtherTypesAreNullWhereAbsent() async throws {
        // Phone in bed 22:30–07:30, phone asleep 23:30–06:30, watch core 23:00–07:00:
        // asleep = union 23:00–07:00 = 480 min; in bed = 22:30–07:30 = 540 min, on the night ending the 11th.
        let rows = try await importAndRead([
            F.record(F.sleep, F.phone, unit: nil, value: "HKCategoryValueSleepAnalysisInBed", "2024-06-10 22:30:00 +0100", "2024-06-11 07:30:00 +0100"),
            F.record(F.sleep, F.phone, unit: nil, value: "HKCategoryValueSleepAnalysisAsleep", "2024-06-10 23:30:00 +0100", "2024-06-11 06:30:00 +0100"),
            F.record(F.sleep, F.watch, unit: nil, value: "HKCategoryValueSleepAnalysisAsleepCore", "2024-06-10 23:00:00 +0100", "2024-06-11 07:00:00 +0100"),
            F.record(F.restingHR, F.watch, unit: "count/min", value: "52", "2024-06-11 00:01:00 +0100", "2024-06-11 23:50:00 +0100"),
            F.record(F.steps, F.watch, value: "10", "2024-06-10 10:00:00 +0100", "2024-06-10 10:10:00 +0100"),
        ], tz: "Europe/London", from: "2024-06-10", to: "2024-06-11")
        #expect(int(rows, "2024-06-11", "sleepAsleepMinutes") == 480)
        #expect(int(rows, "2024-06-11", "sleepInBedMinutes") == 540)
        #expect(rows["2024-06-10"]?["sleepAsleepMinutes"] is NSNull)
        #expect((rows["2024-06-11"]?["restingHeartRate"] as? Double) == 52)
        #expect(rows["2024-06-10"]?["restingHeartRate"] is NSNull)
        #expect(rows["2024-06-10"]?["hrvMs"] is NSNull)
        #expect(rows["2024-06-10"]?["exerciseMinutes"] is NSNull)
    }

    @Test func reimportReplacesTheEarlierData() async throws {
        let folder = TemporaryFolder()
        let first = folder.write("a.zip", F.zip(F.export([
            F.record(F.steps, value: "500", "2024-06-10 08:00:00 +0100", "2024-06-10 09:00:00 +0100")])))
        let second = folder.write("b.xml", F.export([
            F.record(F.steps, value: "70", "2024-06-12 08:00:00 +0100", "2024-06-12 09:00:00 +0100")],
            exportDate: "2024-06-13 08:00:00 +0100"))
        #expect(await runImport(importEnvironment(folder), first).0 == 0)
        #expect(await runImport(importEnvironment(folder), second).0 == 0)
        let rows = try await statsRows(folder, tz: "Europe/London", from: "2024-06-10", to: "2024-06-12")
        #expect(rows["2024-06-10"]?["steps"] is NSNull, "the newer export has no record of that day: no data, not 0")
        #expect(int(rows, "2024-06-12", "steps") == 70)
        let env = importEnvironment(folder)
        #expect(env.importInfo?.exportDay(calendar: env.context.calendar).description == "2024-06-13")
    }

    @Test func theImportIsTheProviderUnlessAScenarioIsGiven() async throws {
        let folder = TemporaryFolder()
        let path = folder.write("export.xml", F.export([
            F.record(F.steps, value: "4321", "2024-11-05 08:00:00 +0000", "2024-11-05 09:00:00 +0000")]))
        #expect(await runImport(importEnvironment(folder), path).0 == 0)
        let imported = importEnvironment(folder)
        #expect(imported.provider is ImportedHealthProvider)
        #expect(importEnvironment(folder, scenario: "normal").provider is MockHealthProvider)
        // Today shows the imported number and the export's day in the header.
        var model = imported.makeModel(size: .init(width: 80, height: 24))
        await TodayViewModel.prepareSnapshot("today", &model, imported)
        #expect(model.today.snapshot?.value(.stepCount, on: DayKey(string: "2024-11-05")!) == 4321)
        let status = model.today.status(model.shared, imported.context)
        #expect(status?.texts.first == "Apple Health export · 2024-11-05")
    }
}

/// With an import, Scores reads the export's own values and says which are missing.
@Suite struct ImportedScoresTests {
    typealias F = ImportFixtures

    @Test func scoresUseTheExportAndNameWhatIsMissing() async throws {
        // Sleep and resting heart rate on the 5th, active energy but no exercise time, no HRV.
        let folder = TemporaryFolder()
        let path = folder.write("export.xml", F.export([
            F.record(F.sleep, F.watch, unit: nil, value: "HKCategoryValueSleepAnalysisInBed", "2024-11-04 23:00:00 +0000", "2024-11-05 07:00:00 +0000"),
            F.record(F.sleep, F.watch, unit: nil, value: "HKCategoryValueSleepAnalysisAsleepCore", "2024-11-04 23:30:00 +0000", "2024-11-05 06:30:00 +0000"),
            F.record(F.restingHR, F.watch, unit: "count/min", value: "52", "2024-11-05 00:01:00 +0000", "2024-11-05 08:00:00 +0000"),
            F.record(F.energy, F.watch, unit: "kcal", value: "120", "2024-11-05 08:00:00 +0000", "2024-11-05 08:30:00 +0000"),
            F.record(F.steps, F.watch, value: "500", "2024-11-05 08:00:00 +0000", "2024-11-05 08:30:00 +0000"),
        ]))
        #expect(await runImport(importEnvironment(folder), path).0 == 0)
        let env = importEnvironment(folder)
        let day = DayKey(string: "2024-11-05")!
        let cards = try await env.service(ScoresMetrics.self).scores(for: day, calendar: env.context.calendar)
        // The export's values, by hand: 480 min in bed, 420 asleep, 52 bpm, 120 kcal; nothing simulated.
        #expect(cards.sleep.metric(.timeInBed)?.value == 480)
        #expect(cards.sleep.metric(.timeAsleep)?.value == 420)
        #expect(cards.recovery.metric(.restingHeartRate)?.value == 52)
        #expect(cards.recovery.metric(.heartRateVariability)?.value == nil)
        #expect(cards.strain.metric(.activeEnergy)?.value == 120)
        #expect(cards.strain.metric(.exerciseDuration)?.value == nil)
        let ctx = env.context
        // One day of history is still calibrating; once past it, the reasons name what the export lacks.
        let strain = ScoreCard(kind: .strain, score: nil, unavailableReason: "No activity recorded", metrics: cards.strain.metrics)
        #expect(ScoreReason(strain).text(ctx) == "No exercise minutes recorded today")
        let history = (1...14).map { _ in DailyInputs(hrvMilliseconds: 50, restingHeartRate: 55) }
        let later = ScoreCalculator.cards(day: day, today: CachedHealthMetricDataService.dailyInputs(from: HealthSnapshot(
            series: [.restingHeartRate: [DailyTotal(day: day, value: 52)]], fetchedAt: .distantPast, isFromCache: true), day: day),
                                          history: history)
        #expect(ScoreReason(later.recovery).text(ctx) == "No HRV from last night")
        // stats --json prints the same per-day values.
        let rows = try await statsRows(folder, tz: "Europe/London", from: "2024-11-05", to: "2024-11-05")
        #expect(rows["2024-11-05"]?["sleepInBedMinutes"] as? Int == 480)
        #expect(rows["2024-11-05"]?["sleepAsleepMinutes"] as? Int == 420)
        #expect(rows["2024-11-05"]?["restingHeartRate"] as? Double == 52)
        #expect(rows["2024-11-05"]?["hrvMs"] is NSNull)
        #expect(rows["2024-11-05"]?["exerciseMinutes"] is NSNull)
        #expect(rows["2024-11-05"]?["activeKcal"] as? Int == 120)
    }
}
