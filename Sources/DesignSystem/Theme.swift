import TerminalUI

/// The semantic color tokens every theme defines. Views name tokens, never colors.
public enum ColorToken: String, CaseIterable, Sendable, Codable {
    case background, surface, surfaceRaised, border, focus
    case textPrimary, textSecondary
    case accent, onAccent
    case success, warning, danger
    case chartSteps, chartCalories, chartGoal
    case selection, skeleton, skeletonShine, overlay

    /// Tokens drawn as text on background, surface and raised surface: WCAG 4.5:1.
    public static let textTokens: [ColorToken] = [.textPrimary, .textSecondary, .accent, .success, .warning, .danger]
    /// Tokens for UI parts and large marks (focus ring, charts): WCAG 3:1.
    public static let uiTokens: [ColorToken] = [.focus, .chartSteps, .chartCalories, .chartGoal]

    /// The token's place in `allCases`: a theme's colours are looked up by it (a dictionary
    /// hashed each token's name, hundreds of times a frame).
    var index: Int {
        switch self {
        case .background: 0
        case .surface: 1
        case .surfaceRaised: 2
        case .border: 3
        case .focus: 4
        case .textPrimary: 5
        case .textSecondary: 6
        case .accent: 7
        case .onAccent: 8
        case .success: 9
        case .warning: 10
        case .danger: 11
        case .chartSteps: 12
        case .chartCalories: 13
        case .chartGoal: 14
        case .selection: 15
        case .skeleton: 16
        case .skeletonShine: 17
        case .overlay: 18
        }
    }
}

public enum Appearance: String, Sendable, Codable { case dark, light }

/// A resolved theme: every token has a color. In monochrome mode (NO_COLOR)
/// styles carry attributes only, so the UI stays readable without color.
public struct Theme: Sendable, Equatable {
    public var name: String
    public var appearance: Appearance
    public var colors: [ColorToken: RGB] { didSet { table = Self.table(colors) } }
    public var isMonochrome: Bool
    /// `colors` by `ColorToken.index`.
    private var table: [RGB]

    public init(name: String, appearance: Appearance, colors: [ColorToken: RGB], isMonochrome: Bool = false) {
        self.name = name
        self.appearance = appearance
        self.colors = colors
        self.isMonochrome = isMonochrome
        table = Self.table(colors)
    }

    private static func table(_ colors: [ColorToken: RGB]) -> [RGB] {
        ColorToken.allCases.map { colors[$0] ?? RGB(128, 128, 128) }
    }

    public subscript(token: ColorToken) -> RGB { table[token.index] }

    public func monochrome() -> Theme {
        var copy = self
        copy.isMonochrome = true
        return copy
    }

    /// Text in a token's color. In monochrome, emphasis is carried by attributes.
    public func text(_ token: ColorToken, _ attributes: Attributes = []) -> Style {
        guard isMonochrome else { return Style(fg: self[token], attributes: attributes) }
        var attrs = attributes
        switch token {
        case .textSecondary, .chartGoal, .border, .skeleton: attrs.insert(.dim)
        case .accent, .success, .focus: attrs.insert(.bold)
        case .danger, .warning: attrs.formUnion([.bold, .underline])
        default: break
        }
        return Style(attributes: attrs)
    }

    /// A filled area: background in `token`, text in `on`.
    public func fill(_ token: ColorToken, text on: ColorToken = .textPrimary, _ attributes: Attributes = []) -> Style {
        guard isMonochrome else { return Style(fg: self[on], bg: self[token], attributes: attributes) }
        var attrs = attributes
        switch token {
        case .accent, .focus, .selection, .success, .danger, .warning, .chartSteps, .chartCalories: attrs.insert(.reverse)
        default: break
        }
        return Style(attributes: attrs)
    }

    /// The base style of the screen.
    public var base: Style { fill(.background) }
}

/// The type scale: each role is a consistent use of weight and color.
public enum Typography: Sendable {
    case display, title, headline, body, caption, label, hint

    public func style(_ theme: Theme) -> Style {
        switch self {
        case .display: return theme.text(.textPrimary, .bold)
        case .title: return theme.text(.textPrimary, .bold)
        case .headline: return theme.text(.accent, .bold)
        case .body: return theme.text(.textPrimary)
        case .caption: return theme.text(.textSecondary)
        case .label: return theme.text(.textSecondary, .bold)
        case .hint: return theme.text(.textSecondary)
        }
    }
}
