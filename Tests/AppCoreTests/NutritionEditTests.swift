import XCTest
@testable import AppCore
@testable import HealthDomain
@testable import Platform
import DesignSystem
import SnapshotTesting
import TerminalUI

/// Meals on any day, editing with undo, eaten vs burned, live validation and barcodes.
@MainActor
final class NutritionEditTests: XCTestCase {
    let utc = LocalCalendar(timeZone: .utc)

    func nutritionDriver(_ d: Driver = Driver()) async -> Driver {
        await d.onboard()
        await d.press(.char("2"))
        return d
    }

    func form(_ d: Driver) -> MealForm { d.model.nutrition.form! }

    func setField(_ d: Driver, _ field: MealFields.Field, _ text: String) {
        d.model.nutrition.form?.inputs[field] = TextFieldState(text, maxLength: 80)
    }

    func testNewMealGoesToTheDayShownWithItsDefaultTime() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        XCTAssertEqual(form(d).time.text, "15:30", "now, for today")
        await d.press(.escape)
        await d.press(.left, .char("n"))
        XCTAssertEqual(form(d).time.text, "12:00", "12:00 for a past day")
        XCTAssertEqual(form(d).day, DayKey(year: 2026, month: 11, day: 21))
        let sheet = await d.screen()
        XCTAssertTrue(sheet.contains("Log Meal · Yesterday"), sheet)
        await d.type("Dinner")
        await d.press(.tab)
        await d.type("700")
        d.model.nutrition.form?.time = TextFieldState("19:45", maxLength: 5)
        await d.press(.ctrl("s"))
        let meal = d.model.nutrition.meals.first
        XCTAssertEqual(meal.map { DayKey($0.time, calendar: utc) }, DayKey(year: 2026, month: 11, day: 21), "yesterday, not today")
        XCTAssertEqual(meal.map { MealTime.format($0.time, utc) }, "19:45")
        XCTAssertEqual(d.model.nutrition.dayOffset, -1, "still showing yesterday")
        let again = d.relaunch()
        await again.launch()
        XCTAssertEqual(again.model.nutrition.meals.map(\.name), ["Dinner"])
        again.cleanUp()
    }

    func testTimeFieldTable() {
        let today = DayKey(year: 2026, month: 11, day: 22), now = Driver.start
        let cases: [(String, DayKey, FieldError?)] = [
            ("12:00", today, nil), ("15:30", today, nil), ("15:31", today, .inFuture), ("23:59", today.adding(days: -1), nil),
            ("24:00", today, .noSuchTime), ("12:60", today, .noSuchTime), ("99:99", today, .noSuchTime), ("1200", today, .notATime), ("ab:cd", today, .notATime),
            ("", today, .notATime), ("9:05", today, nil), ("09:5", today, .notATime), ("-1:00", today, .notATime),
            ("08:00", today.adding(days: 1), .inFuture),
        ]
        for (text, day, expected) in cases {
            let result = MealTime.resolve(text, on: day, now: now, utc)
            switch (result, expected) {
            case (.success, nil): break
            case (.failure(let e), let x?): XCTAssertEqual(e, x, text)
            default: XCTFail("\(text) on \(day): \(result)")
            }
        }
    }

    func testFutureDaysAreRefusedWithAMessage() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.right)
        XCTAssertEqual(d.model.nutrition.dayOffset, 0)
        XCTAssertEqual(d.model.shared.toast?.message, "Meals can only be logged up to today.")
        await d.press(.char("n"))
        await d.type("Late snack")
        await d.press(.tab)
        await d.type("200")
        d.model.nutrition.form?.time = TextFieldState("18:00", maxLength: 5)
        await d.press(.ctrl("s"))
        XCTAssertTrue(d.model.nutrition.meals.isEmpty, "a time still to come is refused")
        let screen = await d.screen()
        XCTAssertTrue(screen.contains("That time is still to come"), screen)
    }

    func testEditReplacesTheSameMealAndUndoPutsItBack() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.logMeal("Oats", calories: "300")
        let original = d.model.nutrition.meals[0]
        await d.press(.enter)
        XCTAssertEqual(form(d).editing?.id, original.id)
        XCTAssertEqual(form(d).values.name, "Oats")
        XCTAssertEqual(form(d).values.calories, "300")
        XCTAssertEqual(form(d).values.protein, "", "blank stays blank")
        let sheet = await d.screen()
        XCTAssertTrue(sheet.contains("Edit Meal · Today"), sheet)
        setField(d, .calories, "350")
        await d.press(.ctrl("s"))
        XCTAssertEqual(d.model.nutrition.meals.count, 1)
        XCTAssertEqual(d.model.nutrition.meals[0].id, original.id, "same id")
        XCTAssertEqual(d.model.nutrition.meals[0].calories, 350)
        XCTAssertEqual(d.env.mealsValue.map(\.calories), [350], "saved")
        await d.press(.char("u"))
        XCTAssertEqual(d.model.nutrition.meals, [original], "undo restores the meal as it was")
        XCTAssertEqual(d.env.mealsValue, [original])
        // `e` works as Enter does.
        await d.press(.char("e"))
        XCTAssertEqual(form(d).editing?.id, original.id)
        await d.press(.escape)
        XCTAssertNil(d.model.nutrition.form, "an unchanged edit closes without asking")
    }

    /// A meal just logged can be taken back with `u` (only a delete and an edit could be undone):
    /// the footer offers it, the log on disk loses it, and the toast says so.
    func testUndoTakesAJustLoggedMealBackOut() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.logMeal("Oats", calories: "300")
        await d.logMeal("Cola", calories: "140")
        XCTAssertTrue(d.footerText.contains("u Undo add"), d.footerText)
        XCTAssertTrue(d.helpLines.contains("u Undo add"), "\(d.helpLines)")
        // Where the footer is short, Undo add leaves it before Edit and Delete (help still lists it).
        d.model.size = Size(width: 72, height: 24)
        XCTAssertTrue(d.footerText.contains("d Delete") && d.footerText.contains("Edit"), d.footerText)
        XCTAssertFalse(d.footerText.contains("Undo"), d.footerText)
        d.model.size = Size(width: 80, height: 24)
        await d.press(.char("u"))
        XCTAssertEqual(d.model.nutrition.meals.map(\.name), ["Oats"], "the last one logged, and only it")
        XCTAssertEqual(d.env.mealsValue.map(\.name), ["Oats"], "saved")
        XCTAssertEqual(d.model.shared.toast?.message, "Took Cola back out of the log")
        XCTAssertFalse(d.footerText.contains("Undo"), "nothing more to undo: \(d.footerText)")
        XCTAssertNil(d.model.nutrition.undoable)
        // Deleted in another window before `u`: nothing is offered.
        await d.logMeal("Tea", calories: "2")
        await d.send(.message(.feature(.nutrition), StoreReloaded.meals(d.model.nutrition.meals.filter { $0.name != "Tea" })))
        XCTAssertNil(d.model.nutrition.undoable)
        XCTAssertFalse(d.footerText.contains("Undo"), d.footerText)
    }

    func testEditingAnOlderMealKeepsItsDay() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.left, .left, .char("n"))
        await d.type("Stew")
        await d.press(.tab)
        await d.type("500")
        await d.press(.ctrl("s"))
        await d.press(.char("e"))
        setField(d, .name, "Beef stew")
        await d.press(.ctrl("s"))
        let meal = d.model.nutrition.meals[0]
        XCTAssertEqual(meal.name, "Beef stew")
        XCTAssertEqual(DayKey(meal.time, calendar: utc), DayKey(year: 2026, month: 11, day: 20))
    }

    func testAnOldStoreFileLoadsUnchanged() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-oldmeals-\(UUID().uuidString)")
        let probe = Driver(dataDir: dir)
        let file = probe.env.paths.mealsFile
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = """
        {"data":[{"calories":350,"carbs":54,"fat":8,"id":"6F9619FF-8B86-D011-B42D-00C04FC964FF","name":"Porridge","protein":12,"time":"2026-11-22T08:00:00Z"},\
        {"calories":110,"carbs":0,"fat":0,"id":"7F9619FF-8B86-D011-B42D-00C04FC964FF","name":"Flat white","protein":0,"time":"2026-11-21T09:30:00Z"}],\
        "savedAt":"2026-11-22T08:00:05Z","schemaVersion":1}
        """
        try old.write(to: file, atomically: true, encoding: .utf8)
        let d = Driver(dataDir: dir)
        defer { d.cleanUp() }
        await d.launch()
        let meals = d.model.nutrition.meals
        XCTAssertEqual(meals.map(\.name), ["Porridge", "Flat white"])
        XCTAssertEqual(meals.map(\.calories), [350, 110])
        XCTAssertEqual(meals[0].protein, 12)
        XCTAssertEqual(meals[1].fat, 0, "old zeros stay numbers")
        XCTAssertEqual(meals[0].id.uuidString, "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), old, "reading never rewrites the file")
    }

    func testEatenVersusBurnedByHand() throws {
        let day = DayKey(year: 2026, month: 11, day: 22)
        let at = { (h: Int) in self.utc.date(from: DateComponents(year: 2026, month: 11, day: 22, hour: h))! }
        let meals = [
            Meal(time: at(8), name: "Oats", calories: 350, protein: 12, carbs: 54, fat: 8),
            Meal(time: at(13), name: "Soup", calories: 420, protein: nil, carbs: 30, fat: nil),
            Meal(time: at(13).addingTimeInterval(-86_400), name: "Yesterday", calories: 999, protein: 1, carbs: 1, fat: 1),
        ]
        let b = DayBalance(meals: meals, day: day, burned: [day: 431.6], calendar: utc)
        XCTAssertEqual(b.eaten, 770)
        XCTAssertEqual(b.burned, 431.6)
        XCTAssertEqual(b.protein, 12)
        XCTAssertEqual(b.carbs, 84)
        XCTAssertEqual(b.fat, 8)
        // 48 + 336 + 72 = 456 kcal from macros, of 770 eaten: shares of the 770 (the rest, 314 kcal,
        // is energy no logged macro accounts for).
        let shares = b.macroShares!
        XCTAssertEqual(shares.protein, 48.0 / 770, accuracy: 1e-9)
        XCTAssertEqual(shares.carbs, 336.0 / 770, accuracy: 1e-9)
        XCTAssertEqual(shares.fat, 72.0 / 770, accuracy: 1e-9)
        // 6.23%, 43.64%, 9.35% = 59.22%, so 59 whole percents: 6 + 43 + 9 = 58 rounded down, and
        // the one left over goes to the largest remainder (carbs).
        let percents = try XCTUnwrap(b.macroPercents)
        XCTAssertEqual([percents.protein, percents.carbs, percents.fat], [6, 44, 9])
        // Only protein logged: 20 g = 80 kcal of a 450 kcal porridge is 17.8%, said 18% (not "100%").
        let porridge = DayBalance(meals: [Meal(time: at(8), name: "Porridge", calories: 450, protein: 20, carbs: nil, fat: nil)], day: day, burned: [:], calendar: utc)
        XCTAssertEqual(porridge.macroPercents.map { [$0.protein, $0.carbs, $0.fat] }, [18, 0, 0])
        // Macros that make more than the calories (labels round: 455 kcal of macros on a 450 label) are all of it.
        let label = DayBalance(meals: [Meal(time: at(8), name: "Bar", calories: 450, protein: 20, carbs: 60, fat: 15)], day: day, burned: [:], calendar: utc)
        XCTAssertEqual(label.macroPercents.map { [$0.protein, $0.carbs, $0.fat] }, [17, 53, 30], "80, 240, 135 of 455: 17.58 + 52.75 + 29.67, the two left over to carbs and fat")
        // 48, 200 and 72 kcal (15%, 62.5%, 22.5%): the tie goes to the first, carbs.
        let tied = DayBalance(meals: [Meal(time: at(9), name: "Bowl", calories: 320, protein: 12, carbs: 50, fat: 8)],
                              day: day, burned: [:], calendar: utc).macroPercents
        XCTAssertEqual(tied.map { [$0.protein, $0.carbs, $0.fat] }, [15, 63, 22])
        let empty = DayBalance(meals: [], day: day, burned: [:], calendar: utc)
        XCTAssertNil(empty.eaten, "nothing logged is —, not 0")
        XCTAssertNil(empty.burned)
        XCTAssertNil(empty.macroShares)
        let noMacros = DayBalance(meals: [meals[1]].map { var m = $0; m.carbs = nil; return m }, day: day, burned: [:], calendar: utc)
        XCTAssertEqual(noMacros.eaten, 420)
        XCTAssertNil(noMacros.protein)
        XCTAssertNil(noMacros.macroShares)
    }

    func testHeaderShowsEatenAndBurnedAndTodayShowsEaten() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        XCTAssertTrue(d.screenText.contains("Eaten —"), d.screenText)
        let burned = d.model.nutrition.burned[DayKey(year: 2026, month: 11, day: 22)]
        XCTAssertNotNil(burned, "HealthLoaded brought today's active energy")
        XCTAssertTrue(d.screenText.contains("Burned " + d.ctx.formats.integer(burned ?? 0) + " kcal"), d.screenText)
        await d.logMeal("Oats", calories: "300")
        XCTAssertTrue(d.screenText.contains("Eaten 300 kcal"))
        await d.send(.message(.everyone, LiveUpdate(newSamples: 1, steps: [], energy: [DailyTotal(day: DayKey(year: 2026, month: 11, day: 22), value: 1234)], at: d.clock.now)))
        XCTAssertTrue(d.screenText.contains("Burned 1,234 kcal"), d.screenText)
        await d.press(.left)
        XCTAssertTrue(d.screenText.contains("Eaten —"), "yesterday: nothing logged")
        await d.press(.char("1"))
        XCTAssertEqual(d.model.today.meals?.count, 1, "Today heard MealsChanged")
        XCTAssertTrue(d.screenText.contains("Eaten 300 kcal"), d.screenText)
    }

    /// On the compact sheet (48×16) a message with no room beside its field is said above the buttons:
    /// every one while there are free rows, the focused field's first (only the first was said).
    func testTheCompactSheetSaysEveryFieldsMessage() async {
        let d = Driver(size: Size(width: 48, height: 16), options: { $0.live = false })
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"), .char("n"))
        await d.advance(1)
        await d.type("Soup")
        await d.press(.tab)
        await d.type("99999")
        await d.press(.tab)
        await d.type("9999")
        await d.press(.tab)
        await d.advance(1)
        let text = d.screenText
        XCTAssertTrue(text.contains("Calories: "), text)
        XCTAssertTrue(text.contains("Protein: "), text)
    }

    /// Today's Energy card names what was eaten: beside "… kcal to go" where it fits, shorter
    /// ("Eaten 300") or beside the number where only that fits (at 60×20 it was left out without a
    /// word). At 48×16 the card has no room for it: Nutrition's header says it.
    func testTodayShowsWhatWasEatenAtEverySize() async {
        for size in [Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40)] {
            let d = Driver(size: size, options: { $0.live = false })
            await d.onboard()
            await d.logMeal("Oats", calories: "300")
            await d.press(.char("1"))
            d.model.shared.toast = nil
            XCTAssertTrue(d.screenText.contains("Eaten 300"), "\(size):\n\(d.screenText)")
            d.cleanUp()
        }
    }

    /// Another window deletes the meal open in this sheet: the sheet says Save cannot keep it, in
    /// one line that fits; when the other window undoes the delete, the sheet stops saying so.
    func testAMealDeletedElsewhereIsSaidAndUnsaidWhenItComesBack() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.logMeal("Apple", calories: "95")
        await d.press(.char("e"))
        let apple = try? XCTUnwrap(d.model.nutrition.form?.editing)
        let others = d.model.nutrition.meals.filter { $0.id != apple?.id }
        await d.send(.message(.feature(.nutrition), StoreReloaded.meals(others)))
        await d.advance(0.5) // the sheet slides up
        var screen = d.screenText
        XCTAssertTrue(screen.contains("✗ Deleted in another tmm-tui window: not saved. Esc closes."), screen)
        XCTAssertFalse(screen.contains("…"), screen)
        // Save cannot bring it back: not offered in the footer, help or palette, Ctrl-S does nothing.
        XCTAssertFalse(d.footerText.contains("Ctrl-S"), d.footerText)
        XCTAssertFalse(d.helpLines.contains { $0.hasPrefix("Ctrl-S") }, "\(d.helpLines)")
        await d.press(.ctrl("s"))
        XCTAssertFalse(d.model.nutrition.meals.contains { $0.id == apple?.id }, "the deleted meal is not brought back")
        await d.send(.message(.feature(.nutrition), StoreReloaded.meals(d.model.nutrition.meals + (apple.map { [$0] } ?? []))))
        screen = d.screenText
        XCTAssertFalse(screen.contains("Deleted in another"), screen)
        XCTAssertNil(d.model.nutrition.form?.saveError)
        XCTAssertTrue(d.footerText.contains("Ctrl-S"), "back again: Save works and is offered: \(d.footerText)")
    }

    /// Another window logs a meal that lists above the highlighted one: the highlight stays on the
    /// meal it was on, so `d` deletes that meal and not the other window's.
    func testTheHighlightStaysOnItsMealWhenAnotherWindowLogsOne() async throws {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.logMeal("Apple", calories: "95")
        let apple = try XCTUnwrap(d.model.nutrition.meals.first { $0.name == "Apple" })
        func highlighted() -> UUID? {
            let list = d.model.nutrition.mealsOfDay(d.model.shared, d.ctx), row = d.model.nutrition.selected
            return list.indices.contains(row) ? list[row].id : nil
        }
        XCTAssertEqual(highlighted(), apple.id)
        // The other window's meal, a minute before the Apple: the list shows it first.
        let banana = Meal(time: apple.time.addingTimeInterval(-60), name: "Banana", calories: 105, protein: nil, carbs: nil, fat: nil)
        await d.send(.message(.feature(.nutrition), StoreReloaded.meals(d.model.nutrition.meals + [banana])))
        XCTAssertEqual(d.model.nutrition.mealsOfDay(d.model.shared, d.ctx).map(\.name), ["Banana", "Apple"], "in time order")
        XCTAssertEqual(highlighted(), apple.id, "still on the Apple")
        await d.press(.char("d"))
        XCTAssertEqual(d.model.nutrition.undoable?.meal.id, apple.id, "d deleted the highlighted Apple, not the Banana")
        XCTAssertFalse(d.model.nutrition.meals.contains { $0.id == apple.id })
    }

    /// With its meal deleted in another window, a sheet with typed changes closes on Esc as it
    /// says ("Esc closes"), without asking to discard what can no longer be saved.
    func testEscClosesASheetWhoseMealWasDeletedElsewhere() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.logMeal("Apple", calories: "95")
        await d.press(.char("e"))
        await d.type("s")   // "Apples": a typed change
        let apple = d.model.nutrition.form?.editing
        await d.send(.message(.feature(.nutrition), StoreReloaded.meals(d.model.nutrition.meals.filter { $0.id != apple?.id })))
        XCTAssertEqual(d.model.nutrition.form?.isDirty, true)
        await d.press(.escape)
        XCTAssertNil(d.model.nutrition.form, "closed, not asked")
    }

    /// What was eaten is the meal log's, not health data's: with Active Energy off, its card on
    /// Today still says it, under the way to turn the access on, where the card has a free row.
    func testTheEnergyOffCardStillSaysWhatWasEaten() async {
        let d = Driver(size: Size(width: 80, height: 24))
        defer { d.cleanUp() }
        await d.onboardWithEnergyOff()
        await d.press(.char("2"), .char("n"))
        await d.type("Soup")
        await d.press(.tab)
        await d.type("420")
        await d.press(.ctrl("s"), .char("n"))
        await d.type("Bread")
        await d.press(.tab)
        await d.type("180")
        await d.press(.ctrl("s"), .char("1"))
        let lines = d.screenText.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("Active Energy is off") }, d.screenText)
        // In the Active Energy card (the right one), on a row of its own: 420 + 180 kcal logged today.
        XCTAssertEqual(lines.filter { $0.contains("│ │ Eaten 600 kcal ") }.count, 1, d.screenText)
    }

    /// Active Energy switched off on the permission sheet: no day has a Burned figure, and
    /// a live update (the feed totals every day its samples touch, 0 kcal without energy
    /// samples) does not make one up; allowing it later brings the real figure.
    /// A day further back than the loads' two weeks reads its burned energy (it said "Burned —"
    /// from Nov 12 back while `stats` had a number): the number `stats --json` gives that day.
    func testADayWeeksBackShowsTheBurnedEnergyStatsReads() async throws {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        for _ in 0..<20 { await d.press(.left) }
        let day = DayKey(year: 2026, month: 11, day: 2)
        XCTAssertTrue(d.screenText.contains("Mon, Nov 2"), d.screenText)
        var request = StatsRequest()
        request.from = day
        request.to = day
        request.json = true
        var options = d.env.options  // the same data, scenario and seed; stats as a second process runs it
        options.now = d.clock.now
        let stats = await Commands.stats(AppEnvironment(options: options, environment: Driver.utcEnvironment), request)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [[String: Any]], stats.stdout)
        let kcal = try XCTUnwrap(rows.first?["activeKcal"] as? Int, stats.stdout)
        XCTAssertTrue(d.screenText.contains("Burned " + d.ctx.formats.integer(Double(kcal)) + " kcal"), "\(kcal):\n" + d.screenText)
        // Read once for its fortnight: the day before it is known without another read.
        await d.press(.left)
        XCTAssertNotNil(d.model.nutrition.burned[day.adding(days: -1)])
        XCTAssertFalse(d.screenText.contains("Burned —"), d.screenText)
    }

    func testBurnedStaysUnknownWithoutEnergyAccessThroughLiveUpdates() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.onboardWithEnergyOff()
        await d.press(.char("2"))
        let today = DayKey(year: 2026, month: 11, day: 22)
        XCTAssertTrue(d.screenText.contains("Burned —"), d.screenText)
        await d.send(.message(.everyone, LiveUpdate(newSamples: 3, steps: [DailyTotal(day: today, value: 5_000)],
                                                    energy: [DailyTotal(day: today, value: 0)], at: d.clock.now)))
        XCTAssertTrue(d.screenText.contains("Burned —"), d.screenText)
        XCTAssertFalse(d.screenText.contains("Burned 0 kcal"), d.screenText)
        XCTAssertNil(d.model.nutrition.burned[today])
        await d.press(.char("1"), .char("a")) // Today's card "Press a to allow it": the permission sheet
        await d.advance(0.3)
        await d.press(.enter) // Allow
        await d.press(.char("2"))
        let burned = d.model.nutrition.burned[today]
        XCTAssertNotNil(burned, "the load after allowing brought today's active energy")
        XCTAssertTrue(d.screenText.contains("Burned " + d.ctx.formats.integer(burned ?? 0) + " kcal"), d.screenText)
        await d.send(.message(.everyone, LiveUpdate(newSamples: 1, steps: [], energy: [DailyTotal(day: today, value: 1_234)], at: d.clock.now)))
        XCTAssertTrue(d.screenText.contains("Burned 1,234 kcal"), d.screenText)
    }

    /// Enter does what the focused button does, or edits from the list, and the keys shown
    /// say so: the footer offers "Enter/e Edit" only on the list, help names Enter beside
    /// the button's own key, and Enter on a button presses that button.
    func testEnterIsShownAsTheFocusedButtonsKey() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.logMeal("Oats", calories: "300")
        XCTAssertEqual(d.model.nutrition.focus, .list)
        XCTAssertTrue(d.footerText.contains("Enter/e Edit"), d.footerText)
        func helpLines() async -> [String] {
            await d.press(.char("?"))
            defer { d.model.showHelp = false }
            return d.screenText.components(separatedBy: "\n")
        }
        var help = await helpLines()
        XCTAssertTrue(help.contains { $0.contains("e/Enter") && $0.contains("Edit meal") }, help.joined(separator: "\n"))
        while d.model.nutrition.focus != .scan { await d.press(.tab) }
        XCTAssertTrue(d.footerText.contains("s/Enter Scan"), d.footerText)
        XCTAssertFalse(d.footerText.contains("Enter/e"), d.footerText)
        help = await helpLines()
        XCTAssertTrue(help.contains { $0.contains("s/Enter") && $0.contains("Scan") }, help.joined(separator: "\n"))
        XCTAssertFalse(help.contains { $0.contains("Enter") && $0.contains("Edit meal") }, help.joined(separator: "\n"))
        await d.press(.enter)
        XCTAssertNotNil(d.model.nutrition.scan, "Enter on Scan opens the scanner")
        XCTAssertNil(d.model.nutrition.form)
    }

    func testLiveValidationTable() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        let fr = await nutritionDriver(Driver(environment: ["TZ": "UTC", "LANG": "fr_FR.UTF-8"]))
        defer { fr.cleanUp() }
        // typed into Calories or Protein without leaving the field → message at once?
        let cases: [(Driver, Int, String, String?)] = [
            (d, 1, "12a", "Must be a number, e.g. 450"),
            (d, 1, "abc", "Must be a number, e.g. 450"),
            (d, 1, "-5", "Must be 0 or more"),
            (d, 1, "25,5", "Type a whole number: 26"),
            (fr, 1, "25.5", "Type a whole number: 26_fr"),
            (d, 1, "1,5", "Type a whole number: 2"),
            (d, 1, "12", nil),
            (d, 2, "abc", "Must be a number, e.g. 12.5"),
            (fr, 2, "abc", "Must be a number, e.g. 12,5_fr"),
            (d, 2, "-5", "Must be 0 or more"),
            (d, 2, "25,5", "Use a dot: 25.5"),
            (d, 2, "25.", nil),
            (d, 2, "25.5", nil),
            (d, 2, "25.55", "At most one decimal"),
            (d, 2, "600", "Between 0 and 500"),
            (fr, 2, "25,5", nil),
            (fr, 2, "25.5", "Use a comma: 25,5_fr"),
        ]
        for (driver, position, text, expected) in cases {
            await driver.press(.char("n"))
            for _ in 0..<position { await driver.press(.tab) }
            await driver.type(text)
            let f = driver.model.nutrition.form!
            let field = MealForm.fields[position]
            let shown = f.visibleError(field, driver.ctx.formats.locale).map { FormMessages.text($0, field, driver.ctx) }
            XCTAssertEqual(shown, expected, text)
            if let expected {
                let screen = await driver.screen()
                XCTAssertTrue(screen.contains(expected), "\(text):\n\(screen)")
            }
            driver.model.nutrition.form = nil
        }
    }

    /// The Time field tells a malformed time from one that does not exist, at once while typing
    /// (more typing cannot fix either), and the words are whole down to 48×16.
    func testTheTimeMessageSaysWhatIsWrong() async {
        for size in [Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 48, height: 16)] {
            let d = await nutritionDriver(Driver(size: size))
            defer { d.cleanUp() }
            for (typed, expected) in [("24:00", "No such time: use 00:00–23:59"), ("12:60", "No such time: use 00:00–23:59"),
                                      ("1a", "Time as HH:MM, e.g. 12:30")] {
                await d.press(.char("n"))
                d.model.nutrition.form?.focus = MealForm.timePosition
                d.model.nutrition.form?.time = TextFieldState("", maxLength: 5)
                await d.type(typed)
                let screen = await d.screen()
                XCTAssertTrue(screen.contains(expected), "\(size) \(typed):\n\(screen)")
                d.model.nutrition.form = nil
            }
            // Calories' message for the other separator is whole at this size too.
            await d.press(.char("n"), .tab)
            await d.type("25,5")
            let screen = await d.screen()
            XCTAssertTrue(screen.contains("Type a whole number: 26"), "\(size):\n\(screen)")
            d.model.nutrition.form = nil
        }
    }

    /// Tabbing to the filled-in Time ("15:30") and typing a time replaces it, as typing over a
    /// selected field does: it was refused without a word (the field holds five characters).
    func testTypingAfterAWholeTimeStartsANewOne() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        for _ in 0..<MealForm.timePosition { await d.press(.tab) }
        XCTAssertTrue(form(d).timeFocused)
        XCTAssertEqual(form(d).time.text, "15:30")
        await d.type("09:15")
        XCTAssertEqual(form(d).time.text, "09:15")
        // With the cursor inside the time, typing edits it where it is (a full field takes nothing more).
        await d.press(.left, .backspace)
        await d.type("2")
        XCTAssertEqual(form(d).time.text, "09:25")
    }

    func testTheHintSaysWhatBlocksSave() async {
        let d = await nutritionDriver()
        defer { d.cleanUp() }
        await d.press(.char("n"))
        var screen = await d.screen()
        XCTAssertTrue(screen.contains("Save needs: Food name, Calories"), screen)
        setField(d, .name, "Oats")
        setField(d, .protein, "x")
        screen = await d.screen()
        XCTAssertTrue(screen.contains("Save needs Calories; fix Protein"), screen)
        setField(d, .calories, "300")
        screen = await d.screen()
        XCTAssertTrue(screen.contains("Fix to save: Protein"), screen)
    }

    func testBlankMacrosSayNotLoggedNotZero() async {
        let d = await nutritionDriver(Driver(size: Size(width: 80, height: 30)))
        defer { d.cleanUp() }
        await d.logMeal("Oats", calories: "300")
        XCTAssertNil(d.model.nutrition.meals[0].protein)
        XCTAssertTrue(d.screenText.contains("P not logged"), d.screenText)
        XCTAssertFalse(d.screenText.contains("0 g"), d.screenText)
    }

    func testBarcodeTable() {
        let cases: [(String, Result<Barcode.Kind, Barcode.Problem>)] = [
            ("5000112637922", .success(.ean13)), ("4006040000211", .success(.ean13)), ("0074570083152", .success(.ean13)),
            ("4006040000214", .failure(.checkDigit(kind: .ean13, expected: 1))), ("0074570083155", .failure(.checkDigit(kind: .ean13, expected: 2))),
            ("96385074", .success(.ean8)), ("96385075", .failure(.checkDigit(kind: .ean8, expected: 4))),
            ("036000291452", .success(.upcA)), ("036000291453", .failure(.checkDigit(kind: .upcA, expected: 2))),
            ("abc123!!", .failure(.notDigits)), ("123", .failure(.wrongLength(3))), ("", .failure(.empty)),
            ("٣٠٠٣٠٠٣٠", .failure(.notDigits)), ("12345678901234", .failure(.wrongLength(14))),
        ]
        for (code, expected) in cases { XCTAssertEqual(Barcode.validate(code), expected, code) }
        for product in ProductCatalog.all {
            XCTAssertNoThrow(try Barcode.validate(product.code).get(), "catalog code \(product.code) must pass its own check digit")
        }
        XCTAssertNil(ProductCatalog.lookup("abc5000112637922"), "nothing is filtered out of a code")
        XCTAssertNotNil(ProductCatalog.lookup("5000112637922"))
    }

    func testScanRefusesLettersAndExplainsABadCheckDigitWrapped() async {
        let d = await nutritionDriver(Driver(size: Size(width: 48, height: 16)))
        defer { d.cleanUp() }
        await d.press(.char("s"))
        await d.type("abc123!!")
        XCTAssertEqual(d.model.nutrition.scan?.code.text, "123")
        XCTAssertTrue(d.screenText.contains("barcodes are digits only"), d.screenText)
        for _ in 0..<3 { await d.press(.backspace) }
        await d.type("4006040000214")
        await d.press(.enter)
        let screen = await d.screen()
        XCTAssertNotNil(d.model.nutrition.scan, "not looked up")
        let joined = screen.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        XCTAssertTrue(joined.contains("last digit should be 1."), screen)
        XCTAssertTrue(joined.contains("Check the digits you typed."), "wrapped, not cut:\n\(screen)")
    }

    // MARK: Snapshots

    static let sizes = [Size(width: 48, height: 16), Size(width: 60, height: 20), Size(width: 80, height: 24), Size(width: 120, height: 40),
                        Size(width: 200, height: 60)]

    func addMeals(_ d: Driver) async {
        for (name, kcal, p, c, f) in [("Porridge with berries", "350", "12", "54", "8"), ("寿司 🍣 salmon set", "520", "28", "70", ""),
                                      ("Flat white", "110", "", "", "")] {
            await d.press(.char("n"))
            for (i, v) in [name, kcal, p, c, f].enumerated() { d.model.nutrition.form?.inputs[MealForm.fields[i]]?.insert(v) }
            d.model.nutrition.form?.time = TextFieldState(["08:10", "12:40", "15:05"][["350", "520", "110"].firstIndex(of: kcal)!], maxLength: 5)
            await d.press(.ctrl("s"))
        }
        d.model.shared.toast = nil
    }

    func testSnapshots() async {
        let states: [(String, (Driver) async -> Void)] = [
            ("nutrition-day", { d in await self.addMeals(d) }),
            ("nutrition-edit", { d in await self.addMeals(d); await d.press(.up, .up, .char("e")); await d.advance(0.3) }),
            ("nutrition-yesterday-sheet", { d in await d.press(.left, .char("n")); await d.type("Dinner"); await d.press(.tab); await d.type("7x"); await d.advance(0.3) }),
            ("scan-check-digit", { d in await d.press(.char("s")); await d.type("4006040000214"); await d.press(.enter) }),
        ]
        for size in Self.sizes {
            for theme in ["dark", "light"] {
                for (name, setUp) in states {
                    if size.width == 200 && name != "nutrition-day" { continue }
                    let d = Driver(size: size, theme: theme)
                    _ = await nutritionDriver(d)
                    await setUp(d)
                    d.model.shared.toast = nil
                    d.clock.advance(0.5)
                    assertSnapshot(d.renderContent(), named: "\(name)-\(size.width)x\(size.height)-\(theme)")
                    d.cleanUp()
                }
            }
        }
    }
}
