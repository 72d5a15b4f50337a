import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// `snapshot today` is the app's Today at the same size and clock, and
/// `snapshot nutrition` shows the burned energy whenever Today shows it.
@MainActor
final class SnapshotParityTests: XCTestCase {
    nonisolated static func snapshotEnv(_ dir: URL) -> AppEnvironment {
        var options = Options()
        options.dataDir = dir.path
        options.seed = 42
        options.now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")
        options.reduceMotion = true
        options.live = false
        return AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"])
    }

    func testSnapshotTodayIsTheAppsToday() async {
        let d = Driver(size: Size(width: 100, height: 30), options: { $0.reduceMotion = true; $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        await d.logMeal("Soup", calories: "420")
        await d.press(Driver.tabKey(.today))
        await d.send(.key(.unknown))
        d.model.shared.toast = nil
        let app = d.render().lines
        d.env.storage.flush()
        let snap = await Commands.snapshot(Self.snapshotEnv(d.dataDir), screen: "today", size: Size(width: 100, height: 30)).lines
        XCTAssertTrue(app.joined().contains("Eaten"), app.joined(separator: "\n"))
        // The content and the footer are the same lines; the header's status may say "Updated" in one and "Cached" in the other.
        XCTAssertEqual(Array(snap.dropFirst(2)), Array(app.dropFirst(2)), "app:\n\(app.joined(separator: "\n"))\nsnapshot:\n\(snap.joined(separator: "\n"))")
    }

    /// `snapshot help` is the app's help over its Today: the same Today behind the box (it read no
    /// meals, so the Active Energy card said "Eaten —" where the app says "Eaten 420 kcal").
    func testSnapshotHelpIsTheAppsHelp() async {
        let d = Driver(size: Size(width: 120, height: 40), options: { $0.reduceMotion = true; $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        await d.logMeal("Soup", calories: "420")
        await d.press(Driver.tabKey(.today))
        d.model.shared.toast = nil
        await d.press(.char("?"))
        XCTAssertTrue(d.model.showHelp)
        let app = d.render().lines
        d.env.storage.flush()
        let snap = await Commands.snapshot(Self.snapshotEnv(d.dataDir), screen: "help", size: Size(width: 120, height: 40)).lines
        XCTAssertTrue(app.joined().contains("Eaten 420"), app.joined(separator: "\n"))
        XCTAssertEqual(Array(snap.dropFirst(2)), Array(app.dropFirst(2)), "app:\n\(app.joined(separator: "\n"))\nsnapshot:\n\(snap.joined(separator: "\n"))")
    }

    /// An import that can no longer be read, over a cache the app wrote before: `snapshot today`
    /// draws the app's panel ("could not be read … Import again"), not the cache's old numbers
    /// under "Couldn't refresh", and the app relaunched on the same folder draws the same panel.
    func testSnapshotTodayOfAnUnreadableImportIsTheAppsPanel() async throws {
        let d = Driver(size: Size(width: 80, height: 24), options: { $0.reduceMotion = true; $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        d.env.storage.flush()
        // An import into the app's folder, then its data file cut short.
        let export = d.dataDir.appendingPathComponent("export.xml")
        try ImportFixtures.export([ImportFixtures.record(ImportFixtures.steps, value: "300", "2026-11-21 10:00:00 +0000",
                                                         "2026-11-21 11:00:00 +0000")],
                                  exportDate: "2026-11-21 12:00:00 +0000").write(to: export, atomically: true, encoding: .utf8)
        let (code, console) = await runImport(Self.snapshotEnv(d.dataDir), export.path)
        XCTAssertEqual(code, 0, console.err)
        let data = AppPaths.resolve(environment: [:], dataDirOverride: d.dataDir.path).importedHealthFile
        try Data(try Data(contentsOf: data).prefix(60)).write(to: data)
        let snap = await Commands.snapshot(Self.snapshotEnv(d.dataDir), screen: "today", size: Size(width: 80, height: 24)).lines
        let text = snap.joined(separator: "\n")
        XCTAssertTrue(text.contains("Your Apple Health import could not be read"), text)
        XCTAssertFalse(text.contains("Couldn't refresh") || text.contains("steps to go"), text)
        let again = d.relaunch()
        await again.launch()
        let app = again.render().lines.joined(separator: "\n")
        XCTAssertTrue(app.contains("Your Apple Health import could not be read"), app)
        again.cleanUp()
    }

    /// In the `partial` scenario (Active Energy refused after Allow), `snapshot limited`
    /// names the type the app's Limited Mode names, not both.
    func testSnapshotLimitedIsTheAppsLimitedModeInThePartialScenario() async throws {
        let d = Driver(scenario: .partial, size: Size(width: 80, height: 24), options: { $0.reduceMotion = true; $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        guard case .limited(let denied) = d.model[OnboardingViewModel.self].phase else {
            return XCTFail("partial access ends in Limited Mode:\n\(d.screenText)")
        }
        XCTAssertEqual(denied, [.activeEnergyBurned])
        let app = d.render().lines
        var options = Options()
        options.scenario = .partial
        options.scenarioName = "partial"
        options.scenarioGiven = true
        options.now = d.clock.now
        options.reduceMotion = true
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-parity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        options.dataDir = dir.path
        let env = AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"])
        let snap = await Commands.snapshot(env, screen: "limited", size: Size(width: 80, height: 24)).lines
        XCTAssertTrue(snap.joined().contains("can't read Active Energy,"), snap.joined(separator: "\n"))
        XCTAssertEqual(Array(snap.dropFirst(1)), Array(app.dropFirst(1)), "app:\n\(app.joined(separator: "\n"))\nsnapshot:\n\(snap.joined(separator: "\n"))")
    }

    func testNutritionShowsBurnedWheneverTodayShowsEnergy() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-parity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A data directory never set up: Today's snapshot asks for access the way the app would.
        let today = await Commands.snapshotOutput(Self.snapshotEnv(dir), SnapshotRequest(screen: "today", size: Size(width: 100, height: 30)))
        let nutrition = await Commands.snapshotOutput(Self.snapshotEnv(dir), SnapshotRequest(screen: "nutrition", size: Size(width: 100, height: 30)))
        // Today's Active Energy card shows the number in big digits; its "N kcal to go" line gives it back by hand: goal − value.
        let goal = 500
        let toGo = try XCTUnwrap(today.split(separator: "\n").compactMap { line -> Int? in
            guard let r = line.range(of: " kcal to go") else { return nil }
            let before = line[..<r.lowerBound].split(separator: " ").last ?? ""
            return Int(before.replacingOccurrences(of: ",", with: ""))
        }.first, today)
        let burned = goal - toGo
        XCTAssertTrue(nutrition.contains("Burned \(burned) kcal"), "Today shows \(burned) kcal:\n\(nutrition)")
        XCTAssertFalse(nutrition.contains("Burned —"), nutrition)
    }
}

/// Scores on a big terminal: the focused score's week fills the room under the gauges.
@MainActor
final class ScoresWideTests: XCTestCase {
    func testTheFocusedScoresWeekSitsUnderTheGaugesFrom120x40() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(Driver.tabKey(FeatureID("scores")))
        await d.advance(1)
        XCTAssertTrue(d.screenText.contains("Sleep · last 7 days"), d.screenText)
        XCTAssertNil(d.model.scores.detail, "the overview, not the detail screen")
        await d.press(.tab)
        await d.advance(1)
        XCTAssertTrue(d.screenText.contains("Recovery · last 7 days"), "follows the focus:\n\(d.screenText)")
        let small = Driver(size: Size(width: 100, height: 30))
        defer { small.cleanUp() }
        await small.onboard()
        await small.press(Driver.tabKey(FeatureID("scores")))
        await small.advance(1)
        XCTAssertFalse(small.screenText.contains("last 7 days"), "no room at 100×30:\n\(small.screenText)")
    }
}
