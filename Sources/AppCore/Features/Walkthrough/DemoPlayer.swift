import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Plays a script through the real runtime: the app's own environment and
/// model on a throwaway data directory, a virtual clock for every service, and
/// a `DemoDevice` in place of the terminal.
struct DemoPlayer: Sendable {
    /// The seed of the demo's mocked data. Chosen so the wearable's first
    /// connection fails and the retry succeeds (DemoTests checks it).
    static let seed: UInt64 = 8
    static let defaultStart = (try? Date.ISO8601FormatStyle().parse("2026-11-22T15:30:00Z")) ?? Date(timeIntervalSince1970: 1_795_361_400)

    struct Outcome: Sendable {
        var exitCode: Int32
        /// Every screen that was on view in some frame.
        var visited: Set<FeatureID>
        var frames: Int
        /// Virtual seconds played.
        var duration: Double
        var completed: Bool
    }

    var script: DemoScript
    var canvas: Size
    var options: Options
    var environment: [String: String]
    var unicode = true
    var depth: ColorDepth = .trueColor
    /// Called with the caption and the screen's text each time the caption changes (debugging, tests).
    var onCaption: (@Sendable (String, [String]) -> Void)?

    /// The options the demo runs with: the user's look (theme, motion, colors) and nothing of their data.
    static func demoOptions(from user: Options, dataDir: String, start: Date) -> Options {
        var o = Options()
        o.theme = user.theme
        o.reduceMotion = user.reduceMotion
        o.bell = user.bell
        o.dataDir = dataDir
        o.scenario = .normal
        o.scenarioName = "normal"
        o.scenarioGiven = true
        o.featureValues["--provider"] = "mid-exercise"
        o.seed = Self.seed
        o.live = true
        o.mouse = false
        o.now = start
        return o
    }

    /// Runs to the end of the script (or until the viewer leaves). Blocks the calling thread.
    func play(output: DemoOutput) -> Outcome {
        let start = options.now ?? Self.defaultStart
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let clock = VirtualClock(start: start)
        let opts = Self.demoOptions(from: options, dataDir: dir.path, start: start)
        let env = AppEnvironment(options: opts, environment: environment, unicode: unicode,
                                 now: { clock.now }, sleeper: { try await clock.sleep($0) })
        var runtime: AppRuntime?
        let device = DemoDevice(canvas: canvas, cues: script.cues, clock: clock, output: output, depth: depth,
                                glyphs: unicode ? .unicode : .ascii, theme: { runtime?.model.theme })
        var visited: Set<FeatureID> = []
        var frames = 0
        var lastCaption: String?
        var lastScreen: [String] = []
        device.onFrame = { buffer in
            frames += 1
            if let route = runtime?.model.route { visited.insert(route) }
            lastScreen = buffer.lines
        }
        let app = AppRuntime(env: env, device: device, wake: device.wake)
        runtime = app
        device.runningWork = { [weak app] in app?.runningWorkCount ?? 0 }
        if let onCaption {
            device.onCaptionShown = { caption in
                if let previous = lastCaption { onCaption(previous, lastScreen) }
                lastCaption = caption ?? ""
            }
        }
        let code = VirtualClock.$inBackground.withValue(true) { app.run() }
        if let onCaption, let lastCaption { onCaption(lastCaption, lastScreen) }
        env.storage.flush()
        let completed = device.finished && device.elapsed >= script.duration - 0.001
        device.close()
        runtime = nil
        return Outcome(exitCode: code, visited: visited, frames: frames, duration: device.elapsed, completed: completed)
    }
}
