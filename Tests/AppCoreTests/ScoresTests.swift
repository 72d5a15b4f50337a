import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

/// Units follow the locale; a value that is not a number is never shown as one.
final class ScoresFormattingTests: XCTestCase {
    let utc = ZoneRules.named("UTC")!

    func testDurationsAndUnitsInEnglish() {
        let f = Formats(locale: FormatLocale(identifier: "en_US"), timeZone: utc)
        let durations: [(Double, String?)] = [
            (0, "0m"), (59, "59m"), (59.6, "1h 00m"), (60, "1h 00m"), (425, "7h 05m"), (445, "7h 25m"), (1500, "25h 00m"),
            (-1, nil), (.nan, nil), (.infinity, nil),
        ]
        for (minutes, want) in durations { XCTAssertEqual(f.duration(minutes: minutes), want, "\(minutes) min") }
        let units: [(Double, MetricUnit, String?)] = [
            (48, .milliseconds, "48 ms"), (54, .beatsPerMinute, "54 bpm"), (2_140, .kilocalories, "2,140 kcal"),
            (1_234_567, .kilocalories, "1,234,567 kcal"), (425, .minutes, "7h 05m"), (47.6, .milliseconds, "48 ms"),
            (-3, .beatsPerMinute, nil), (.nan, .kilocalories, nil),
        ]
        for (value, unit, want) in units { XCTAssertEqual(f.measurement(value, unit), want, "\(value) \(unit)") }
    }

    func testDurationsAndUnitsInFrench() {
        let f = Formats(locale: FormatLocale(identifier: "fr_FR"), timeZone: utc)
        let group = f.integer(1000).dropFirst().first.map(String.init) ?? " "
        XCTAssertNotEqual(group, "0", "French groups thousands")
        let cases: [(Double, MetricUnit, String)] = [
            (0, .minutes, "0 min"), (59, .minutes, "59 min"), (425, .minutes, "7 h 05 min"), (1500, .minutes, "25 h 00 min"),
            (48, .milliseconds, "48 ms"), (54, .beatsPerMinute, "54 bpm"), (2_140, .kilocalories, "2\(group)140 kcal"),
        ]
        for (value, unit, want) in cases { XCTAssertEqual(f.measurement(value, unit), want, "\(value) \(unit)") }
    }

    func testStatusArrowsAreGlyphsNotColorAndASCIIUnderLANGC() {
        XCTAssertEqual(ScoreWidget.arrow(.higher, .unicode), "▲")
        XCTAssertEqual(ScoreWidget.arrow(.lower, .unicode), "▼")
        XCTAssertEqual(ScoreWidget.arrow(.within, .unicode), "=")
        XCTAssertEqual(ScoreWidget.arrow(nil, .unicode), " ")
        XCTAssertEqual(ScoreWidget.arrow(.higher, .ascii), "^")
        XCTAssertEqual(ScoreWidget.arrow(.lower, .ascii), "v")
    }
}

/// Layout: three across when wide, two above one at 80 columns, compact at the minimum; nothing overlaps.
final class ScoresLayoutTests: XCTestCase {
    func cards(_ scenario: MetricScenario) async throws -> DailyScoreCards {
        let cal = LocalCalendar(zoneNamed: "UTC")!
        let today = DayKey(year: 2026, month: 11, day: 22)
        return try await MockMetricDataService(scenario: scenario, today: today).scores(for: today, calendar: cal)
    }

    func testFormsBySize() async throws {
        let c = try await cards(.normal)
        let wide = ScoresLayout.plan(width: 118, height: 37, cards: c)
        XCTAssertEqual(Set(wide.forms.values), [.column])
        XCTAssertEqual(Set(ScoreKind.allCases.map { wide.frames[$0]?.y }), [0], "side by side")
        let medium = ScoresLayout.plan(width: 78, height: 21, cards: c)
        XCTAssertEqual(medium.forms, [.sleep: .column, .recovery: .column, .strain: .row])
        XCTAssertEqual(medium.frames[.sleep]?.y, medium.frames[.recovery]?.y)
        XCTAssertLessThanOrEqual(medium.contentHeight, 21, "2+1 fits 80x24 without scrolling")
        let small = ScoresLayout.plan(width: 46, height: 13, cards: c)
        XCTAssertEqual(Set(small.forms.values), [.compact])
        XCTAssertLessThanOrEqual(small.contentHeight, 13, "compact fits 48x16")
    }

    /// Without UTF-8 a gauge is a two-row bar, so a card takes the rows that holds, not a ring's:
    /// border 2 + bar and zone marks 2 + the zone line 1 + a gap 1 + two measurements = 8.
    func testCardsWithoutRingsTakeTheRowsOfABar() async throws {
        let c = try await cards(.normal)
        let wide = ScoresLayout.plan(width: 198, height: 57, cards: c, ring: false)
        XCTAssertEqual(ScoreKind.allCases.map { wide.frames[$0]?.height }, [8, 8, 8])
        XCTAssertEqual(ScoresLayout.plan(width: 198, height: 57, cards: c).frames[.sleep]?.height, 18, "rings keep their room")
        let medium = ScoresLayout.plan(width: 78, height: 21, cards: c, ring: false)
        XCTAssertEqual(medium.frames[.sleep]?.height, 8)
        XCTAssertEqual(medium.frames[.strain], Rect(x: 0, y: 8, width: 78, height: 6), "a row: its bar beside the zone line and 2 measurements")
    }

    func testFramesNeverOverlapAndStayInsideTheWidth() async throws {
        for scenario in MetricScenario.allCases {
            let c = try await cards(scenario)
            for (w, h) in [(46, 13), (58, 17), (78, 21), (100, 30), (118, 37), (200, 60)] {
                let l = ScoresLayout.plan(width: w, height: h, cards: c)
                let frames = ScoreKind.allCases.compactMap { l.frames[$0] }
                XCTAssertEqual(frames.count, 3)
                for (i, a) in frames.enumerated() {
                    XCTAssertGreaterThanOrEqual(a.x, 0); XCTAssertLessThanOrEqual(a.maxX, w, "\(scenario) \(w)x\(h)")
                    for b in frames[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "\(scenario) \(w)x\(h): \(a) and \(b)") }
                }
            }
        }
    }

    func testScrollKeepsTheFocusedWidgetInView() async throws {
        let l = ScoresLayout.plan(width: 46, height: 8, cards: try await cards(.calibrating))
        XCTAssertGreaterThan(l.contentHeight, 8)
        XCTAssertEqual(l.scrollOffset(focus: .sleep, height: 8), 0)
        let offset = l.scrollOffset(focus: .strain, height: 8)
        let strain = try XCTUnwrap(l.frames[.strain])
        XCTAssertLessThanOrEqual(strain.maxY - offset, 8)
        XCTAssertGreaterThanOrEqual(strain.y - offset, 0)
    }
}

/// The screen with the real model and environment: focus, detail, Esc, the mock's numbers on screen.
@MainActor
final class ScoresScreenTests: XCTestCase {
    func driver(_ scenario: String = "normal", size: Size = Size(width: 80, height: 24), theme: String = "dark",
                adjust: (@Sendable (DayKey, inout DailyInputs) -> Void)? = nil) async -> Driver {
        let d = Driver(size: size, theme: theme, options: { $0.scenarioName = scenario; $0.reduceMotion = true })
        if let adjust {
            let clock = d.clock
            d.env.replaceService(ScoresMetrics.self, with: DatedMockMetricDataService(scenario: MetricScenario(rawValue: scenario) ?? .normal, seed: 42,
                                                       now: { clock.now }, adjust: adjust))
        }
        await d.allowHealthAccess()
        await d.launch()
        d.model.shared.route = .scores
        await d.send(.tick)
        return d
    }

    /// Wherever the ▲ ▼ = marks are drawn their legend is on screen too, whichever score has the
    /// focus (the screen scrolls at 80×20): on a row of its own where there is one, else in the
    /// bottom border of a card on screen (80×24; the shorter wording in a half-width card at 80×20),
    /// which stays whole. The scroll marks are arrows, never the ▲/▼ the legend explains.
    func testTheMarksLegendIsOnScreenAtEverySize() async {
        for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 20), Size(width: 90, height: 20),
                     Size(width: 80, height: 24), Size(width: 100, height: 30), Size(width: 200, height: 60)] {
            let d = await driver(size: size)
            defer { d.cleanUp() }
            for _ in ScoreKind.allCases {
                let lines = d.render().lines
                let screen = lines.joined(separator: "\n")
                XCTAssertTrue(screen.contains("▲") || screen.contains("▼"), "\(size): marks drawn\n\(screen)")
                XCTAssertTrue(screen.contains("▲ higher than usual · ▼ lower · = usual") || screen.contains("▲ higher · ▼ lower · = usual"),
                              "\(size) \(d.model.scores.focus): legend\n\(screen)")
                if let row = lines.first(where: { $0.contains("▲ higher") }), row.contains("╰") {
                    XCTAssertTrue(row.trimmingCharacters(in: .whitespaces).hasSuffix("─╯"), "the border keeps its corner: \(row)")
                }
                if size == Size(width: 80, height: 20), d.model.scores.focus == .sleep {
                    XCTAssertEqual(lines[lines.count - 2].trimmingCharacters(in: .whitespaces).last, "↓", "more below: an arrow, not ▼")
                }
                await d.press(.tab)
            }
        }
    }

    /// A reason too long for a narrow card's width goes on two lines (the blank row above the
    /// metrics) instead of being cut; one that fits stays on one line.
    func testAReasonTooLongForTheCardWrapsWhole() async {
        for width in [62, 66, 70] {
            let d = await driver("no-sleep", size: Size(width: width, height: 24))
            defer { d.cleanUp() }
            let lines = d.screenText.components(separatedBy: "\n")
            XCTAssertFalse(lines.contains { $0.contains("…") }, d.screenText)
            guard let i = lines.firstIndex(where: { $0.contains("· No sleep recorded last") }) else {
                XCTFail("\(width) columns: no reason\n\(d.screenText)"); continue
            }
            XCTAssertTrue(lines[i + 1].contains(" night "), "\(width) columns, the line after: \(lines[i + 1])")
            XCTAssertTrue(lines[i + 2].contains("Time in bed"), "the metrics right after: \(lines[i + 2])")
        }
        let wide = await driver("no-sleep", size: Size(width: 100, height: 24))
        defer { wide.cleanUp() }
        XCTAssertTrue(wide.screenText.contains("· No sleep recorded last night"), wide.screenText)
    }

    /// In a score's week both directions say what they move through: the next and the previous score's week.
    func testTheDetailsKeysNameTheWeekBothWays() async {
        let d = await driver()
        defer { d.cleanUp() }
        var titles = d.model.keyHints(d.ctx).screen.map(\.title)
        XCTAssertTrue(titles.contains("Next score") && titles.contains("Previous score"), "\(titles)")
        await d.press(.enter)
        titles = d.model.keyHints(d.ctx).screen.map(\.title)
        XCTAssertTrue(titles.contains("Next score's week") && titles.contains("Previous score's week"), "\(titles)")
    }

    func testTheMocksNumbersAreWhatTheScreenShows() async {
        let today = DayKey(Driver.start, calendar: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: ZoneRules.named("UTC")!).calendar)
        let d = await driver(adjust: { day, v in
            guard day == today else { return }
            v.hrvMilliseconds = 123; v.restingHeartRate = 47; v.timeInBedMinutes = 500; v.timeAsleepMinutes = 333
            v.activeKilocalories = 2_140; v.exerciseMinutes = 95
        })
        defer { d.cleanUp() }
        let screen = d.screenText
        for text in ["123 ms", "47 bpm", "8h 20m", "5h 33m", "2,140 kcal", "1h 35m"] { XCTAssertTrue(screen.contains(text), "shows \(text)\n\(screen)") }
        let cards = d.model.scores.cards
        XCTAssertEqual(cards?.sleep.score, ScoreFormulas.sleepScore(asleepMinutes: 333, inBedMinutes: 500))
        XCTAssertTrue(screen.contains("\(cards?.sleep.score ?? -1)%"), "the gauge shows the computed score")
    }

    func testFocusMovesBetweenWidgetsAndWraps() async {
        let d = await driver()
        defer { d.cleanUp() }
        XCTAssertEqual(d.model.scores.focus, .sleep)
        await d.press(.tab); XCTAssertEqual(d.model.scores.focus, .recovery)
        await d.press(.right); XCTAssertEqual(d.model.scores.focus, .strain)
        await d.press(.tab); XCTAssertEqual(d.model.scores.focus, .sleep, "wraps")
        await d.press(.left); XCTAssertEqual(d.model.scores.focus, .strain)
        await d.press(.backTab); XCTAssertEqual(d.model.scores.focus, .recovery)
        XCTAssertEqual(d.model.route, .scores, "arrows stay on the screen")
        let titles = Palette.entries(d.model, d.ctx).map(\.title)
        XCTAssertEqual(titles.filter { $0 == "Next score" }.count, 1, "the palette lists each action once: \(titles)")
        XCTAssertEqual(titles.filter { $0 == "Previous score" }.count, 1, "\(titles)")
    }

    /// The first week read (the focused score's, under the gauges at 200×60) brings all three:
    /// moving the focus or opening the detail afterwards starts no read, so the key's own
    /// frame holds the week (it was read then, and drawn in a second frame 3 ms later).
    func testMovingTheFocusNeedsNoReadAfterScoresLoad() async {
        let d = await driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        for kind in ScoreKind.allCases {
            XCTAssertEqual(d.model.scores.history[kind]?.count, 7, "\(kind)'s week came with the first read")
        }
        for key in [Key.tab, .tab, .right, .enter, .tab, .left, .backTab] {
            let effects = d.model.handle(.key(key), now: d.clock.now, d.ctx)
            let reads = effects.filter { if case .run = $0 { return true } else { return false } }
            XCTAssertTrue(reads.isEmpty, "\(key) on \(d.model.scores.focus) starts a read")
            XCTAssertNil(d.model.scores.historyLoading)
            await d.run(effects)
        }
        let week = d.model.scores.history[.recovery] ?? []
        XCTAssertEqual(week.last?.score, d.model.scores.cards?.recovery.score, "the week ends on today's card")
    }

    /// `r` reads the scores and weeks again with the cards and the week under the gauges left
    /// on screen ("Refreshing…" in the header until the scores come), then the new numbers:
    /// no "Loading scores…" in their place for the few ms the read takes.
    func testRefreshKeepsWhatShowsUntilTheNewNumbersCome() async {
        let d = await driver(size: Size(width: 200, height: 60))
        defer { d.cleanUp() }
        let before = d.screenText
        XCTAssertTrue(before.contains("Sleep · last 7 days") || d.model.scores.history[.sleep]?.count == 7, before)
        let effects = d.model.handle(.key(.char("r")), now: d.clock.now, d.ctx)
        XCTAssertEqual(effects.compactMap(\.workID).map(\.name).sorted(), ["history", "load"], "reads the scores and the weeks")
        let meanwhile = d.screenText
        XCTAssertFalse(meanwhile.contains("Loading scores"), meanwhile)
        XCTAssertEqual(d.model.scores.history[.sleep]?.count, 7, "the week stays")
        XCTAssertTrue(meanwhile.contains("Refreshing…"), "the header says so")
        await d.run(effects)
        XCTAssertFalse(d.screenText.contains("Refreshing…"))
        XCTAssertEqual(d.screenText, before, "the same numbers: the same screen")
        XCTAssertEqual(d.model.scores.history[.sleep]?.count, 7)
    }

    func testEnterOpensSevenDaysAndEscComesBack() async {
        let d = await driver()
        defer { d.cleanUp() }
        await d.press(.tab, .enter)
        XCTAssertEqual(d.model.scores.detail, .recovery)
        let days = d.model.scores.history[.recovery] ?? []
        XCTAssertEqual(days.count, 7)
        XCTAssertEqual(days.last?.score, d.model.scores.cards?.recovery.score, "the last bar is today")
        XCTAssertTrue(d.screenText.contains("Recovery · last 7 days"))
        await d.press(.tab)
        XCTAssertEqual(d.model.scores.detail, .strain, "Tab shows the next score's week")
        XCTAssertEqual(d.model.scores.history[.strain]?.count, 7)
        await d.press(.escape)
        XCTAssertNil(d.model.scores.detail)
        XCTAssertEqual(d.model.route, .scores)
        XCTAssertTrue(d.screenText.contains("Recovery"))
    }

    func testMissingDataShowsADashAndAReasonNotZeros() async {
        let d = await driver("no-sleep")
        defer { d.cleanUp() }
        let screen = d.screenText
        XCTAssertNil(d.model.scores.cards?.sleep.score)
        XCTAssertTrue(screen.contains("No sleep recorded last night"), screen)
        XCTAssertTrue(screen.contains("—"))
        XCTAssertFalse(screen.contains("0m "), "no zero durations in place of missing sleep")
        XCTAssertFalse(screen.contains(" 0%"))
    }

    func testCalibratingSaysHowManyDays() async {
        let d = await driver("calibrating")
        defer { d.cleanUp() }
        XCTAssertTrue(d.screenText.contains("Calibrating: 6 of 14 days"), d.screenText)
    }

    func testTheDetailOfAScoreWithNoHistorySaysSo() async {
        let d = await driver("calibrating")
        defer { d.cleanUp() }
        await d.press(.enter)
        XCTAssertTrue(d.screenText.contains("No scores in the last 7 days yet"), d.screenText)
    }

    func testStatsJSONCarriesTodaysScores() async throws {
        let d = await driver("no-sleep")
        defer { d.cleanUp() }
        let snapshot = HealthSnapshot(steps: [DailyTotal(day: DayKey(year: 2026, month: 11, day: 21), value: 10),
                                              DailyTotal(day: DayKey(year: 2026, month: 11, day: 22), value: 20)],
                                      energy: nil, fetchedAt: Driver.start, isFromCache: false)
        let cards = try XCTUnwrap(d.model.scores.cards)
        let json = Commands.statsJSON(snapshot, scores: cards)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertTrue(rows[0]["strainScore"] is NSNull, "only today's row has scores: other days say null")
        XCTAssertNotNil(rows[1]["strainScore"] as? Int)
        XCTAssertTrue(rows[1]["sleepScore"] is NSNull, "an unavailable score is null, not 0")
        XCTAssertEqual(rows[1]["strainScore"] as? Int, cards.strain.score)
        XCTAssertEqual(rows[1]["steps"] as? Int, 20)
    }

    func testCachedHealthDataBecomesScoreInputs() {
        let day = DayKey(year: 2026, month: 11, day: 22)
        let snapshot = HealthSnapshot(series: [.heartRateVariabilitySDNN: [DailyTotal(day: day, value: 51)],
                                               .restingHeartRate: [DailyTotal(day: day, value: 0)],
                                               .appleExerciseTime: [DailyTotal(day: day, value: 30)]],
                                      sleep: [SleepNight(night: day, asleepMinutes: 400, inBedMinutes: 450, start: Driver.start, end: Driver.start)],
                                      fetchedAt: Driver.start, isFromCache: true)
        let inputs = CachedHealthMetricDataService.dailyInputs(from: snapshot, day: day)
        XCTAssertEqual(inputs, DailyInputs(timeInBedMinutes: 450, timeAsleepMinutes: 400, hrvMilliseconds: 51, restingHeartRate: nil,
                                           activeKilocalories: nil, exerciseMinutes: 30), "a discrete average of 0 is no reading")
        XCTAssertTrue(CachedHealthMetricDataService.holdsScoreData(snapshot))
        XCTAssertFalse(CachedHealthMetricDataService.holdsScoreData(HealthSnapshot(steps: [DailyTotal(day: day, value: 5)], energy: nil,
                                                                                  fetchedAt: Driver.start, isFromCache: true)))
    }
}

/// Golden frames: the screen in every mock scenario at the three sizes, dark and light; each widget alone in each form.
@MainActor
final class ScoresSnapshotTests: XCTestCase {
    func testScreenInEveryScenario() async {
        for scenario in MetricScenario.allCases {
            for size in [Size(width: 48, height: 16), Size(width: 80, height: 24), Size(width: 120, height: 40)] {
                for theme in ["dark", "light"] {
                    let d = Driver(size: size, theme: theme, options: { $0.scenarioName = scenario.rawValue; $0.reduceMotion = true })
                    await d.allowHealthAccess()
                    await d.launch()
                    d.model.shared.route = .scores
                    d.model.shared.toast = nil
                    assertSnapshot(d.renderContent(), named: "scores-\(scenario.rawValue)-\(size.width)x\(size.height)-\(theme)")
                    d.cleanUp()
                }
            }
        }
    }

    func testDetailAt80x24And120x40() async {
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            for theme in ["dark", "light"] {
                let d = Driver(size: size, theme: theme, options: { $0.reduceMotion = true })
                await d.allowHealthAccess()
                await d.launch()
                d.model.shared.route = .scores
                d.model.shared.toast = nil
                await d.press(.tab, .tab, .enter)
                assertSnapshot(d.renderContent(), named: "scores-detail-strain-\(size.width)x\(size.height)-\(theme)")
                d.cleanUp()
            }
        }
    }

    /// In a row (Strain under the other two), a reason longer than its room goes on two lines,
    /// the blank row under it, in ASCII too (where no ring takes the card's height).
    func testARowsReasonWrapsRatherThanCut() {
        let cal = LocalCalendar(zoneNamed: "UTC")!
        let ctx = AppContext(strings: Strings(language: "en", ascii: true), formats: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: cal.timeZone),
                             glyphs: .ascii)
        let card = ScoreCard(kind: .strain, score: 12, unavailableReason: nil,
                             metrics: [MetricReading(kind: .exerciseDuration, value: 0, normalRange: nil),
                                       MetricReading(kind: .activeEnergy, value: 0, normalRange: nil)])
        var buffer = Buffer(size: Size(width: 62, height: 6))
        ScoreWidget(card: card, focused: false, form: .row).render(in: buffer.bounds, ctx, RenderContext(theme: ThemeLoader.dark, glyphs: .ascii), &buffer)
        let text = Snapshot.render(buffer)
        XCTAssertFalse(text.contains("..."), text)
        XCTAssertTrue(text.contains("No target zone without"), text)
        XCTAssertTrue(text.contains("recovery"), text)
    }

    func testEachWidgetInEachForm() async throws {
        let cal = LocalCalendar(zoneNamed: "UTC")!
        let today = DayKey(year: 2026, month: 11, day: 22)
        let cards = try await MockMetricDataService(scenario: .normal, today: today).scores(for: today, calendar: cal)
        let ctx = AppContext(strings: Strings(language: "en"), formats: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: cal.timeZone))
        let forms: [(ScoreWidget.Form, Size)] = [(.column, Size(width: 38, height: 16)), (.row, Size(width: 78, height: 8)),
                                                 (.compact, Size(width: 46, height: 4))]
        for theme in [ThemeLoader.builtin("dark"), ThemeLoader.builtin("light")] {
            for kind in ScoreKind.allCases {
                for (form, size) in forms {
                    var buffer = Buffer(size: size, fill: Cell(" ", style: theme.base))
                    ScoreWidget(card: cards.card(kind), focused: kind == .recovery, form: form)
                        .render(in: buffer.bounds, ctx, RenderContext(theme: theme), &buffer)
                    assertSnapshot(buffer, named: "score-widget-\(kind.rawValue)-\(form)-\(theme.appearance.rawValue)")
                }
            }
        }
    }
}
