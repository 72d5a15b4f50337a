import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// Live samples through the real pipeline, environment and model, on a test clock.
@MainActor
final class LiveUpdateTests: XCTestCase {
    let live = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)

    func liveSample(_ id: String, steps: Double, at start: Date, seconds: Double = 5) -> [QuantitySample] {
        [QuantitySample(id: "\(id)-s", type: .stepCount, value: steps, start: start, end: start.addingTimeInterval(seconds), source: live),
         QuantitySample(id: "\(id)-e", type: .activeEnergyBurned, value: steps * 0.04, start: start,
                        end: start.addingTimeInterval(seconds), source: live)]
    }

    /// Today's steps computed from scratch: the provider's raw samples plus every stored live sample.
    func fromScratchSteps(_ d: Driver) async throws -> Double {
        let today = DayKey(d.clock.now, calendar: d.ctx.calendar)
        let base = try await d.env.provider.samples(of: .stepCount, in: LiveMerge.interval(of: today...today, calendar: d.ctx.calendar))
        let stored = SampleLog(url: d.env.paths.samplesFile).load(keepingSince: .distantPast).samples
        return DailyStatistics.dailyTotals(base + stored, from: today, through: today, calendar: d.ctx.calendar).first?.value ?? 0
    }

    func testLiveSamplesUpdateTodayCountAndLastSync() async throws {
        let d = Driver(size: Size(width: 100, height: 24)) // room for the long sync wording beside every tab
        defer { d.cleanUp() }
        await d.onboard()
        let before = d.model.today.snapshot!.steps.last!.value
        d.clock.advance(2)
        await d.receiveLive(liveSample("a", steps: 300, at: d.clock.now.addingTimeInterval(-2)))
        XCTAssertEqual(d.model.today.updatesReceived, 2, "steps and energy")
        XCTAssertGreaterThan(d.model.today.snapshot!.steps.last!.value, before)
        XCTAssertTrue(d.screenText.contains("Last sync 15:30:02 · 2 updates"), d.screenText)

        // Flushed on quit, then today's total equals a from-scratch computation over the stored samples.
        await d.press(.char("q"))
        XCTAssertNil(d.env.livePipeline.flush())
        let scratch = try await fromScratchSteps(d)
        XCTAssertEqual(d.model.today.snapshot!.steps.last!.value, scratch, accuracy: 0.001)
    }

    /// Month read fresh at 15:30 shows live steps as they come: its "Updated" time moves on with
    /// them (it said 15:30 while the month's today bar grew minutes later).
    func testMonthsUpdatedTimeFollowsTheLiveSteps() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openMonth()
        XCTAssertTrue(d.render().lines[1].contains("Updated 15:30"), d.render().lines[1])
        let today = DayKey(d.clock.now, calendar: d.ctx.calendar)
        let before = d.model.month.data?.chart[today] ?? 0
        await d.advance(7 * 60)
        await d.receiveLive(liveSample("m", steps: 250, at: d.clock.now.addingTimeInterval(-5)))
        XCTAssertEqual(d.model.month.data?.chart[today], before + 250, "the live steps are on the month's today")
        XCTAssertTrue(d.render().lines[1].contains("Updated 15:37"), d.render().lines[1])
    }

    func testANarrowHeaderShortensTheSyncLineInsteadOfDroppingIt() async {
        let d = Driver(size: Size(width: 60, height: 20))
        defer { d.cleanUp() }
        await d.onboard()
        await d.receiveLive(liveSample("a", steps: 30, at: d.clock.now.addingTimeInterval(-5)))
        // The abbreviated tabs fill the top row at 60 columns: the sync line sits under them, whole.
        let lines = d.render().lines
        XCTAssertTrue(lines[0].hasSuffix("Synced 15:30:00 ") || lines[1].contains("Last sync 15:30:00 · "), lines[0] + "\n" + lines[1])
    }

    func testARelaunchCountsStoredLiveSamplesOnceInTheRefreshAndTheCache() async throws {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.receiveLive(liveSample("a", steps: 400, at: d.clock.now.addingTimeInterval(-5)))
        XCTAssertNil(d.env.livePipeline.flush())
        let shown = d.model.today.snapshot!.steps.last!.value

        let again = d.relaunch()
        XCTAssertEqual(again.model.today.snapshot?.steps.last?.value, shown, "the cache-first frame already has the live steps")
        await again.launch()
        XCTAssertEqual(again.model.today.snapshot!.steps.last!.value, shown, accuracy: 0.001, "refreshed, not double counted")
        let scratch = try await fromScratchSteps(again)
        XCTAssertEqual(shown, scratch, accuracy: 0.001)
    }

    func testCrossingTheGoalFromLiveDataCelebratesOnce() async {
        let d = Driver(options: { $0.reduceMotion = true })
        defer { d.cleanUp() }
        await d.onboard()
        let today = d.model.today.snapshot!.steps.last!.value
        // A goal just above today's steps (goals move in steps of 500).
        while Double(d.model.shared.settings.stepGoal) <= today { await d.press(.char("+")) }
        while Double(d.model.shared.settings.stepGoal) - 500 > today { await d.press(.char("-")) }
        let haptics = d.hapticCount
        XCTAssertNil(d.model.today.celebration)

        await d.receiveLive(liveSample("big", steps: 2_000, at: d.clock.now.addingTimeInterval(-5)))
        XCTAssertNotNil(d.model.today.celebration, "the goal was crossed by live data")
        XCTAssertEqual(d.hapticCount, haptics + 1)

        await d.advance(5)
        await d.receiveLive(liveSample("more", steps: 2_000, at: d.clock.now.addingTimeInterval(-5)))
        XCTAssertNil(d.model.today.celebration, "once per day")
        XCTAssertEqual(d.hapticCount, haptics + 1)
    }

    /// `--no-live` stops the stream, not the record: the samples an earlier run saved still count
    /// (Today read 52 steps fewer than `stats` and `glance`, which count them), and the launch
    /// writes nothing to the log.
    func testNoLiveStillCountsTheSamplesAnEarlierRunSaved() async throws {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        let before = d.model.today.snapshot!.steps.last!.value
        await d.receiveLive(liveSample("a", steps: 400, at: d.clock.now.addingTimeInterval(-5)))
        XCTAssertNil(d.env.livePipeline.flush())
        let saved = try Data(contentsOf: d.env.paths.samplesFile)

        let again = d.relaunch(options: { $0.live = false })
        await again.launch()
        XCTAssertEqual(again.model.today.snapshot!.steps.last!.value, before + 400, accuracy: 0.001)
        XCTAssertEqual(try Data(contentsOf: again.env.paths.samplesFile), saved, "the log is left as it was")
    }
}

/// The run loop itself with a scripted terminal: how often it draws and writes.
@MainActor
final class LiveRuntimeTests: XCTestCase {
    final class ScriptedTerminal: TerminalDevice {
        var size = Size(width: 80, height: 24)
        var presented = 0
        var script: [[TerminalEvent]] = []
        func present(_ buffer: Buffer) { presented += 1 }
        func waitForEvents(timeout: Double?) -> [TerminalEvent] { script.isEmpty ? [.keys([.char("q")])] : script.removeFirst() }
        func bell() {}
        func flashScreen() {}
        func suspend() {}
    }

    /// Work's results for a screen that is not shown change nothing on screen: no frame goes
    /// out for them; a key always gets its frame.
    /// The run loop on a fresh data directory (removed by the caller with `dir`), a test clock
    /// and a terminal that counts frames.
    func makeRuntime(_ policy: LivePolicy = LivePolicy(), live: Bool = true)
        -> (runtime: AppRuntime, terminal: ScriptedTerminal, env: AppEnvironment, clock: TestClock, dir: URL) {
        let clock = TestClock(Driver.start)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-runtime-\(UUID().uuidString)")
        var options = Options()
        options.dataDir = dir.path
        options.live = live
        let env = AppEnvironment(options: options, environment: Driver.utcEnvironment, now: { clock.now }, sleeper: { clock.advance($0) },
                                 livePolicy: policy)
        let terminal = ScriptedTerminal()
        return (AppRuntime(env: env, device: terminal, wake: {}), terminal, env, clock, dir)
    }

    /// With `--no-live` the run loop listens to no stream (the flag's whole effect now that saved
    /// samples count either way); with live updates on it does.
    func testNoLiveStartsNoStream() async {
        for live in [true, false] {
            let (runtime, _, _, _, dir) = makeRuntime(live: live)
            defer { try? FileManager.default.removeItem(at: dir) }
            runtime.startLiveStreamIfNeeded()
            XCTAssertEqual(runtime.isListeningToLiveSamples, live)
        }
    }

    /// In the demo the live stream's waits are background time: the clock does not count them as
    /// features' work still under way (it did once the stream slept in its detached reader, and the
    /// tour then pressed a key while a meal was still saving: the key was lost).
    func testTheLiveStreamsWaitsAreBackgroundTimeForTheDemosClock() async {
        let clock = VirtualClock(start: Driver.start)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-runtime-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = Options()
        options.dataDir = dir.path
        options.live = true
        let env = AppEnvironment(options: options, environment: Driver.utcEnvironment, now: { clock.now },
                                 sleeper: { try await clock.sleep($0) })
        var runtime: AppRuntime? = AppRuntime(env: env, device: ScriptedTerminal(), wake: {})
        VirtualClock.$inBackground.withValue(true) { runtime?.startLiveStreamIfNeeded() }
        let deadline = Date().addingTimeInterval(60)
        while clock.parkedCount == 0, Date() < deadline { await Task.yield() }
        XCTAssertEqual(clock.parkedCount, 1, "the stream waits for the watch's next tick")
        XCTAssertEqual(clock.parkedWorkCount, 0, "and that wait is not features' work")
        runtime = nil
        while clock.parkedCount > 0, Date() < deadline { await Task.yield() }
        XCTAssertEqual(clock.parkedCount, 0, "a dropped runtime's stream stops waiting")
    }

    /// A runtime dropped without its loop ending (as a test's or a benchmark's is) stops
    /// listening: the test clock, which the mock watch's stream advances each tick, stands still.
    /// (Every test's runtime once went on pulling samples into its inbox: 24 GB by the end of the run.)
    func testADroppedRuntimeStopsListening() async {
        func listenThenDrop() async -> (TestClock, URL) {
            let (runtime, _, _, clock, dir) = makeRuntime()
            let start = clock.now
            runtime.startLiveStreamIfNeeded()
            let deadline = Date().addingTimeInterval(60)
            while clock.now == start, Date() < deadline { await Task.yield() }
            XCTAssertGreaterThan(clock.now, start, "the stream ticked")
            return (clock, dir)
        }
        let (clock, dir) = await listenThenDrop()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dropped = clock.now
        for _ in 0..<2_000 { await Task.yield() }
        XCTAssertLessThanOrEqual(clock.now.timeIntervalSince(dropped), 5, "at most the tick under way when it was dropped")
    }

    func testAResultThatChangesNothingOnScreenPresentsNoFrame() async {
        let (runtime, terminal, _, _, dir) = makeRuntime()
        defer { try? FileManager.default.removeItem(at: dir) }
        runtime.step([.keys([.char("?")])])
        XCTAssertEqual(terminal.presented, 1, "a key's frame")
        struct Nothing: Sendable {}
        runtime.inbox.post(.message(.feature(.month), Nothing()))
        runtime.step([.wake])
        XCTAssertEqual(terminal.presented, 1, "Month's message changed nothing on screen")
        runtime.inbox.post(.message(.shell, ShellMessage.storageFailed("disk full")))
        runtime.step([.wake])
        XCTAssertEqual(terminal.presented, 2, "a toast is drawn")
        runtime.step([.keys([.char("x")])])
        XCTAssertEqual(terminal.presented, 3, "a key is answered with a frame even when nothing changed")
    }

    func testABurstOf1000SamplesInOneSecondDrawsAtMostThreeFramesAndFlushesOnQuit() async {
        let (runtime, terminal, env, clock, dir) = makeRuntime(LivePolicy(batchSize: 100, flushInterval: 10, publishInterval: 0.5))
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = HealthSource(id: "mock.watch.live", name: "Apple Watch", kind: .watch)

        for i in 0..<1000 {
            clock.advance(0.001)
            runtime.inbox.post(QuantitySample(id: "b\(i)", type: .stepCount, value: 1, start: clock.now.addingTimeInterval(-0.001),
                                              end: clock.now, source: source))
            runtime.step([.wake])
        }
        XCTAssertLessThanOrEqual(terminal.presented, 3, "at most one frame per 0.5 s from the stream")
        XCTAssertEqual(env.live?.counters.writes, 10, "ten batches of 100, not 1,000 writes")

        // Five more, under a batch: written when the app quits.
        for i in 0..<5 {
            runtime.inbox.post(QuantitySample(id: "q\(i)", type: .stepCount, value: 1, start: clock.now, end: clock.now.addingTimeInterval(1),
                                              source: source))
        }
        runtime.step([.wake])
        XCTAssertEqual(env.live?.pendingCount, 5)
        XCTAssertEqual(runtime.run(), 0)
        XCTAssertEqual(env.live?.pendingCount, 0)
        XCTAssertEqual(SampleLog(url: env.paths.samplesFile).load(keepingSince: .distantPast).samples.count, 1005)
    }
}
