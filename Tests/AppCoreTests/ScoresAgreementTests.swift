import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// Scores tells the truth about the day: its Strain reads the same merged active
/// energy and exercise minutes as Today, grows with the clock, and every per-day
/// value it uses is what `stats --json` prints for that day.
@MainActor
final class ScoresAgreementTests: XCTestCase {
    static let day = DayKey(year: 2026, month: 11, day: 22)

    static func at(_ time: String) -> Date { ISO8601DateFormatter().date(from: "2026-11-22T\(time):00Z")! }

    /// Onboarded, Today refreshed, then Scores loaded at `time`.
    func driver(at time: String, live: Bool = false) async -> Driver {
        let d = Driver(size: Size(width: 120, height: 40), options: { $0.live = live; $0.reduceMotion = true }, start: Self.at(time))
        await d.onboard()
        d.model.shared.route = .scores
        await d.send(.tick)
        await d.run(d.model.scores.load(d.model.shared, d.ctx))
        return d
    }

    nonisolated static func statsRows(_ dataDir: URL, _ clock: TestClock, from: DayKey, to: DayKey) async throws -> [String: [String: Any]] {
        let json = await MonthTotalRuleTests.stats(dataDir: dataDir, clock: clock, from: from, to: to)
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: rows.map { ($0["date"] as! String, $0) })
    }

    func testStrainNamesTodaysActiveEnergyAndGrowsWithTheClock() async throws {
        var kcal: [Double] = [], strain: [Int?] = []
        for time in ["07:00", "23:50"] {
            let d = await driver(at: time)
            defer { d.cleanUp() }
            let cards = try XCTUnwrap(d.model.scores.cards)
            let today = try XCTUnwrap(d.model.today.snapshot?.value(.activeEnergyBurned, on: Self.day))
            let shown = try XCTUnwrap(cards.strain.metric(.activeEnergy)?.value)
            XCTAssertEqual(shown.rounded(), today.rounded(), "Strain names Today's active kcal at \(time)")
            let screen = d.screenText
            XCTAssertTrue(screen.contains(d.ctx.formats.integer(today) + " kcal"), screen)
            let rows = try await Self.statsRows(d.dataDir, d.clock, from: Self.day, to: Self.day)
            XCTAssertEqual(rows[Self.day.description]?["activeKcal"] as? Int, Int(today.rounded()), "stats says the same at \(time)")
            XCTAssertEqual(rows[Self.day.description]?["strainScore"] as? Int, cards.strain.score)
            XCTAssertEqual(rows[Self.day.description]?["exerciseMinutes"] as? Int,
                           cards.strain.metric(.exerciseDuration)?.value.map { Int($0.rounded()) })
            kcal.append(shown)
            strain.append(cards.strain.score)
        }
        XCTAssertLessThan(kcal[0], kcal[1], "energy grows through the day")
        XCTAssertNotEqual(strain[0], strain[1], "Strain at 07:00 is not Strain at 23:50")
    }

    func testLiveSamplesReachStrainAsTheyReachToday() async throws {
        let d = await driver(at: "15:30", live: true)
        defer { d.cleanUp() }
        let t = Self.at("15:00")
        let extra = QuantitySample(id: "live-1", type: .activeEnergyBurned, value: 500, start: t, end: t.addingTimeInterval(60),
                                   source: HealthSource(id: "live", name: "Live", kind: .watch))
        await d.receiveLive([extra])
        await d.run(d.model.scores.load(d.model.shared, d.ctx))
        let today = try XCTUnwrap(d.model.today.snapshot?.value(.activeEnergyBurned, on: Self.day))
        XCTAssertEqual(d.model.scores.cards?.strain.metric(.activeEnergy)?.value?.rounded(), today.rounded())
    }

    /// With Scores on screen, live samples reach Strain by themselves (read again at most
    /// every 5 s), without pressing r: Strain and Today never name two numbers for one day.
    func testStrainFollowsLiveSamplesWhileScoresIsOnScreen() async throws {
        let d = await driver(at: "15:30", live: true)
        defer { d.cleanUp() }
        let before = try XCTUnwrap(d.model.scores.cards?.strain.metric(.activeEnergy)?.value)
        let t = Self.at("15:00")
        await d.receiveLive([QuantitySample(id: "live-2", type: .activeEnergyBurned, value: 500, start: t, end: t.addingTimeInterval(60),
                                            source: HealthSource(id: "live", name: "Live", kind: .watch))])
        XCTAssertEqual(d.model.scores.cards?.strain.metric(.activeEnergy)?.value, before, "not read again at once")
        d.clock.advance(ScoresViewModel.liveReloadInterval)
        await d.send(.tick)
        let today = try XCTUnwrap(d.model.today.snapshot?.value(.activeEnergyBurned, on: Self.day))
        let shown = try XCTUnwrap(d.model.scores.cards?.strain.metric(.activeEnergy)?.value)
        XCTAssertEqual(shown.rounded(), today.rounded())
        XCTAssertGreaterThanOrEqual(shown, before + 499, "the 500 kcal are in")
        XCTAssertTrue(d.screenText.contains(d.ctx.formats.integer(today) + " kcal"), d.screenText)
    }

    func testStatsPrintsEveryScoresValueForEveryDayScoresCanShow() async throws {
        let d = await driver(at: "15:30")
        defer { d.cleanUp() }
        await d.press(.enter) // Sleep's last 7 days
        let week = try XCTUnwrap(d.model.scores.history[.sleep])
        XCTAssertEqual(week.count, 7)
        let rows = try await Self.statsRows(d.dataDir, d.clock, from: Self.day.adding(days: -6), to: Self.day)
        let keys = ["sleepAsleepMinutes", "sleepInBedMinutes", "sleepScore", "hrvMs", "restingHeartRate", "exerciseMinutes",
                    "strainScore", "recoveryScore"]
        for dayScore in week {
            let row = try XCTUnwrap(rows[dayScore.day.description])
            for key in keys { XCTAssertFalse(row[key] is NSNull, "\(dayScore.day) \(key)") }
            XCTAssertEqual(row["sleepScore"] as? Int, dayScore.score, "the week's bars are stats' sleepScore (\(dayScore.day))")
        }
        // Today's widgets show those same values.
        let today = try XCTUnwrap(rows[Self.day.description])
        let cards = try XCTUnwrap(d.model.scores.cards)
        XCTAssertEqual(today["sleepAsleepMinutes"] as? Int, cards.sleep.metric(.timeAsleep)?.value.map { Int($0.rounded()) })
        XCTAssertEqual(today["sleepInBedMinutes"] as? Int, cards.sleep.metric(.timeInBed)?.value.map { Int($0.rounded()) })
        XCTAssertEqual(today["hrvMs"] as? Double, cards.recovery.metric(.heartRateVariability)?.value.map { ($0 * 10).rounded() / 10 })
        XCTAssertEqual(today["restingHeartRate"] as? Double, cards.recovery.metric(.restingHeartRate)?.value.map { ($0 * 10).rounded() / 10 })
        XCTAssertEqual(today["recoveryScore"] as? Int, cards.recovery.score)
        XCTAssertEqual(today["sleepScore"] as? Int, cards.sleep.score)
        // The 7-day average on the detail is the mean of those rows' scores, worked out here.
        let scores = keys.isEmpty ? [] : week.compactMap { rows[$0.day.description]?["sleepScore"] as? Int }
        let mean = Double(scores.reduce(0, +)) / Double(scores.count)
        XCTAssertTrue(d.screenText.contains("7-day average \(Int(mean.rounded()))%"), d.screenText)
    }

    /// Strain grows through the day: on its detail today reads "so far" and the average is of the
    /// six full days before it, worked out here from stats' rows (at 02:00 today's 2% pulled the
    /// average down, "7-day average 51% (7 days)" where the full days made 57%).
    func testStrainsAverageIsOfFullDaysWhileTodayCounts() async throws {
        let d = await driver(at: "15:30")
        defer { d.cleanUp() }
        await d.press(.tab, .tab) // Strain
        XCTAssertEqual(d.model.scores.focus, .strain)
        await d.press(.enter)
        let week = try XCTUnwrap(d.model.scores.history[.strain])
        XCTAssertEqual(week.last?.day, Self.day)
        let rows = try await Self.statsRows(d.dataDir, d.clock, from: Self.day.adding(days: -6), to: Self.day)
        let full = (1...6).compactMap { rows[Self.day.adding(days: -$0).description]?["strainScore"] as? Int }
        XCTAssertEqual(full.count, 6)
        let mean = Double(full.reduce(0, +)) / 6
        let today = try XCTUnwrap(rows[Self.day.description]?["strainScore"] as? Int)
        XCTAssertTrue(d.screenText.contains("Today \(today)% so far · 7-day average \(Int(mean.rounded()))% (6 full days)"), d.screenText)
        // Sleep's last night is over: today's score is in its average, and nothing says "so far".
        await d.press(.escape, .backTab, .backTab, .enter)
        XCTAssertEqual(d.model.scores.detail, .sleep)
        XCTAssertFalse(d.screenText.contains("so far"), d.screenText)
        XCTAssertTrue(d.screenText.contains("(7 days)"), d.screenText)
    }
}
