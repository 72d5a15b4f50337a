import Foundation
import HealthDomain
import Platform

// tmm-bench: the performance numbers in the README, measured on this machine.
// Usage: tmm-bench [--quick]        fewer runs and a 3 s idle window
//        tmm-bench --binary PATH    measure another tmm-tui build (default: the one beside tmm-bench)
//        tmm-bench --only SECTION   one part: start, glance, keys, stats, stores, render, idle, stress
//        tmm-bench --fixtures DIR   only write the big data set (10 years, 5,000 meals) to DIR,
//                                   to try it: tmm-tui --data-dir DIR
// Every figure prints as "name: value (target X) [ratio to C: N×]"; the C floor
// is a minimal ncurses program the bench compiles with cc and runs interleaved.

let usage = """
    usage: tmm-bench [--quick] [--binary PATH] [--only SECTION] | --fixtures DIR
      --quick          fewer runs and a 3 s idle window
      --binary PATH    measure another tmm-tui build (default: the one beside tmm-bench)
      --only SECTION   one part: start, glance, keys, stats, stores, render, idle, stress
      --fixtures DIR   only write the big data set (10 years, 5,000 meals) to DIR
    """
let sections = ["start", "glance", "keys", "stats", "stores", "render", "idle", "stress"]
do {
    var args = CommandLine.arguments.dropFirst()
    while let arg = args.popFirst() {
        switch arg {
        case "-h", "--help": print(usage); exit(0)
        case "--quick": break
        case "--binary", "--fixtures":
            guard args.popFirst() != nil else { FileHandle.standardError.write(Data("tmm-bench: \(arg) needs a value\n\(usage)\n".utf8)); exit(2) }
        case "--only":
            guard let section = args.popFirst(), sections.contains(section) else {
                FileHandle.standardError.write(Data("tmm-bench: --only needs one of \(sections.joined(separator: ", "))\n".utf8)); exit(2)
            }
        default: FileHandle.standardError.write(Data("tmm-bench: unknown option \(arg)\n\(usage)\n".utf8)); exit(2)
        }
    }
}
let quick = CommandLine.arguments.contains("--quick")
let runs = quick ? 5 : 21
let startRuns = quick ? 5 : 11
let idleSeconds = quick ? 3.0 : 10.0
let binary = CommandLine.arguments.firstIndex(of: "--binary").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
} ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tmm-tui").path
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
let only = CommandLine.arguments.firstIndex(of: "--only").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
}
func wants(_ section: String) -> Bool { only == nil || only == section }
var rows: [Row] = []
func note(_ text: String) { FileHandle.standardError.write(Data("… \(text)\n".utf8)) }

do {
    note("preparing data: 10 years of daily aggregates, 5,000 meals")
    let big = try Fixtures.dataDirectory(cacheYears: 10, meals: 5_000, now: now)
    let empty = try Fixtures.dataDirectory(cacheYears: 0, meals: 0, now: now)
    defer { for d in [big, empty] { try? FileManager.default.removeItem(at: d) } }

    let cFloor = try CFloor.build()
    defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: cFloor).deletingLastPathComponent()) }

    var cMemory = Double.nan
    if wants("start") {
        note("first frame at 100×30, tmm-tui and the C floor interleaved (\(startRuns) runs each)")
        let first = try Benchmarks.firstFrames(binary: binary, cFloor: cFloor, dataDir: big, emptyDir: empty, width: 100, height: 30,
                                               runs: startRuns)
        let cStart = median(first.c), appStart = median(first.app), emptyStart = median(first.appEmpty)
        rows.append(Row(name: "C ncurses floor, first frame 100×30", result: ms(cStart), versusC: "1.00×"))
        rows.append(Row(name: "First frame 100×30, 10 y cache + 5,000 meals", result: ms(appStart), target: "≤ 2× C = \(ms(2 * cStart))",
                        met: appStart <= 2 * cStart, versusC: ratio(appStart, to: cStart, ms)))
        rows.append(Row(name: "First frame 100×30, empty data", result: ms(emptyStart), target: "≤ 2× C = \(ms(2 * cStart))",
                        met: emptyStart <= 2 * cStart, versusC: ratio(emptyStart, to: cStart, ms)))
        rows.append(Row(name: "First frame, big data / empty data", result: String(format: "%.2f×", appStart / emptyStart), target: "≤ 2×",
                        met: appStart <= 2 * emptyStart))

    }

    if wants("glance") {
        note("glance, cat of the same cache file and tmm-tui --version, interleaved (\(runs) runs each)")
        let g = try GlanceBench.run(binary: binary, dataDir: big, runs: runs)
        let glance = median(g.glance.wall), cat = median(g.cat.wall), version = median(g.version.wall)
        rows.append(Row(name: "cat of the cache file (the floor: start a process, read the bytes)", result: spread(g.cat.wall)))
        rows.append(Row(name: "tmm-tui --version (our static binary's start)", result: spread(g.version.wall),
                        versusC: String(format: "%.2f× cat", version / cat)))
        rows.append(Row(name: "glance, one line (10 y cache, scores of 31 simulated days)", result: spread(g.glance.wall),
                        target: "≤ 4× cat = \(ms(4 * cat)) and < 10 ms", met: glance <= 4 * cat && glance < 0.010,
                        versusC: String(format: "%.2f× cat, %.2f× --version", glance / cat, glance / version)))
        rows.append(Row(name: "CPU time (user + sys): glance / cat / --version",
                        result: "\(ms(median(g.glance.cpu))) / \(ms(median(g.cat.cpu))) / \(ms(median(g.version.cpu)))",
                        versusC: String(format: "%.2f× cat", median(g.glance.cpu) / median(g.cat.cpu))))
    }

    if wants("keys") {
        note("key to frame at 120×40 (\(runs) presses each)")
        let keys = try Benchmarks.keyToFrame(binary: binary, cFloor: cFloor, dataDir: big, width: 120, height: 40, presses: runs)
        rows.append(Row(name: "Key to frame 120×40 (c: the week chart flips)", result: ms(median(keys.app)), target: "≤ 2 ms",
                        met: median(keys.app) <= 0.002, versusC: ratio(median(keys.app), to: median(keys.c), ms)))
        cMemory = keys.cPeakMemory

    }

    if wants("stats") {
        note("daily statistics over 1,000,000 samples")
        let samples = Fixtures.rawSamples(count: 1_000_000, days: 365, endingAt: now)
        let stats = Benchmarks.statistics(samples: samples, days: 365, runs: quick ? 3 : 7)
        rows.append(Row(name: "Daily statistics, \(samples.count) samples, 2 sources, 365 d", result: ms(median(stats.seconds)),
                        target: "≤ 150 ms", met: median(stats.seconds) <= 0.15))

    }

    if wants("stores") {
        note("cache and meal store")
        let cache = try Benchmarks.fileRoundTrip(Fixtures.cache(years: 10, now: now), name: "health-cache", runs: runs) {
            $0.types.mapValues(\.days) == $1.types.mapValues(\.days)
        }
        rows.append(Row(name: "Cache save, 10 y (\(bytes(cache.size)))", result: ms(cache.save)))
        rows.append(Row(name: "Cache load, 10 y", result: ms(cache.load), target: "≤ 2 ms", met: cache.load <= 0.002))
        rows.append(Row(name: "Cache load, 10 y, with JSONDecoder (the way before)", result: ms(cache.decoderLoad)))
        let meals = try Benchmarks.fileRoundTrip(Fixtures.meals(5_000, now: now), name: "meals", runs: runs) {
            $0.map(\.id) == $1.map(\.id)
        }
        rows.append(Row(name: "Meal store save, 5,000 meals (\(bytes(meals.size)))", result: ms(meals.save)))
        rows.append(Row(name: "Meal store load, 5,000 meals", result: ms(meals.load), target: "≤ 5 ms", met: meals.load <= 0.005))
        rows.append(Row(name: "Meal store load, 5,000 meals, with JSONDecoder (the way before)", result: ms(meals.decoderLoad)))

    }

    if wants("render") {
        note("render and diff at 120×40")
        let render = Benchmarks.renderAndDiff(dataDir: big, now: now)
        rows.append(Row(name: "Today render 120×40, per frame", result: ms(render.renderPerFrame)))
        rows.append(Row(name: "Buffer diff 120×40, per frame", result: ms(render.diffPerFrame)))
        rows.append(Row(name: "Celebration: cells changed per second",
                        result: String(format: "%.0f of %.0f (%.0f%%)", render.changedCellsPerSecond, render.fullCellsPerSecond,
                                       render.changedCellsPerSecond / render.fullCellsPerSecond * 100)))
        let terminalBytes = try Benchmarks.celebrationBytes(binary: binary, dataDir: big)
        rows.append(Row(name: "Celebration: terminal bytes in its first second", result: bytes(terminalBytes.celebrationSecond),
                        target: "< full repaints", met: terminalBytes.celebrationSecond < terminalBytes.fullFrame * 30))
        rows.append(Row(name: "Full repaint 120×40 (first frame) ×30 fps",
                        result: "\(bytes(terminalBytes.fullFrame)) ×30 = \(bytes(terminalBytes.fullFrame * 30))/s"))

    }

    if wants("idle") {
        note("idle CPU, \(Int(idleSeconds)) s each")
        let idleLive = try Benchmarks.idle(binary: binary, dataDir: big, live: true, seconds: idleSeconds)
        let idleQuiet = try Benchmarks.idle(binary: binary, dataDir: big, live: false, seconds: idleSeconds)
        rows.append(Row(name: "Idle CPU on Today, live on", result: String(format: "%.2f%%", idleLive.cpuPercent),
                        target: "< 0.5%", met: idleLive.cpuPercent < 0.5))
        rows.append(Row(name: "Idle CPU on Today, --no-live", result: String(format: "%.2f%%", idleQuiet.cpuPercent),
                        target: "≈ 0% (≤ one 10 ms tick)", met: idleQuiet.cpuPercent <= 0.1 / (idleSeconds / 10) + 1e-9))
        let todayPeak = max(idleLive.peak, idleQuiet.peak)
        rows.append(Row(name: "Peak RSS on Today 120×40, 10 y cache + 5,000 meals", result: bytes(todayPeak),
                        target: "≤ 16 MB", met: todayPeak <= 16 * 1_048_576, versusC: ratio(todayPeak, to: cMemory, bytes)))

    }

    if wants("stress") {
        note("live stress: 100,000 samples")
        let stressDir = try Fixtures.dataDirectory(cacheYears: 0, meals: 0, now: now)
        defer { try? FileManager.default.removeItem(at: stressDir) }
        let calendar = Fixtures.calendar
        let morning = calendar.date(bySettingHour: 8, minute: 0, second: 0, of: now) ?? now
        let stress = await LiveStress.run(dataDir: stressDir, count: 100_000, interval: 0.001, start: morning)
        rows.append(Row(name: "Live stress: 100,000 samples in \(Int(stress.simulatedSeconds)) s (simulated)",
                        result: "\(stress.frames) frames, \(stress.writes) writes, then ≥ \(String(format: "%.2f", stress.shortestGap)) s apart",
                        target: "≤ 2 frames/s: ≥ 0.5 s apart after the first second, ≤ 2 × \(Int(stress.simulatedSeconds)) + 2 frames",
                        met: stress.shortestGap >= 0.5 - 1e-6 && Double(stress.frames) <= stress.simulatedSeconds * 2 + 2))
        rows.append(Row(name: "Live stress: time per batch write", result: ms(stress.secondsPerWrite)))
        rows.append(Row(name: "Live stress: wall time, per sample", result: "\(ms(stress.wallSeconds)), \(ms(stress.wallSeconds / Double(stress.samples)))"))
    }
} catch {
    FileHandle.standardError.write(Data("tmm-bench: \(error)\n".utf8))
    exit(1)
}

print("")
printRows(rows)
print("")
let size = (try? FileManager.default.attributesOfItem(atPath: binary)[.size] as? NSNumber)?.doubleValue ?? 0
var load = [Double](repeating: 0, count: 3)
_ = getloadavg(&load, 3)
print("Machine: \(ProcessInfo.processInfo.activeProcessorCount) CPUs, \(bytes(Double(ProcessInfo.processInfo.physicalMemory))) RAM, "
      + String(format: "load average %.2f", load[0]) + "; \(binary): \(bytes(size)).")
