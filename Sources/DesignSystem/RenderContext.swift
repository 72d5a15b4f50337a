import TerminalUI

/// Everything a view needs to draw besides its own state: the theme, the glyph
/// set, the motion preference, the animation clock (seconds since start) and
/// the memo of what the last frame's parts were drawn from.
public struct RenderContext: Sendable {
    public var theme: Theme
    public var glyphs: Glyphs
    public var reduceMotion: Bool
    public var time: Double
    /// What parts of the last frame were drawn from (the run loop's); nil draws every part.
    public var memo: RenderMemo?

    public init(theme: Theme, glyphs: Glyphs = .unicode, reduceMotion: Bool = false, time: Double = 0,
                memo: RenderMemo? = nil) {
        self.theme = theme
        self.glyphs = glyphs
        self.reduceMotion = reduceMotion
        self.time = time
        self.memo = memo
    }

    /// 0...1 ping-pong wave for pulses, still when motion is reduced.
    public func pulse(period: Double = 2.0) -> Double {
        guard !reduceMotion, period > 0 else { return 0 }
        let phase = time.truncatingRemainder(dividingBy: period) / period
        return phase < 0.5 ? phase * 2 : (1 - phase) * 2
    }
}
