import TerminalUI

public enum ControlState: Sendable, Equatable { case normal, focused, pressed, disabled }

/// A button: `[ Label ]` on a raised surface; the focused one is filled with the
/// accent color and may gently pulse; disabled is dimmed and says so in monochrome.
public struct Button {
    public var label: String
    public var state: ControlState
    public var isPrimary: Bool
    public var pulses: Bool
    /// What a click on the button does (nil: not clickable).
    public var tap: ClickAction?
    /// A disabled button that has the focus still shows the focus marks (a key that lands on it
    /// must see where it is; its colours stay those of a disabled one).
    public var hasFocus: Bool

    public init(_ label: String, state: ControlState = .normal, isPrimary: Bool = false, pulses: Bool = false, tap: ClickAction? = nil,
                hasFocus: Bool = false) {
        self.label = label
        self.state = state
        self.isPrimary = isPrimary
        self.pulses = pulses
        self.tap = tap
        self.hasFocus = hasFocus
    }

    /// Columns the button needs with its padding.
    public var width: Int { TextWidth.of(label) + 4 }

    public func render(at point: Point, maxWidth: Int, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let t = ctx.theme
        let w = min(width, maxWidth)
        guard w > 0 else { return }
        if let tap, state != .disabled { buffer.addClickTarget(Rect(x: point.x, y: point.y, width: w, height: 1), tap) }
        let text = TextWidth.pad(label, to: max(0, w - 4), alignment: .center)
        var style: Style
        switch state {
        case .focused:
            style = t.fill(.accent, text: .onAccent, .bold)
            if pulses && !t.isMonochrome {
                let glow = ctx.pulse(period: 2.4) * 0.35
                style.bg = t[.accent].mixed(with: t.appearance == .dark ? RGB(255, 255, 255) : RGB(0, 0, 0), glow * 0.5)
            }
        case .pressed:
            style = t.fill(.accent, text: .onAccent, .bold)
            if !t.isMonochrome { style.bg = t[.accent].mixed(with: t[.background], 0.35) } else { style.attributes.insert(.underline) }
        case .normal:
            style = isPrimary ? t.fill(.surfaceRaised, text: .accent, .bold) : t.fill(.surfaceRaised, text: .textPrimary)
        case .disabled:
            style = t.fill(.surfaceRaised, text: .textSecondary)
            if t.isMonochrome { style.attributes.insert(.dim) }
        }
        let marked = state == .focused || state == .pressed || (state == .disabled && hasFocus)
        let left = marked ? "▸ " : "  "
        let right = marked ? " ◂" : "  "
        let decorated = ctx.glyphs.isUnicode ? left + text + right : (state == .focused || (state == .disabled && hasFocus) ? "[ " + text + " ]" : "  " + text + "  ")
        buffer.write(decorated, x: point.x, y: point.y, style: style, clip: Rect(x: point.x, y: point.y, width: w, height: 1))
    }
}

/// A small rounded label: a tag, a macro, a status.
public struct Chip {
    public var text: String
    public var tone: ColorToken
    public var selected: Bool

    public init(_ text: String, tone: ColorToken = .textSecondary, selected: Bool = false) {
        self.text = text
        self.tone = tone
        self.selected = selected
    }

    public var width: Int { TextWidth.of(text) + 2 }

    @discardableResult
    public func render(at point: Point, maxWidth: Int, _ ctx: RenderContext, _ buffer: inout Buffer) -> Int {
        let t = ctx.theme
        let w = min(width, maxWidth)
        guard w > 0 else { return 0 }
        var style: Style
        if selected {
            style = t.fill(.accent, text: .onAccent, .bold)
        } else if t.isMonochrome {
            style = t.text(tone)
        } else {
            style = Style(fg: t[tone], bg: t[tone].mixed(with: t[.surface], 0.82))
        }
        buffer.write(" " + TextWidth.truncate(text, to: w - 2) + " ", x: point.x, y: point.y, style: style,
                     clip: Rect(x: point.x, y: point.y, width: w, height: 1))
        return w
    }
}

/// A segmented control: options side by side, the selected one filled.
public struct SegmentedToggle {
    public var options: [String]
    public var selected: Int
    public var focused: Bool
    /// What a click on each option does (empty: not clickable).
    public var taps: [ClickAction]

    public init(options: [String], selected: Int, focused: Bool, taps: [ClickAction] = []) {
        self.options = options
        self.selected = selected
        self.focused = focused
        self.taps = taps
    }

    public var width: Int { options.reduce(0) { $0 + TextWidth.of($1) + 2 } + 2 }

    public func render(at point: Point, maxWidth: Int, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let t = ctx.theme
        let clip = Rect(x: point.x, y: point.y, width: maxWidth, height: 1)
        let frame = focused ? t.text(.focus, .bold) : t.text(.border)
        var x = point.x
        x += buffer.write(ctx.glyphs.isUnicode ? "⟨" : "<", x: x, y: point.y, style: frame, clip: clip)
        for (i, option) in options.enumerated() {
            let style: Style
            if i == selected {
                style = focused ? t.fill(.accent, text: .onAccent, .bold) : t.fill(.selection, text: .textPrimary, .bold)
            } else {
                style = t.text(.textSecondary)
            }
            let width = buffer.write(" " + option + " ", x: x, y: point.y, style: style, clip: clip)
            if taps.indices.contains(i) { buffer.addClickTarget(Rect(x: x, y: point.y, width: width, height: 1), taps[i]) }
            x += width
        }
        buffer.write(ctx.glyphs.isUnicode ? "⟩" : ">", x: x, y: point.y, style: frame, clip: clip)
    }
}
