import Foundation
import XCTest

/// `tmm-tui import` (issue 20) on a small hand-made export, then the app showing its numbers.
final class ImportEndToEndTests: ScreenFlowTestCase {
    static let importNow = "2026-11-20T18:00:00Z"
    static let watch = #"sourceName="Sam’s Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, model:Watch&gt;""#
    static let phone = #"sourceName="Sam’s iPhone" sourceVersion="17.0" device="&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, model:iPhone&gt;""#

    static func record(_ type: String, _ source: String, _ unit: String, _ value: String, _ start: String, _ end: String) -> String {
        #" <Record type="HKQuantityTypeIdentifier\#(type)" \#(source) unit="\#(unit)" creationDate="\#(end) +0000" startDate="\#(start) +0000" endDate="\#(end) +0000" value="\#(value)"/>"#
    }

    /// Three days of steps, and energy on the last one. By hand, in UTC:
    /// Nov 18: 7,000 (watch). Nov 19: 8,000 (watch) + 2,500 (phone, no overlap) = 10,500.
    /// Nov 20: 3,000 (watch) — the phone's 2,800 in the same hour is not counted again — + 1,234 (phone) = 4,234;
    /// energy 250 kcal + 418.4 kJ (100 kcal) = 350 kcal. Month: 21,734 steps, 2 badges, 8,266 to the third.
    static let exportXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-20 17:00:00 +0000"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01"/>
        \(record("StepCount", watch, "count", "7000", "2026-11-18 09:00:00", "2026-11-18 10:00:00"))
        \(record("StepCount", watch, "count", "8000", "2026-11-19 08:00:00", "2026-11-19 09:00:00"))
        \(record("StepCount", phone, "count", "2500", "2026-11-19 17:00:00", "2026-11-19 18:00:00"))
        \(record("StepCount", watch, "count", "3000", "2026-11-20 09:00:00", "2026-11-20 10:00:00"))
        \(record("StepCount", phone, "count", "2800", "2026-11-20 09:00:00", "2026-11-20 10:00:00"))
        \(record("StepCount", phone, "count", "1234", "2026-11-20 12:00:00", "2026-11-20 12:30:00"))
        \(record("ActiveEnergyBurned", watch, "kcal", "250", "2026-11-20 09:00:00", "2026-11-20 10:00:00"))
        \(record("ActiveEnergyBurned", watch, "kJ", "418.4", "2026-11-20 12:00:00", "2026-11-20 12:30:00"))
        </HealthData>

        """

    /// Writes the export as the phone shares it (export.zip, via the system `zip`) or, without `zip`, as export.xml.
    func makeExport() throws -> String {
        let folder = (dataDir as NSString).appendingPathComponent("phone")
        let inner = (folder as NSString).appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let xmlPath = (inner as NSString).appendingPathComponent("export.xml")
        try Self.exportXML.write(toFile: xmlPath, atomically: true, encoding: .utf8)
        guard let zip = ["/usr/bin/zip", "/bin/zip", "/usr/local/bin/zip"].first(where: FileManager.default.isExecutableFile) else {
            return xmlPath
        }
        let zipPath = (folder as NSString).appendingPathComponent("export.zip")
        // zip stores paths relative to the working directory: run it from the folder.
        let made = try shell("/bin/sh", ["-c", "cd \(shellQuote(folder)) && \(shellQuote(zip)) -qr export.zip apple_health_export"])
        XCTAssertEqual(made.status, 0, made.err)
        return zipPath
    }

    func importExport() throws {
        let path = try makeExport()
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        env["HOME"] = NSTemporaryDirectory()
        let result = try shell(try Binary.require(), ["import", path, "--data-dir", dataDir], environment: env)
        XCTAssertEqual(result.status, 0, "import failed: \(result.out)\n\(result.err)")
        XCTAssertTrue(result.out.contains("Imported the Apple Health export of 2026-11-20"), result.out)
        XCTAssertTrue(result.out.contains("Days: 2026-11-18 to 2026-11-20"), result.out)
    }

    func testImportAnExportZipAndSeeItsNumbersOnTodayAndMonth() throws {
        try importExport()
        let s = try app(now: Self.importNow)
        s.onboard()
        let today = s.waitFor(text: "Fri, Nov 20  4,234 steps")
        XCTAssertTrue(today.contains("Apple Health export · 2026-11-20"), "the header names the source:\n\(today)")
        XCTAssertTrue(today.contains("5,766 steps to go"), today)
        XCTAssertTrue(today.contains("150 kcal to go"), "350 kcal burned (250 kcal + 418.4 kJ):\n\(today)")
        XCTAssertTrue(today.contains("Thu · 10,500 steps"), "the best day:\n\(today)")

        s.send("3")
        let month = s.waitFor(text: "Fri, Nov 20 (today) · 4,234 steps")
        XCTAssertTrue(month.contains("Earned 2 · next badge in 8,266 steps"), "21,734 steps this month:\n\(month)")
        XCTAssertTrue(month.contains("Best day Thu, Nov 19 · 10,500"), month)
        s.send("Left")
        s.waitFor(text: "Thu, Nov 19 · 10,500 steps")
        s.send("Left")
        s.waitFor(text: "Wed, Nov 18 · 7,000 steps")
        quit(s)
    }

    /// Was a bug: a day the export has no record for reads as a
    /// recorded 0 (Month counts it, Nutrition says "Burned 0 kcal") instead of a gap / "—".
    func testDaysTheExportDoesNotCoverAreGapsNotZeroes() throws {
        try importExport()
        let s = try app(now: Self.importNow)
        s.onboard()
        s.send("3")
        let month = s.waitFor(text: "Fri, Nov 20 (today)")
        XCTAssertTrue(month.contains("3 of 30 days recorded"), month)
        s.send("Left", "Left", "Left")
        let gap = s.waitFor(text: "Tue, Nov 17")
        XCTAssertFalse(ScreenText.line(gap, containing: "Tue, Nov 17").contains("0 steps"), gap)
        s.send("2")
        s.waitFor(text: "‹ Today ›")
        s.send("Left")
        let yesterday = s.waitFor(text: "‹ Yesterday ›")
        XCTAssertTrue(yesterday.contains("Burned —"), "no energy records that day:\n\(yesterday)")
        quit(s)
    }

    /// Was a bug: with an import that has no sleep or heart data,
    /// Scores silently shows the simulation's numbers (e.g. 740 kcal burned) for the imported day.
    func testScoresAfterAnImportNeverShowSimulatedNumbers() throws {
        try importExport()
        let s = try app(now: Self.importNow)
        s.onboard()
        s.send("4")
        let scores = s.waitFor(text: "Calories burned")
        let calories = ScreenText.line(scores, containing: "Calories burned")
        XCTAssertTrue(calories.contains("350 kcal") || calories.contains("—"), "the imported 350 kcal or nothing:\n\(scores)")
        quit(s)
    }
}
