import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tmm-tui glance` against `cat` of the same cache file (the floor: start a
/// process and read the bytes) and `tmm-tui --version` (the floor of our own
/// static binary: start, parse the arguments, print), interleaved so machine
/// noise hits all three alike. Each run is timed from spawn to exit (wall), and
/// its CPU time (user + system, from wait4) is kept beside it: on a shared
/// machine the wall time also counts waiting for a core.
enum GlanceBench {
    struct Run {
        var wall: [Double] = []
        var cpu: [Double] = []
    }

    static func spawnAndWait(_ path: String, _ arguments: [String]) throws -> (wall: Double, cpu: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = appEnvironment(["LANG": "C.UTF-8"]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid = pid_t()
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { throw BenchError("cannot start \(path)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError("lost \(path)") }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw BenchError("\(path) \(arguments.joined(separator: " ")) exited with status \(status)") }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    static func run(binary: String, dataDir: URL, runs: Int) throws -> (glance: Run, cat: Run, version: Run) {
        let cache = dataDir.appendingPathComponent("cache/health-cache.json").path
        var g = Run(), c = Run(), v = Run()
        func add(_ r: inout Run, _ m: (wall: Double, cpu: Double)) { r.wall.append(m.wall); r.cpu.append(m.cpu) }
        // One unmeasured round: the binary and the files in the page cache, as for a prompt drawn a second time.
        _ = try spawnAndWait(binary, ["glance", "--format", "plain", "--data-dir", dataDir.path])
        _ = try spawnAndWait("/bin/cat", [cache])
        for _ in 0..<runs {
            add(&c, try spawnAndWait("/bin/cat", [cache]))
            add(&g, try spawnAndWait(binary, ["glance", "--format", "plain", "--data-dir", dataDir.path]))
            add(&v, try spawnAndWait(binary, ["--version"]))
        }
        return (g, c, v)
    }
}

/// "3.1 ms (min 2.8, max 4.0; 21 runs)": the median first, then the spread.
func spread(_ values: [Double]) -> String {
    let sorted = values.sorted()
    guard let lo = sorted.first, let hi = sorted.last else { return "n/a" }
    return "\(ms(median(values))) (min \(ms(lo)), max \(ms(hi)); \(values.count) runs)"
}
