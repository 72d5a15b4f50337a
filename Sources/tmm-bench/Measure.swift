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

/// One figure: "name: value (target X) [ratio to C: N×]", then ok or MISSED.
struct Row {
    var name: String
    var result: String
    var target: String = "none"
    /// nil: no target to meet.
    var met: Bool? = nil
    /// "3.1× (C 3.3 ms)"; nil when a C program has no counterpart to it.
    var versusC: String? = nil
}

/// "6.20× (C 3.3 ms)": how many times the C floor's figure this one is.
func ratio(_ value: Double, to c: Double, _ format: (Double) -> String) -> String {
    String(format: "%.2f×", value / c) + " (C \(format(c)))"
}

func printRows(_ rows: [Row]) {
    for r in rows {
        let verdict = r.met.map { $0 ? "  ok" : "  MISSED" } ?? ""
        print("\(r.name): \(r.result) (target \(r.target)) [ratio to C: \(r.versusC ?? "n/a")]\(verdict)")
    }
}
