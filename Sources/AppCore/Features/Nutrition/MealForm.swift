import Foundation
import DesignSystem
import HealthDomain
import TerminalUI

/// The Log Meal sheet's state: five fields, their touched state (messages wait
/// until a field was left or a save was tried), and the two buttons.
public struct MealForm: Sendable, Equatable {
    public static let fields = MealFields.Field.allCases
    /// Focus positions: the fields, then Save, then Cancel.
    public static let savePosition = fields.count
    public static let cancelPosition = fields.count + 1

    public var inputs: [MealFields.Field: TextFieldState]
    public var focus = 0
    public var touched: Set<MealFields.Field> = []
    public var attemptedSave = false
    public var confirmingDiscard = false
    public var saveError: String?
    public var isSaving = false

    public init(prefill: MealFields = MealFields()) {
        var inputs: [MealFields.Field: TextFieldState] = [:]
        for f in Self.fields {
            inputs[f] = TextFieldState(prefill[f], maxLength: f == .name ? 80 : 12)
        }
        self.inputs = inputs
    }

    public var values: MealFields {
        var v = MealFields()
        for f in Self.fields { v[f] = inputs[f]?.text ?? "" }
        return v
    }

    public var isDirty: Bool { Self.fields.contains { !(inputs[$0]?.text.isEmpty ?? true) } }

    public var focusedField: MealFields.Field? { focus < Self.fields.count ? Self.fields[focus] : nil }

    public func validation(_ locale: Locale) -> MealValidation { MealValidator.validate(values, locale: locale) }

    /// The message to show for a field, only once the user has been there.
    public func visibleError(_ field: MealFields.Field, _ locale: Locale) -> FieldError? {
        guard touched.contains(field) || attemptedSave else { return nil }
        return validation(locale).errors[field]
    }

    public mutating func moveFocus(by delta: Int) {
        if let f = focusedField { touched.insert(f) }
        let count = Self.fields.count + 2
        focus = ((focus + delta) % count + count) % count
    }
}
