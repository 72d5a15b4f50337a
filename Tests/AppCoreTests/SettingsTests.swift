import XCTest
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import SnapshotTesting
import TerminalUI

@MainActor
final class SettingsTests: XCTestCase {
    func settingsDriver(_ d: Driver = Driver()) async -> Driver {
        await d.onboard()
        await d.press(Driver.tabKey(.settings))
        XCTAssertEqual(d.model.route, .settings)
        return d
    }

    func saved(_ d: Driver) -> Settings {
        d.env.storage.flush()
        return d.env.settingsValue
    }

    func testGoalStepperTable() {
        let cases: [(SettingsRow, Int, Int, Int)] = [
            (.stepGoal, 10_000, 1, 10_500), (.stepGoal, 10_000, -1, 9_500), (.stepGoal, 10_250, 1, 10_500), (.stepGoal, 10_250, -1, 10_000),
            (.stepGoal, 50_000, 1, 50_000), (.stepGoal, 1_000, -1, 1_000), (.stepGoal, 49_900, 1, 50_000), (.stepGoal, 1_200, -1, 1_000),
            (.energyGoal, 500, 1, 550), (.energyGoal, 50, -1, 50), (.energyGoal, 3_000, 1, 3_000), (.energyGoal, 75, 1, 100),
        ]
        for (row, value, dir, expected) in cases {
            XCTAssertEqual(GoalStepper.moved(value, dir, row), expected, "\(row) \(value) \(dir)")
        }
        XCTAssertEqual(try? GoalStepper.parse("12000", .stepGoal).get(), 12_000)
        XCTAssertEqual(GoalStepper.parse("999", .stepGoal), .failure(.outOfRange(min: 1000, max: 50000)))
        XCTAssertEqual(GoalStepper.parse("3001", .energyGoal), .failure(.outOfRange(min: 50, max: 3000)))
        XCTAssertEqual(GoalStepper.parse("12a", .stepGoal), .failure(.notANumber))
        XCTAssertEqual(GoalStepper.parse("99999999999999999999", .stepGoal), .failure(.notANumber))
    }

    func testStepGoalChangesSavesAndTodaySeesItAtOnce() async {
        let d = await settingsDriver()
        defer { d.cleanUp() }
        await d.press(.right, .right)
        XCTAssertEqual(d.model.shared.settings.stepGoal, 11_000)
        XCTAssertEqual(saved(d).stepGoal, 11_000, "saved at once")
        await d.press(.char("-"))
        XCTAssertEqual(saved(d).stepGoal, 10_500)
        XCTAssertTrue(d.screenText.contains("Allowed 1,000–50,000"), d.screenText)
        await d.press(.char("1"))
        XCTAssertTrue(d.screenText.contains("Goal 10,500"), "Today reads the same settings")
    }

    func testGoalLimitsAreEnforcedAndSaid() async {
        let d = await settingsDriver()
        defer { d.cleanUp() }
        for _ in 0..<100 { await d.press(.right) }
        XCTAssertEqual(saved(d).stepGoal, 50_000)
        XCTAssertTrue(d.screenText.contains("That's the highest goal: 50,000"), d.screenText)
        await d.press(.down)
        for _ in 0..<100 { await d.press(.left) }
        XCTAssertEqual(saved(d).energyGoal, 50)
        XCTAssertTrue(d.screenText.contains("That's the lowest goal: 50"))
    }

    /// Under LANG=C the caret of a typed goal is an underscore, not the "?" a bar without an ASCII form became.
    func testTheCaretOfATypedGoalIsASCIIUnderLangC() async {
        let d = await settingsDriver()
        defer { d.cleanUp() }
        await d.press(.enter)
        await d.type("12")
        var ctx = d.ctx
        ctx.glyphs = .ascii
        let text = Commands.asciiLines(AppView.render(d.model, ctx, now: d.clock.now)).joined(separator: "\n")
        XCTAssertTrue(text.contains("12_"), text)
        XCTAssertFalse(text.contains("12?"), text)
    }

    func testTypedGoalOutsideTheRangeIsRefused() async {
        let d = await settingsDriver()
        defer { d.cleanUp() }
        XCTAssertTrue(d.screenText.contains("or Enter to type one"), d.screenText)
        await d.press(.enter)
        // Typing: the hint says how to finish, not how to start.
        XCTAssertTrue(d.screenText.contains("Enter sets it, Esc keeps the old one"), d.screenText)
        XCTAssertFalse(d.screenText.contains("Enter to type one"), d.screenText)
        await d.type("99")
        XCTAssertTrue(d.model.settingsScreen.capturesText)
        await d.press(.enter)
        XCTAssertEqual(saved(d).stepGoal, 10_000, "refused")
        XCTAssertTrue(d.screenText.contains("99 is outside the allowed range"), d.screenText)
        // The range is said once, on the hint line, not again as the warning.
        XCTAssertEqual(d.screenText.components(separatedBy: "Allowed 1,000–50,000").count - 1, 1, d.screenText)
        await d.type("x")
        XCTAssertTrue(d.screenText.contains("Digits only"))
        XCTAssertEqual(d.model.settingsScreen.typing?.text, "99")
        await d.type("00")
        await d.press(.enter)
        XCTAssertEqual(saved(d).stepGoal, 9_900)
        XCTAssertNil(d.model.settingsScreen.typing)
        await d.press(.enter)
        await d.type("5")
        await d.press(.escape)
        XCTAssertEqual(saved(d).stepGoal, 9_900, "Esc drops what was typed")
    }

    func testThemeCyclesThroughBuiltinsAndUserThemesWithAPreview() async throws {
        let d = await settingsDriver()
        defer { d.cleanUp() }
        let themes = try XCTUnwrap(d.ctx.userThemesDirectory)
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try ##"{"name": "ocean", "extends": "dark", "colors": {"accent": "#00AAFF"}}"##.write(to: themes.appendingPathComponent("ocean.json"), atomically: true, encoding: .utf8)
        try ##"{"colors": {"nope": "#000000"}}"##.write(to: themes.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        await d.press(.down, .down)
        var seen: [String?] = []
        var effects: [Effect] = []
        for _ in 0..<5 {
            effects = d.model.handle(.key(.right), now: d.clock.now, d.ctx)
            await d.run(effects)
            seen.append(d.model.settingsScreen.themeCursor)
        }
        // dark → light → high-contrast → broken (skipped, named) → ocean → dark
        XCTAssertEqual(seen, ["light", "high-contrast", "broken", "ocean", "dark"])
        XCTAssertEqual(saved(d).theme, "dark")
        await d.press(.left)
        XCTAssertEqual(saved(d).theme, "ocean")
        XCTAssertEqual(d.model.settingsScreen.previewTheme?[.accent], RGB(hex: "#00AAFF"))
        let change = d.model.handle(.key(.left), now: d.clock.now, d.ctx).compactMap { e -> ThemeChange? in
            if case .send(_, let m) = e { return m as? ThemeChange }
            return nil
        }
        XCTAssertTrue(change.isEmpty, "a broken theme is not applied")
        XCTAssertTrue(d.screenText.contains("broken can't be used"), d.screenText)
        // The theme in use stays: the message never says another one is used instead.
        XCTAssertFalse(d.model.settingsScreen.message?.contains("using dark") ?? true, d.model.settingsScreen.message ?? "")
    }

    func testThemeChangeIsSentToTheShell() async {
        var vm = SettingsViewModel()
        vm.selected = .theme
        let d = Driver()
        defer { d.cleanUp() }
        var shared = d.model.shared
        var effects: [Effect] = []
        XCTAssertTrue(vm.handle(.right, &shared, d.ctx, &effects))
        let sent = effects.compactMap { e -> (MessageTarget, ThemeChange)? in
            if case .send(let target, let m) = e, let c = m as? ThemeChange { return (target, c) }
            return nil
        }
        XCTAssertEqual(sent.first?.0, .shell)
        XCTAssertEqual(sent.first?.1.name, "light")
        XCTAssertEqual(sent.first?.1.theme.appearance, .light)
        XCTAssertEqual(shared.settings.theme, "light")
    }

    func testTogglesAreSavedAndAFlagStillWins() async {
        let d = await settingsDriver(Driver(options: { $0.bell = false }))
        defer { d.cleanUp() }
        await d.press(.down, .down, .down) // reduce motion
        await d.press(.enter)
        XCTAssertTrue(saved(d).reduceMotion)
        await d.press(.down)
        XCTAssertTrue(d.footerText.contains("Enter/Space Toggle"), "Space toggles, and the footer says so: \(d.footerText)")
        d.model.size = Size(width: 48, height: 16)
        XCTAssertTrue(d.footerText.contains("Enter/Space Toggle"), "kept at 48 columns, before ↑/↓ Move: \(d.footerText)")
        d.model.size = Size(width: 80, height: 24)
        await d.press(.char(" "))
        XCTAssertFalse(saved(d).bell)
        // The row keeps the flag's value, so the words say what was saved and what stays in force.
        XCTAssertTrue(d.screenText.contains("Saved Off for later runs; --no-bell keeps it Off in this one."), d.screenText)
        await d.press(.char(" "))
        XCTAssertTrue(saved(d).bell)
        XCTAssertTrue(d.screenText.contains("Saved On for later runs; --no-bell keeps it Off in this one."), d.screenText)
        XCTAssertTrue(d.screenText.contains("[ ] Off (--no-bell)"), "--no-bell wins for this run:\n\(d.screenText)")
        XCTAssertTrue(d.screenText.contains("Set by --no-bell for this run only."), d.screenText)
        await d.press(.down, .enter)
        XCTAssertFalse(saved(d).liveUpdates)
        let again = d.relaunch()
        XCTAssertTrue(again.model.shared.settings.reduceMotion)
        XCTAssertFalse(again.model.shared.settings.liveUpdates)
    }

    func testPermissionsReopenTheSheet() async {
        var vm = SettingsViewModel()
        vm.selected = .permissions
        let d = Driver()
        defer { d.cleanUp() }
        var shared = d.model.shared
        var effects: [Effect] = []
        XCTAssertTrue(vm.handle(.enter, &shared, d.ctx, &effects))
        guard effects.count == 2, case .navigate(let id) = effects[0], case .send(let target, let m) = effects[1] else {
            return XCTFail("\(effects)")
        }
        XCTAssertEqual(id, .onboarding)
        XCTAssertEqual(target, .feature(.onboarding))
        XCTAssertTrue(m is OnboardingMessage)
    }

    func testResetAsksFirstAndLeavesMealsAndOnboardingAlone() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboard()
        await d.logMeal("Oats", calories: "300")
        await d.press(Driver.tabKey(.settings), .right, .right)
        XCTAssertEqual(saved(d).stepGoal, 11_000)
        for _ in 0..<9 { await d.press(.down) }
        XCTAssertEqual(d.model.settingsScreen.selected, .reset)
        await d.press(.enter)
        XCTAssertTrue(d.screenText.contains("Reset settings?"))
        await d.press(.char("n"))
        XCTAssertEqual(saved(d).stepGoal, 11_000, "n keeps everything")
        await d.press(.enter, .char("y"))
        XCTAssertEqual(saved(d).stepGoal, 10_000)
        XCTAssertTrue(saved(d).onboardingCompleted, "onboarding is history, not a preference")
        XCTAssertEqual(d.env.mealsValue.map(\.name), ["Oats"], "meals untouched")
        // Said once: the row's own help would repeat it ("… Meals stay.").
        XCTAssertTrue(d.screenText.contains("Settings reset. Meals untouched."), d.screenText)
        XCTAssertFalse(d.screenText.contains("Meals stay."), d.screenText)
    }

    func testDataDirectoryIsShown() async {
        let d = await settingsDriver()
        defer { d.cleanUp() }
        for _ in 0..<7 { await d.press(.down) }
        XCTAssertTrue(d.screenText.contains(d.env.paths.dataDirectory.lastPathComponent), d.screenText)
    }

    func testADamagedSettingsFileFallsBackFieldByFieldAndSavesAgain() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let probe = Driver(dataDir: dir)
        let file = probe.env.paths.settingsFile
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"schemaVersion": 1, "data": {"onboardingCompleted": true, "stepGoal": 999999, "bell": "loud", "reduceMotion": true, "liveUpdates": 3}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let d = Driver(dataDir: dir)
        defer { d.cleanUp() }
        let s = d.model.shared.settings
        XCTAssertEqual(s.stepGoal, 50_000, "clamped")
        XCTAssertTrue(s.bell, "unreadable: default")
        XCTAssertTrue(s.reduceMotion, "good fields kept")
        XCTAssertTrue(s.liveUpdates)
        XCTAssertEqual(d.env.settingsValue.loadRepairs.count, 3, "\(d.env.settingsValue.loadRepairs)")
        // The notice's sentence does not fit the toast's line at 80 columns: its short form does, whole.
        var toastLine = d.render().lines[1]
        XCTAssertTrue(toastLine.contains("settings.json: 3 bad values reset, the rest kept") && !toastLine.contains("…"), toastLine)
        // Truncated JSON: set aside, defaults, and the next change is saved.
        try "{\"schemaVersion\": 1, \"data\": {".write(to: file, atomically: true, encoding: .utf8)
        let e = Driver(dataDir: dir)
        toastLine = e.render().lines[1]
        XCTAssertTrue(toastLine.contains("settings.json unreadable, kept as settings.json.corrupt-") && !toastLine.contains("…"), toastLine)
        await e.onboard()
        await e.press(Driver.tabKey(.settings), .right)
        XCTAssertEqual(saved(e).stepGoal, 10_500)
    }

    func testTKeepsHighContrastOneKeyAway() {
        let cases: [(String, Appearance, String?, ThemeToggle.Outcome)] = [
            ("dark", .dark, nil, .init(next: "light", remembered: nil, leftBehind: nil)),
            ("light", .light, nil, .init(next: "dark", remembered: nil, leftBehind: nil)),
            ("high-contrast", .dark, nil, .init(next: "light", remembered: "high-contrast", leftBehind: "high-contrast")),
            ("light", .light, "high-contrast", .init(next: "high-contrast", remembered: nil, leftBehind: nil)),
            ("ocean", .light, nil, .init(next: "dark", remembered: "ocean", leftBehind: "ocean")),
        ]
        for (current, appearance, remembered, expected) in cases {
            XCTAssertEqual(ThemeToggle.toggle(current: current, appearance: appearance, remembered: remembered), expected, current)
        }
    }

    /// The Theme row names where this run reads theme files (`--data-dir DIR`: DIR/config/themes/), and
    /// says "(--theme)" while `--theme` shows a theme other than the saved one, until the row changes it.
    func testTheThemeRowSaysWhereThemesAreReadAndWhenAFlagChoseIt() async {
        let d = Driver(theme: "light")
        defer { d.cleanUp() }
        await settingsDriver(d)
        await d.press(.down, .down)
        XCTAssertEqual(d.model.settingsScreen.selected, .theme)
        var text = d.screenText
        XCTAssertTrue(text.contains("Light (--theme)"), text)
        XCTAssertTrue(text.contains("Set by --theme for this run only."), "the help says what the mark means: \(text)")
        let joined = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        XCTAssertTrue(joined.contains(d.dataDir.path + "/config/themes/."), "the --data-dir themes folder: \(text)")
        XCTAssertFalse(text.contains("~/.config/tmm-tui/themes"), text)
        await d.press(.right)
        text = d.screenText
        XCTAssertFalse(text.contains("(--theme)") || text.contains("(flag)"), "the row's own choice, saved, is in force: \(text)")
        XCTAssertFalse(text.contains("for this run only"), text)
        // The cycle goes on from the theme the row showed (light, the flag's), not from the saved
        // dark (whose next is light again: the press seemed to do nothing).
        XCTAssertEqual(saved(d).theme, "high-contrast")
        XCTAssertTrue(text.contains("High contrast"), text)
    }

    func testSnapshots() async {
        for size in [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            for theme in ["dark", "light"] {
                for (name, setUp) in [("settings", { (_: Driver) async in }), ("settings-theme", { (d: Driver) async in await d.press(.down, .down, .right) }),
                                      ("settings-reset", { (d: Driver) async in for _ in 0..<9 { await d.press(.down) }; await d.press(.enter) }),
                                      ("settings-messages", { (d: Driver) async in
                                          d.model.shared.messages.append("meals.json could not be saved: the disk is full. Your last change is kept in memory; free some space and it is saved again.", .danger, at: Driver.start)
                                          d.model.shared.messages.append("Theme not found (using dark): ~/.config/tmm-tui/themes/ocean.json", .warning, at: Driver.start.addingTimeInterval(60))
                                          await d.press(.end, .up, .enter)
                                      })] {
                    let d = Driver(size: size, theme: theme)
                    await settingsDriver(d).model.settingsScreen.dataDirectory = SettingsViewModel.snapshotDataDirectory
                    d.model.settingsScreen.settingsFile = SettingsViewModel.snapshotSettingsFile
                    d.model.settingsScreen.themesDirectory = SettingsViewModel.snapshotThemesDirectory
                    await setUp(d)
                    d.model.shared.toast = nil
                    assertSnapshot(d.renderContent(), named: "\(name)-\(size.width)x\(size.height)-\(theme)")
                    d.cleanUp()
                }
            }
        }
    }

    func testEveryRowSingleSpacedWithoutAScrollMarkWhenThereIsRoom() async {
        for size in [Size(width: 120, height: 40), Size(width: 200, height: 60), Size(width: 80, height: 24)] {
            let d = Driver(size: size)
            await settingsDriver(d)
            await d.press(.end)
            let lines = d.render().lines
            let labels = ["Daily step goal", "Active energy goal", "Theme", "Reduce motion", "Terminal bell", "Live updates",
                          "Health access", "Data directory", "Messages", "Reset settings"]
            let ys = labels.map { label in lines.firstIndex { $0.contains("  \(label) ") || $0.contains("›\(label) ") || $0.contains("> \(label)") || $0.contains(" \(label)  ") } }
            XCTAssertFalse(ys.contains(nil), "every row shows at \(size): \(lines.joined(separator: "\n"))")
            let found = ys.compactMap { $0 }
            // One line a row; the data row has one more (where the settings file is).
            XCTAssertEqual(zip(found, found.dropFirst()).map { $1 - $0 }, [1, 1, 1, 1, 1, 1, 1, 2, 1], "single-spaced at \(size)")
            XCTAssertFalse(lines.joined().contains("10/10") || lines.joined().contains("1/10"), "no scroll mark at \(size)")
            d.cleanUp()
        }
    }

    func testTheThemeRowChangesTheMomentTIsPressed() async {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await settingsDriver(d)
        await d.press(.down, .down, .right) // cycle to the next theme from the row
        let cycled = d.model.shared.settings.theme
        XCTAssertNotNil(cycled)
        await d.press(.char("t"))
        let now = d.model.shared.settings.theme ?? ""
        let row = d.render().lines.first { $0.contains("Theme ") && $0.contains("‹") } ?? ""
        let name = d.ctx.strings.hasKey("settings.theme.\(now)") ? d.ctx.strings("settings.theme.\(now)") : now
        XCTAssertTrue(row.contains("‹ \(name) ›"), "the row shows the theme in use (\(name)): \(row)")
    }

    /// `--theme light` is not saved, and the Theme row still names the theme in use.
    func testTheThemeRowNamesAThemeGivenByFlag() async {
        let d = Driver(size: Size(width: 100, height: 30), theme: "light")
        defer { d.cleanUp() }
        await settingsDriver(d)
        XCTAssertNil(d.model.shared.settings.theme, "a flag is not a saved choice")
        let row = d.render().lines.first { $0.contains("Theme ") } ?? ""
        XCTAssertTrue(row.contains("Light") && !row.contains("Dark"), row)
    }

    func testTheDataRowShowsTheDirectoryInUseAndWhereSettingsLive() async {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-datadir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var options = Options()
        options.dataDir = root.path
        options.now = Driver.start
        let env = AppEnvironment(options: options, environment: Driver.utcEnvironment)
        let text = await Commands.snapshotOutput(env, SnapshotRequest(screen: "settings", size: Size(width: 200, height: 40), format: .text))
        XCTAssertTrue(text.contains(root.path + "/data"), text)
        // The second line: the settings file (a long path gives up its start first, whole folders at a time).
        XCTAssertTrue(text.contains("…/config/settings.json"), text)
        XCTAssertFalse(text.contains("…" + String((root.path + "/config/settings.json").suffix(40))), "cut inside a name: \(text)")
        // Under $HOME the row writes "~".
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let homeEnv = AppEnvironment(options: Options(), environment: ["TZ": "UTC", "LANG": "en_US.UTF-8", "HOME": home.path])
        XCTAssertEqual(homeEnv.displayPath(homeEnv.paths.dataDirectory), "~/.local/share/tmm-tui")
        XCTAssertEqual(homeEnv.displayPath(URL(fileURLWithPath: home.path + "x/y")), home.path + "x/y", "a sibling is not under home")
    }

    /// Where the row has no room for the flag's name it says "(flag)"; it is never cut ("(--reduce-mo…").
    func testAFlagsNameGivesWayToAShorterMarkWhereTheRowIsNarrow() async {
        for (width, height, mark) in [(80, 24, "[x] On (--reduce-motion)"), (60, 20, "[x] On (--reduce-motion)"), (48, 16, "[x] On (flag)")] {
            let d = Driver(size: Size(width: width, height: height), options: { $0.reduceMotion = true })
            defer { d.cleanUp() }
            await settingsDriver(d)
            await d.press(.down, .down, .down)
            XCTAssertEqual(d.model.settingsScreen.selected, .reduceMotion)
            XCTAssertTrue(d.screenText.contains(mark), "\(width)×\(height): \(d.screenText)")
            XCTAssertFalse(d.screenText.contains("(--reduce-mo…"), d.screenText)
            // The help says it first, whole, however short the detail under the list; what no longer fits
            // ends "…" (it stopped mid-sentence: "… sheets appear at once, the").
            XCTAssertTrue(d.screenText.contains("Set by --reduce-motion for this run only."), "\(width)×\(height): \(d.screenText)")
            if height == 16 {
                let help = d.screenText.split(separator: "\n").first { $0.contains("No animations") }.map { $0.trimmingCharacters(in: .whitespaces) }
                XCTAssertEqual(help?.hasSuffix("…"), true, "\(width)×\(height): \(d.screenText)")
            }
        }
    }

    /// The messages sheet takes the Settings card's place and the reset dialog sits inside the card where it
    /// has the room: no border of theirs lies on or beside one of the card's (`╰╰──╯╯`, `│╭`).
    func testOverlaysLeaveNoBorderBesideTheCards() async {
        let doubled = ["╰╰", "╯╯", "╭╭", "╮╮", "││", "│╭", "╮│", "│╰", "╯│", "│├", "┤│"]
        for (width, height) in [(48, 16), (60, 20), (80, 24), (120, 40), (200, 60)] {
            for overlay in ["messages", "reset"] {
                let d = Driver(size: Size(width: width, height: height))
                defer { d.cleanUp() }
                await settingsDriver(d)
                await d.press(.end)
                if overlay == "messages" { await d.press(.up) }
                await d.press(.enter)
                let open = overlay == "messages" ? d.model.settingsScreen.readingMessages : d.model.settingsScreen.confirmingReset
                XCTAssertTrue(open, "\(overlay) at \(width)×\(height)")
                for line in d.screenText.split(separator: "\n") {
                    for pair in doubled { XCTAssertFalse(line.contains(pair), "\(overlay) at \(width)×\(height): \(line)") }
                }
            }
        }
    }
}

/// Each Settings row's name is its case's own (the strings table's keys are spelled by it).
final class SettingsRowNameTests: XCTestCase {
    func testEveryRowIsNamedAsItsCase() {
        for row in SettingsRow.allCases {
            XCTAssertEqual(row.name, String(describing: row))
        }
    }
}
