import Foundation
import XCTest
@testable import AppCore
import HealthDomain
import Platform

/// A settings change is written a moment after it is asked for (the frame that shows it
/// goes to the terminal first), yet nothing that reads, writes or waits for the
/// settings can miss it: `flush`, `settingsValue` and `updateSettings` write it first.
final class SettingsWriteDelayTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("settings-delay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    var settingsFile: VersionedFile<Settings> { VersionedFile(url: dir.appendingPathComponent("settings.json"), schemaVersion: StoreSchemas.settings) }

    /// An owner whose delayed write would come after the test is over: only what the test asks for writes.
    func owner(delay: DispatchTimeInterval = .seconds(3_600)) -> StorageOwner {
        StorageOwner(settings: RecordStore(file: settingsFile, empty: Settings()),
                     mealsFile: VersionedFile(url: dir.appendingPathComponent("meals.json"), schemaVersion: StoreSchemas.meals),
                     lock: nil, settingsWriteDelay: delay, now: { Date() })
    }

    func onDisk() -> Settings? {
        if case .loaded(let value) = settingsFile.load() { return value }
        return nil
    }

    func testAChangeWaitsForTheDelayAndFlushWritesIt() {
        let storage = owner()
        var light = Settings()
        light.theme = "light"
        storage.saveSettings(light, base: Settings())
        // Everything queued before this point has run: the change is still waiting.
        let probe = DispatchSemaphore(value: 0)
        storage.writeCache { probe.signal() }
        probe.wait()
        XCTAssertNil(onDisk(), "the change was written before its delay")
        storage.flush()
        XCTAssertEqual(onDisk()?.theme, "light", "flush did not write the waiting change")
    }

    func testChangesInTheDelayBecomeOneWriteOfTheLast() {
        let storage = owner()
        var first = Settings()
        first.theme = "light"
        storage.saveSettings(first, base: Settings())
        var second = first
        second.stepGoal = 12_000
        storage.saveSettings(second, base: first)
        storage.flush()
        let saved = onDisk()
        XCTAssertEqual(saved?.theme, "light")
        XCTAssertEqual(saved?.stepGoal, 12_000)
    }

    func testReadingAndUpdatingTheSettingsWriteTheWaitingChangeFirst() {
        let storage = owner()
        var light = Settings()
        light.theme = "light"
        storage.saveSettings(light, base: Settings())
        XCTAssertEqual(storage.settingsValue.theme, "light", "settingsValue missed the waiting change")

        var goal = storage.settingsValue
        goal.stepGoal = 8_000
        storage.saveSettings(goal, base: light)
        // A command's update comes after the app's change, not under it.
        XCTAssertNil(storage.updateSettings { $0.energyGoal = 700 })
        let saved = onDisk()
        XCTAssertEqual(saved?.theme, "light")
        XCTAssertEqual(saved?.stepGoal, 8_000, "the update was applied before the change waiting for it and wrote over it")
        XCTAssertEqual(saved?.energyGoal, 700)
    }

    func testTheChangeIsWrittenOnItsOwnOnceTheDelayIsOver() {
        let storage = owner(delay: .milliseconds(5))
        var light = Settings()
        light.theme = "light"
        storage.saveSettings(light, base: Settings())
        // No flush: the queue's own timer writes it (waited for by polling, up to 10 s).
        let deadline = Date().addingTimeInterval(10)
        while onDisk()?.theme != "light" && Date() < deadline { usleep(2_000) }
        XCTAssertEqual(onDisk()?.theme, "light", "the delayed write never happened")
    }
}
