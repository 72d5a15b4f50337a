import Foundation
import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The environment every spawned app gets: a known terminal and locale, no user files.
func appEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "TZ": "Europe/Paris", "HOME": NSTemporaryDirectory(),
               "PATH": "/usr/bin:/bin"]
    env.merge(extra) { $1 }
    return env
}

/// The version probe `VersionedFile` decoded before every load.
struct VersionProbe: Decodable { var schemaVersion: Int? }

enum Benchmarks {
    struct FirstFrames {
        var app: [Double] = [], appEmpty: [Double] = [], c: [Double] = []
    }

    /// Process start to the first presented frame (the app quits right after
    /// it), interleaved with the C floor and with an empty data directory on the
    /// same pseudo-terminal size, so machine noise hits all three alike.
    static func firstFrames(binary: String, cFloor: String, dataDir: URL, emptyDir: URL, width: Int, height: Int,
                            runs: Int) throws -> FirstFrames {
        var out = FirstFrames()
        func run(_ path: String, _ arguments: [String]) throws -> Double {
            let p = try PseudoTerminalProcess(binary: path, arguments: arguments, width: width, height: height,
                                              environment: appEnvironment(["TMM_TUI_EXIT_AFTER_FIRST_FRAME": "1"]))
            guard let seconds = p.waitForExit(timeout: 10) else { throw BenchError("\(path) did not exit after its first frame") }
            return seconds
        }
        for _ in 0..<runs {
            out.c.append(try run(cFloor, []))
            out.app.append(try run(binary, ["--data-dir", dataDir.path]))
            out.appEmpty.append(try run(binary, ["--data-dir", emptyDir.path]))
        }
        return out
    }

    static func statistics(samples: [QuantitySample], days: Int, runs: Int) -> (seconds: [Double], total: Double) {
        let last = DayKey(samples.map(\.end).max() ?? Date(), calendar: Fixtures.calendar)
        let first = last.adding(days: -(days - 1))
        var total = 0.0
        let t = timings(runs) {
            total = DailyStatistics.dailyTotals(samples, from: first, through: last, calendar: Fixtures.calendar).reduce(0) { $0 + $1.value }
        }
        return (t, total)
    }

    /// Save and load times of a versioned JSON file holding `value`.
    static func fileRoundTrip<T: Codable & JSONFastDecodable>(_ value: T, name: String, runs: Int, same: (T, T) -> Bool) throws
        -> (save: Double, load: Double, decoderLoad: Double, size: Double) {
        let dir = Fixtures.temporaryDirectory(name)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = VersionedFile<T>(url: dir.appendingPathComponent("\(name).json"), schemaVersion: 1)
        let save = try timings(runs) { try file.save(value) }
        var loadedOK = true
        let load = timings(runs) {
            if case .loaded(let v) = file.load() { loadedOK = loadedOK && same(v, value) } else { loadedOK = false }
        }
        guard loadedOK else { throw BenchError("\(name) did not load back") }
        // The way every load went before JSONReader: read, probe the version, decode the envelope.
        let decoderLoad = try timings(runs) {
            let data = try Data(contentsOf: file.url)
            _ = try JSONDecoder().decode(VersionProbe.self, from: data)
            guard same(try VersionedFile<T>.payload(T.self, in: data), value) else { throw BenchError("\(name): JSONDecoder disagrees") }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? NSNumber)?.doubleValue ?? 0
        return (median(save), median(load), median(decoderLoad), size)
    }

    struct RenderResult {
        var renderPerFrame: Double
        var diffPerFrame: Double
        var changedCellsPerSecond: Double
        var fullCellsPerSecond: Double
    }

    /// Today at 120×40 during a celebration at 30 fps: render and diff per frame, and how much changes.
    @MainActor
    static func renderAndDiff(dataDir: URL, now: Date) -> RenderResult {
        var options = Options()
        options.dataDir = dataDir.path
        options.live = false
        let env = AppEnvironment(options: options, environment: appEnvironment(), now: { now })
        let size = Size(width: 120, height: 40)
        var model = env.makeModel(size: size)
        _ = model.handle(.key(.char("g")), now: now, env.context)
        var previous = AppView.render(model, env.context, now: now)
        var renderTimes: [Double] = [], diffTimes: [Double] = []
        var changed = 0
        let frames = 60 // two seconds: the whole celebration
        for i in 1...frames {
            let t = now.addingTimeInterval(Double(i) / 30)
            _ = model.handle(.tick, now: t, env.context)
            let t0 = uptime()
            let frame = AppView.render(model, env.context, now: t)
            let t1 = uptime()
            changed += frame.diff(from: previous).count
            diffTimes.append(uptime() - t1)
            renderTimes.append(t1 - t0)
            previous = frame
        }
        return RenderResult(renderPerFrame: median(renderTimes), diffPerFrame: median(diffTimes),
                            changedCellsPerSecond: Double(changed) / (Double(frames) / 30),
                            fullCellsPerSecond: Double(size.width * size.height * 30))
    }

    /// Terminal bytes: one full frame, and the first second of a celebration.
    static func celebrationBytes(binary: String, dataDir: URL) throws -> (fullFrame: Double, celebrationSecond: Double) {
        let first = try PseudoTerminalProcess(binary: binary, arguments: ["--data-dir", dataDir.path, "--no-live"], width: 120, height: 40,
                                              environment: appEnvironment(["TMM_TUI_EXIT_AFTER_FIRST_FRAME": "1"]))
        _ = first.waitForExit(timeout: 10)
        let p = try PseudoTerminalProcess(binary: binary, arguments: ["--data-dir", dataDir.path, "--no-live"], width: 120, height: 40,
                                          environment: appEnvironment())
        p.waitUntilSettled(quiet: 0.5)
        p.send("g")
        let celebration = p.pump(for: 1.0)
        p.terminate()
        return (Double(first.output), Double(celebration))
    }

    /// CPU share of an idle Today screen over `seconds`, and the peak resident memory.
    static func idle(binary: String, dataDir: URL, live: Bool, seconds: Double) throws -> (cpuPercent: Double, peak: Double) {
        let p = try PseudoTerminalProcess(binary: binary, arguments: ["--data-dir", dataDir.path] + (live ? [] : ["--no-live"]),
                                          width: 120, height: 40, environment: appEnvironment())
        p.waitUntilSettled(quiet: 0.5)
        guard let before = p.cpuSeconds() else { throw BenchError("cannot read /proc/\(p.pid)/stat") }
        p.pump(for: seconds)
        let after = p.cpuSeconds() ?? before
        let peak = p.peakMemory() ?? 0
        p.terminate()
        return ((after - before) / seconds * 100, peak)
    }
}
