import Foundation
import ZipFixtures
import Synchronization
@testable import AppCore
import HealthDomain
import Platform

/// Hand-written exports for the import tests, shaped like the Health app's.
enum ImportFixtures {
    static let watch = "Anna’s Apple Watch"
    static let phone = "Anna’s iPhone"
    static let watchDevice = "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2&gt;"
    static let phoneDevice = "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2&gt;"
    static let steps = "HKQuantityTypeIdentifierStepCount"
    static let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    static let restingHR = "HKQuantityTypeIdentifierRestingHeartRate"
    static let sleep = "HKCategoryTypeIdentifierSleepAnalysis"

    /// iOS 16's DOCTYPE (the VisionPrescription ATTLIST misses its '>'), then the root.
    static func prolog(exportDate: String = "2024-11-05 09:00:00 +0000") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout)*)>
        <!ATTLIST VisionPrescription
          type             CDATA #REQUIRED
        <!ELEMENT Prescription EMPTY>
        ]>
        <HealthData locale="en_GB">
         <ExportDate value="\(exportDate)"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01"/>

        """
    }

    static func record(_ type: String, _ source: String = watch, unit: String? = "count", value: String,
                       _ start: String, _ end: String) -> String {
        let device = source == watch ? watchDevice : (source == phone ? phoneDevice : nil)
        var a = "type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"10.1\""
        if let device { a += " device=\"\(device)\"" }
        if let unit { a += " unit=\"\(unit)\"" }
        return " <Record \(a) creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>\n"
    }

    static func export(_ records: [String], exportDate: String = "2024-11-05 09:00:00 +0000") -> String {
        prolog(exportDate: exportDate) + records.joined() + "</HealthData>\n"
    }

    static func zip(_ xml: String, name: String = "apple_health_export/export.xml") -> [UInt8] {
        TestZipWriter.make([TestZipEntry(name, xml, dataDescriptor: true),
                            TestZipEntry("apple_health_export/export_cda.xml", "<ClinicalDocument/>")])
    }
}

/// An environment over a scratch data folder, a fixed clock and a time zone.
func importEnvironment(_ folder: TemporaryFolder, tz: String = "Europe/London", now: String = "2024-11-05T12:00:00Z",
                       scenario: String? = nil) -> AppEnvironment {
    var args = ["--data-dir", folder.url.appendingPathComponent("home").path, "--now", now, "--no-live"]
    if let scenario { args += ["--scenario", scenario] }
    guard case .success(let command) = CommandLineParser.parse(["stats"] + args), case .stats(let options, _) = command else {
        fatalError("bad test arguments")
    }
    return AppEnvironment(options: options, environment: ["TZ": tz, "LANG": "en_US.UTF-8"])
}

/// Captures what the import command prints.
final class CapturedConsole: Sendable {
    private let text = Mutex<(out: String, err: String)>(("", ""))
    var out: String { text.withLock { $0.out } }
    var err: String { text.withLock { $0.err } }

    func console(cancelled: Bool = false) -> ImportConsole {
        var c = ImportConsole()
        c.out = { s in self.text.withLock { $0.out += s } }
        c.err = { s in self.text.withLock { $0.err += s } }
        c.isCancelled = { cancelled }
        return c
    }
}

/// Runs `tmm-tui import PATH` in `env`; returns the exit code and the console.
func runImport(_ env: AppEnvironment, _ path: String, prefer: [String] = [], cancelled: Bool = false) async -> (Int32, CapturedConsole) {
    let captured = CapturedConsole()
    let code = await Commands.importExport(env, ImportRequest(path: path, quiet: false, prefer: prefer),
                                           console: captured.console(cancelled: cancelled))
    return (code, captured)
}

/// `stats --from --to --json` rows after an import, read as dictionaries.
func statsRows(_ folder: TemporaryFolder, tz: String, from: String, to: String) async throws -> [String: [String: Any]] {
    let env = importEnvironment(folder, tz: tz)
    let result = await Commands.stats(env, StatsRequest(days: 7, json: true, from: DayKey(string: from), to: DayKey(string: to)))
    let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    var byDate: [String: [String: Any]] = [:]
    for row in rows { if let d = row["date"] as? String { byDate[d] = row } }
    return byDate
}
