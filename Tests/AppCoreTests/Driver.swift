import Foundation
import XCTest
import Synchronization
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    // Read from provider tasks and the test thread; guarded by `lock`.
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date { lock.lock(); defer { lock.unlock() }; return current }
    func advance(_ seconds: Double) { lock.lock(); current = current.addingTimeInterval(seconds); lock.unlock() }
}

final class FailureList: Sendable {
    private let items = Mutex<[StorageFailure]>([])
    func append(_ s: StorageFailure) { items.withLock { $0.append(s) } }
    func drain() -> [StorageFailure] { items.withLock { list in defer { list = [] }; return list } }
}

/// Drives the real app model and environment without a terminal: keys in,
/// effects carried out by the same code the run loop uses, async work awaited
/// in place (so no sleeps), frames rendered on demand.
@MainActor
final class Driver {
    static let start = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")!
    static let utcEnvironment = ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": "/nonexistent"]

    let clock: TestClock
    let dataDir: URL
    var env: AppEnvironment
    var model: AppModel
    var hapticCount = 0
    var suspendCount = 0
    var sleeps: [Double] = []

    init(scenario: Scenario = .normal, size: Size = Size(width: 80, height: 24), theme: String = "dark",
         options extra: (inout Options) -> Void = { _ in }, environment: [String: String] = Driver.utcEnvironment,
         dataDir: URL? = nil, start: Date = Driver.start) {
        clock = TestClock(start)
        self.dataDir = dataDir ?? FileManager.default.temporaryDirectory.appendingPathComponent("tmm-app-\(UUID().uuidString)")
        var options = Options()
        options.scenario = scenario
        options.dataDir = self.dataDir.path
        options.theme = theme
        options.seed = 42
        extra(&options)
        let clock = self.clock
        env = AppEnvironment(options: options, environment: environment, now: { clock.now }, sleeper: { clock.advance($0) })
        model = env.makeModel(size: size)
        let failures = storageFailures
        env.storage.onFailure { failures.append($0) }
    }

    /// Background write failures, delivered after the write they came from.
    let storageFailures = FailureList()

    /// A second launch on the same files (after every write in flight is on disk).
    func relaunch(size: Size? = nil, scenario: Scenario? = nil, options extra: (inout Options) -> Void = { _ in }) -> Driver {
        env.storage.flush()
        return Driver(scenario: scenario ?? env.options.scenario, size: size ?? model.size, theme: env.options.theme ?? "dark",
               options: extra, dataDir: dataDir, start: clock.now)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: dataDir) }

    var ctx: AppContext { env.context.applying(model.shared.settings) }

    func launch() async {
        await run(model.start(ctx))
    }

    /// A user who allowed Steps and Active Energy on the permission sheet, as `onboard()`
    /// ends, without going through its screens. Before `launch()`.
    func allowHealthAccess() async {
        let types = Set(OnboardingViewModel.requestedTypes)
        let statuses = (try? await env.provider.requestAuthorization(toRead: types, userResponse: types)) ?? [:]
        for (type, status) in statuses { model.shared.settings.authorization[type.rawValue] = status }
        model.shared.settings.onboardingCompleted = true
    }

    func send(_ event: AppEvent) async {
        await run(model.handle(event, now: clock.now, ctx))
    }

    func press(_ keys: Key...) async {
        for k in keys { await send(.key(k)) }
    }

    func type(_ text: String) async {
        for ch in text { await send(.key(.char(ch))) }
    }

    /// Moves time on and delivers the tick the run loop would.
    func advance(_ seconds: Double) async {
        clock.advance(seconds)
        await send(.tick)
    }

    /// Carries out effects through the runtime's own `EffectRunner`, but
    /// runs work in place (its result is handled before the next effect), so
    /// a test is deterministic.
    func run(_ effects: [Effect]) async {
        for effect in effects {
            var started: [Work] = []
            EffectRunner(startWork: { started.append($0) },
                         cancelWork: { id in started.removeAll { $0.id == id } },
                         storage: env.storage,
                         startLiveUpdates: {},
                         haptic: { self.hapticCount += 1 },
                         suspend: { self.suspendCount += 1 })
                .perform([effect], liveUpdatesOn: model.shared.settings.liveUpdates)
            for work in started {
                if let result = await work.run(env.services) { await send(.message(work.target, result)) }
                // What the work queued behind its answer (the cache after a refresh) is written.
                await settleStorage()
            }
            if case .saveSettings = effect { await settleStorage() }
            if case .storeSettings = effect { await settleStorage() }
        }
    }

    /// Waits for the writes queued so far and hands their failures to the shell, as the runtime's inbox would.
    private func settleStorage() async {
        env.storage.flush()
        for failure in storageFailures.drain() { await send(.message(.shell, failure.shellMessage)) }
    }

    /// The number key of a tab, from the registry (the order can change).
    static func tabKey(_ id: FeatureID) -> Key {
        let index = FeatureRegistry.tabs.firstIndex { $0.id == id } ?? 0
        return .char(Character(String(index + 1)))
    }

    /// Logs a meal the way a person would: Nutrition, Log Meal, name, calories, Ctrl-S.
    func logMeal(_ name: String, calories: String) async {
        await press(.char("2"), .char("n"))
        await type(name)
        await press(.tab)
        await type(calories)
        await press(.ctrl("s"))
    }

    /// Live samples arriving now: through the same pipeline step the run loop uses.
    func receiveLive(_ samples: [QuantitySample]) async {
        for event in env.livePipeline.step(receiving: samples) { await send(event) }
    }

    func render() -> Buffer { AppView.render(model, ctx, now: clock.now) }

    /// What help or the palette covers, kept between frames as the run loop keeps it.
    var backdrop: OverlayBackdrop?
    /// The last frame `renderKeepingBackdrop` drew: the one on screen.
    var shownFrame: Buffer?
    /// `render` as the run loop draws it: the frame on screen and `backdrop` reused while they hold.
    func renderKeepingBackdrop() -> Buffer {
        var frame = Buffer(size: model.size)
        AppView.render(model, ctx, now: clock.now, into: &frame, backdrop: &backdrop, shown: shownFrame, memo: memo)
        shownFrame = frame
        return frame
    }

    /// What the parts of the frames `renderKeepingBackdrop` drew were drawn from (nil: every part drawn).
    var memo: RenderMemo?

    /// The screen between the header and the footer: what a feature draws (and
    /// its toast line). Snapshots of a feature hold only this, so a change to
    /// the shell (a tab's name, a footer key) never touches them; the shell's
    /// own goldens hold the chrome. Help, the palette and "too small" cover
    /// the whole screen and are shown whole.
    func renderContent() -> Buffer {
        let full = render()
        if model.isTooSmall || model.showHelp || model.palette != nil { return full }
        return full.cropped(to: Rect(x: 0, y: 1, width: full.size.width, height: max(0, full.size.height - 2)))
    }

    var screenText: String { render().lines.joined(separator: "\n") }
    /// Help's entries for what is on screen, as "keys action" ("←/h Previous day").
    var helpLines: [String] { AppView.help(model, ctx).sections.flatMap(\.entries).map { "\($0.keys) \($0.action)" } }
    /// The screen's last row: the footer's keys.
    var footerText: String { render().lines.last ?? "" }

    /// The screen once running animations (a sheet sliding up) have settled.
    func screen() async -> String {
        await advance(0.25)
        return screenText
    }

    /// Onboards with full access and lands on Today.
    func onboard() async {
        await openPermissionSheet()
        await press(.enter)
    }

    /// First launch up to the permission sheet: Connect Health, the sheet slid up.
    /// Onboarded, on Month, its first read in.
    func openMonth() async {
        await onboard()
        await press(.char("3"))
        await advance(1)
    }

    func openPermissionSheet() async {
        await launch()
        await press(.enter)
        await advance(0.3)
    }

    /// First launch with Active Energy switched off on the sheet, Allow, then Continue in
    /// Limited Mode (on to Today).
    func onboardWithEnergyOff() async {
        await openPermissionSheet()
        await press(.down, .down, .char(" "), .char("a"))
        await press(.right, .enter)
    }
}

/// Equal frames, click targets included; when they differ, the first row that does, as text, instead of every cell.
func assertSameFrame(_ kept: Buffer, _ drawn: Buffer, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    let targets = { (b: Buffer) in b.clickTargets.map { "\($0.rect) \($0.action)" } }
    XCTAssertEqual(targets(kept), targets(drawn), "\(message): the click targets", file: file, line: line)
    guard kept != drawn else { return }
    let a = Snapshot.render(kept).split(separator: "\n", omittingEmptySubsequences: false)
    let b = Snapshot.render(drawn).split(separator: "\n", omittingEmptySubsequences: false)
    let row = a.indices.first { $0 >= b.count || a[$0] != b[$0] }
    let detail = row.map { "line \($0):\n  kept:  \(a[$0])\n  drawn: \($0 < b.count ? b[$0] : "")" } ?? "same text, other click targets or sizes"
    XCTFail("\(message): the frame kept differs from the one drawn — \(detail)", file: file, line: line)
}

/// Waits (up to a minute, yielding) until `done`: for work on other threads a test must see
/// finished (a task's delivery, the run loop's launch work), never a timing under test.
func eventually(_ what: String, isolation: isolated (any Actor)? = #isolation, file: StaticString = #filePath, line: UInt = #line,
                _ done: () -> Bool) async {
    let deadline = Date().addingTimeInterval(60)
    while !done() && Date() < deadline { await Task.yield() }
    XCTAssertTrue(done(), what, file: file, line: line)
}
