import XCTest
@testable import HealthDomain
@testable import Platform

final class NutritionTests: XCTestCase {
    let en = FormatLocale(identifier: "en_US")
    let fr = FormatLocale(identifier: "fr_FR")

    func validate(name: String = "Oats", calories: String = "350", protein: String = "", carbs: String = "", fat: String = "",
                  locale: FormatLocale? = nil) -> MealValidation {
        MealValidator.validate(MealFields(name: name, calories: calories, protein: protein, carbs: carbs, fat: fat), locale: locale ?? en)
    }

    func testNameRules() {
        let cases: [(String, FieldError?)] = [
            ("", .required), ("   ", .required), ("\n\t", .required),
            (String(repeating: "a", count: 60), nil), (String(repeating: "a", count: 61), .tooLong(max: 60)),
            ("  Porridge  ", nil), ("寿司 🍣", nil), ("Crème brûlée", nil),
            (String(repeating: "🍣", count: 60), nil),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(validate(name: input).errors[.name], expected, "name \(input.debugDescription)")
        }
        XCTAssertEqual(validate(name: "  Porridge  ").meal?.name, "Porridge", "trimmed")
    }

    func testCaloriesRules() {
        let cases: [(String, FieldError?)] = [
            ("", .required), ("0", nil), ("5000", nil), ("5001", .outOfRange(min: 0, max: 5000)),
            ("abc", .notANumber), ("-5", .negative), ("-0", .negative), ("25,5", .wrongSeparator(suggestion: "25.5")), ("+5", .notANumber),
            ("1e309", .notANumber), ("NaN", .notANumber), ("inf", .notANumber), ("12.5", .notWholeNumber),
            ("99999999999999999999", .notANumber), ("1,000", .notANumber), ("٣٠٠", .notANumber), (" 42 ", nil),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(validate(calories: input).errors[.calories], expected, "calories \(input.debugDescription)")
        }
    }

    func testMacrosUseTheLocaleDecimalSeparator() {
        XCTAssertNil(validate(protein: "12.5", locale: en).errors[.protein])
        XCTAssertEqual(validate(protein: "12,5", locale: en).errors[.protein], .wrongSeparator(suggestion: "12.5"), "explained, not just refused")
        XCTAssertNil(validate(protein: "12,5", locale: fr).errors[.protein])
        XCTAssertEqual(validate(protein: "12,5", locale: fr).meal?.protein, 12.5)
        XCTAssertEqual(validate(protein: "12.5", locale: fr).errors[.protein], .wrongSeparator(suggestion: "12,5"))
        XCTAssertEqual(validate(protein: "1,2,3", locale: en).errors[.protein], .notANumber, "no suggestion that would not parse")
        XCTAssertEqual(validate(protein: "a,5", locale: en).errors[.protein], .notANumber)
        XCTAssertEqual(validate(protein: "12,25", locale: en).errors[.protein], .notANumber, "fixing the separator alone would not help")
    }

    func testBlankMacrosStayBlank() {
        let m = validate(protein: "", locale: en).meal
        XCTAssertNil(m?.protein)
        XCTAssertNil(m?.carbs)
        XCTAssertNil(m?.fat)
    }

    func testMacroRules() {
        let cases: [(String, FieldError?)] = [
            ("", nil), ("0", nil), ("500", nil), ("500.1", .outOfRange(min: 0, max: 500)), ("12.25", .tooManyDecimals(max: 1)),
            ("-1", .negative), (".5", nil), ("5.", .notANumber), ("1.2.3", .notANumber), ("NaN", .notANumber),
            ("5,5", .wrongSeparator(suggestion: "5.5")), ("5,", .notANumber),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(validate(carbs: input).errors[.carbs], expected, "carbs \(input.debugDescription)")
        }
    }

    func testNoNegativeZero() {
        let v = validate(fat: "0.0").meal?.fat
        XCTAssertEqual(v, 0)
        XCTAssertFalse(v?.sign == .minus)
    }

    func testMacroMismatchIsAWarningNotAnError() {
        let v = validate(calories: "100", protein: "50", carbs: "50", fat: "20")
        XCTAssertTrue(v.isValid)
        XCTAssertEqual(v.macroMismatch?.macros, 580)
        XCTAssertNil(validate(calories: "580", protein: "50", carbs: "50", fat: "20").macroMismatch)
        XCTAssertNil(validate(calories: "100").macroMismatch, "no macros, no warning")
    }

    func testValidIffNoErrors() {
        XCTAssertTrue(validate().isValid)
        XCTAssertFalse(validate(name: "").isValid)
        XCTAssertFalse(validate(calories: "x").isValid)
    }

    func testFormatForInput() {
        XCTAssertEqual(LocaleNumber.format(12.5, locale: fr, maxDecimals: 1), "12,5")
        XCTAssertEqual(LocaleNumber.format(12.0, locale: fr, maxDecimals: 1), "12")
    }
}

/// A blank macro is not logged: the macro warning uses logged fields only.
final class MacroWarningTests: XCTestCase {
    let en = FormatLocale(identifier: "en_US")

    func testOnlyLoggedMacrosCountAndBlankIsNotZero() {
        // Protein 30 g alone = 120 kcal against 600 kcal: carbs and fat were not logged, so no warning.
        let partial = MealValidator.validate(MealFields(name: "Pasta", calories: "600", protein: "30"), locale: en)
        XCTAssertNil(partial.macroMismatch)
        XCTAssertNil(partial.meal?.carbs)
        // Logged macros alone over the calories: 100 g protein = 400 kcal > 200 + 50 → flagged as partial.
        let over = MealValidator.validate(MealFields(name: "Shake", calories: "200", protein: "100"), locale: en)
        XCTAssertEqual(over.macroMismatch?.macros, 400)
        XCTAssertEqual(over.macroMismatch?.partial, true)
        // All three logged: 10/10/10 g = 170 kcal against 600 → a full mismatch.
        let full = MealValidator.validate(MealFields(name: "Soup", calories: "600", protein: "10", carbs: "10", fat: "10"), locale: en)
        XCTAssertEqual(full.macroMismatch?.macros, 170)
        XCTAssertEqual(full.macroMismatch?.partial, false)
    }

    func testCaloriesMessagesAreSpecific() {
        XCTAssertEqual(LocaleNumber.parse("-5", locale: en, maxDecimals: 0), .failure(.negative))
        XCTAssertEqual(LocaleNumber.parse("abc", locale: en, maxDecimals: 0), .failure(.notANumber))
        XCTAssertEqual(LocaleNumber.parse("25,5", locale: en, maxDecimals: 0), .failure(.wrongSeparator(suggestion: "25.5")))
        XCTAssertEqual(LocaleNumber.parse("25.5", locale: FormatLocale(identifier: "fr_FR"), maxDecimals: 0),
                       .failure(.wrongSeparator(suggestion: "25,5")))
    }
}
