import Foundation
import XCTest
@testable import DesignSystem
import TerminalUI

final class ThemeTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A colour is looked up by the token's place in the list: each place is its own token,
    /// every built-in theme answers its file's colour for each, and a changed colour is seen.
    func testEachTokenLooksUpItsOwnColour() {
        for (i, token) in ColorToken.allCases.enumerated() { XCTAssertEqual(token.index, i, "\(token)") }
        for name in ThemeLoader.builtinNames {
            var theme = ThemeLoader.builtin(name)
            for token in ColorToken.allCases { XCTAssertEqual(theme[token], theme.colors[token], "\(name) \(token)") }
            theme.colors[.accent] = RGB(1, 2, 3)
            XCTAssertEqual(theme[.accent], RGB(1, 2, 3))
            theme.colors[.accent] = nil
            XCTAssertEqual(theme[.accent], RGB(128, 128, 128), "a token left out is mid grey")
        }
    }

    func testBuiltinThemesDecodeFromTheBundledFiles() throws {
        let themesDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Themes").standardized
        for name in ThemeLoader.builtinNames {
            let theme = ThemeLoader.builtin(name)
            XCTAssertEqual(theme.name, name)
            XCTAssertEqual(Set(theme.colors.keys), Set(ColorToken.allCases), "\(name) defines every token")
            let file = try Data(contentsOf: themesDir.appendingPathComponent(name + ".json"))
            XCTAssertEqual(try ThemeLoader.parse(file, resolveBase: { _ in nil }), theme, "the binary carries Themes/\(name).json")
        }
        XCTAssertEqual(ThemeLoader.light.appearance, .light)
        XCTAssertEqual(ThemeLoader.dark.appearance, .dark)
    }

    func testEveryBundledThemeMeetsWCAGContrast() {
        var failures: [String] = []
        for name in ThemeLoader.builtinNames {
            let t = ThemeLoader.builtin(name)
            for bg in [ColorToken.background, .surface, .surfaceRaised] {
                for fg in ColorToken.textTokens {
                    let ratio = t[fg].contrastRatio(with: t[bg])
                    if ratio < 4.5 { failures.append("\(name): \(fg) on \(bg) = \(ratio)") }
                }
                for ui in ColorToken.uiTokens {
                    let ratio = t[ui].contrastRatio(with: t[bg])
                    if ratio < 3 { failures.append("\(name): \(ui) on \(bg) = \(ratio)") }
                }
            }
            for fg in [ColorToken.textPrimary, .textSecondary] {
                let ratio = t[fg].contrastRatio(with: t[.selection])
                if ratio < 4.5 { failures.append("\(name): \(fg) on selection = \(ratio)") }
            }
            let onAccent = t[.onAccent].contrastRatio(with: t[.accent])
            if onAccent < 4.5 { failures.append("\(name): onAccent on accent = \(onAccent)") }
        }
        XCTAssertEqual(failures, [])
    }

    func write(_ name: String, _ json: String) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try Data(json.utf8).write(to: url)
        return url
    }

    func testMalformedThemeFallsBackWithAClearMessage() throws {
        let url = try write("broken.json", "{ nope")
        let (theme, error) = ThemeLoader.resolve(url.path, userThemesDirectory: nil)
        XCTAssertEqual(theme, ThemeLoader.dark)
        XCTAssertTrue(error!.message.contains("not valid theme JSON"), error!.message)
        // What happened and the theme used first, the path next, the parser's words last (a toast cuts the end).
        XCTAssertTrue(error!.message.hasPrefix("Theme cannot be used (using dark): \(url.path) ("), error!.message)
    }

    func testMissingThemeFileFallsBack() {
        let (theme, error) = ThemeLoader.resolve("/nonexistent/x.json", userThemesDirectory: nil)
        XCTAssertEqual(theme, ThemeLoader.dark)
        XCTAssertTrue(error!.message.contains("not found"), error!.message)
        let (_, unknown) = ThemeLoader.resolve("solarized", userThemesDirectory: dir)
        XCTAssertTrue(unknown!.message.contains("not found"), unknown!.message)
    }

    func testThemeErrorsNameTheProblem() throws {
        let cases: [(String, String)] = [
            (##"{"colors": {"background": "#000"}}"##, "is not a #RRGGBB color"),
            (##"{"colors": {"sparkles": "#000000"}}"##, "unknown color token \"sparkles\""),
            (##"{"colors": {"background": "#000000"}}"##, "missing color tokens"),
            (##"{"schemaVersion": 2, "colors": {}}"##, "unsupported schemaVersion 2"),
            (##"{"extends": "nothing", "colors": {}}"##, "extends unknown theme"),
            (##"{"extends": "dark", "appearance": "purple", "colors": {}}"##, "appearance must be"),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try ThemeLoader.parse(Data(json.utf8), resolveBase: { _ in nil })) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
            }
        }
    }

    /// Theme files are read by `JSONReader` (every start reads one) and by `JSONDecoder` only when
    /// it refuses them: both read the same files the same way — nulls for optional fields, fields
    /// the theme does not know, spacing, escapes — and what the fast reader refuses still gets
    /// the decoder's message.
    func testThemeFilesReadTheSameWhicheverReaderReadsThem() throws {
        let colors = ColorToken.allCases.map { "\"\($0.rawValue)\": \"#102030\"" }.joined(separator: ", ")
        let accepted = [
            ##"{"schemaVersion": 1, "name": "n", "appearance": "light", "colors": {\##(colors)}}"##,
            ##"{"name": null, "extends": null, "appearance": null, "comment": [1, {"a": true}], "colors": {\##(colors)}}"##,
            ##" {\##n\##t"colors" : { \##(colors) } , "name" : "caf\u00e9" } "##,
            ##"{"extends": "light", "colors": {"accent": "#33aaff"}}"##,
        ]
        for json in accepted {
            let theme = try ThemeLoader.parse(Data(json.utf8), resolveBase: { _ in nil })
            XCTAssertEqual(theme[.textPrimary], json.contains(#""extends": "light""#) ? ThemeLoader.light[.textPrimary] : RGB(0x10, 0x20, 0x30), json)
        }
        XCTAssertEqual(try ThemeLoader.parse(Data(accepted[2].utf8), resolveBase: { _ in nil }).name, "café")
        XCTAssertEqual(try ThemeLoader.parse(Data(accepted[1].utf8), resolveBase: { _ in nil }).name, "custom")
        let refused: [(String, String)] = [
            (##"{"schemaVersion": "1", "colors": {}}"##, "not valid theme JSON"),
            (##"{"name": "n"}"##, "not valid theme JSON"),
            (##"{"colors": {"accent": 5}}"##, "not valid theme JSON"),
            (##"{"colors": {}} trailing"##, "not valid theme JSON"),
        ]
        for (json, expected) in refused {
            XCTAssertThrowsError(try ThemeLoader.parse(Data(json.utf8), resolveBase: { _ in nil })) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
            }
        }
    }

    func testUserThemeExtendsABuiltinAndIsFoundByName() throws {
        _ = try write("ocean.json", ##"{"name": "ocean", "extends": "dark", "colors": {"accent": "#33aaff"}}"##)
        let (theme, error) = ThemeLoader.resolve("ocean", userThemesDirectory: dir)
        XCTAssertNil(error)
        XCTAssertEqual(theme.name, "ocean")
        XCTAssertEqual(theme[.accent], RGB(0x33, 0xaa, 0xff))
        XCTAssertEqual(theme[.background], ThemeLoader.dark[.background])
        XCTAssertEqual(ThemeLoader.availableNames(userThemesDirectory: dir), ["dark", "light", "high-contrast", "ocean"])
    }

    func testMonochromeStylesCarryNoColor() {
        let mono = ThemeLoader.dark.monochrome()
        for token in ColorToken.allCases {
            XCTAssertNil(mono.text(token).fg)
            XCTAssertNil(mono.fill(token).bg)
        }
        XCTAssertTrue(mono.fill(.accent).attributes.contains(.reverse), "focus/selection stay visible as reverse video")
        XCTAssertTrue(mono.text(.textSecondary).attributes.contains(.dim))
        XCTAssertTrue(mono.text(.danger).attributes.contains(.underline))
    }
}
