import Foundation
import XCTest
@testable import CursesBackend
import Platform

/// ncursesw needs LC_CTYPE; nothing else may follow the user's locale through
/// the C library, or `String(cFormat: "%.1f")` writes "1,5" under French.
final class LocaleSetUpTests: XCTestCase {
    func testAFrenchLocaleNeverReachesCNumberFormatting() throws {
        // A real fr_FR.UTF-8, compiled into a folder of our own (LOCPATH), so the test does not depend on the system's list.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let localedef = ["/usr/bin/localedef", "/usr/sbin/localedef"].first(where: FileManager.default.isExecutableFile)
        guard let localedef else { throw XCTSkip("localedef is not installed (Debian: apt-get install locales)") }
        let made = Process()
        made.executableURL = URL(fileURLWithPath: localedef)
        made.arguments = ["-i", "fr_FR", "-f", "UTF-8", dir.appendingPathComponent("fr_FR.UTF-8").path]
        try made.run()
        made.waitUntilExit()
        guard FileManager.default.fileExists(atPath: dir.appendingPathComponent("fr_FR.UTF-8").path) else {
            throw XCTSkip("localedef could not build fr_FR.UTF-8 (no fr_FR source in /usr/share/i18n/locales)")
        }
        let saved = ["LOCPATH", "LC_ALL", "LANG"].map { key in (key, ProcessInfo.processInfo.environment[key]) }
        defer {
            for (key, value) in saved { if let value { setenv(key, value, 1) } else { unsetenv(key) } }
            setlocale(LC_ALL, "C")
        }
        setenv("LOCPATH", dir.path, 1)
        setenv("LC_ALL", "fr_FR.UTF-8", 1)

        XCTAssertTrue(CursesTerminal.setUpLocale(), "fr_FR.UTF-8 is a UTF-8 locale")
        XCTAssertEqual(String(cString: setlocale(LC_CTYPE, nil)), "fr_FR.UTF-8", "ncursesw gets the user's character set")
        XCTAssertEqual(String(cString: setlocale(LC_NUMERIC, nil)), "C")
        XCTAssertEqual(String(cFormat: "%.1f", 1.5), "1.5")
        // The control: the same locale set for everything does write a comma.
        setlocale(LC_ALL, "fr_FR.UTF-8")
        XCTAssertEqual(String(cFormat: "%.1f", 1.5), "1,5", "the locale really is French")
    }
}
