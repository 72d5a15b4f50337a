import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

/// The meals of the day on screen are kept from one event to the next (frames and keys
/// do not each look through the whole log): kept ones are used only for the day and
/// calendar they were found for, and any change to the log drops them. Each expectation
/// is the log filtered here, by `DayKey`, independently of the view model.
@MainActor
final class NutritionDayMemoTests: XCTestCase {
    func names(_ meals: [Meal], on day: DayKey, _ calendar: LocalCalendar) -> [String] {
        meals.filter { DayKey($0.time, calendar: calendar) == day }
            .sorted { $0.time != $1.time ? $0.time < $1.time : $0.id.uuidString < $1.id.uuidString }.map(\.name)
    }

    func testKeptMealsFollowTheLogTheDayOnScreenTheClockAndTheCalendar() async {
        let d = Driver(environment: Driver.utcEnvironment)
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        let ctx = d.ctx, calendar = ctx.calendar
        var shared = d.model.shared
        var vm = d.model.nutrition
        let today = DayKey(shared.now, calendar: calendar)
        let noon = today.startDate(in: calendar).addingTimeInterval(12 * 3600)
        func meal(_ name: String, _ t: Date, _ kcal: Int = 100, protein: Double? = nil) -> Meal {
            Meal(time: t, name: name, calories: kcal, protein: protein, carbs: nil, fat: nil)
        }
        vm.meals = [meal("lunch", noon, protein: 0.1), meal("yesterday", noon.addingTimeInterval(-86_400)),
                    meal("breakfast", noon.addingTimeInterval(-4 * 3600), protein: 0.2), meal("tomorrow", noon.addingTimeInterval(86_400))]
        XCTAssertNil(vm.keptDay, "a new log keeps nothing")
        vm.keepShownDay(shared, ctx)
        XCTAssertEqual(vm.keptDay?.day, today)
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), names(vm.meals, on: today, calendar))
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), ["breakfast", "lunch"])

        // A meal logged (or any change to the log): the kept day is dropped, the meal shows.
        vm.meals.append(meal("snack", noon.addingTimeInterval(3600)))
        XCTAssertNil(vm.keptDay)
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), ["breakfast", "lunch", "snack"])
        vm.keepShownDay(shared, ctx)
        vm.meals.removeAll { $0.name == "lunch" }
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), ["breakfast", "snack"])
        vm.keepShownDay(shared, ctx)
        vm.meals[vm.meals.firstIndex { $0.name == "breakfast" }!].name = "renamed"
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), ["renamed", "snack"])
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), names(vm.meals, on: today, calendar))

        // Another day on screen (←): that day's meals, not the kept ones.
        vm.keepShownDay(shared, ctx)
        vm.dayOffset = -1
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), ["yesterday"])
        vm.dayOffset = 0

        // The clock passes midnight with nothing else happening: tomorrow's meals.
        vm.keepShownDay(shared, ctx)
        shared.now = noon.addingTimeInterval(86_400)
        XCTAssertEqual(vm.mealsOfDay(shared, ctx).map(\.name), ["tomorrow"])
        shared.now = noon

        // Another time zone: the day's bounds move, so do its meals.
        vm.keepShownDay(shared, ctx)
        let kiritimati = AppContext(strings: ctx.strings, formats: Formats(locale: ctx.formats.locale, timeZone: ZoneRules.named("Pacific/Kiritimati")!))
        let far = DayKey(shared.now, calendar: kiritimati.calendar)
        XCTAssertEqual(vm.mealsOfDay(shared, kiritimati).map(\.name), names(vm.meals, on: far, kiritimati.calendar))
        XCTAssertNotEqual(vm.mealsOfDay(shared, kiritimati).map(\.name), vm.mealsOfDay(shared, ctx).map(\.name))

        // The day's balance: what the whole log gives for that day (the sums in the log's order).
        vm.burned = [today: 321]
        XCTAssertEqual(vm.balance(shared, ctx), DayBalance(meals: vm.meals, day: today, burned: [today: 321], calendar: calendar))
        vm.keepShownDay(shared, ctx)
        XCTAssertEqual(vm.balance(shared, ctx), DayBalance(meals: vm.meals, day: today, burned: [today: 321], calendar: calendar))
    }

    /// Through the app: a meal saved shows in the list and the day's total at once.
    func testASavedMealShowsInTheFrameAfterTheSave() async {
        let d = Driver(environment: Driver.utcEnvironment)
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        let before = d.model.nutrition.mealsOfDay(d.model.shared, d.ctx).count
        await d.press(.char("n"))
        d.model.nutrition.form?.inputs[MealForm.fields[0]]?.insert("Memo soup")
        await d.press(.tab)
        d.model.nutrition.form?.inputs[MealForm.fields[1]]?.insert("321")
        await d.press(.ctrl("s"))
        let shown = d.model.nutrition.mealsOfDay(d.model.shared, d.ctx)
        XCTAssertEqual(shown.count, before + 1)
        XCTAssertTrue(shown.contains { $0.name == "Memo soup" })
        let screen = AppView.render(d.model, d.ctx, now: d.model.shared.now).lines.joined(separator: "\n")
        XCTAssertTrue(screen.contains("Memo soup"), screen)
    }

    /// Today's "Eaten" is kept the same way: for its day and calendar, dropped by a change to the log.
    func testTodaysEatenFollowsTheLogAndTheDay() async {
        let d = Driver(environment: Driver.utcEnvironment)
        defer { d.cleanUp() }
        await d.onboard()
        let ctx = d.ctx, calendar = ctx.calendar
        var shared = d.model.shared
        var vm = d.model.today
        let today = DayKey(shared.now, calendar: calendar)
        let noon = today.startDate(in: calendar).addingTimeInterval(12 * 3600)
        func meal(_ t: Date, _ kcal: Int) -> Meal { Meal(time: t, name: "m", calories: kcal, protein: nil, carbs: nil, fat: nil) }
        func eaten(_ meals: [Meal], on day: DayKey) -> Int? {
            let of = meals.filter { DayKey($0.time, calendar: calendar) == day }
            return of.isEmpty ? nil : of.reduce(0) { $0 + $1.calories }
        }
        vm.meals = nil
        vm.keepMealBalance(shared, ctx)
        XCTAssertNil(vm.mealBalance(on: today, calendar), "no log read yet: no Eaten")
        vm.meals = [meal(noon, 300), meal(noon.addingTimeInterval(-86_400), 50), meal(noon.addingTimeInterval(86_400), 7)]
        vm.keepMealBalance(shared, ctx)
        XCTAssertEqual(vm.mealBalance(on: today, calendar)?.eaten, 300)
        vm.meals?.append(meal(noon.addingTimeInterval(60), 20))
        XCTAssertNil(vm.keptEaten)
        XCTAssertEqual(vm.mealBalance(on: today, calendar)?.eaten, eaten(vm.meals!, on: today))
        vm.keepMealBalance(shared, ctx)
        shared.now = noon.addingTimeInterval(86_400)
        let tomorrow = DayKey(shared.now, calendar: calendar)
        XCTAssertEqual(vm.mealBalance(on: tomorrow, calendar)?.eaten, 7)
        vm.keepMealBalance(shared, ctx)
        XCTAssertEqual(vm.keptEaten?.day, tomorrow)
        XCTAssertEqual(vm.mealBalance(on: today, calendar)?.eaten, 320)
    }
}

