import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `tmm-tui glance` against `cat` of the same cache file (the floor: start a
/// process and read the bytes), interleaved so machine noise hits both alike.
enum GlanceBench {
    static func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Double {
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
        waitpid(pid, &status, 0)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func run(binary: String, dataDir: URL, runs: Int) throws -> (glance: [Double], cat: [Double]) {
        let cache = dataDir.appendingPathComponent("cache/health-cache.json").path
        var g: [Double] = [], c: [Double] = []
        for _ in 0..<runs {
            c.append(try spawnAndWait("/bin/cat", [cache]))
            g.append(try spawnAndWait(binary, ["glance", "--format", "plain", "--data-dir", dataDir.path]))
        }
        return (g, c)
    }
}
