import Foundation
import HealthDomain

// tmm-bench: the performance numbers in the README, measured on this machine.
// Usage: tmm-bench [--quick]        fewer runs and a 3 s idle window
//        tmm-bench --fixtures DIR   only write the big data set (10 years, 5,000 meals) to DIR,
//                                   to try it: tmm-tui --data-dir DIR

let quick = CommandLine.arguments.contains("--quick")
let runs = quick ? 5 : 21
let idleSeconds = quick ? 3.0 : 10.0
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tmm-tui").path
guard FileManager.default.isExecutableFile(atPath: binary) else {
    FileHandle.standardError.write(Data("tmm-bench: \(binary) not found; build it first (make bench does)\n".utf8))
    exit(1)
}

let now = Date()
if let i = CommandLine.arguments.firstIndex(of: "--fixtures") {
    guard i + 1 < CommandLine.arguments.count else { print("usage: tmm-bench --fixtures DIR"); exit(2) }
    do {
        let made = try Fixtures.dataDirectory(cacheYears: 10, meals: 5_000, now: now)
        let target = URL(fileURLWithPath: CommandLine.arguments[i + 1])
        try FileManager.default.moveItem(at: made, to: target)
        print("Wrote 10 years of aggregates and 5,000 meals to \(target.path)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("tmm-bench: \(error)\n".utf8))
        exit(1)
    }
}
var rows: [Row] = []
func note(_ text: String) { FileHandle.standardError.write(Data("… \(text)\n".utf8)) }

do {
    note("preparing data: 10 years of daily aggregates, 5,000 meals")
    let big = try Fixtures.dataDirectory(cacheYears: 10, meals: 5_000, now: now)
    let empty = try Fixtures.dataDirectory(cacheYears: 0, meals: 0, now: now)
    defer { for d in [big, empty] { try? FileManager.default.removeItem(at: d) } }

    note("cold start (\(runs) runs each)")
    let coldBig = median(try Benchmarks.coldStart(binary: binary, dataDir: big, runs: runs))
    let coldEmpty = median(try Benchmarks.coldStart(binary: binary, dataDir: empty, runs: runs))
    rows.append(Row(name: "Cold start, first frame (10 y cache, 5k meals)", result: ms(coldBig), target: "≤ 15 ms", met: coldBig <= 0.015))
    rows.append(Row(name: "Cold start, first frame (empty cache)", result: ms(coldEmpty)))
    rows.append(Row(name: "Cold start ratio big/empty", result: String(format: "%.2f×", coldBig / coldEmpty), target: "≤ 2×",
                    met: coldBig <= 2 * coldEmpty))

    note("daily statistics over 1,000,000 samples")
    let samples = Fixtures.rawSamples(count: 1_000_000, days: 365, endingAt: now)
    let stats = Benchmarks.statistics(samples: samples, days: 365, runs: quick ? 3 : 7)
    rows.append(Row(name: "Daily statistics, \(samples.count) samples, 2 sources, 365 d", result: ms(median(stats.seconds)),
                    target: "≤ 300 ms", met: median(stats.seconds) <= 0.3))

    note("cache and meal store")
    let cache = try Benchmarks.fileRoundTrip(Fixtures.cache(years: 10, now: now), name: "health-cache", runs: runs) {
        $0.types.mapValues(\.days) == $1.types.mapValues(\.days)
    }
    rows.append(Row(name: "Cache save, 10 y (\(bytes(cache.size)))", result: ms(cache.save)))
    rows.append(Row(name: "Cache load, 10 y", result: ms(cache.load)))
    let meals = try Benchmarks.fileRoundTrip(Fixtures.meals(5_000, now: now), name: "meals", runs: runs) {
        $0.map(\.id) == $1.map(\.id)
    }
    rows.append(Row(name: "Meal store save, 5,000 meals (\(bytes(meals.size)))", result: ms(meals.save)))
    rows.append(Row(name: "Meal store load, 5,000 meals", result: ms(meals.load)))

    note("render and diff at 120×40")
    let render = Benchmarks.renderAndDiff(dataDir: big, now: now)
    rows.append(Row(name: "Dashboard render 120×40, per frame", result: ms(render.renderPerFrame)))
    rows.append(Row(name: "Buffer diff 120×40, per frame", result: ms(render.diffPerFrame)))
    rows.append(Row(name: "Celebration: cells changed per second",
                    result: String(format: "%.0f of %.0f (%.0f%%)", render.changedCellsPerSecond, render.fullCellsPerSecond,
                                   render.changedCellsPerSecond / render.fullCellsPerSecond * 100)))
    let terminalBytes = try Benchmarks.celebrationBytes(binary: binary, dataDir: big)
    rows.append(Row(name: "Celebration: terminal bytes in its first second", result: bytes(terminalBytes.celebrationSecond),
                    target: "< full repaints", met: terminalBytes.celebrationSecond < terminalBytes.fullFrame * 30))
    rows.append(Row(name: "Full repaint 120×40 (first frame) ×30 fps",
                    result: "\(bytes(terminalBytes.fullFrame)) ×30 = \(bytes(terminalBytes.fullFrame * 30))/s"))

    note("idle CPU, \(Int(idleSeconds)) s each")
    let idleLive = try Benchmarks.idle(binary: binary, dataDir: big, live: true, seconds: idleSeconds)
    let idleQuiet = try Benchmarks.idle(binary: binary, dataDir: big, live: false, seconds: idleSeconds)
    rows.append(Row(name: "Idle CPU on the dashboard, live on", result: String(format: "%.2f%%", idleLive.cpuPercent),
                    target: "< 0.5%", met: idleLive.cpuPercent < 0.5))
    rows.append(Row(name: "Idle CPU on the dashboard, --no-live", result: String(format: "%.2f%%", idleQuiet.cpuPercent),
                    target: "≈ 0% (≤ one 10 ms tick)", met: idleQuiet.cpuPercent <= 0.1 / (idleSeconds / 10) + 1e-9))
    rows.append(Row(name: "Peak memory (RSS), 10 y cache, 5k meals", result: bytes(max(idleLive.peak, idleQuiet.peak))))

    note("live stress: 100,000 samples")
    let stressDir = try Fixtures.dataDirectory(cacheYears: 0, meals: 0, now: now)
    defer { try? FileManager.default.removeItem(at: stressDir) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Paris")!
    let morning = calendar.date(bySettingHour: 8, minute: 0, second: 0, of: now) ?? now
    let stress = await LiveStress.run(dataDir: stressDir, count: 100_000, interval: 0.001, start: morning)
    rows.append(Row(name: "Live stress: 100,000 samples in \(Int(stress.simulatedSeconds)) s (simulated)",
                    result: "\(stress.frames) frames, \(stress.writes) writes", target: "≤ 2 frames/s",
                    met: Double(stress.frames) <= stress.simulatedSeconds * 2 + 1))
    rows.append(Row(name: "Live stress: time per batch write", result: ms(stress.secondsPerWrite)))
    rows.append(Row(name: "Live stress: wall time, per sample", result: "\(ms(stress.wallSeconds)), \(ms(stress.wallSeconds / Double(stress.samples)))"))
} catch {
    FileHandle.standardError.write(Data("tmm-bench: \(error)\n".utf8))
    exit(1)
}

print("")
printTable(rows)
print("")
print("Machine: \(ProcessInfo.processInfo.activeProcessorCount) CPUs, \(bytes(Double(ProcessInfo.processInfo.physicalMemory))) RAM; release build.")
