import TerminalUI

/// The one render shape every design-system component shares: draw inside a
/// rectangle of a buffer, with the render context. Screens compose components
/// the same way everywhere; the inline controls (buttons, chips, toggles, big
/// digits) also keep their `render(at:maxWidth:)` form for laying out in a row.
public protocol Component {
    func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer)
}

extension Button: Component {
    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.height > 0 else { return }
        render(at: Point(x: rect.x, y: rect.y), maxWidth: rect.width, ctx, &buffer)
    }
}

extension Chip: Component {
    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.height > 0 else { return }
        _ = render(at: Point(x: rect.x, y: rect.y), maxWidth: rect.width, ctx, &buffer)
    }
}

extension SegmentedToggle: Component {
    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.height > 0 else { return }
        render(at: Point(x: rect.x, y: rect.y), maxWidth: rect.width, ctx, &buffer)
    }
}

extension BigDigits: Component {
    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard let w = width, w <= rect.width, rect.height >= 3 else { return }
        render(at: Point(x: rect.x, y: rect.y), ctx, &buffer)
    }
}

extension ProgressBar: Component {}
extension Skeleton: Component {}
extension Banner: Component {}
extension BarChart: Component {}
extension LineChart: Component {}
extension BadgeArt: Component {}
extension BreathingDisc: Component {}
extension ScoreGauge: Component {}
extension StepsLineChart: Component {}
