import FoundationEssentials
import HealthDomain
import Platform

/// The rows of the Settings screen, top to bottom.
public enum SettingsRow: Int, CaseIterable, Sendable {
    case stepGoal, energyGoal, theme, reduceMotion, bell, liveUpdates, permissions, dataDirectory, messages, reset

    /// The case's name, as the strings table's keys spell it ("settings.row.stepGoal"). Written
    /// out: a case interpolated into a string is named through reflection (`Mirror`), which
    /// cost the first frame of Settings 2.4 M instructions and every frame after it some.
    var name: String {
        switch self {
        case .stepGoal: "stepGoal"
        case .energyGoal: "energyGoal"
        case .theme: "theme"
        case .reduceMotion: "reduceMotion"
        case .bell: "bell"
        case .liveUpdates: "liveUpdates"
        case .permissions: "permissions"
        case .dataDirectory: "dataDirectory"
        case .messages: "messages"
        case .reset: "reset"
        }
    }

    var isGoal: Bool { self == .stepGoal || self == .energyGoal }
    var isToggle: Bool { self == .reduceMotion || self == .bell || self == .liveUpdates }

    /// The command-line flag that can set this row's value for one run.
    var flag: String? {
        switch self {
        case .theme: return "--theme"
        case .reduceMotion: return "--reduce-motion"
        case .bell: return "--no-bell"
        case .liveUpdates: return "--no-live"
        default: return nil
        }
    }
}

/// Goal arithmetic: steps of a sensible size, always inside the allowed range.
public enum GoalStepper {
    public static func range(_ row: SettingsRow) -> ClosedRange<Int> {
        row == .stepGoal ? Settings.stepGoalRange : Settings.energyGoalRange
    }

    public static func step(_ row: SettingsRow) -> Int { row == .stepGoal ? 500 : 50 }

    /// `value` moved by `direction` steps, snapped to the step and clamped to the range.
    public static func moved(_ value: Int, _ direction: Int, _ row: SettingsRow) -> Int {
        let r = range(row), s = step(row)
        let snapped = direction > 0 ? (value / s + 1) * s : ((value + s - 1) / s - 1) * s
        return min(r.upperBound, max(r.lowerBound, snapped))
    }

    /// A typed goal: a whole number inside the range, or why not.
    public static func parse(_ text: String, _ row: SettingsRow) -> Result<Int, FieldError> {
        let t = text.trimmed()
        guard !t.isEmpty else { return .failure(.required) }
        guard t.count <= 9, t.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(t) else { return .failure(.notANumber) }
        let r = range(row)
        guard r.contains(v) else { return .failure(.outOfRange(min: Double(r.lowerBound), max: Double(r.upperBound))) }
        return .success(v)
    }
}
