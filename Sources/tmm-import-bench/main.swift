import Foundation
import HealthImport
#if canImport(FoundationXML)
import FoundationXML
#endif

// Health import throughput: generates a synthetic export.xml (if absent) and times
//   1. the byte scanner alone, 2. the whole reader (scan + validate + dedupe),
//   3. Foundation's XMLParser on the first slice, for comparison.
// Usage: tmm-import-bench [--mb 200] [--file PATH] [--no-xmlparser] [--zip export.zip]
//        tmm-import-bench --pipeline [--sizes 100,520] [--no-compare]   (what `make bench` runs)
//        tmm-import-bench --many-sources [--runs 5]   (only the 3 vs 100,000 sources comparison)

func argument(_ name: String) -> String? {
    let args = CommandLine.arguments
    guard let index = args.firstIndex(of: name), index + 1 < args.count else { return nil }
    return args[index + 1]
}

func peakRSSMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kib / 1024
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

if let path = argument("--child-import") {
    try PipelineBench.child(path)
    exit(0)
}
if CommandLine.arguments.contains("--many-sources") {
    try PipelineBench.manySources(runs: Int(argument("--runs") ?? "5") ?? 5)
    exit(0)
}
if CommandLine.arguments.contains("--pipeline") {
    let sizes = (argument("--sizes") ?? "100,520").split(separator: ",").compactMap { Int($0) }
    try PipelineBench.run(sizes: sizes, compare: !CommandLine.arguments.contains("--no-compare"))
    exit(0)
}

let megabytes = Int(argument("--mb") ?? "200") ?? 200
let path = argument("--file") ?? FileManager.default.temporaryDirectory.appendingPathComponent("tmm-synthetic-\(megabytes)MB.xml").path
if !FileManager.default.fileExists(atPath: path) {
    let days = max(1, megabytes * 1_000_000 / SyntheticExport.approximateBytesPerDay)
    var written: SyntheticExport.Result?
    let elapsed = try seconds { written = try SyntheticExport.write(to: URL(fileURLWithPath: path), options: .init(days: days)) }
    print(String(format: "generated %@: %.1f MB, %d records, %d days in %.1f s", path, Double(written?.bytes ?? 0) / 1e6, written?.records ?? 0, days, elapsed))
}
let size = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0)
print(String(format: "export.xml: %.1f MB", size / 1e6))

// 1. Scanner alone.
var scanned = 0
let scanTime = try seconds {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var scanner = HealthXMLScanner()
    while let data = try handle.read(upToCount: 256 * 1024), !data.isEmpty {
        data.withUnsafeBytes { scanner.feed($0) { _ in scanned += 1 } }
    }
    scanner.finish()
}
print(String(format: "scanner:   %7.0f MB/s  %5.2f M records/s  (%d records, %.2f s)", size / 1e6 / scanTime, Double(scanned) / 1e6 / scanTime, scanned, scanTime))

// 2. Whole reader.
var summary = ImportSummary()
let readTime = try seconds { summary = try HealthExportReader.read(path: path) { _ in } }
print(String(format: "reader:    %7.0f MB/s  %5.2f M records/s  (%d imported, %d other types, %d duplicates, %.2f s)",
             size / 1e6 / readTime, Double(summary.xml.recordElements) / 1e6 / readTime,
             summary.importedRecords, summary.unsupportedRecords, summary.duplicates, readTime))

// 3. XMLParser on a 20 MB slice (without the DTD, which it cannot read on Linux).
final class Counter: NSObject, XMLParserDelegate {
    var records = 0
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "Record" { records += 1 }
    }
}
if let zip = argument("--zip") {
    // The same export zipped (e.g. with `zip -9`): inflate + CRC + scan + validate.
    var zipped = ImportSummary()
    let zipTime = try seconds { zipped = try HealthExportReader.read(path: zip) { _ in } }
    print(String(format: "zip:       %7.0f MB/s of XML  %5.2f M records/s  (%.1f MB compressed, %.2f s)",
                 Double(zipped.xmlBytesRead) / 1e6 / zipTime, Double(zipped.xml.recordElements) / 1e6 / zipTime,
                 Double(zipped.fileBytesRead) / 1e6, zipTime))
}
print(String(format: "peak RSS:  %.1f MiB (generation, scanner and reader)", peakRSSMiB()))
if !CommandLine.arguments.contains("--no-xmlparser") {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    let head = try handle.read(upToCount: 20_000_000) ?? Data()
    try handle.close()
    var text = String(decoding: head, as: UTF8.self)
    if let root = text.range(of: "<HealthData"), let cut = text.range(of: "\n <Record", options: .backwards) {
        text = String(text[root.lowerBound..<cut.lowerBound]) + "\n</HealthData>\n"
    }
    let slice = Data(text.utf8)
    let counter = Counter()
    let parser = XMLParser(data: slice)
    parser.delegate = counter
    let elapsed = seconds { _ = parser.parse() }
    print(String(format: "XMLParser: %7.0f MB/s  (%d records in a %.0f MB slice, %.2f s)",
                 Double(slice.count) / 1e6 / elapsed, counter.records, Double(slice.count) / 1e6, elapsed))
}
