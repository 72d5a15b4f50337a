import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

@MainActor
final class TodayTests: XCTestCase {
    /// Two of the last 7 full days on record (an import of a few days): the average is of those two
    /// and says so ("· 2 days on record"), never "last 7 full days".
    func testAnAverageOfFewerThanSevenDaysSaysHowManyItAverages() async throws {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        var snapshot = try XCTUnwrap(d.model.today.snapshot)
        let kept = [DayKey(year: 2026, month: 11, day: 20), DayKey(year: 2026, month: 11, day: 21), DayKey(year: 2026, month: 11, day: 22)]
        snapshot.steps = snapshot.steps.filter { kept.contains($0.day) }
        snapshot.steps[0].value = 6_000
        snapshot.steps[1].value = 1_234
        d.model.today.snapshot = snapshot
        // (6,000 + 1,234) / 2 = 3,617
        XCTAssertTrue(d.screenText.contains("Avg 3,617 steps · 2 days on record"), d.screenText)
        XCTAssertFalse(d.screenText.contains("last 7 full days"), d.screenText)
    }

    /// The best of the 7 full days before today can be the day before the chart's first bar, and the
    /// chart names its bars by weekday: that day is dated ("Sun, Nov 15"), never "Sun", which read
    /// as the chart's Sunday (today, Nov 22). A best day on the chart keeps its weekday.
    func testABestDayBeforeTheChartIsDatedNotNamedAsABarOnIt() async throws {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        func setSteps(_ day: Int, _ value: Double) throws {
            var snapshot = try XCTUnwrap(d.model.today.snapshot)
            let i = try XCTUnwrap(snapshot.steps.firstIndex { $0.day == DayKey(year: 2026, month: 11, day: day) })
            snapshot.steps[i].value = value
            d.model.today.snapshot = snapshot
        }
        try setSteps(15, 30_000)
        XCTAssertTrue(d.screenText.contains("Sun, Nov 15 · 30,000 steps"), d.screenText)
        XCTAssertFalse(d.screenText.contains("Sun · 30,000"), d.screenText)
        try setSteps(18, 40_000)
        XCTAssertTrue(d.screenText.contains("Wed · 40,000 steps"), d.screenText)

        // At 60 columns the dated day keeps its number whole and leaves the unit out (it was cut: "15,751 ste…").
        let narrow = Driver(size: Size(width: 60, height: 20))
        defer { narrow.cleanUp() }
        await narrow.onboard()
        var snapshot = try XCTUnwrap(narrow.model.today.snapshot)
        let i = try XCTUnwrap(snapshot.steps.firstIndex { $0.day == DayKey(year: 2026, month: 11, day: 15) })
        snapshot.steps[i].value = 30_000
        narrow.model.today.snapshot = snapshot
        XCTAssertTrue(narrow.screenText.contains("Sun, Nov 15 · 30,000 "), narrow.screenText)
        XCTAssertFalse(narrow.screenText.contains("30,000 st…"), narrow.screenText)
    }

    func testCacheFirstThenRefresh() async {
        let first = Driver()
        defer { first.cleanUp() }
        await first.onboard()
        let fresh = first.model.today.snapshot!
        XCTAssertFalse(fresh.isFromCache)

        first.clock.advance(3600)
        let d = first.relaunch()
        // The very first frame: the cached numbers, marked as cached.
        XCTAssertEqual(d.model.today.snapshot?.steps.map(\.value), fresh.steps.map(\.value))
        XCTAssertTrue(d.screenText.contains("Cached · Updated 15:30"), d.screenText)
        let effects = d.model.start(d.ctx)
        XCTAssertTrue(d.model.today.isLoading)
        XCTAssertTrue(d.screenText.contains("Refreshing"), "numbers stay on screen while refreshing")
        XCTAssertTrue(d.screenText.contains("Steps"))
        await d.run(effects)
        XCTAssertFalse(d.model.today.isLoading)
        XCTAssertFalse(d.model.today.snapshot!.isFromCache)
        XCTAssertTrue(d.screenText.contains("Updated 16:30"), d.screenText)
        XCTAssertGreaterThanOrEqual(d.model.today.snapshot!.steps.last!.value, fresh.steps.last!.value, "today grew")
    }

    func testRefreshFailureKeepsCachedNumbersWithABanner() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        let before = d.model.today.snapshot
        await d.send(.health(.failure(.transient("the simulated connection dropped"))))
        XCTAssertEqual(d.model.today.snapshot, before)
        XCTAssertTrue(d.screenText.contains("Couldn't refresh — showing numbers from 15:30"), d.screenText)
        d.model.shared.toast = nil // the status shares the toast's line at 80 columns
        XCTAssertTrue(d.screenText.contains("Offline · Updated 15:30"), d.screenText)
        await d.press(.char("r"))
        XCTAssertNil(d.model.today.lastError, "retry succeeded")
    }

    func testLoadingStateWithoutCacheShowsSkeletons() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        _ = d.model.handle(.key(.enter), now: d.clock.now, d.ctx)
        let effects = d.model.handle(.authorization(.success([.stepCount: .authorized, .activeEnergyBurned: .authorized])),
                                     now: d.clock.now, d.ctx)
        XCTAssertTrue(effects.contains { $0.workID == WorkID(.today, "refresh") })
        XCTAssertTrue(d.model.today.isLoading)
        XCTAssertNil(d.model.today.snapshot)
        XCTAssertTrue(d.screenText.contains("Loading"))
        XCTAssertTrue(d.model.today.isAnimating(now: d.clock.now, d.model.shared, d.ctx), "the shimmer moves")
    }

    /// A day with no energy reading (an import that ends before today) shows a dash and says so,
    /// as stats (null) and Nutrition ("Burned —") do: never a 0 with "500 kcal to go".
    func testADayWithoutAReadingShowsADashNotAZero() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.advance(1)
        let today = DayKey(d.clock.now, calendar: d.ctx.calendar)
        d.model.today.snapshot?.energy?.removeAll { $0.day == today }
        XCTAssertNil(d.model.today.value(.activeEnergyBurned, on: today))
        let lines = d.render().lines
        let card = lines.compactMap { line -> String? in
            guard let bar = line.range(of: "│", options: .backwards) else { return nil }
            return String(line[..<bar.lowerBound])
        }.joined(separator: "\n")
        XCTAssertTrue(card.contains("— kcal") && card.contains("No reading today"), lines.joined(separator: "\n"))
        XCTAssertFalse(lines.joined().contains("kcal to go"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.joined().contains("steps to go") || lines.joined().contains("Goal reached"), "steps keep their card")
        // The chart's readout of that day says the same: "—", not "0 kcal".
        await d.press(.char("c"))
        let readout = d.render().lines.first { $0.contains("Sun, Nov 22") } ?? ""
        XCTAssertTrue(readout.contains("Sun, Nov 22  — kcal"), readout)
    }

    func testEmptyScenarioShowsFriendlyEmptyState() async {
        let d = Driver(scenario: .empty)
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertTrue(d.screenText.contains("No activity yet"), d.screenText)
    }

    func testUnavailableAfterOnboardingShowsTheErrorState() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        let later = d.relaunch(scenario: .unavailable)
        defer { later.cleanUp() }
        try? FileManager.default.removeItem(at: later.env.paths.healthCacheFile)
        let fresh = later.relaunch(scenario: .unavailable)
        await fresh.launch()
        XCTAssertEqual(fresh.model.today.lastError, .unavailable)
        XCTAssertTrue(fresh.screenText.contains("Health data isn't available here"))
    }

    func testToggleChartWithCAndWithArrowsOnTheToggle() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertEqual(d.model.today.metric, .steps)
        await d.press(.char("c"))
        XCTAssertEqual(d.model.today.metric, .calories)
        XCTAssertTrue(d.screenText.contains("kcal"))
        await d.press(.backTab) // chart → toggle
        XCTAssertEqual(d.model.today.focus, .toggle)
        await d.press(.left)
        XCTAssertEqual(d.model.today.metric, .steps)
        await d.press(.right)
        XCTAssertEqual(d.model.today.metric, .calories)
    }

    func testBarReadoutMovesWithArrows() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertTrue(d.screenText.contains("Sun, Nov 22"))
        await d.press(.left, .left)
        XCTAssertEqual(d.model.today.selectedDay, 4)
        XCTAssertTrue(d.screenText.contains("Fri, Nov 20"))
        for _ in 0..<10 { await d.press(.char("h")) }
        // Four presses reach Monday; the fifth pages to the week before (its Sunday); five more walk back to Tuesday.
        XCTAssertEqual(d.model.today.weekOffset, -1, "past the first day the chart pages back a week")
        XCTAssertEqual(d.model.today.selectedDay, 1)
    }

    /// The chart's legend shows the goal line with the glyph it is drawn with ("▔" where the goal
    /// falls at the top of a row on a short chart, "╌" mid-row), and the axis names the goal's
    /// value ("10k", half the 20k top) beside it from four rows up; the narrow cards keep whole words.
    func testTheGoalLegendMatchesTheLineAndTheAxisNamesIt() async {
        for (size, glyph) in [(Size(width: 48, height: 16), "▔"), (Size(width: 60, height: 20), "▔"), (Size(width: 80, height: 24), "╌")] {
            let d = Driver(size: size)
            defer { d.cleanUp() }
            await d.onboard()
            let lines = d.screenText.components(separatedBy: "\n")
            XCTAssertTrue(lines.contains { $0.contains(glyph + " goal 10,000") }, "\(size): legend\n\(d.screenText)")
            let line = lines.first { $0.contains(String(repeating: glyph, count: 3)) }
            XCTAssertNotNil(line, "\(size): the goal line drawn with \(glyph)\n\(d.screenText)")
            XCTAssertTrue(line?.contains("10k") ?? false, "\(size): the axis names it: \(line ?? "")")
        }
        // 56×18: the Steps card keeps its goal, shortened ("Goal 10k"), as Energy keeps "Goal 500".
        let mid = Driver(size: Size(width: 56, height: 18))
        defer { mid.cleanUp() }
        await mid.onboard()
        XCTAssertTrue(mid.screenText.contains("Steps ────── Goal 10k ─╮"), mid.screenText)
        XCTAssertTrue(mid.screenText.contains("Goal 500"), mid.screenText)
        // 48×24: the insight cards wrap onto their third row rather than cut ("−4% vs the week b…").
        let narrow = Driver(size: Size(width: 48, height: 24))
        defer { narrow.cleanUp() }
        await narrow.onboard()
        XCTAssertFalse(narrow.screenText.contains("…"), narrow.screenText)
        XCTAssertTrue(narrow.screenText.contains("last 7 full days"), narrow.screenText)
    }

    /// The summary cards' "Yesterday … · Avg …" line keeps whole words at every width: the full
    /// line, a shorter average, or yesterday alone ("Yesterday 7,381 · Avg 9,655 step…" at 76×40).
    func testTheCardsContextLineKeepsWholeWords() async {
        for width in [66, 76, 90, 110, 200] {
            let d = Driver(size: Size(width: width, height: 40))
            defer { d.cleanUp() }
            await d.onboard()
            let lines = d.screenText.components(separatedBy: "\n").filter { $0.contains("Yesterday") }
            XCTAssertEqual(lines.count, 1, "\(width) columns: one row holds both cards' lines\n\(d.screenText)")
            XCTAssertFalse(lines.contains { $0.contains("…") }, "\(width) columns: \(lines)")
            if width >= 200 { XCTAssertTrue(lines[0].contains("steps · last 7 full days"), lines[0]) }
        }
    }

    func testGoalsAreEditableAndRemembered() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.tab) // chart → steps card
        XCTAssertEqual(d.model.today.focus, .steps)
        await d.press(.char("+"), .char("+"))
        XCTAssertEqual(d.model.shared.settings.stepGoal, 11_000)
        await d.press(.right, .char("-"))
        XCTAssertEqual(d.model.shared.settings.energyGoal, 450)
        XCTAssertEqual(d.relaunch().model.shared.settings.stepGoal, 11_000)
        for _ in 0..<100 { await d.press(.char("-")) }
        XCTAssertEqual(d.model.shared.settings.energyGoal, 50, "clamped at the minimum")
    }

    func testSimulatedCelebrationPlaysAndEnds() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        let before = d.hapticCount
        await d.press(.char("g"))
        XCTAssertEqual(d.hapticCount, before + 1)
        XCTAssertNotNil(d.model.today.celebration)
        await d.advance(0.8)
        XCTAssertTrue(d.screenText.contains("Goal reached! (simulated)"))
        XCTAssertTrue(d.model.today.isAnimating(now: d.clock.now, d.model.shared, d.ctx))
        await d.advance(3)
        XCTAssertNil(d.model.today.celebration)
        XCTAssertFalse(d.model.today.isAnimating(now: d.clock.now, d.model.shared, d.ctx), "idle again: no frames")
    }

    func testRealGoalCelebratesOncePerDay() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.launch()
        d.model.shared.settings.stepGoal = 1_000 // easy to reach
        await d.press(.enter)
        await d.advance(0.3)
        let before = d.hapticCount
        await d.press(.enter)
        XCTAssertNotNil(d.model.today.celebration, "goal reached on first load")
        XCTAssertEqual(d.hapticCount, before + 1)
        XCTAssertEqual(d.model.shared.settings.celebratedDays, ["2026-11-22"])
        await d.advance(5)
        await d.press(.char("r"))
        XCTAssertNil(d.model.today.celebration, "not again the same day")
        let next = d.relaunch()
        await next.launch()
        XCTAssertNil(next.model.today.celebration, "not again after a restart")
    }

    func testReducedMotionShowsAStaticBadge() async {
        let d = Driver(options: { $0.reduceMotion = true })
        defer { d.cleanUp() }
        await d.launch()
        await d.press(.enter, .enter)
        await d.press(.char("g"))
        XCTAssertFalse(d.model.today.isAnimating(now: d.clock.now, d.model.shared, d.ctx))
        XCTAssertTrue(d.screenText.contains("Goal reached!"))
        await d.advance(5)
        XCTAssertNil(d.model.today.celebration)
    }
}
