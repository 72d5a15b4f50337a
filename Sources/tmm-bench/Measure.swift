import Foundation

/// Monotonic wall time in seconds.
func uptime() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Runs `body` `runs` times and returns each run's seconds.
func timings(_ runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    var out: [Double] = []
    for _ in 0..<runs {
        let t0 = uptime()
        try body()
        out.append(uptime() - t0)
    }
    return out
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

func ms(_ seconds: Double) -> String { String(format: seconds < 0.01 ? "%.3f ms" : "%.1f ms", seconds * 1000) }

func bytes(_ n: Double) -> String {
    if n >= 1_048_576 { return String(format: "%.1f MB", n / 1_048_576) }
    if n >= 1024 { return String(format: "%.1f KB", n / 1024) }
    return String(format: "%.0f B", n)
}

/// One line of the results table.
struct Row {
    var name: String
    var result: String
    var target: String = ""
    /// nil: no target to meet.
    var met: Bool? = nil
}

func printTable(_ rows: [Row]) {
    let w0 = max(9, rows.map(\.name.count).max() ?? 0)
    let w1 = max(6, rows.map(\.result.count).max() ?? 0)
    let w2 = max(6, rows.map(\.target.count).max() ?? 0)
    func line(_ a: String, _ b: String, _ c: String, _ d: String) -> String {
        a.padding(toLength: w0, withPad: " ", startingAt: 0) + "  " + b.padding(toLength: w1, withPad: " ", startingAt: 0) + "  "
            + c.padding(toLength: w2, withPad: " ", startingAt: 0) + "  " + d
    }
    print(line("Benchmark", "Result", "Target", ""))
    print(String(repeating: "-", count: w0 + w1 + w2 + 12))
    for r in rows {
        print(line(r.name, r.result, r.target, r.met.map { $0 ? "ok" : "MISSED" } ?? ""))
    }
}
