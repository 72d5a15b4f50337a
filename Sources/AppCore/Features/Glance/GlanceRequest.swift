import HealthDomain
import Platform

/// `tmm-tui glance`: what to show and how.
public struct GlanceRequest: Equatable, Sendable {
    /// plain: text only; ansi: SGR colours; tmux: `#[fg=…]` codes for `status-right`; json: the values.
    public enum Format: String, CaseIterable, Sendable { case plain, ansi, tmux, json }

    /// The values the line can show, in `--fields` order.
    public enum Field: String, CaseIterable, Sendable {
        case steps, energy, sleep, recovery, strain

        /// The key `stats --json` uses for this value.
        public var statsKey: String {
            switch self {
            case .steps: return "steps"
            case .energy: return "activeKcal"
            case .sleep: return "sleepScore"
            case .recovery: return "recoveryScore"
            case .strain: return "strainScore"
            }
        }
    }

    /// `--card`: brief 002's widget for one configuration, or the three side by side.
    public enum Card: String, CaseIterable, Sendable { case sleep, recovery, strain, all }

    /// nil: ansi on a terminal, plain otherwise.
    public var format: Format?
    public var fields: [Field] = Field.allCases
    public var card: Card?

    public init(format: Format? = nil, fields: [Field] = Field.allCases, card: Card? = nil) {
        self.format = format
        self.fields = fields
        self.card = card
    }

    /// "steps,sleep" → [.steps, .sleep]; nil names the first unknown field.
    public static func parseFields(_ text: String) -> Result<[Field], UsageError> {
        var out: [Field] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmed()
            guard let f = Field(rawValue: name) else {
                return .failure(UsageError(message: "--fields takes \(Field.allCases.map(\.rawValue).joined(separator: ",")), not \"\(name)\""))
            }
            if !out.contains(f) { out.append(f) }
        }
        guard !out.isEmpty else { return .failure(UsageError(message: "--fields needs at least one field")) }
        return .success(out)
    }
}
