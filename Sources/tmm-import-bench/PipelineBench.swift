import AppCore
import Foundation
import HealthDomain
import Platform
import HealthImport

/// `tmm-import-bench --pipeline`: the whole `tmm-tui import` on a zipped synthetic
/// export at two sizes, each in a fresh child process so its peak RSS is its own,
/// then healthkit-to-sqlite on the smaller file when it can be installed.
enum PipelineBench {
    static let targetMBps = 100.0
    static let targetRSS = 64.0

    /// In the child: import `path`, print one result line.
    static func child(_ path: String) throws {
        let spill = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-import-bench-spill")
        let r = try ImportBenchmarkEntry.run(path: path, timeZone: ZoneRules.named("Europe/Paris") ?? .utc, spillParent: spill)
        print("RESULT \(r.xmlBytes) \(r.records) \(r.importedRecords) \(r.days) \(r.seconds) \(peakRSSMiB())")
    }

    static func run(sizes: [Int], compare: Bool) throws {
        var timings: [Int: Double] = [:]
        var zips: [Int: String] = [:]
        for mb in sizes {
            let zip = try prepare(mb)
            zips[mb] = zip
            let output = try capture(CommandLine.arguments[0], ["--child-import", zip]).output
            guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else {
                print("import of \(zip) failed:\n\(output)")
                continue
            }
            let f = line.split(separator: " ").dropFirst().map { Double($0) ?? 0 }
            let (bytes, records, seconds, rss) = (f[0], f[1], f[4], f[5])
            timings[mb] = seconds
            let mbps = bytes / 1e6 / seconds
            print(String(format: "import %4.0f MB of XML (zipped): %6.1f MB/s (target ≥ %.0f %@)  %5.2f M records/s  %.1f s  peak RSS %5.1f MiB (target ≤ %.0f %@)  %.0f days",
                         bytes / 1e6, mbps, targetMBps, mbps >= targetMBps ? "ok" : "MISSED", records / 1e6 / seconds, seconds,
                         rss, targetRSS, rss <= targetRSS ? "ok" : "MISSED", f[3]))
        }
        try manySources()
        guard compare, let small = sizes.first, let zip = zips[small] else { return }
        guard let tool = healthkitToSqlite() else {
            print("healthkit-to-sqlite: not installed and `pip install healthkit-to-sqlite` failed; comparison skipped")
            return
        }
        // healthkit-to-sqlite stops at the malformed DOCTYPE of iOS 16+ exports (ElementTree
        // "syntax error"), so both tools read the same export with its DOCTYPE removed.
        let plain = try withoutDoctype(zip)
        let ours = try capture(CommandLine.arguments[0], ["--child-import", plain]).output
        guard let line = ours.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }),
              let oursSeconds = Double(line.split(separator: " ")[5]) else { print("import of \(plain) failed:\n\(ours)"); return }
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-hk-\(getpid()).db").path
        defer { try? FileManager.default.removeItem(atPath: db) }
        let start = DispatchTime.now().uptimeNanoseconds
        let theirs = try capture(tool, [plain, db])
        let theirSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard theirs.status == 0 else {
            print("healthkit-to-sqlite failed (exit \(theirs.status)): \(theirs.output.split(separator: "\n").last ?? "")")
            return
        }
        let ratio = theirSeconds / oursSeconds
        print(String(format: "healthkit-to-sqlite on the same %d MB export (DOCTYPE removed): %.1f s; tmm-tui import: %.2f s → %.0f× faster (target ≥ 20× %@)",
                     small, theirSeconds, oursSeconds, ratio, ratio >= 20 ? "ok" : "MISSED"))
    }

    /// The same 140,000 step records from 3 sources and from 100,000 sources,
    /// each imported in a child process, `runs` times in turns (machine noise hits
    /// both alike): the cost must grow with the file, not with the number of
    /// sources (issue: same MB/s, same 64 MB). Prints min / median / max.
    static func manySources(runs: Int = 5) throws {
        let shapes = [3, 100_000]
        var mbps: [Int: [Double]] = [:], rss: [Int: [Double]] = [:], megabytes: [Int: Double] = [:]
        for _ in 0..<max(1, runs) {
            for sources in shapes {
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-sources-\(sources).xml").path
                if !FileManager.default.fileExists(atPath: path) { try writeExport(path, sources: sources, records: 140_000) }
                let output = try capture(CommandLine.arguments[0], ["--child-import", path]).output
                guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") }) else {
                    print("import of \(path) failed:\n\(output)")
                    return
                }
                let f = line.split(separator: " ").dropFirst().map { Double($0) ?? 0 }
                megabytes[sources] = f[0] / 1e6
                mbps[sources, default: []].append(f[0] / 1e6 / f[4])
                rss[sources, default: []].append(f[5])
            }
        }
        func spread(_ values: [Double]) -> (min: Double, median: Double, max: Double) {
            let v = values.sorted()
            return (v[0], v[v.count / 2], v[v.count - 1])
        }
        for sources in shapes {
            let speed = spread(mbps[sources] ?? [0]), peak = spread(rss[sources] ?? [0])
            print(String(format: "import %3.0f MB of XML from %6d sources, %d runs: %6.1f MB/s median (min %.1f, max %.1f)  peak RSS %5.1f MiB max (target ≤ %.0f %@)",
                         megabytes[sources] ?? 0, sources, mbps[sources]?.count ?? 0, speed.median, speed.min, speed.max,
                         peak.max, targetRSS, peak.max <= targetRSS ? "ok" : "MISSED"))
        }
        if let few = mbps[3].map(spread)?.median, let many = mbps[100_000].map(spread)?.median {
            print(String(format: "100,000 sources vs 3: %.2f× the time per MB, medians (target ≤ 1.25× %@)", few / many,
                         few / many <= 1.25 ? "ok" : "MISSED"))
        }
    }

    /// An export.xml of `records` step records spread round-robin over `sources` app sources.
    static func writeExport(_ path: String, sources: Int, records: Int) throws {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n <ExportDate value=\"2026-11-20 10:00:00 +0000\"/>\n"
        xml.reserveCapacity(records * 240)
        var rng = SeededRandom(seed: 7)
        for i in 0..<records {
            let day = 1 + (i / 5000) % 28, hour = (i / 200) % 24, minute = (i / 4) % 60
            let stamp = String(format: "2026-10-%02d %02d:%02d", day, hour, minute)
            xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"App \(i % sources)\" sourceVersion=\"1\" unit=\"count\" "
                + "creationDate=\"\(stamp):00 +0000\" startDate=\"\(stamp):00 +0000\" endDate=\"\(stamp):30 +0000\" value=\"\(Int.random(in: 1...90, using: &rng))\"/>\n"
        }
        xml += "</HealthData>\n"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A copy of the zip whose XML has no DOCTYPE block.
    static func withoutDoctype(_ zip: String) throws -> String {
        let plain = zip.replacingOccurrences(of: ".zip", with: "-nodtd.zip")
        if FileManager.default.fileExists(atPath: plain) { return plain }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-nodtd-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = "mkdir -p '\(dir.path)/apple_health_export' && unzip -p '\(zip)' apple_health_export/export.xml "
            + "| sed '/^<!DOCTYPE/,/^]>/d' > '\(dir.path)/apple_health_export/export.xml' "
            + "&& cd '\(dir.path)' && zip -q -r -6 '\(plain)' apple_health_export"
        let result = try capture("/usr/bin/env", ["sh", "-c", script])
        guard result.status == 0 else { throw StorageError("could not make \(plain): \(result.output)") }
        return plain
    }

    /// The zipped synthetic export of about `mb` MB of XML (generated once, kept in the temp folder).
    static func prepare(_ mb: Int) throws -> String {
        let tmp = FileManager.default.temporaryDirectory
        let xml = tmp.appendingPathComponent("tmm-synthetic-\(mb)MB.xml").path
        let zip = tmp.appendingPathComponent("tmm-synthetic-\(mb)MB.zip").path
        if FileManager.default.fileExists(atPath: zip) { return zip }
        if !FileManager.default.fileExists(atPath: xml) {
            let days = max(1, mb * 1_000_000 / SyntheticExport.approximateBytesPerDay)
            let r = try SyntheticExport.write(to: URL(fileURLWithPath: xml), options: .init(days: days))
            print(String(format: "generated %@: %.1f MB of XML, %d records, %d days", xml, Double(r.bytes) / 1e6, r.records, days))
        }
        // Zipped like the phone does it: a folder with export.xml inside, deflated.
        let folder = tmp.appendingPathComponent("tmm-zip-\(mb)/apple_health_export")
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: xml, toPath: folder.appendingPathComponent("export.xml").path)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let out = try capture("/usr/bin/env", ["sh", "-c", "cd '\(folder.deletingLastPathComponent().path)' && zip -q -r -6 '\(zip)' apple_health_export"]).output
        guard FileManager.default.fileExists(atPath: zip) else { throw StorageError("zip failed: \(out)") }
        let size = (try? FileManager.default.attributesOfItem(atPath: zip)[.size] as? NSNumber)?.doubleValue ?? 0
        print(String(format: "zipped: %@ (%.1f MB)", zip, size / 1e6))
        return zip
    }

    static func healthkitToSqlite() -> String? {
        if let found = which("healthkit-to-sqlite") { return found }
        _ = try? capture("/usr/bin/env", ["sh", "-c", "pip install -q healthkit-to-sqlite || pip3 install -q healthkit-to-sqlite"])
        return which("healthkit-to-sqlite")
    }

    static func which(_ name: String) -> String? {
        let path = (try? capture("/usr/bin/env", ["sh", "-c", "command -v \(name)"]))?.output.trimmed() ?? ""
        return path.isEmpty ? nil : path
    }

    static func capture(_ executable: String, _ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
