import Foundation
import XCTest
@testable import AppCore
@testable import HealthDomain
@testable import Platform
import TerminalUI

extension Driver {
    /// A Driver whose wearable lives in `scenario` (random, success, out-of-range, …).
    convenience init(wearable scenario: String, seed: UInt64 = 42, size: Size = Size(width: 80, height: 24), theme: String = "dark") {
        self.init(size: size, theme: theme, options: { $0.scenarioName = scenario; $0.seed = seed })
    }

    /// Onboarded, on the Devices tab.
    func openDevices() async {
        await onboard()
        await press(Driver.tabKey(.devices))
    }

    /// Sends an event and keeps its effects instead of carrying them out (work in flight).
    func hold(_ event: AppEvent) -> [Effect] {
        model.handle(event, now: clock.now, ctx)
    }

    /// Runs the held work and delivers its results, holding what they start in turn.
    func finishWork(_ effects: [Effect]) async -> [Effect] {
        var next: [Effect] = []
        for case .run(let work) in effects {
            if let result = await work.run(env.services) { next += hold(.message(work.target, result)) }
        }
        return next
    }

    var devicesState: DeviceConnectionState { model.devices.connection.state }
}

/// The Devices screen's view model over the real app model: every transition,
/// cancel, retry after each error kind, a bad payload, the timeout, the last
/// sync across relaunches and damaged settings.
@MainActor
final class DevicesTests: XCTestCase {
    static let connectID = WorkID(.devices, "connect")

    func testConnectingThenFetchingThenSyncedAndSaved() async {
        let d = Driver(wearable: "success")
        defer { d.cleanUp() }
        await d.openDevices()
        XCTAssertEqual(d.model.route, .devices)
        XCTAssertEqual(d.devicesState, .notConnected)
        XCTAssertTrue(d.screenText.contains("Never synced"))
        XCTAssertTrue(d.screenText.contains("Connect (Enter)"))

        let start = d.clock.now
        let connect = d.hold(.key(.enter))
        guard case .connecting(1, start) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        XCTAssertEqual(connect.compactMap(\.workID), [Self.connectID])
        XCTAssertTrue(d.screenText.contains("Connecting to Pulse Band 2"), d.screenText)
        XCTAssertTrue(d.screenText.contains("Esc Cancel"), "the footer offers Esc")

        let fetch = await d.finishWork(connect)
        guard case .fetching(1, start) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        let connectTime = d.clock.now.timeIntervalSince(start)
        XCTAssertTrue((2.0...3.0).contains(connectTime), "connecting took \(connectTime) s on the test clock")
        XCTAssertEqual(fetch.compactMap(\.workID), [Self.connectID])
        XCTAssertTrue(d.screenText.contains("Reading steps, heart rate and sleep"))

        let saved = await d.finishWork(fetch)
        guard case .synced(let sync) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        XCTAssertEqual(sync.deviceName, "Pulse Band 2")
        XCTAssertEqual(sync.syncedAt, LastSync.time(d.clock.now), "stored to the second, as the file keeps it")
        XCTAssertLessThan(d.clock.now.timeIntervalSince(sync.syncedAt), 1)
        XCTAssertTrue(sync.payload.isPlausible)
        XCTAssertEqual(d.model.shared.settings.lastDeviceSync, sync)
        XCTAssertTrue(saved.contains { if case .storeSettings(_, let s) = $0 { return s.lastDeviceSync == sync }; return false })
        let screen = d.screenText
        XCTAssertTrue(screen.contains("Synced at 15:3"), screen)
        XCTAssertTrue(screen.contains(d.ctx.formats.integer(sync.payload.steps)), screen)
        XCTAssertTrue(screen.contains("\(sync.payload.heartRate) bpm"), screen)
        XCTAssertTrue(screen.contains(DevicesText.sleep(sync.payload.sleepHours, d.ctx)), screen)
        XCTAssertTrue(screen.contains("Enter Sync again"), screen)
    }

    func testTheWholeSyncRunsFromOneKeyAndASecondSyncReplacesTheFirst() async {
        let d = Driver(wearable: "success")
        defer { d.cleanUp() }
        await d.openDevices()
        await d.press(.enter)
        guard case .synced(let first) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        await d.advance(60)
        await d.press(.char("r"))
        guard case .synced(let second) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        XCTAssertGreaterThan(second.syncedAt, first.syncedAt)
        XCTAssertEqual(d.env.settingsValue.lastDeviceSync, second, "the newest sync is the one on disk")
    }

    func testEscWhileConnectingCancelsAndTheLateAnswerIsIgnored() async {
        let d = Driver(wearable: "success")
        defer { d.cleanUp() }
        await d.openDevices()
        let connect = d.hold(.key(.enter))
        d.clock.advance(1.2)
        let cancel = d.hold(.key(.escape))
        XCTAssertEqual(d.devicesState, .notConnected)
        XCTAssertTrue(cancel.contains { if case .cancel(let id) = $0 { return id == Self.connectID }; return false }, "the work is cancelled")
        XCTAssertEqual(d.model.route, .devices, "Esc stays on the screen")
        XCTAssertEqual(d.model.shared.toast?.message, "Sync cancelled")

        // The runtime drops a cancelled run's answer; even if one arrived, its attempt is stale.
        let late = await d.finishWork(connect)
        XCTAssertTrue(late.isEmpty)
        XCTAssertEqual(d.devicesState, .notConnected)
        XCTAssertNil(d.model.shared.settings.lastDeviceSync)

        // Esc during fetching cancels too.
        let again = d.hold(.key(.enter))
        _ = await d.finishWork(again)
        guard case .fetching = d.devicesState else { return XCTFail("\(d.devicesState)") }
        _ = d.hold(.key(.escape))
        XCTAssertEqual(d.devicesState, .notConnected)
    }

    func testRetryAfterEachErrorKind() async {
        for error in WearableError.connectionFailures + [.invalidPayload(.outOfRange(field: "steps", value: -12, lowest: 0, highest: 150_000)), .noResponse(seconds: 10)] {
            let d = Driver(wearable: "success")
            defer { d.cleanUp() }
            await d.openDevices()
            let connect = d.hold(.key(.enter))
            XCTAssertFalse(connect.isEmpty)
            await d.send(.message(.feature(.devices), DevicesViewModel.WorkResult(event: .failed(error, attempt: 1, at: d.clock.now))))
            guard case .failed(error, _) = d.devicesState else { return XCTFail("\(error): \(d.devicesState)") }
            let screen = d.screenText
            XCTAssertTrue(screen.contains(String(DevicesText.message(error, d.ctx).prefix(30))), "\(error): the reason\n\(screen)")
            XCTAssertTrue(screen.contains(String(DevicesText.advice(error, d.ctx).prefix(30))), "\(error): the advice\n\(screen)")
            XCTAssertTrue(screen.contains("Retry (Enter)") && screen.contains("Enter Retry"), "\(error): Retry is offered")

            await d.press(.enter)
            guard case .synced = d.devicesState else { return XCTFail("\(error): retry → \(d.devicesState)") }
            XCTAssertNotNil(d.model.shared.settings.lastDeviceSync, "\(error)")
        }
    }

    func testEveryScenarioFailureShowsItsOwnWords() async {
        var seen: Set<String> = []
        for scenario in ["out-of-range", "timed-out", "pairing-refused"] {
            let d = Driver(wearable: scenario)
            defer { d.cleanUp() }
            await d.openDevices()
            await d.press(.enter)
            guard case .failed(let error, _) = d.devicesState else { return XCTFail("\(scenario): \(d.devicesState)") }
            XCTAssertEqual(error.code, scenario)
            seen.insert(DevicesText.message(error, d.ctx))
            seen.insert(DevicesText.advice(error, d.ctx))
            XCTAssertNil(d.model.shared.settings.lastDeviceSync)
        }
        XCTAssertEqual(seen.count, 6, "each kind has its own message and advice")
    }

    func testASeededRunFailsThenSucceedsOnRetry() async throws {
        let seed = try await Self.seedFailingThenSucceeding()
        let d = Driver(wearable: "random", seed: seed)
        defer { d.cleanUp() }
        await d.openDevices()
        await d.press(.enter)
        guard case .failed = d.devicesState else { return XCTFail("seed \(seed): \(d.devicesState)") }
        await d.press(.enter)
        guard case .synced = d.devicesState else { return XCTFail("seed \(seed): \(d.devicesState)") }
    }

    /// The first seed whose first connection fails and second succeeds.
    static func seedFailingThenSucceeding() async throws -> UInt64 {
        for seed in UInt64(0)..<500 {
            let band = SimulatedWearable(scenario: .random, seed: seed, sleeper: { _ in })
            guard (try? await band.connect()) == nil else { continue }
            if (try? await band.connect()) != nil { return seed }
        }
        throw XCTSkip("no such seed below 500")
    }

    func testABadPayloadIsAnErrorNotNumbers() async {
        let d = Driver(wearable: "bad-payload")
        defer { d.cleanUp() }
        await d.openDevices()
        await d.press(.enter)
        guard case .failed(.invalidPayload(let why), _) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        XCTAssertEqual(why, .outOfRange(field: "steps", value: -12, lowest: 0, highest: 150_000))
        let screen = d.screenText
        XCTAssertTrue(screen.contains("The data from the wearable looks wrong"), screen)
        // Its numbers in the user's format, as every number on screen is.
        XCTAssertTrue(screen.replacingOccurrences(of: "\n", with: " ").contains("steps -12 is outside 0–150,000"), screen)
        XCTAssertFalse(screen.contains("STEPS") || screen.contains("bpm"), "no data card: a damaged value is never shown as data")
        XCTAssertNil(d.model.shared.settings.lastDeviceSync)
    }

    func testItNeverHangsOnConnecting() async {
        let d = Driver(wearable: "hang")
        defer { d.cleanUp() }
        await d.openDevices()
        let start = d.clock.now
        let connect = d.hold(.key(.enter)) // the band never answers: its work stays in flight
        XCTAssertFalse(connect.isEmpty)
        XCTAssertEqual(d.model.devices.nextTimer(after: start), start.addingTimeInterval(1), "wakes each second for the elapsed time")
        await d.advance(2.2)
        XCTAssertTrue(d.screenText.contains("2 s elapsed · gives up after 10 s"), d.screenText)
        XCTAssertEqual(d.model.devices.nextTimer(after: d.clock.now), start.addingTimeInterval(3))
        await d.advance(7.7)
        guard case .connecting = d.devicesState else { return XCTFail("\(d.devicesState)") }
        d.clock.advance(0.1)
        let timedOut = d.hold(.tick)
        guard case .failed(.noResponse(seconds: 10), _) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        XCTAssertTrue(timedOut.contains { if case .cancel(let id) = $0 { return id == Self.connectID }; return false })
        XCTAssertTrue(d.screenText.contains("No answer from the wearable after 10 seconds"), d.screenText)
        XCTAssertNil(d.model.devices.nextTimer(after: d.clock.now), "nothing left to wait for")
    }

    func testTheTimeoutFiresOnAnotherScreenAndAConnectionFinishingThereIsAnnounced() async {
        let d = Driver(wearable: "success")
        defer { d.cleanUp() }
        await d.openDevices()
        let connect = d.hold(.key(.enter))
        await d.press(.char("1"))
        XCTAssertEqual(d.model.route, .today, "leaving does not cancel")
        _ = await d.finishWork(await d.finishWork(connect))
        guard case .synced = d.devicesState else { return XCTFail("\(d.devicesState)") }
        XCTAssertEqual(d.model.shared.toast?.message, "Pulse Band 2 synced")

        await d.press(Driver.tabKey(.devices))
        _ = d.hold(.key(.enter))
        await d.press(.char("1"))
        await d.advance(10)
        guard case .failed(.noResponse, _) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        XCTAssertTrue(d.model.shared.toast?.message.hasPrefix("Sync failed: No answer") == true, "\(String(describing: d.model.shared.toast))")
    }

    func testTheLastSyncSurvivesARelaunchAndShowsItsAge() async {
        let d = Driver(wearable: "success")
        defer { d.cleanUp() }
        await d.openDevices()
        await d.press(.enter)
        guard case .synced(let sync) = d.devicesState else { return XCTFail("\(d.devicesState)") }

        let again = d.relaunch()
        XCTAssertEqual(again.model.devices.connection.lastSync, sync, "read before any new connection")
        XCTAssertEqual(again.devicesState, .notConnected)
        again.clock.advance(3 * 3600 + 60)
        await again.launch()
        await again.press(Driver.tabKey(.devices))
        let time = again.ctx.formats.time(sync.syncedAt)
        let screen = again.screenText
        XCTAssertTrue(screen.contains("Last sync \(time) · 3 h ago"), screen)
        XCTAssertTrue(screen.contains("Last sync · \(time)"), "the last data card\n\(screen)")
        XCTAssertTrue(screen.contains(again.ctx.formats.integer(sync.payload.steps)), screen)

        // A failure keeps the last good sync on screen and on disk.
        let failing = Driver(size: Size(width: 80, height: 30), options: { $0.scenarioName = "out-of-range" }, dataDir: d.dataDir, start: again.clock.now)
        await failing.launch()
        await failing.press(Driver.tabKey(.devices), .enter)
        guard case .failed = failing.devicesState else { return XCTFail("\(failing.devicesState)") }
        XCTAssertTrue(failing.screenText.contains("Last good sync · \(time)"), failing.screenText)
        XCTAssertEqual(failing.relaunch().model.devices.connection.lastSync, sync)
    }

    func testADamagedLastSyncResetsOnlyThatField() async throws {
        let cases: [(name: String, json: String)] = [
            ("negative steps", #"{"payload":{"steps":-5,"heartRate":72,"sleepHours":7.3},"syncedAt":"2026-11-22T14:05:00Z","deviceName":"Pulse Band 2"}"#),
            ("absurd heart rate", #"{"payload":{"steps":5,"heartRate":900,"sleepHours":7.3},"syncedAt":"2026-11-22T14:05:00Z","deviceName":"Pulse Band 2"}"#),
            ("missing payload", #"{"syncedAt":"2026-11-22T14:05:00Z","deviceName":"Pulse Band 2"}"#),
            ("a string", #""yesterday""#),
            ("a bad date", #"{"payload":{"steps":5,"heartRate":72,"sleepHours":7.3},"syncedAt":"soon","deviceName":"Pulse Band 2"}"#),
        ]
        for c in cases {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-devices-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = #"{"schemaVersion":1,"savedAt":"2026-11-22T14:05:00Z","data":{"onboardingCompleted":true,"stepGoal":12000,"#
                + #""authorization":{"stepCount":"authorized","activeEnergyBurned":"authorized"},"lastDeviceSync":\#(c.json)}}"#
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("config"), withIntermediateDirectories: true)
            try Data(file.utf8).write(to: dir.appendingPathComponent("config/settings.json"))
            let d = Driver(dataDir: dir)
            await d.launch()
            XCTAssertNil(d.model.devices.connection.lastSync, c.name)
            XCTAssertEqual(d.model.shared.settings.stepGoal, 12_000, "\(c.name): the other settings are kept")
            XCTAssertTrue(d.model.shared.settings.onboardingCompleted, c.name)
            XCTAssertTrue(d.env.notices.contains { $0.contains("lastDeviceSync") }, "\(c.name): \(d.env.notices)")
            await d.press(Driver.tabKey(.devices))
            XCTAssertTrue(d.screenText.contains("Never synced"), c.name)
            await d.press(.enter) // and it still works
            XCTAssertNotNil(d.model.devices.connection.state, c.name)
        }
    }

    func testAGoodLastSyncDecodesWithoutANotice() throws {
        let json = #"{"stepGoal":12000,"lastDeviceSync":{"payload":{"steps":7342,"heartRate":72,"sleepHours":7.3},"syncedAt":800000000,"deviceName":"Pulse Band 2"}}"#
        let settings = try JSONDecoder().decode(Settings.self, from: Data(json.utf8))
        XCTAssertEqual(settings.lastDeviceSync?.payload, WearablePayload(steps: 7342, heartRate: 72, sleepHours: 7.3))
        XCTAssertEqual(settings.loadRepairs, [])
        let none = try JSONDecoder().decode(Settings.self, from: Data(#"{"stepGoal":12000}"#.utf8))
        XCTAssertNil(none.lastDeviceSync)
        XCTAssertEqual(none.loadRepairs, [], "a settings file from before Devices is fine")
    }

    func testTheBandsStepsBesideTodaysMergedSteps() async {
        let d = Driver(wearable: "success")
        defer { d.cleanUp() }
        await d.openDevices()
        let today = DayKey(d.clock.now, calendar: d.ctx.calendar)
        let merged = d.model.today.snapshot?.steps.first { $0.day == today }?.value
        XCTAssertNotNil(merged)
        XCTAssertEqual(d.model.devices.mergedSteps(on: today), merged, "heard HealthLoaded")
        await d.press(.enter)
        guard case .synced(let sync) = d.devicesState else { return XCTFail("\(d.devicesState)") }
        let screen = d.screenText
        XCTAssertTrue(screen.contains("Steps today"), screen)
        XCTAssertTrue(screen.contains("Today, merged") && screen.contains(d.ctx.formats.integer(merged ?? 0)), screen)
        if Int(merged ?? 0) != sync.payload.steps {
            XCTAssertTrue(screen.contains("its total is not"), screen)
        }

        // A live update moves Today's number; the comparison follows.
        await d.send(.message(.everyone, LiveUpdate(newSamples: 1, steps: [DailyTotal(day: today, value: Double(sync.payload.steps))],
                                                    energy: [], at: d.clock.now)))
        XCTAssertEqual(d.model.devices.mergedSteps(on: today), Double(sync.payload.steps))
        XCTAssertTrue(d.screenText.contains("The band and Today agree."), d.screenText)
    }

    func testTheVerdictOfTheComparison() {
        let table: [(band: Int, merged: Double?, expected: StepsComparisonView.Verdict)] = [
            (7342, 7342, .agree), (7342, 7341.6, .agree), (7342, 8000, .differ(by: 658)), (8000, 7342, .differ(by: 658)),
            (7342, nil, .notLoaded), (7342, .nan, .notLoaded), (7342, .infinity, .notLoaded), (0, 1e300, .differ(by: 1_000_000_000)),
        ]
        for row in table {
            XCTAssertEqual(StepsComparisonView.verdict(band: row.band, merged: row.merged), row.expected, "\(row)")
        }
    }

    func testSleepAndAgeWording() {
        let ctx = AppContext(strings: Strings(language: "en"), formats: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: ZoneRules.named("UTC")!))
        let sleeps: [(Double, String)] = [(7.3, "7h 18m"), (0, "0h 00m"), (24, "24h 00m"), (8.999, "9h 00m"), (.nan, "0h 00m"), (-3, "0h 00m"), (1e300, "24h 00m")]
        for (hours, text) in sleeps { XCTAssertEqual(DevicesText.sleep(hours, ctx), text, "\(hours)") }
        let now = Driver.start
        let ages: [(Double, String)] = [(0, "just now"), (59, "just now"), (-300, "just now"), (60, "1 min ago"), (3599, "59 min ago"),
                                        (3 * 3600, "3 h ago"), (2 * 86400 + 5, "2 d ago"), (.infinity, "just now")]
        for (seconds, text) in ages {
            XCTAssertEqual(DevicesText.ago(now.addingTimeInterval(-seconds), now: now, ctx), text, "\(seconds)")
        }
        XCTAssertEqual(DevicesText.when(now.addingTimeInterval(-60), now: now, ctx), "15:29")
        XCTAssertTrue(DevicesText.when(now.addingTimeInterval(-86400), now: now, ctx).hasSuffix("15:30"))
    }

    func testEveryErrorIsWordedInEveryLanguage() {
        let errors: [WearableError] = WearableError.connectionFailures + [.invalidPayload("x"), .notConnected, .noResponse(seconds: 10)]
        for language in ["en", "fr"] {
            let ctx = AppContext(strings: Strings(language: language), formats: Formats(locale: FormatLocale(identifier: "en_US"), timeZone: ZoneRules.named("UTC")!))
            for e in errors {
                XCTAssertFalse(DevicesText.message(e, ctx).hasPrefix("devices."), "\(language) \(e)")
                XCTAssertFalse(DevicesText.advice(e, ctx).hasPrefix("devices."), "\(language) \(e)")
            }
        }
    }

    func testEverySizeFromTheSmallestRendersEveryState() async {
        for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            let d = Driver(wearable: "success", size: size)
            defer { d.cleanUp() }
            await d.openDevices()
            var screens = [d.screenText]
            let connect = d.hold(.key(.enter))
            screens.append(d.screenText)
            let fetch = await d.finishWork(connect)
            screens.append(d.screenText)
            _ = await d.finishWork(fetch)
            screens.append(d.screenText)
            for screen in screens {
                let lines = screen.components(separatedBy: "\n")
                XCTAssertEqual(lines.count, size.height)
                XCTAssertTrue(lines[0].contains("Devices"), "\(size): the tab\n\(screen)")
                XCTAssertTrue(lines.last?.contains("Help") == true, "\(size): the footer\n\(screen)")
                XCTAssertTrue(lines[2].contains("Pulse Band 2"), "\(size): the toolbar\n\(screen)")
            }
        }
    }
}
