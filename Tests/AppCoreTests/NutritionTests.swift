import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

@MainActor
final class NutritionTests: XCTestCase {
    func nutritionDriver(environment: [String: String] = Driver.utcEnvironment) async -> Driver {
        let d = Driver(environment: environment)
        await d.onboard()
        await d.press(.char("2"))
        return d
    }

    func fill(_ d: Driver, name: String, calories: String, protein: String = "", carbs: String = "", fat: String = "") async {
        await d.press(.char("n"))
        for (i, value) in [name, calories, protein, carbs, fat].enumerated() {
            if i > 0 { await d.press(.tab) }
            d.model.nutrition.form?.inputs[MealForm.fields[i]]?.insert(value)
        }
    }

    var saveEnabled: (Driver) -> Bool = { d in d.model.nutrition.form!.validation(d.ctx.formats.locale).isValid }

    func testHostileInputsTableAndSaveEnabledExactlyWhenValid() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        let fr = await nutritionDriver(environment: ["TZ": "UTC", "LANG": "fr_FR.UTF-8"])
        defer { fr.cleanUp() }
        // (driver, name, calories, protein, valid?)
        let cases: [(Driver, String, String, String, Bool)] = [
            (d, "", "300", "", false),
            (d, "   ", "300", "", false),
            (d, String(repeating: "x", count: 61), "300", "", false),
            (d, String(repeating: "x", count: 60), "300", "", true),
            (d, "Oats", "abc", "", false),
            (d, "Oats", "-5", "", false),
            (d, "Oats", "1e309", "", false),
            (d, "Oats", "NaN", "", false),
            (d, "Oats", "300", "12.5", true),
            (d, "Oats", "300", "12,5", false),
            (fr, "Avoine", "300", "12,5", true),
            (fr, "Avoine", "300", "12.5", false),
            (d, "寿司 🍣", "300", "", true),
            (d, "Tea\u{7}\u{1B}", "2", "", true),
            (d, "Line one\nLine two", "300", "", true),
        ]
        for (driver, name, kcal, protein, valid) in cases {
            await fill(driver, name: name, calories: kcal, protein: protein)
            XCTAssertEqual(saveEnabled(driver), valid, "name \(name.debugDescription) kcal \(kcal) protein \(protein)")
            let screen = await driver.screen()
            XCTAssertEqual(screen.contains(driver.ctx.strings("form.save") + " ⊘"), !valid, "Save is visibly disabled exactly when invalid:\n\(screen)")
            driver.model.nutrition.form = nil
        }
    }

    func testPastedMultilineNameIsOneLineWithoutControlCharacters() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await fill(d, name: "Line one\nLine two\u{7}", calories: "10")
        XCTAssertEqual(d.model.nutrition.form?.values.name, "Line one Line two")
    }

    func testMessagesWaitUntilAFieldWasTouched() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        let screen1 = await d.screen()
        XCTAssertFalse(screen1.contains("Give the meal a name"), "not before the user has been there")
        await d.press(.tab)
        let screen2 = await d.screen()
        XCTAssertTrue(screen2.contains("Give the meal a name"))
        await d.type("abc")
        await d.press(.tab)
        let screen3 = await d.screen()
        XCTAssertTrue(screen3.contains("Must be a number, e.g. 450"), screen3)
    }

    func testTypingQDoesNotQuitWhileAFieldHasFocus() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        await d.type("q?t12")
        XCTAssertFalse(d.model.quitRequested)
        XCTAssertFalse(d.model.showHelp)
        XCTAssertEqual(d.model.nutrition.form?.values.name, "q?t12")
    }

    func testSavingInvalidFormDoesNothingButShowsEveryProblem() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        await d.type("Soup")
        await d.press(.ctrl("s"))
        XCTAssertNotNil(d.model.nutrition.form, "still open")
        XCTAssertEqual(d.model.nutrition.meals.count, 0)
        XCTAssertEqual(d.model.nutrition.form?.focus, 1, "focus jumps to the first problem")
        let screen4 = await d.screen()
        XCTAssertTrue(screen4.contains("Required"))
    }

    func testSaveLogsTheMealAndItSurvivesARestart() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        await d.type("Porridge")
        await d.press(.tab)
        await d.type("350")
        await d.press(.tab)
        await d.type("12.5")
        await d.press(.tab, .tab, .tab, .tab, .tab, .enter) // carbs, fat, time, Cancel, Save
        XCTAssertNil(d.model.nutrition.form)
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), ["Porridge"])
        XCTAssertEqual(d.model.nutrition.meals.first?.protein, 12.5)
        let screen5 = await d.screen()
        XCTAssertTrue(screen5.contains("Saved Porridge · 350 kcal"))
        let screen6 = await d.screen()
        XCTAssertTrue(screen6.contains("Porridge"))
        let again = d.relaunch()
        await again.launch()
        XCTAssertEqual(again.model.nutrition.meals.map(\.name), ["Porridge"])
    }

    func testEscapeAsksBeforeDiscardingTypedText() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"), .escape)
        XCTAssertNil(d.model.nutrition.form, "nothing typed: closes at once")
        await d.press(.char("n"))
        await d.type("Pie")
        await d.press(.escape)
        XCTAssertEqual(d.model.nutrition.form?.confirmingDiscard, true)
        let screen7 = await d.screen()
        XCTAssertTrue(screen7.contains("Discard this meal?"))
        await d.press(.char("n"))
        XCTAssertEqual(d.model.nutrition.form?.values.name, "Pie", "kept editing")
        await d.press(.escape, .char("y"))
        XCTAssertNil(d.model.nutrition.form)
    }

    /// A meal typed and not saved is not lost to a stray key: Ctrl-C asks first (again on the
    /// question, it quits), and while the question is up `q` and the tabs' numbers do nothing.
    func testQuitAndTabKeysDoNotDropATypedMeal() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        await d.type("BA")
        await d.press(.ctrl("c"))
        XCTAssertFalse(d.model.quitRequested, "asks first")
        XCTAssertEqual(d.model.nutrition.form?.confirmingDiscard, true)
        let question = await d.screen()
        XCTAssertTrue(question.contains("Discard this meal and quit?"), "Ctrl-C's question says where yes leads: \(question)")
        XCTAssertTrue(question.contains("y  Discard and quit"), question)
        await d.press(.char("q"), .char("3"), .char("?"))
        XCTAssertFalse(d.model.quitRequested)
        XCTAssertEqual(d.model.route, .nutrition, "the question stays on its screen")
        XCTAssertFalse(d.model.showHelp)
        XCTAssertEqual(d.model.nutrition.form?.values.name, "BA")
        await d.press(.char("n"))
        XCTAssertEqual(d.model.nutrition.form?.confirmingDiscard, false, "back to editing")
        await d.press(.escape)
        let escQuestion = await d.screen()
        XCTAssertTrue(escQuestion.contains("Discard this meal?") && !escQuestion.contains("and quit"), "Esc's question closes the sheet only")
        await d.press(.char("n"))
        await d.press(.ctrl("c"), .ctrl("c"))
        XCTAssertTrue(d.model.quitRequested, "Ctrl-C on the question quits")
    }

    /// Yes to Ctrl-C's question quits, as Ctrl-C means (it closed the sheet and left the app running);
    /// yes to Esc's question only closes the sheet.
    func testYesToCtrlCsQuestionQuitsAndToEscsClosesTheSheet() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        await d.type("BA")
        await d.press(.escape, .char("y"))
        XCTAssertNil(d.model.nutrition.form)
        XCTAssertFalse(d.model.quitRequested, "Esc's yes: the sheet closes, the app stays")
        await d.press(.char("n"))
        await d.type("BA")
        await d.press(.ctrl("c"))
        XCTAssertEqual(d.footerText.contains("Discard and quit"), true, d.footerText)
        await d.press(.char("y"))
        XCTAssertTrue(d.model.quitRequested, "Ctrl-C's yes quits")
    }

    /// With two meals at 80×24 the footer is short of room: the arrows leave it before Delete does
    /// (help lists them), so every action on the selected meal stays in sight.
    func testDeleteStaysInTheFooterWhenTheArrowsAreCutFirst() async {
        let d = Driver(size: Size(width: 80, height: 24), environment: Driver.utcEnvironment)
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        await d.logMeal("Apple", calories: "95")
        await d.logMeal("Banana", calories: "105")
        let footer = d.footerText
        XCTAssertTrue(footer.contains("d Delete"), footer)
        XCTAssertTrue(footer.contains("Enter/e Edit"), footer)
        XCTAssertTrue(footer.contains("u Undo add"), "the meal just logged can be taken back: \(footer)")
        XCTAssertTrue(d.helpLines.contains { $0.hasPrefix("↑/k") }, "the arrows are in help: \(d.helpLines)")
    }

    /// The macro shares are of the day's kcal, and the legend says so by adding up to 100%: the
    /// kcal no logged macro accounts for is named beside them. By hand: 450 kcal of pancakes
    /// (12 g protein = 48 kcal, 60 g carbs = 240, 9 g fat = 81) and a 320 kcal salad without
    /// macros: of 770 kcal, 6.2% → 6, 31.2% → 31, 10.5% → 11; the rest 100 − 48 = 52.
    func testTheMacroLegendNamesTheKcalNoMacroAccountsFor() async {
        let d = Driver(size: Size(width: 80, height: 24), environment: Driver.utcEnvironment)
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        await fill(d, name: "Pancakes", calories: "450", protein: "12", carbs: "60", fat: "9")
        await d.press(.ctrl("s"))
        await fill(d, name: "Salad", calories: "320")
        await d.press(.ctrl("s"))
        let screen = await d.screen()
        XCTAssertTrue(screen.contains("Protein 12 g · 6%   █ Carbs 60 g · 31%   █ Fat 9 g · 11%   ░ 52% other"), screen)
        // The salad gone: of 450 kcal, 10.7% → 11 (the largest remainder), 53.3% → 53, 18.0% → 18; the rest 18.
        await d.press(.char("d"))
        var screen2 = await d.screen()
        XCTAssertTrue(screen2.contains("Protein 12 g · 11%   █ Carbs 60 g · 53%   █ Fat 9 g · 18%   ░ 18% other"), screen2)
        // Every kcal in a macro (100 kcal, 25 g of carbs): nothing left over, and nothing said of it.
        await d.press(.char("d"))
        await fill(d, name: "Rice", calories: "100", carbs: "25")
        await d.press(.ctrl("s"))
        screen2 = await d.screen()
        XCTAssertTrue(screen2.contains("Carbs 25 g · 100%"), screen2)
        XCTAssertFalse(screen2.contains("other"), screen2)
    }

    /// Meals of the same minute list in the order they were logged, whatever their ids.
    func testSameMinuteMealsListInTheOrderLogged() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        for name in ["Salad", "Coffee", "Apple", "Tea", "Bread"] { await d.logMeal(name, calories: "10") }
        XCTAssertEqual(Set(d.model.nutrition.meals.map(\.time)).count, 1, "one minute")
        XCTAssertEqual(d.model.nutrition.mealsOfDay(d.model.shared, d.ctx).map(\.name), ["Salad", "Coffee", "Apple", "Tea", "Bread"])
    }

    func testCtrlCOnAnUntouchedSheetQuitsAtOnce() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"), .ctrl("c"))
        XCTAssertTrue(d.model.quitRequested, "nothing typed: nothing to lose")
    }

    /// `stats --json` prints each day's Nutrition numbers: worked by hand from the meals typed.
    func testStatsJSONCarriesTheDaysMealsAsNutritionShowsThem() async throws {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await fill(d, name: "Soup", calories: "400", protein: "12.5", fat: "3")
        await d.press(.ctrl("s"))
        await fill(d, name: "Bread", calories: "350", fat: "4.5")
        await d.press(.ctrl("s"))
        XCTAssertEqual(d.model.nutrition.meals.count, 2)
        let screen = await d.screen()
        XCTAssertTrue(screen.contains("750 kcal"), screen)
        let today = DayKey(d.clock.now, calendar: d.ctx.calendar)
        let out = await MonthTotalRuleTests.stats(dataDir: d.dataDir, clock: d.clock, from: today.adding(days: -1), to: today)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 2)
        let (yesterday, now) = (rows[0], rows[1])
        XCTAssertEqual(now["date"] as? String, today.description)
        XCTAssertEqual(now["meals"] as? Int, 2)
        XCTAssertEqual(now["eatenKcal"] as? Int, 750)
        XCTAssertEqual(now["proteinG"] as? Double, 12.5)
        XCTAssertTrue(now["carbsG"] is NSNull, "no meal logged carbs: null, not 0")
        XCTAssertEqual(now["fatG"] as? Double, 7.5)
        XCTAssertEqual(yesterday["meals"] as? Int, 0)
        XCTAssertTrue(yesterday["eatenKcal"] is NSNull, "nothing eaten is not 0 kcal")
        // The plain table prints the same meal numbers (it left them out), "-" where JSON says null.
        let table = await MonthTotalRuleTests.stats(dataDir: d.dataDir, clock: d.clock, from: today.adding(days: -1), to: today, json: false)
        let lines = table.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let header = try XCTUnwrap(lines.first)
        func column(_ line: [String], _ name: String) -> String? { header.firstIndex(of: name).map { line[$0] } }
        XCTAssertEqual(lines.count, 3, table)
        for (name, value) in [("meals", "2"), ("eaten_kcal", "750"), ("protein_g", "12.5"), ("carbs_g", "-"), ("fat_g", "7.5")] {
            XCTAssertEqual(column(lines[2], name), value, "\(name) today:\n\(table)")
        }
        XCTAssertEqual(column(lines[1], "meals"), "0", table)
        XCTAssertEqual(column(lines[1], "eaten_kcal"), "-", table)
        for name in ["sleep_score", "recovery", "strain"] { XCTAssertNotNil(column(lines[2], name), "\(name):\n\(table)") }
        // A meal log that cannot be read (damaged, or a FIFO in its place) is no meal at all:
        // every meal field null, never "0 meals".
        let file = d.env.paths.mealsFile
        for damage in ["damaged", "fifo"] {
            try? FileManager.default.removeItem(at: file)
            if damage == "fifo" { XCTAssertEqual(mkfifo(file.path, 0o600), 0) } else { try Data("{\"data\": [".utf8).write(to: file) }
            let out = await MonthTotalRuleTests.stats(dataDir: d.dataDir, clock: d.clock, from: today, to: today)
            let row = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])?.first)
            for key in ["meals", "eatenKcal", "proteinG", "carbsG", "fatG"] { XCTAssertTrue(row[key] is NSNull, "\(damage): \(key)") }
            XCTAssertNotNil(row["steps"] as? Int, "the rest is printed")
        }
    }

    /// Help lists a text field's editing keys while one has focus, and each does what it says.
    func testHelpListsTheEditingKeysOfAFocusedField() async throws {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        XCTAssertFalse(AppView.help(d.model, d.ctx).sections.contains { $0.title == "Editing text" }, "no field, no editing keys")
        await d.press(.char("n"))
        let section = try XCTUnwrap(AppView.help(d.model, d.ctx).sections.first { $0.title == "Editing text" })
        XCTAssertEqual(section.entries.map(\.keys), ["←/→", "Home/Ctrl-A", "End/Ctrl-E", "Backspace", "Del/Ctrl-D", "Ctrl-U", "Ctrl-K"])
        var ascii = d.ctx
        ascii.glyphs = .ascii
        XCTAssertEqual(AppView.help(d.model, ascii).sections.first { $0.title == "Editing text" }?.entries.first?.keys, "Left/Right")
        // Each key as help says, on the name field.
        func name() -> String { d.model.nutrition.form?.inputs[.name]?.text ?? "?" }
        await d.type("bread")
        await d.press(.ctrl("a"))
        await d.type("Rye ")
        XCTAssertEqual(name(), "Rye bread", "Ctrl-A: start of the field")
        await d.press(.ctrl("e"))
        await d.type("!")
        XCTAssertEqual(name(), "Rye bread!", "Ctrl-E: end of the field")
        await d.press(.left, .ctrl("k"))
        XCTAssertEqual(name(), "Rye bread", "Ctrl-K: delete to the end")
        await d.press(.home, .ctrl("d"))
        XCTAssertEqual(name(), "ye bread", "Ctrl-D: delete after the cursor")
        await d.press(.right, .right, .ctrl("u"))
        XCTAssertEqual(name(), " bread", "Ctrl-U: delete to the start")
        // The time is typed and edited as the fields are (Ctrl-U clears it); Save and Cancel are buttons.
        func editing() -> Bool { AppView.help(d.model, d.ctx).sections.contains { $0.title == "Editing text" } }
        while d.model.nutrition.form?.timeFocused == false { await d.press(.tab) }
        XCTAssertTrue(editing(), "the Time field")
        await d.press(.ctrl("u"))
        await d.type("7:30")
        XCTAssertEqual(d.model.nutrition.form?.time.text, "7:30")
        await d.press(.tab)
        XCTAssertEqual(d.model.nutrition.form?.focus, MealForm.cancelPosition, "the buttons in the order drawn: Cancel, then Save")
        XCTAssertFalse(editing(), "on Cancel")
        await d.press(.tab)
        XCTAssertEqual(d.model.nutrition.form?.focus, MealForm.savePosition)
        XCTAssertFalse(editing(), "on Save")
        // No calories yet: Save is disabled, and still shows it has the focus.
        let sheet = await d.screen()
        XCTAssertTrue(sheet.contains("▸ Save ⊘ ◂"), sheet)
        let buttons = sheet.split(separator: "\n").first { $0.contains("Save ⊘") }.map(String.init) ?? ""
        XCTAssertLessThan(buttons.range(of: "Cancel")?.lowerBound ?? buttons.endIndex, buttons.range(of: "Save")!.lowerBound,
                          "Cancel is drawn left of Save, where Tab reaches it first: \(buttons)")
        // The discard question has no field: no editing keys.
        await d.press(.escape)
        XCTAssertEqual(d.model.nutrition.form?.confirmingDiscard, true)
        XCTAssertFalse(AppView.help(d.model, d.ctx).sections.contains { $0.title == "Editing text" })
    }

    func testFailedWriteKeepsTheFormAndSaysWhy() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        // Replace the data directory with a file: every write fails, even as root.
        try? FileManager.default.removeItem(at: d.env.paths.dataDirectory)
        try? Data("x".utf8).write(to: d.env.paths.dataDirectory)
        await fill(d, name: "Stew", calories: "400")
        await d.press(.ctrl("s"))
        XCTAssertEqual(d.model.nutrition.form?.values.name, "Stew", "nothing typed is lost")
        XCTAssertEqual(d.model.nutrition.meals.count, 0)
        let screen8 = await d.screen()
        XCTAssertTrue(screen8.contains("Not saved"), screen8)
        // The reason is read whole on the sheet (wrapped over the free rows above the buttons), and kept in Settings ▸ Messages.
        let error = d.model.nutrition.form?.saveError ?? ""
        func words(_ text: String) -> String {
            text.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        XCTAssertGreaterThan(TextWidth.of(error), 76, "longer than the sheet's one row: \(error)")
        XCTAssertTrue(words(screen8).contains(words(error)), "whole: \(error)\n\(screen8)")
        // At 60×20 it takes three rows: the sheet gives up the rows under its fields rather than cut it.
        d.model.size = Size(width: 60, height: 20)
        let screen6 = await d.screen()
        XCTAssertGreaterThan(TextWidth.wrap(error, to: 56).count, 2, "longer than two rows at 60 columns: \(error)")
        XCTAssertTrue(words(screen6).contains(words(error)), "whole at 60×20: \(error)\n\(screen6)")
        XCTAssertTrue(screen6.contains("Stew") && screen6.contains("400"), "the fields stay on screen: \(screen6)")
        d.model.size = Size(width: 80, height: 24)
        XCTAssertEqual(d.model.shared.messages.entries.map(\.tone), [.danger])
        XCTAssertTrue(d.model.shared.messages.entries.first?.text.hasPrefix("Could not save: ") == true, "\(d.model.shared.messages.entries)")
        try? FileManager.default.removeItem(at: d.env.paths.dataDirectory)
        await d.press(.ctrl("s"))
        XCTAssertNil(d.model.nutrition.form, "saved once the disk is back")
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), ["Stew"])
    }

    func testAToastNeverCoversTheSheetsButtons() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        await d.advance(0.25) // the sheet has slid up
        d.model.shared.showToast("Heads up", .info)
        let lines = d.render().lines
        XCTAssertTrue(lines[1].contains("Heads up"), "under the header while a sheet is up")
        // The buttons sit on the row above the sheet's bottom edge.
        XCTAssertTrue(lines[lines.count - 3].contains("Cancel") && !lines[lines.count - 3].contains("Heads up"), lines[lines.count - 3])
        XCTAssertTrue(lines[lines.count - 2].contains("╰"), lines[lines.count - 2])
    }

    func testDeleteWithUndo() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await fill(d, name: "Apple", calories: "95")
        await d.press(.ctrl("s"))
        d.clock.advance(60)
        await fill(d, name: "Bread", calories: "200")
        await d.press(.ctrl("s"))
        await d.press(.up, .char("d"))
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), ["Bread"])
        let screen9 = await d.screen()
        XCTAssertTrue(screen9.contains("Deleted Apple — press u to undo"))
        await d.press(.char("u"))
        XCTAssertEqual(Set(d.model.nutrition.meals.map(\.name)), ["Apple", "Bread"])
        let again = d.relaunch()
        await again.launch()
        XCTAssertEqual(Set(again.model.nutrition.meals.map(\.name)), ["Apple", "Bread"], "the undo was saved too")
    }

    /// A delete shows the moment `d` is pressed, before the meal log is written
    /// (the write of a long log takes tens of milliseconds); if that write fails,
    /// the meal comes back and the failure is said.
    func testADeleteShowsBeforeItsWriteAndComesBackIfTheWriteFails() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await fill(d, name: "Apple", calories: "95")
        await d.press(.ctrl("s"))
        // The key alone, its effects (the write) not yet carried out.
        let effects = d.model.handle(.key(.char("d")), now: d.clock.now, d.ctx)
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), [], "gone from the list at once")
        XCTAssertTrue(d.screenText.contains("Deleted Apple — press u to undo"), d.screenText)
        XCTAssertFalse(effects.isEmpty, "the write is still to do")
        await d.send(.message(.feature(.nutrition), NutritionViewModel.MealsSaved(result: .failure(StorageError("disk full")))))
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), ["Apple"], "the write failed: the meal is back")
        XCTAssertNil(d.model.nutrition.undoable, "nothing to undo")
        XCTAssertTrue(d.screenText.contains("disk full"), d.screenText)
    }

    /// Undoing a log is a delete like `d`: shown at once, and back with the failure said if its write fails.
    func testUndoingALogComesBackIfItsWriteFails() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await fill(d, name: "Apple", calories: "95")
        await d.press(.ctrl("s"))
        _ = d.model.handle(.key(.char("u")), now: d.clock.now, d.ctx)
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), [], "gone from the list at once")
        await d.send(.message(.feature(.nutrition), NutritionViewModel.MealsSaved(result: .failure(StorageError("disk full")))))
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), ["Apple"], "the write failed: the meal is back")
        XCTAssertNil(d.model.nutrition.undoable)
        XCTAssertTrue(d.screenText.contains("disk full"), d.screenText)
    }

    func testOlderDaysCanBeBrowsed() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await fill(d, name: "Yesterday's soup", calories: "300")
        await d.press(.ctrl("s"))
        d.clock.advance(24 * 3600)
        await d.send(.tick)
        let screen10 = await d.screen()
        XCTAssertTrue(screen10.contains("No meals logged today"))
        await d.press(.left)
        let screen11 = await d.screen()
        XCTAssertTrue(screen11.contains("Yesterday's soup"))
        let screen12 = await d.screen()
        XCTAssertTrue(screen12.contains("Yesterday"))
        await d.press(.right, .right)
        XCTAssertEqual(d.model.nutrition.dayOffset, 0, "never past today")
    }

    func testEmptyStateTellsHowToStart() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        let screen13 = await d.screen()
        XCTAssertTrue(screen13.contains("No meals logged today"))
        let screen14 = await d.screen()
        XCTAssertTrue(screen14.contains("Press n to log your first meal"))
    }

    func testScanKnownCodeFillsTheSheetUnknownCodeSaysSo() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("s"))
        XCTAssertNotNil(d.model.nutrition.scan)
        let screen15 = await d.screen()
        XCTAssertTrue(screen15.contains("Scan a barcode"))
        await d.type("12ab")
        let screen16 = await d.screen()
        XCTAssertTrue(screen16.contains("\"b\" refused: barcodes are digits only"), screen16)
        XCTAssertEqual(d.model.nutrition.scan?.code.text, "12", "refused characters never enter the field")
        await d.type("3456")
        await d.press(.enter)
        let screen17 = await d.screen()
        XCTAssertTrue(screen17.contains("6 digits: a barcode has 8 (EAN-8), 12 (UPC-A) or 13"), screen17)
        for _ in 0..<6 { await d.press(.backspace) }
        await d.type("4006040000211")
        await d.press(.enter)
        XCTAssertNil(d.model.nutrition.scan)
        XCTAssertEqual(d.model.nutrition.form?.values.name, "Greek yogurt, 150 g")
        XCTAssertEqual(d.model.nutrition.form?.values.protein, "13.5")
        XCTAssertEqual(d.model.nutrition.form?.focus, MealForm.savePosition, "ready to save")
        // Esc on the filled sheet asks (the food would be lost), and says what it loses: nothing was typed.
        await d.press(.escape)
        var question = await d.screen()
        XCTAssertTrue(question.contains("The scanned food will not be logged."), question)
        XCTAssertFalse(question.contains("What you typed"), question)
        await d.press(.char("n"), .backTab, .backTab, .backTab) // Cancel, Time, Fat
        await d.type("!")
        await d.press(.escape)
        question = await d.screen()
        XCTAssertTrue(question.contains("What you typed will be lost."), "typed into the scanned sheet: \(question)")
        await d.press(.char("n"), .backspace, .tab, .tab, .tab)
        XCTAssertEqual(d.model.nutrition.form?.focus, MealForm.savePosition)
        await d.press(.enter)
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), ["Greek yogurt, 150 g"])
        await d.press(.char("s"), .escape)
        XCTAssertNil(d.model.nutrition.scan, "Esc returns")
    }
}
