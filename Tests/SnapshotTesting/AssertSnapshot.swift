import Foundation
import TerminalUI
import XCTest

/// Compares a rendered Buffer (text + style runs) with a golden file beside the
/// test: `__Snapshots__/NAME.txt`. Set RECORD_SNAPSHOTS=1 to write them anew.
/// A missing golden file is recorded and reported as a failure on CI.
public func assertSnapshot(_ buffer: Buffer, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let rendered = Snapshot.render(buffer)
    let dir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let url = dir.appendingPathComponent(name + ".txt")
    let env = ProcessInfo.processInfo.environment
    let record = env["RECORD_SNAPSHOTS"] == "1"
    guard !record, let golden = try? String(contentsOf: url, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? rendered.write(to: url, atomically: true, encoding: .utf8)
        if !record && env["CI"] != nil {
            XCTFail("no golden file \(name).txt; recorded one — commit it", file: file, line: line)
        }
        return
    }
    if golden != rendered {
        let failed = dir.appendingPathComponent(name + ".failed.txt")
        try? rendered.write(to: failed, atomically: true, encoding: .utf8)
        XCTFail("snapshot \(name) differs from its golden file; see \(failed.path)\n" + firstDifference(golden, rendered),
                file: file, line: line)
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
