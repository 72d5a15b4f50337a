import Foundation
import AppCore
import TerminalUI

/// The in-process side of key → frame: the app's own run loop on a device that encodes
/// each frame the way the terminal backend does (`FrameEncoder`, into one byte array)
/// and writes nothing. Every key of every screen (KeyBench's list), each from its screen
/// freshly opened; for each press, the time from the key handed to the loop until its
/// frame is encoded, and the part of it spent encoding. No terminal, no pty, no ncurses:
/// what is left is the model, the render into a `Buffer`, the diff and the bytes.
/// `tmm-bench --only frames`; made to be run under `perf record` or callgrind.
enum FrameProfile {
    struct Timing {
        var screen: String
        var key: String
        /// Key in → frame encoded (seconds).
        var step: Double
        /// Of which the encoder (seconds).
        var encode: Double
        var bytes: Int
        /// Key in → the last frame before the quiet (seconds): work the key started and its frames.
        var settled: Double
        /// Frames presented for the key until the quiet.
        var frames: Int
    }

    @MainActor
    static func run(dataDir: URL, screens: [KeyBench.Screen], size: Size, rounds: Int) -> [Timing] {
        var options = Options()
        options.dataDir = dataDir.path
        options.live = false
        options.reduceMotion = true
        let device = ScriptedTerminal(size: size)
        var script: [(screen: String, key: Key?, timed: Bool)] = []
        for _ in 0..<rounds {
            for screen in screens {
                script.append((screen.name, .escape, false))
                script.append((screen.name, .char(screen.digit), screen.timesSwitch))
                for key in screen.keys {
                    script.append((screen.name, .escape, false))
                    script.append((screen.name, .char(screen.digit), false))
                    for opener in screen.opener { script.append((screen.name, opener, false)) }
                    script.append((screen.name, key, true))
                }
            }
        }
        device.script = script
        let env = AppEnvironment(options: options, environment: appEnvironment())
        let runtime = AppRuntime(env: env, device: device, wake: {})
        _ = runtime.run()
        return device.timings
    }
}

/// Lets the launch settle, then presses the script's keys one at a time, each after the
/// previous one's frame and any work it started have settled (0.05 s of quiet turns).
final class ScriptedTerminal: TerminalDevice {
    let size: Size
    var script: [(screen: String, key: Key?, timed: Bool)] = []
    private(set) var timings: [FrameProfile.Timing] = []
    private var encoder = FrameEncoder(depth: .palette256, repeats: true)
    private var output: [UInt8] = []
    private var lastEvent = uptime()
    private var next = 0
    private var pressed: (screen: String, key: Key, at: Double)?
    /// The timed press whose later frames are still counted (until the next press).
    private var settling: (index: Int, at: Double)?
    private var launched = false

    init(size: Size) { self.size = size }

    func present(_ buffer: Buffer) {
        let t0 = uptime()
        output.removeAll(keepingCapacity: true)
        encoder.encode(buffer, into: &output)
        let t1 = uptime()
        lastEvent = t1
        if let p = pressed {
            timings.append(.init(screen: p.screen, key: p.key.label, step: t1 - p.at, encode: t1 - t0, bytes: output.count,
                                 settled: t1 - p.at, frames: 1))
            settling = (timings.count - 1, p.at)
            pressed = nil
        } else if let s = settling {
            timings[s.index].settled = t1 - s.at
            timings[s.index].frames += 1
        }
    }

    func waitForEvents(timeout: Double?) -> [TerminalEvent] {
        let quiet = launched ? 0.05 : 1.5
        if uptime() - lastEvent > quiet {
            launched = true
            // Esc first: `q` typed into an open palette would be its query, not quit.
            guard next < script.count else { return [.keys([.escape, .char("q")])] }
            let step = script[next]
            next += 1
            lastEvent = uptime()
            pressed = nil
            settling = nil
            guard let key = step.key else { return [.wake] }
            if step.timed { pressed = (step.screen, key, uptime()) }
            return [.keys([key])]
        }
        usleep(UInt32(min(timeout ?? 0.01, 0.01) * 1_000_000))
        return [.wake]
    }

    func bell() {}
    func flashScreen() {}
    func suspend() {}
}
