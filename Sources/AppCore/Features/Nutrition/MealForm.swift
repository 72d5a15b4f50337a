import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The Log Meal sheet's state: five fields and the time, their touched state,
/// the day the meal goes to, the meal being edited (if any), and the two buttons.
public struct MealForm: Sendable, Equatable {
    public static let fields = MealFields.Field.allCases
    /// Focus positions: the fields, the time, then the buttons as they are drawn, Cancel
    /// left of Save (the primary button on the right, as on the permission sheet).
    public static let timePosition = fields.count
    public static let cancelPosition = fields.count + 1
    public static let savePosition = fields.count + 2

    public var inputs: [MealFields.Field: TextFieldState]
    public var time: TextFieldState
    /// The day the meal is logged to (the day on screen when the sheet opened).
    public var day: DayKey
    /// The meal being edited: Save replaces it (same id).
    public var editing: Meal?
    public var focus = 0
    public var touched: Set<MealFields.Field> = []
    public var timeTouched = false
    public var attemptedSave = false
    public var confirmingDiscard = false
    /// The discard question was asked by Ctrl-C: its yes discards and quits, as Ctrl-C means.
    public var discardQuits = false
    public var saveError: String?
    /// The meal being edited was deleted in another tmm-tui window: Save cannot bring it back
    /// (it is not offered), and Esc closes without asking.
    public var deletedElsewhere = false
    public var isSaving = false
    private var initialValues: MealFields
    private var initialTime: String
    /// What the sheet opened with: blank, a scanned food, or the meal being edited.
    private var openedValues: MealFields

    public init(prefill: MealFields = MealFields(), day: DayKey, time: String, editing: Meal? = nil) {
        var inputs: [MealFields.Field: TextFieldState] = [:]
        for f in Self.fields {
            inputs[f] = TextFieldState(prefill[f], maxLength: f == .name ? 80 : 12)
        }
        self.inputs = inputs
        self.time = TextFieldState(time, maxLength: 5)
        self.day = day
        self.editing = editing
        initialValues = editing == nil ? MealFields() : prefill
        openedValues = prefill
        initialTime = time
    }

    /// A sheet for `day` with the default time (now for today, 12:00 before).
    public static func new(day: DayKey, now: Date, _ calendar: LocalCalendar, prefill: MealFields = MealFields()) -> MealForm {
        MealForm(prefill: prefill, day: day, time: MealTime.defaultText(for: day, now: now, calendar))
    }

    /// A sheet filled in with `meal`, whose Save replaces it.
    public static func edit(_ meal: Meal, _ ctx: AppContext) -> MealForm {
        let locale = ctx.formats.locale
        func grams(_ v: Double?) -> String { v.map { LocaleNumber.format($0, locale: locale, maxDecimals: 1) } ?? "" }
        let fields = MealFields(name: meal.name, calories: String(meal.calories), protein: grams(meal.protein),
                                carbs: grams(meal.carbs), fat: grams(meal.fat))
        return MealForm(prefill: fields, day: DayKey(meal.time, calendar: ctx.calendar),
                        time: MealTime.format(meal.time, ctx.calendar), editing: meal)
    }

    public var values: MealFields {
        var v = MealFields()
        for f in Self.fields { v[f] = inputs[f]?.text ?? "" }
        return v
    }

    /// Something was typed or changed: Esc asks before throwing it away.
    public var isDirty: Bool { values != initialValues || time.text != initialTime }
    /// Something was typed since the sheet opened (a scanned food is worth asking about too,
    /// but it was not typed: the question says which it loses).
    public var typedSinceOpened: Bool { values != openedValues || time.text != initialTime }

    public var focusedField: MealFields.Field? { focus < Self.fields.count ? Self.fields[focus] : nil }
    public var timeFocused: Bool { focus == Self.timePosition }

    public func validation(_ locale: FormatLocale) -> MealValidation { MealValidator.validate(values, locale: locale) }

    public func timeResult(now: Date, _ calendar: LocalCalendar) -> Result<Date, FieldError> {
        MealTime.resolve(time.text, on: day, now: now, calendar)
    }

    public func canSave(_ locale: FormatLocale, now: Date, _ calendar: LocalCalendar) -> Bool {
        guard validation(locale).isValid, case .success = timeResult(now: now, calendar) else { return false }
        return true
    }

    /// The message to show for a field: once the user has been there, or at
    /// once while typing when more typing cannot fix it ("12a", "25,5").
    public func visibleError(_ field: MealFields.Field, _ locale: FormatLocale) -> FieldError? {
        guard let error = validation(locale).errors[field] else { return nil }
        if touched.contains(field) || attemptedSave { return error }
        guard focusedField == field else { return nil }
        return Self.isComplete(inputs[field]?.text ?? "", error, locale) ? error : nil
    }

    public func visibleTimeError(now: Date, _ calendar: LocalCalendar) -> FieldError? {
        guard case .failure(let e) = timeResult(now: now, calendar) else { return nil }
        if timeTouched || attemptedSave { return e }
        // While typing, only a wrong character or a time still to come is worth saying at once.
        let text = time.text
        if e == .inFuture || e == .noSuchTime { return e }
        return text.contains(where: { !($0.isASCII && ($0.isNumber || $0 == ":")) }) ? e : nil
    }

    /// False for text that is merely unfinished ("", "12."), which typing more will fix.
    static func isComplete(_ text: String, _ error: FieldError, _ locale: FormatLocale) -> Bool {
        if error == .required { return false }
        let t = text.trimmed()
        if t.isEmpty { return false }
        if let last = t.last, String(last) == locale.decimalSeparator, error == .notANumber,
           case .success = LocaleNumber.parse(String(t.dropLast()), locale: locale, maxDecimals: 12) { return false }
        return true
    }

    /// Which fields stop Save: the ones still empty, and the ones to fix.
    public func blockers(_ locale: FormatLocale, now: Date, _ calendar: LocalCalendar) -> (missing: [String], invalid: [String]) {
        let v = validation(locale)
        var missing: [String] = [], invalid: [String] = []
        for f in Self.fields {
            guard let e = v.errors[f] else { continue }
            if e == .required { missing.append(f.rawValue) } else { invalid.append(f.rawValue) }
        }
        if case .failure = timeResult(now: now, calendar) { invalid.append("time") }
        return (missing, invalid)
    }

    public mutating func moveFocus(by delta: Int) {
        if let f = focusedField { touched.insert(f) }
        if timeFocused { timeTouched = true }
        let count = Self.fields.count + 3
        focus = ((focus + delta) % count + count) % count
    }
}
