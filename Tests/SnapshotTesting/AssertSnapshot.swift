import Foundation
import TerminalUI
import XCTest

/// Compares a rendered Buffer (text + style runs) with a golden file beside the
/// test: `__Snapshots__/NAME.txt`. `make snapshots` (RECORD_SNAPSHOTS=1) writes
/// them anew; anywhere else a missing golden file is a failure, never a silent
/// recording (what was rendered is left beside it as NAME.failed.txt).
public func assertSnapshot(_ buffer: Buffer, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let dir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    if let failure = SnapshotCheck.check(Snapshot.render(buffer), named: name, in: dir, record: record) {
        XCTFail(failure, file: file, line: line)
    }
}

public enum SnapshotCheck {
    /// Records (when `record`) or compares; returns the failure message, if any.
    public static func check(_ rendered: String, named name: String, in dir: URL, record: Bool) -> String? {
        let url = dir.appendingPathComponent(name + ".txt")
        let failed = dir.appendingPathComponent(name + ".failed.txt")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        if record {
            try? rendered.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            try? rendered.write(to: failed, atomically: true, encoding: .utf8)
            return "no golden file \(name).txt (what was rendered is in \(failed.lastPathComponent)); record it with `make snapshots`"
        }
        guard golden == rendered else {
            try? rendered.write(to: failed, atomically: true, encoding: .utf8)
            return "snapshot \(name) differs from its golden file; see \(failed.path)\n" + firstDifference(golden, rendered)
        }
        return nil
    }
}

func firstDifference(_ a: String, _ b: String) -> String {
    let la = a.components(separatedBy: "\n"), lb = b.components(separatedBy: "\n")
    for i in 0..<max(la.count, lb.count) {
        let x = i < la.count ? la[i] : "<none>", y = i < lb.count ? lb[i] : "<none>"
        if x != y { return "line \(i + 1):\n  golden: \(x)\n  actual: \(y)" }
    }
    return ""
}
