import Foundation
import TerminalUI
import XCTest

/// Compares a rendered Buffer (text + style runs) with a golden file beside the
/// test in `__Snapshots__`. `make snapshots` (RECORD_SNAPSHOTS=1) writes them
/// anew; anywhere else a missing golden is a failure, never a silent recording
/// (what was rendered is left beside it as NAME.failed.txt).
///
/// A name ending in "-dark" or "-light" is one theme of a screen: the themes of
/// a screen share one golden (`NAME-80x24.txt`), with the text once and each
/// theme's styles beside it (`ThemedGolden`).
public func assertSnapshot(_ buffer: Buffer, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let dir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let failure: String?
    if let (base, theme) = ThemedGolden.split(name) {
        failure = ThemedGolden.check(buffer, theme: theme, base: base, in: dir, record: record)
    } else {
        failure = SnapshotCheck.check(Snapshot.render(buffer), named: name, in: dir, record: record)
    }
    if let failure { XCTFail(failure, file: file, line: line) }
}

public enum SnapshotCheck {
    /// Records (when `record`) or compares; returns the failure message, if any.
    public static func check(_ rendered: String, named name: String, in dir: URL, record: Bool) -> String? {
        let url = dir.appendingPathComponent(name + ".txt")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        if record {
            try? rendered.write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            return failed(rendered, name: name, in: dir, "no golden file \(name).txt")
        }
        guard golden == rendered else { return failed(rendered, name: name, in: dir, "snapshot \(name) differs from its golden file", golden) }
        return nil
    }

    static func failed(_ rendered: String, name: String, in dir: URL, _ what: String, _ golden: String? = nil) -> String {
        let failed = dir.appendingPathComponent(name + ".failed.txt")
        try? rendered.write(to: failed, atomically: true, encoding: .utf8)
        let hint = golden == nil ? " (what was rendered is in \(failed.lastPathComponent)); record it with `make snapshots`" : "; see \(failed.path)"
        return what + hint + (golden.map { "\n" + firstDifference($0, rendered) } ?? "")
    }
}

/// One golden for all themes of a screen: "size", the shared text, then for
/// each theme its style runs and legend (and its own text, should it differ).
enum ThemedGolden {
    static let themes = ["dark", "light"]

    /// "care-list-80x24-dark" → ("care-list-80x24", "dark").
    static func split(_ name: String) -> (base: String, theme: String)? {
        for theme in themes where name.hasSuffix("-" + theme) {
            return (String(name.dropLast(theme.count + 1)), theme)
        }
        return nil
    }

    /// A golden's parts: its size line and each theme's text, styles and legend.
    struct Parts {
        var size = ""
        var byTheme: [String: (text: String, styles: String, legend: String)] = [:]

        init() {}

        init(parsing file: String) {
            var sections: [(title: String, body: String)] = []
            var lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            for line in lines {
                if line.hasPrefix("size ") && sections.isEmpty && size.isEmpty { size = line; continue }
                if line.hasPrefix("--- ") { sections.append((String(line.dropFirst(4)), "")); continue }
                guard !sections.isEmpty else { continue }
                sections[sections.count - 1].body += line + "\n"
            }
            let shared = sections.first { $0.title == "text" }?.body ?? ""
            for theme in ThemedGolden.themes {
                guard let styles = sections.first(where: { $0.title == "styles \(theme)" })?.body else { continue }
                let legend = sections.first { $0.title == "legend \(theme)" }?.body ?? ""
                let text = sections.first { $0.title == "text \(theme)" }?.body ?? shared
                byTheme[theme] = (text, styles, legend)
            }
        }

        /// The file: the first theme's text shared, any other text written under its theme.
        var file: String {
            let present = ThemedGolden.themes.filter { byTheme[$0] != nil }
            guard let first = present.first, let shared = byTheme[first]?.text else { return "" }
            var out = size + "\n--- text\n" + shared
            for theme in present {
                let part = byTheme[theme]!
                if part.text != shared { out += "--- text \(theme)\n" + part.text }
                out += "--- styles \(theme)\n" + part.styles + "--- legend \(theme)\n" + part.legend
            }
            // Trailing newlines of the last section are kept as written.
            return String(out.dropLast())
        }

        /// One theme on its own, as `Snapshot.render` writes it.
        func single(_ theme: String) -> String? {
            guard let part = byTheme[theme] else { return nil }
            return size + "\n--- text\n" + part.text + "--- styles \(theme)\n" + part.styles + "--- legend \(theme)\n" + part.legend
        }
    }

    static func check(_ buffer: Buffer, theme: String, base: String, in dir: URL, record: Bool) -> String? {
        let url = dir.appendingPathComponent(base + ".txt")
        let rendered = Snapshot.render([(theme, buffer)])
        let existing = (try? String(contentsOf: url, encoding: .utf8)).map(Parts.init(parsing:))
        if record {
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            var parts = existing ?? Parts()
            let mine = Parts(parsing: rendered)
            parts.size = mine.size
            parts.byTheme[theme] = mine.byTheme[theme]
            try? (parts.file + "\n").write(to: url, atomically: true, encoding: .utf8)
            return nil
        }
        let name = base + "-" + theme
        guard let golden = existing?.single(theme) else {
            return SnapshotCheck.failed(rendered, name: name, in: dir, "no golden for \(theme) in \(base).txt")
        }
        guard golden == rendered else {
            return SnapshotCheck.failed(rendered, name: name, in: dir, "snapshot \(name) differs from its golden file \(base).txt", golden)
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
