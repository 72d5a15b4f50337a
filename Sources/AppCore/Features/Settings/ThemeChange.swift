import FoundationEssentials
import DesignSystem

/// Settings picked a theme: the shell sets `AppModel.theme` to `theme` (already
/// made monochrome under NO_COLOR). Sent to `.shell`; `name` is what was saved.
public struct ThemeChange: Sendable {
    public var name: String
    public var theme: Theme
}

/// The rule for `t` (owned by the shell): dark ↔ light, but a theme that is
/// neither is never dropped silently. From high-contrast or a user theme, `t`
/// goes to the built-in of the opposite appearance, remembers where it came
/// from, and the toast says how to get back; the next `t` returns to it.
public enum ThemeToggle {
    public struct Outcome: Equatable, Sendable {
        /// The theme to switch to.
        public var next: String
        /// What a later `t` returns to (nil: plain dark ↔ light).
        public var remembered: String?
        /// The theme that was left behind, for the toast ("High contrast — press t to return").
        public var leftBehind: String?
    }

    public static func toggle(current: String, appearance: Appearance, remembered: String?) -> Outcome {
        if let back = remembered, current == "dark" || current == "light" {
            return Outcome(next: back, remembered: nil, leftBehind: nil)
        }
        switch current {
        case "dark": return Outcome(next: "light", remembered: nil, leftBehind: nil)
        case "light": return Outcome(next: "dark", remembered: nil, leftBehind: nil)
        default:
            return Outcome(next: appearance == .dark ? "light" : "dark", remembered: current, leftBehind: current)
        }
    }
}
