import TerminalUI

/// Everything a view needs to draw besides its own state: the theme, the glyph
/// set, the motion preference and the animation clock (seconds since start).
public struct RenderContext: Sendable {
    public var theme: Theme
    public var glyphs: Glyphs
    public var reduceMotion: Bool
    public var time: Double

    public init(theme: Theme, glyphs: Glyphs = .unicode, reduceMotion: Bool = false, time: Double = 0) {
        self.theme = theme
        self.glyphs = glyphs
        self.reduceMotion = reduceMotion
        self.time = time
    }

    /// 0...1 ping-pong wave for pulses, still when motion is reduced.
    public func pulse(period: Double = 2.0) -> Double {
        guard !reduceMotion, period > 0 else { return 0 }
        let phase = time.truncatingRemainder(dividingBy: period) / period
        return phase < 0.5 ? phase * 2 : (1 - phase) * 2
    }
}
