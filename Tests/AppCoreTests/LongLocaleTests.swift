import XCTest
@testable import AppCore
import Platform
import TerminalUI

/// The long pseudo-locale (LANG=en_XA: every string about 40% longer, in
/// brackets) at 80×24, the size most terminals open at: no label is dropped —
/// each string shown in English is shown in en_XA too, whole, wrapped or
/// shortened (ShellRulesTests checks a shortened word carries its "…").
@MainActor
final class LongLocaleTests: XCTestCase {
    static let size = Size(width: 80, height: 24)

    nonisolated static func environment(_ home: URL, language: String) -> AppEnvironment {
        var options = Options()
        options.theme = "dark"
        options.reduceMotion = true
        options.now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")
        return AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": language, "HOME": home.path])
    }

    func render(_ screen: String, language: String) async -> [String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-xa-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        return await Commands.snapshot(Self.environment(home, language: language), screen: screen, size: Self.size).lines
    }

    /// The English strings drawn as labels on `lines` between the header and the
    /// footer (those rows have their own rules: tab names shorten, the footer ends
    /// with "? more"). A label is a piece of a row set apart by box edges or by
    /// two spaces; running text that wraps is not compared.
    static func labelsShown(_ lines: [String], _ english: Strings) -> Set<String> {
        var pieces: Set<String> = []
        for line in lines.dropFirst().dropLast() {
            let cleaned = String(line.map { "│╭╮╰╯─┤├|".contains($0) ? "\u{0}" : $0 })
            for part in cleaned.split(separator: "\u{0}") {
                for piece in part.components(separatedBy: "  ") {
                    let trimmed = piece.trimmingCharacters(in: .whitespaces)
                    if !trimmed.isEmpty { pieces.insert(trimmed) }
                }
            }
        }
        let values = Set(english.allKeys.map { english($0) })
        return pieces.filter { $0.count >= 3 && $0.contains(where: \.isLetter) && values.contains($0) }
    }

    /// How the pseudo-locale starts a string: "[" and its first letters, accented.
    static func pseudoStart(_ english: String) -> String {
        String(Strings.pseudo(english).prefix(4))
    }

    func testThePseudoLocaleIsLongerAndBracketed() {
        XCTAssertEqual(Strings.pseudo("Steps"), "[Stéps ~]")
        XCTAssertEqual(Self.pseudoStart("Daily average"), "[Dáí")
        XCTAssertEqual(Strings.language(from: ["LANG": "en_XA.UTF-8"]), Strings.pseudoLanguage)
    }

    func testNoLabelIsDroppedAt80x24() async {
        let english = Strings(language: "en")
        for screen in FeatureRegistry.snapshotScreens where screen != "too-small" {
            let plain = await render(screen, language: "en_US.UTF-8")
            let xa = await render(screen, language: "en_XA.UTF-8")
            let shown = xa.joined(separator: "\n")
            for value in Self.labelsShown(plain, english).sorted() {
                // A label with a short form in the tables ("metric.energy" → "metric.energyShort") may use it.
                let shortForms = english.allKeys.filter { english($0) == value }
                    .map { english($0 + "Short") }.filter { !$0.hasSuffix("Short") }
                XCTAssertTrue(([value] + shortForms).contains { shown.contains(Self.pseudoStart($0)) },
                              "\(screen): \"\(value)\" is on the English screen but dropped in en_XA:\n\(shown)")
            }
        }
    }
}
