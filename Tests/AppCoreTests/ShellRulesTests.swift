import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Every screen `snapshot` knows, at the sizes people use, in both themes,
/// checked against the shell's rules: no word cut with "…" (an ellipsis the
/// strings themselves end with — "Review…", "Connecting…" — is not a cut), every
/// tab named from 80 columns, a footer of keys that belong to the screen, and
/// help listing every binding. (KeyContractTests presses every key of every
/// context; this test covers every picture.)
@MainActor
final class ShellRulesTests: XCTestCase {
    static let sizes = [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24),
                        Size(width: 120, height: 40), Size(width: 200, height: 60)]

    /// Words that end with "…" in the string tables themselves (a menu item that opens more, a wait).
    static let ellipsisWords: Set<String> = {
        let strings = Strings(language: "en")
        var words: Set<String> = []
        for key in strings.allKeys {
            let value = strings(key)
            for word in value.split(separator: " ") where word.hasSuffix("…") { words.insert(String(word)) }
        }
        return words
    }()

    /// The words of `line` that end in "…" but are not a string's own ending: cut words.
    static func cutWords(_ line: String) -> [String] {
        line.split(separator: " ").map(String.init).filter { word in
            guard word.hasSuffix("…"), word.count > 1 else { return false }
            let letters = word.dropLast()
            guard letters.last?.isLetter == true else { return false }
            // Strip marks drawn around a word (a bar, a bracket) before comparing.
            let bare = String(word.drop { !$0.isLetter })
            return !ellipsisWords.contains(bare) && !ellipsisWords.contains { $0.hasSuffix(bare) }
        }
    }

    /// Two frames' pieces side by side where one frame lies over another (Month's scroll bar beside its
    /// cards' right edges, `╮│`, is a frame's edge beside a bar, so the right-hand pairs are not here).
    static let touchingBorders = ["╰╰", "╯╯", "╭╭", "╮╮", "│╭", "│╰", "╭│", "╰│"]

    func testCutWordDetectorItself() {
        XCTAssertEqual(Self.cutWords("│ Steps, active energy and meals — a premiu… │"), ["premiu…"])
        XCTAssertEqual(Self.cutWords("│ Health access   Review… │"), [])
        XCTAssertEqual(Self.cutWords("Connecting…"), [])
        XCTAssertEqual(Self.cutWords("Breathe in… 2"), [])
    }

    func testEveryScreenAtEverySizeAndThemeFollowsTheRules() async {
        let tabNames = FeatureRegistry.tabs.map { Strings(language: "en")("route.\($0.id)") }
        for screen in FeatureRegistry.snapshotScreens where screen != "too-small" {
            for size in Self.sizes {
                for theme in ["dark", "light"] {
                    let home = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-rules-\(UUID().uuidString)")
                    defer { try? FileManager.default.removeItem(at: home) }
                    let env = RegistryTests.environment(home, theme: theme)
                    let buffer = await Commands.snapshot(env, screen: screen, size: size)
                    let lines = buffer.lines
                    let name = "\(screen) \(size.width)×\(size.height) \(theme)"
                    // No cut words; a meal's or a device's name is user data and may be cut (none in these screens).
                    for (y, line) in lines.enumerated() {
                        XCTAssertEqual(Self.cutWords(line), [], "\(name) row \(y): \(line)")
                        // An overlay's border never lies on or beside a card's ("╰╰──╯╯", "│╭─ Log Meal", "╭│").
                        for pair in Self.touchingBorders { XCTAssertFalse(line.contains(pair), "\(name) row \(y): \(line)") }
                    }
                    // Every tab named from 80 columns (the onboarding screens have no tab bar).
                    // (Help is a modal over the whole screen, the header too.)
                    let noTabs = ["onboarding", "permission", "limited", "unavailable", "help"].contains(screen)
                    if size.width >= 80, !noTabs {
                        for tab in tabNames {
                            XCTAssertTrue(lines[0].contains(" \(tab) ") || lines[0].hasSuffix(" \(tab)"), "\(name): tab \(tab) in \(lines[0])")
                        }
                    }
                    // Below 80 and from 60, names shorten but none disappear.
                    if size.width >= 60, size.width < 80, !noTabs {
                        for tab in tabNames {
                            let short = TabBar.abbreviation(tab)
                            XCTAssertTrue(lines[0].contains(" \(tab)") || lines[0].contains(" \(short)"), "\(name): \(short) in \(lines[0])")
                        }
                    }
                    // The footer: every hint drawn is one of the screen's keys (or a global one).
                    var model = env.makeModel(size: size)
                    model.shared.route = FeatureRegistry.feature(forSnapshot: screen)?.id ?? .today
                    await FeatureRegistry.feature(forSnapshot: screen)?.prepareSnapshot(screen, &model, env)
                    if screen == "help" { model.showHelp = true }
                    let ctx = env.context.applying(model.shared.settings)
                    let hints = model.keyHints(ctx)
                    let footer = lines[lines.count - 1]
                    let fit = FooterLayout.fit(screen: hints.screen.filter(\.inFooter), global: hints.global.filter(\.inFooter),
                                               width: size.width - 2, more: ctx.strings("key.more"))
                    for hint in fit.left + fit.right {
                        XCTAssertTrue(footer.contains("\(hint.label) \(hint.shortTitle)"), "\(name): footer shows \(hint.label): \(footer)")
                    }
                    // Help lists every key of every binding.
                    model.showHelp = false
                    let help = AppView.help(model, ctx).sections.flatMap(\.entries).map(\.keys)
                    let bindings = model.keyHints(ctx)
                    for hint in bindings.screen + bindings.global where !TabBar.isNumberKey(hint.label) {
                        for key in hint.keys {
                            XCTAssertTrue(help.contains { $0.split(separator: "/").contains(Substring(key.label)) }, "\(name): help lists \(key.label)")
                        }
                    }
                }
            }
        }
    }

    /// Without UTF-8 "…" in the text is spelled "...": drawn a cell at a time it became one ".",
    /// and "Review…" read as a sentence's end ("Review.").
    func testWithoutUnicodeAnEllipsisIsThreeDots() async {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var options = Options()
        options.now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")
        let ascii = AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "C", "HOME": home.path], unicode: false)
        XCTAssertEqual(ascii.context.strings("settings.permissions.value"), "Review...")
        XCTAssertEqual(ascii.context.strings("care.cue.inhaleSeconds", "3"), "Breathe in... 3")
        XCTAssertFalse(ascii.context.strings.allKeys.contains { ascii.context.strings($0).contains("…") })
        var model = ascii.makeModel(size: Size(width: 80, height: 24))
        model.shared.route = .settings
        let text = Snapshot.render(AppView.render(model, ascii.context, now: options.now!))
        XCTAssertTrue(text.contains("Review..."), text)
        // A long data directory cut at its front at 48 columns: "..." is three columns, the border stays put.
        let deep = home.appendingPathComponent("a-rather-long-folder-name/another-one")
        let narrowEnv = AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "C", "HOME": deep.path], unicode: false)
        var narrow = narrowEnv.makeModel(size: Size(width: 48, height: 24))
        narrow.shared.route = .settings
        let rows = Snapshot.render(AppView.render(narrow, narrowEnv.context, now: options.now!)).components(separatedBy: "\n")
        // The card's right border: the last "|" before the snapshot's own frame.
        func border(_ row: String) -> Int? { row.dropLast().lastIndex(of: "|").map { row.distance(from: row.startIndex, to: $0) } }
        let borders = Set(rows.filter { $0.contains("Data directory") || $0.contains("Health access") }.compactMap(border))
        XCTAssertEqual(borders.count, 1, rows.joined(separator: "\n"))
        XCTAssertTrue(rows.contains { $0.contains("Data directory") && $0.contains("...") }, rows.joined(separator: "\n"))
        let unicode = AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "C.UTF-8", "HOME": home.path], unicode: true)
        XCTAssertEqual(unicode.context.strings("settings.permissions.value"), "Review…")
    }

    /// Without UTF-8 every key the footer, help and the palette name is one a user can
    /// type: an arrow drawn as `<` `>` `^` `v` would name a character that does nothing,
    /// so arrows are spelled out ("Left/h"), and any one-character name is a bound key.
    func testWithoutUnicodeEveryKeyShownIsAKeyThatWorks() async {
        for screen in FeatureRegistry.snapshotScreens where screen != "too-small" {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-rules-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            var options = Options()
            options.reduceMotion = true
            options.now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")
            let env = AppEnvironment(options: options, environment: ["TZ": "UTC", "LANG": "C", "HOME": home.path], unicode: false)
            var model = env.makeModel(size: Size(width: 80, height: 24))
            model.shared.route = FeatureRegistry.feature(forSnapshot: screen)?.id ?? .today
            await FeatureRegistry.feature(forSnapshot: screen)?.prepareSnapshot(screen, &model, env)
            if screen == "help" { model.showHelp = true }
            let ctx = env.context.applying(model.shared.settings)
            XCTAssertFalse(ctx.glyphs.isUnicode, "\(screen): LANG=C draws ASCII")
            let hints = model.keyHints(ctx)
            // A footer pair ("[/]") names its sibling binding's key too.
            let bound = Set((hints.screen + hints.global).flatMap(\.keys))
            for hint in hints.screen + hints.global {
                for label in [hint.label, hint.helpLabel] {
                    XCTAssertTrue(label.allSatisfy(\.isASCII), "\(screen): \(label) is drawn as it reads")
                    for a in ["Left", "Right", "Up", "Down"] {
                        for b in ["Left", "Right", "Up", "Down"] { XCTAssertFalse(label.contains(a + b), "\(screen): \(label) runs names together") }
                    }
                    for name in label.split(separator: "/") where name.count == 1 && !hint.keys.isEmpty {
                        XCTAssertTrue(bound.contains(.char(name.first!)) || TabBar.isNumberKey(hint.label),
                                      "\(screen): \(label) names \(name), which is not one of its keys")
                    }
                }
            }
            // Each action once in the palette: two keys for one action are one entry.
            let titles = Palette.entries(model, ctx).map(\.title)
            XCTAssertEqual(titles.count, Set(titles).count, "\(screen): the palette repeats \(titles.filter { t in titles.filter { $0 == t }.count > 1 })")
            if screen == "today" { model.palette = Palette() }   // the palette's hint line too
            let screenLines = AppView.render(model, ctx, now: options.now!).lines
            // Nor does any text on screen name an arrow key by a character (a hint, a toast).
            for line in screenLines { XCTAssertFalse(line.contains { "←→↑↓".contains($0) }, "\(screen): \(line)") }
            let footer = screenLines.last ?? ""
            XCTAssertFalse(footer.contains("</>") || footer.contains("^/v"), "\(screen): \(footer)")
        }
    }
}
