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

/// p-th percentile (0...100) by nearest rank.
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count - 1, max(0, rank - 1))]
}

/// One figure of the table: ours, the reference measured in the same run, their
/// ratio, the target, and whether it is met.
struct Row {
    var name: String
    var result: String
    /// What ours is compared with, measured in the same run ("C 3.4 ms", "cat 1.1 ms").
    var reference: String = ""
    var ratio: String = ""
    var target: String = ""
    /// nil: no target to meet.
    var met: Bool? = nil
}

/// Reference and ratio columns: "C 3.4 ms", "1.94×".
func versus(_ value: Double, _ reference: Double, _ label: String = "C", _ format: (Double) -> String) -> (reference: String, ratio: String) {
    ("\(label) \(format(reference))", String(format: "%.2f×", value / reference))
}

/// The one table `make bench` prints.
func printRows(_ rows: [Row]) {
    let header = ["Figure", "Ours", "Reference (same run)", "Ratio", "Target", ""]
    let cells = rows.map { r in [r.name, r.result, r.reference, r.ratio, r.target, r.met.map { $0 ? "✓" : "✗" } ?? ""] }
    var widths = header.map(\.count)
    for row in cells { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
    func line(_ row: [String]) -> String {
        "| " + row.enumerated().map { i, c in c + String(repeating: " ", count: widths[i] - c.count) }.joined(separator: " | ") + " |"
    }
    print(line(header))
    print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
    for row in cells { print(line(row)) }
    let missed = rows.filter { $0.met == false }.count, met = rows.filter { $0.met == true }.count
    print("\(met) of \(met + missed) targets met" + (missed == 0 ? "." : "; \(missed) missed (✗)."))
}

/// Each key's p50 / p99, count and presses in order (ms: is the first the slow one?), screen by screen, on stderr.
func notePerKey(_ presses: [(screen: String, key: String, seconds: Double)]) {
    for (id, t) in byKey(presses.map { ($0.screen, $0.key, $0.seconds) }) {
        let presses = t.map { String(format: "%.2f", $0 * 1000) }.joined(separator: " ")
        FileHandle.standardError.write(Data("…   \(id): p50 \(ms(percentile(t, 50))), p99 \(ms(percentile(t, 99))) (\(t.count): \(presses))\n".utf8))
    }
}

/// Each key's median frame size in bytes, in the order first pressed (stderr).
func notePerKeyBytes(_ presses: [(screen: String, key: String, bytes: Int)]) {
    for (id, values) in byKey(presses.map { ($0.screen, $0.key, $0.bytes) }) {
        let sizes = values.sorted()
        FileHandle.standardError.write(Data("…   \(id): \(sizes[sizes.count / 2]) B\n".utf8))
    }
}

/// The presses' values by "screen key", in the order each key was first pressed.
private func byKey<Value>(_ presses: [(screen: String, key: String, value: Value)]) -> [(id: String, values: [Value])] {
    var order: [String] = []
    var values: [String: [Value]] = [:]
    for p in presses {
        let id = "\(p.screen) \(p.key)"
        if values[id] == nil { order.append(id) }
        values[id, default: []].append(p.value)
    }
    return order.map { ($0, values[$0] ?? []) }
}
