import Foundation
import AppCore
import HealthDomain
import Platform
import TerminalUI

// tmm-bench: the performance numbers in the README, measured on this machine.
// Usage: tmm-bench [--quick]        fewer runs and a 3 s idle window
//        tmm-bench --binary PATH    measure another tmm-tui build (default: the one beside tmm-bench)
//        tmm-bench --only SECTION   one part: start, memory, glance, keys, bytes, stats, stores, render, idle, stress
//                                   (or frames: key → frame in process, no terminal; for a profiler)
//        tmm-bench --per-key        with keys (or frames): each key's p50 / p99 too, on stderr
//        tmm-bench --rounds N       with frames: N rounds of every key (default 3; more for a profiler)
//        tmm-bench --fixtures DIR   only write the big data set (10 years, 5,000 meals) to DIR,
//                                   to try it: tmm-tui --data-dir DIR
// It prints one table: figure, ours, the reference measured in the same run (the C
// ncurses program the bench compiles with cc, run interleaved; cat; btop/htop when
// installed), their ratio, the target, ✓ or ✗.

let usage = """
    usage: tmm-bench [--quick] [--per-key] [--rounds N] [--binary PATH] [--only SECTION] | --fixtures DIR
      --quick          fewer runs and a 3 s idle window
      --per-key        with keys or frames: each key's p50 / p99 too (on stderr)
      --rounds N       with frames: N rounds of every key (default 3, 1 with --quick)
      --keys LIST      with frames: only these presses, e.g. month:?,month:3 (a screen's digit is its switch)
      --binary PATH    measure another tmm-tui build (default: the one beside tmm-bench)
      --only SECTION   one part: start, memory, glance, keys, bytes, stats, stores, render, idle, stress;
                       frames: key → frame in this process (no terminal: model, render, encode), for a profiler
      --fixtures DIR   only write the big data set (10 years, 5,000 meals) to DIR
    """
let sections = ["start", "memory", "glance", "keys", "bytes", "stats", "stores", "render", "idle", "stress", "frames"]
do {
    var args = CommandLine.arguments.dropFirst()
    while let arg = args.popFirst() {
        switch arg {
        case "-h", "--help": print(usage); exit(0)
        case "--quick", "--per-key": break
        case "--rounds":
            guard let n = args.popFirst().flatMap(Int.init), n > 0 else { FileHandle.standardError.write(Data("tmm-bench: --rounds needs a count\n\(usage)\n".utf8)); exit(2) }
        case "--binary", "--fixtures", "--keys":
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
let perKey = CommandLine.arguments.contains("--per-key")
let runs = quick ? 5 : 21
let startRuns = quick ? 5 : 11
let idleSeconds = quick ? 3.0 : 10.0
let binary = CommandLine.arguments.firstIndex(of: "--binary").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
} ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tmm-tui").path

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
// Writing the fixtures needs no binary (`make order` runs it before the app is built).
guard FileManager.default.isExecutableFile(atPath: binary) else {
    FileHandle.standardError.write(Data("tmm-bench: \(binary) not found; build it first (make bench does)\n".utf8))
    exit(1)
}
let only = CommandLine.arguments.firstIndex(of: "--only").flatMap { i in
    i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1] : nil
}
/// Every section but frames (a profiling aid) when none is named.
func wants(_ section: String) -> Bool { only == nil ? section != "frames" : only == section }
var rows: [Row] = []
func note(_ text: String) { FileHandle.standardError.write(Data("… \(text)\n".utf8)) }

/// Every key of every screen at 200×60, or with `--keys month:?,scores:Tab` only those presses
/// (a screen's switch is `month:3`), for a profiler. `keys` and `frames` both take it.
@MainActor
func benchScreens(dataDir: URL, now: Date) -> [KeyBench.Screen] {
    let screens = KeyBench.screens(dataDir: dataDir, now: now, size: Size(width: 200, height: 60))
    guard let i = CommandLine.arguments.firstIndex(of: "--keys"), i + 1 < CommandLine.arguments.count else { return screens }
    let wanted = Set(CommandLine.arguments[i + 1].split(separator: ",").map(String.init))
    return screens.compactMap { screen in
        var s = screen
        s.keys = screen.keys.filter { wanted.contains("\(screen.name):\($0.label)") }
        s.timesSwitch = wanted.contains("\(screen.name):\(screen.digit)")
        return s.keys.isEmpty && !s.timesSwitch ? nil : s
    }
}

do {
    note("preparing data: 10 years of daily aggregates, 5,000 meals")
    let big = try Fixtures.dataDirectory(cacheYears: 10, meals: 5_000, now: now)
    let empty = try Fixtures.dataDirectory(cacheYears: 0, meals: 0, now: now)
    defer { for d in [big, empty] { try? FileManager.default.removeItem(at: d) } }

    // The C programs are compiled only for the sections that run them (so `--only stores` runs under a profiler).
    let needsC = ["start", "memory", "keys"].contains(where: wants)
    let cFloor = needsC ? try CFloor.build() : ""
    let peak = needsC ? try CFloor.buildPeak() : ""
    defer { for p in [cFloor, peak] where !p.isEmpty { try? FileManager.default.removeItem(at: URL(fileURLWithPath: p).deletingLastPathComponent()) } }

    if wants("start") {
        note("first frame at 100×30, tmm-tui and the C floor interleaved (\(startRuns) runs each)")
        let first = try Benchmarks.firstFrames(binary: binary, cFloor: cFloor, dataDir: big, emptyDir: empty, width: 100, height: 30,
                                               runs: startRuns)
        let cStart = median(first.c), appStart = median(first.app), emptyStart = median(first.appEmpty)
        let v = versus(appStart, cStart, "C", ms), e = versus(emptyStart, cStart, "C", ms)
        rows.append(Row(name: "First frame 100×30, 10 y cache + 5,000 meals (median of \(startRuns))", result: ms(appStart),
                        reference: v.reference, ratio: v.ratio, target: "≤ 1.5× C", met: appStart <= 1.5 * cStart))
        rows.append(Row(name: "First frame 100×30, empty data", result: ms(emptyStart), reference: e.reference, ratio: e.ratio))
        rows.append(Row(name: "  spread of the first frame, min / max", result: "\(ms(first.app.min() ?? .nan)) / \(ms(first.app.max() ?? .nan))",
                        reference: "C \(ms(first.c.min() ?? .nan)) / \(ms(first.c.max() ?? .nan))"))
    }

    if wants("memory") {
        let memoryRuns = quick ? 3 : 5
        note("peak resident memory: first frame (\(memoryRuns) runs each), and after every tab, help, palette and the meal sheet")
        let env = appEnvironment(["TMM_TUI_EXIT_AFTER_FIRST_FRAME": "1"])
        var appPeaks: [Double] = [], cPeaks: [Double] = [], appCPU: [Double] = [], cCPU: [Double] = []
        for _ in 0..<memoryRuns {
            let c = try KeyBench.peakRun(peak: peak, program: cFloor, arguments: [], width: 100, height: 30, environment: env)
            let app = try KeyBench.peakRun(peak: peak, program: binary, arguments: ["--data-dir", big.path], width: 100, height: 30,
                                           environment: env)
            cPeaks.append(c.bytes)
            cCPU.append(c.cpu)
            appPeaks.append(app.bytes)
            appCPU.append(app.cpu)
        }
        var reference = "C \(bytes(median(cPeaks)))"
        for other in ["/usr/bin/btop", "/usr/bin/htop"] where FileManager.default.isExecutableFile(atPath: other) {
            let p = try KeyBench.peakRun(peak: peak, program: other, arguments: [], width: 100, height: 30, environment: appEnvironment(),
                                         quitKey: "q")
            reference += ", \(URL(fileURLWithPath: other).lastPathComponent) \(bytes(p.bytes))"
        }
        rows.append(Row(name: "Peak RSS at first frame 100×30, 10 y cache + 5,000 meals", result: bytes(median(appPeaks)),
                        reference: reference, ratio: String(format: "%.2f×", median(appPeaks) / median(cPeaks)), target: "≤ 8 MB",
                        met: median(appPeaks) <= 8 * 1_048_576))
        let cpu = versus(median(appCPU), median(cCPU), "C", ms)
        rows.append(Row(name: "First frame 100×30, CPU time (user + system, median of \(memoryRuns))", result: ms(median(appCPU)),
                        reference: cpu.reference, ratio: cpu.ratio))
        // Every tab, help, the palette, the meal sheet (n on Nutrition), each closed again.
        var tour = FeatureRegistry.tabs.indices.prefix(9).map { String($0 + 1) }
        tour += ["1", "?", "\u{1B}", ":", "\u{1B}", "2", "n", "\u{1B}", "1"]
        let toured = try KeyBench.peakRun(peak: peak, program: binary, arguments: ["--data-dir", big.path], width: 200, height: 60,
                                          environment: appEnvironment(), keys: tour, quitKey: "q")
        let cToured = try KeyBench.peakRun(peak: peak, program: cFloor, arguments: ["--keys"], width: 200, height: 60,
                                           environment: appEnvironment(), keys: tour.filter { $0 != "q" }, quitKey: "q")
        rows.append(Row(name: "Peak RSS after every tab, help, palette, meal sheet (200×60, live on)", result: bytes(toured.bytes),
                        reference: "C \(bytes(cToured.bytes)) (same keys)", ratio: String(format: "%.2f×", toured.bytes / cToured.bytes),
                        target: "≤ 10 MB", met: toured.bytes <= 10 * 1_048_576))
    }

    if wants("glance") {
        note("glance, cat of the same cache file and tmm-tui --version, interleaved (\(runs) runs each)")
        let g = try GlanceBench.run(binary: binary, dataDir: big, runs: runs)
        let glance = median(g.glance.wall), cat = median(g.cat.wall), version = median(g.version.wall)
        rows.append(Row(name: "cat of the cache file (the floor: start a process, read the bytes)", result: spread(g.cat.wall)))
        let v = versus(version, cat, "cat", ms)
        rows.append(Row(name: "tmm-tui --version (our static binary's start)", result: spread(g.version.wall),
                        reference: v.reference, ratio: v.ratio))
        let gv = versus(glance, cat, "cat", ms)
        rows.append(Row(name: "glance, one line (10 y cache, scores of 31 simulated days)", result: spread(g.glance.wall),
                        reference: gv.reference, ratio: gv.ratio,
                        target: "≤ 4× cat and < 10 ms", met: glance <= 4 * cat && glance < 0.010))
        let cpu = versus(median(g.glance.cpu), median(g.cat.cpu), "cat", ms)
        rows.append(Row(name: "glance CPU time (user + sys)", result: ms(median(g.glance.cpu)), reference: cpu.reference, ratio: cpu.ratio))
    }

    if wants("keys") {
        let screens = benchScreens(dataDir: big, now: now)
        let rounds = CommandLine.arguments.firstIndex(of: "--rounds").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? (quick ? 1 : 3)
        note("key to frame at 200×60: every key of \(screens.count) screens (\(screens.map(\.keys.count).reduce(0, +)) keys) × \(rounds), "
             + "beside the C program")
        let keyDir = try Fixtures.dataDirectory(cacheYears: 10, meals: 5_000, now: now)
        defer { try? FileManager.default.removeItem(at: keyDir) }
        let latencies = try KeyBench.latency(binary: binary, cFloor: cFloor, dataDir: keyDir, screens: screens, width: 200, height: 60,
                                             rounds: rounds)
        var allApp: [Double] = [], allC: [Double] = [], allSame: [Double] = [], allSettled: [Double] = []
        func sameBytes(_ times: [Double]) -> String {
            times.isEmpty ? "" : " · same bytes \(ms(percentile(times, 50))) / \(ms(percentile(times, 99)))"
        }
        for l in latencies where !l.app.isEmpty && !l.c.isEmpty {
            allApp += l.app
            allC += l.c
            allSame += l.cSameBytes
            allSettled += l.settled
            let p99 = percentile(l.app, 99), cP99 = percentile(l.c, 99)
            rows.append(Row(name: "Key → frame 200×60, \(l.screen) (\(l.keys) keys, \(l.app.count) presses), p50 / p99",
                            result: "\(ms(percentile(l.app, 50))) / \(ms(p99))",
                            reference: "C \(ms(percentile(l.c, 50))) / \(ms(cP99))" + sameBytes(l.cSameBytes),
                            ratio: String(format: "%.2f×", p99 / cP99),
                            target: "p99 ≤ 1 ms and ≤ 2.5× C", met: p99 <= 0.001 && p99 <= 2.5 * cP99))
        }
        if perKey {
            notePerKey(latencies.flatMap { l in l.perKey.map { (l.screen, $0.key, $0.seconds) } })
            let later = latencies.flatMap { l in l.perKey.filter { $0.settled > $0.seconds }.map { (l.screen, $0.key, $0.settled) } }
            if !later.isEmpty {
                note("until the last frame of the work the key started (presses whose work drew a later frame):")
                notePerKey(later)
            }
        }
        let p99 = percentile(allApp, 99), cP99 = percentile(allC, 99)
        rows.append(Row(name: "Key → frame 200×60, every screen (\(allApp.count) presses), p50 / p99",
                        result: "\(ms(percentile(allApp, 50))) / \(ms(p99))",
                        reference: "C \(ms(percentile(allC, 50))) / \(ms(cP99))" + sameBytes(allSame),
                        ratio: String(format: "%.2f×", p99 / cP99),
                        target: "p99 ≤ 1 ms and ≤ 2.5× C", met: p99 <= 0.001 && p99 <= 2.5 * cP99))
        rows.append(Row(name: "Key → last frame of the work it started (a refresh's answer), every screen, p50 / p99",
                        result: "\(ms(percentile(allSettled, 50))) / \(ms(percentile(allSettled, 99)))",
                        reference: "", ratio: ""))
    }

    if wants("bytes") {
        note("bytes per keypress on Today at 200×60")
        let keyDir = try Fixtures.dataDirectory(cacheYears: 10, meals: 5_000, now: now)
        defer { try? FileManager.default.removeItem(at: keyDir) }
        // The issue's two kinds of small change: the chart's cursor moves a day (Today opens with
        // the cursor on today, the last day: → changes nothing there), and one digit changes (a
        // live sample of 7 steps). Focus moves and the goal are measured beside them: a focus move
        // re-colours two cards' borders, 3-byte box-drawing characters, so its text alone is
        // about 3× its cells; the goal moves a chart's goal line and its bars.
        var keyBytes = try KeyBench.bytesPerKey(binary: binary, dataDir: keyDir, width: 200, height: 60,
                                                keys: [("cursor moves (←)", .left)])
        keyBytes.append(try KeyBench.bytesForLiveSample(dataDir: keyDir, steps: 7, width: 200, height: 60))
        for k in keyBytes {
            rows.append(Row(name: "Bytes per change, Today 200×60, \(k.name)", result: "\(k.bytes) B",
                            reference: "\(k.cells) cells changed, \(k.glyphBytes) B of their text", ratio: String(format: "%.2f×", Double(k.bytes) / Double(max(1, k.cells))),
                            target: "≤ 2× cells", met: k.cells > 0 && k.bytes <= 2 * k.cells))
        }
        let others = try KeyBench.bytesPerKey(binary: binary, dataDir: keyDir, width: 200, height: 60,
                                              keys: [("focus moves (Tab)", .tab), ("the goal goes up (+)", .char("+"))])
        for k in others {
            rows.append(Row(name: "Bytes per change, Today 200×60, \(k.name)", result: "\(k.bytes) B",
                            reference: "\(k.cells) cells changed, \(k.glyphBytes) B of their text",
                            ratio: String(format: "%.2f×", Double(k.bytes) / Double(max(1, k.cells)))))
        }
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
        rows.append(Row(name: "Cache load, 10 y (\(bytes(cache.size)))", result: ms(cache.load), reference: "JSONDecoder \(ms(cache.decoderLoad))",
                        ratio: String(format: "%.2f×", cache.load / cache.decoderLoad), target: "≤ 2 ms", met: cache.load <= 0.002))
        let meals = try Benchmarks.fileRoundTrip(Fixtures.meals(5_000, now: now), name: "meals", runs: runs) {
            $0.map(\.id) == $1.map(\.id)
        }
        rows.append(Row(name: "Meal store load, 5,000 meals (\(bytes(meals.size)))", result: ms(meals.load),
                        reference: "JSONDecoder \(ms(meals.decoderLoad))", ratio: String(format: "%.2f×", meals.load / meals.decoderLoad),
                        target: "≤ 5 ms", met: meals.load <= 0.005))
        rows.append(Row(name: "Meal store save, 5,000 meals", result: ms(meals.save)))
    }

    if wants("render") {
        note("render and diff at 120×40")
        let render = Benchmarks.renderAndDiff(dataDir: big, now: now)
        rows.append(Row(name: "Today render 120×40, per frame", result: ms(render.renderPerFrame)))
        rows.append(Row(name: "Buffer diff 120×40, per frame", result: ms(render.diffPerFrame)))
        let terminalBytes = try Benchmarks.celebrationBytes(binary: binary, dataDir: big)
        rows.append(Row(name: "Celebration: terminal bytes in its first second", result: bytes(terminalBytes.celebrationSecond),
                        reference: "full repaints \(bytes(terminalBytes.fullFrame * 30))/s",
                        ratio: String(format: "%.2f×", terminalBytes.celebrationSecond / (terminalBytes.fullFrame * 30)),
                        target: "< full repaints", met: terminalBytes.celebrationSecond < terminalBytes.fullFrame * 30))
    }

    if wants("idle") {
        note("idle CPU, \(Int(idleSeconds)) s each")
        let idleLive = try Benchmarks.idle(binary: binary, dataDir: big, live: true, seconds: idleSeconds)
        let idleQuiet = try Benchmarks.idle(binary: binary, dataDir: big, live: false, seconds: idleSeconds)
        rows.append(Row(name: "Idle CPU on Today, live on (\(Int(idleSeconds)) s)", result: String(format: "%.2f%%", idleLive.cpuPercent),
                        target: "≤ 0.2%", met: idleLive.cpuPercent <= 0.2))
        rows.append(Row(name: "Idle CPU on Today, --no-live", result: String(format: "%.2f%%", idleQuiet.cpuPercent),
                        target: "≈ 0% (≤ one 10 ms tick)", met: idleQuiet.cpuPercent <= 0.1 / (idleSeconds / 10) + 1e-9))
    }

    if wants("frames") {
        let screens = benchScreens(dataDir: big, now: now)
        let rounds = CommandLine.arguments.firstIndex(of: "--rounds").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? (quick ? 1 : 3)
        note("key → frame in process at 200×60 (model, render, encode; no terminal): every key of \(screens.count) screens × \(rounds)")
        let timings = FrameProfile.run(dataDir: big, screens: screens, size: Size(width: 200, height: 60), rounds: rounds)
        if perKey {
            notePerKey(timings.map { ($0.screen, $0.key, $0.step) })
            note("of which the encoder:")
            notePerKey(timings.map { ($0.screen, $0.key, $0.encode) })
            note("bytes of its frame (median):")
            notePerKeyBytes(timings.map { ($0.screen, $0.key, $0.bytes) })
            note("until its last frame (work the key started; presses with more than one frame):")
            notePerKey(timings.filter { $0.frames > 1 }.map { ($0.screen, "\($0.key) (\($0.frames) frames)", $0.settled) })
        }
        var names: [String] = []
        for t in timings where !names.contains(t.screen) { names.append(t.screen) }
        for name in names + ["every screen"] {
            let these = timings.filter { name == "every screen" || $0.screen == name }
            let step = these.map(\.step), encode = these.map(\.encode)
            rows.append(Row(name: "In process, key → frame encoded 200×60, \(name) (\(these.count) presses), p50 / p99",
                            result: "\(ms(percentile(step, 50))) / \(ms(percentile(step, 99)))",
                            reference: "encode \(ms(percentile(encode, 50))) / \(ms(percentile(encode, 99)))"))
        }
    }

    if wants("stress") {
        note("live stress: 100,000 samples")
        let stressDir = try Fixtures.dataDirectory(cacheYears: 0, meals: 0, now: now)
        defer { try? FileManager.default.removeItem(at: stressDir) }
        let calendar = Fixtures.calendar
        let morning = calendar.date(bySettingHour: 8, minute: 0, second: 0, of: now) ?? now
        let stress = await LiveStress.run(dataDir: stressDir, count: 100_000, interval: 0.001, start: morning)
        rows.append(Row(name: "Live stress: 100,000 samples in \(Int(stress.simulatedSeconds)) s (simulated)",
                        result: "\(stress.frames) frames, ≥ \(String(format: "%.2f", stress.shortestGap)) s apart",
                        target: "≥ 0.5 s apart, ≤ \(Int(stress.simulatedSeconds) * 2 + 2) frames",
                        met: stress.shortestGap >= 0.5 - 1e-6 && Double(stress.frames) <= stress.simulatedSeconds * 2 + 2))
        rows.append(Row(name: "Live stress: time per batch write", result: ms(stress.secondsPerWrite)))
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
