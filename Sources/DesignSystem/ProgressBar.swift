import TerminalUI

/// A horizontal bar filled to `fraction`, with eighth-cell precision where the
/// terminal can draw it. Values over 1 fill the bar; negatives show empty.
public struct ProgressBar {
    public var fraction: Double
    public var tone: ColorToken

    /// The whole percent a bar's label shows for `fraction`, cut (100 only when it is all
    /// there), and cut as a person would: a share worked out in doubles that is a whole
    /// percent but for the last bits (0.58 × 100 is 57.999…) is that percent.
    public static func wholePercent(_ fraction: Double) -> Int {
        guard fraction.isFinite, fraction > 0 else { return 0 }
        return Int(min(fraction * 100 + 1e-9, 1e12).rounded(.down))
    }

    /// The share of `goal` that the number shown for `value` is (its whole number): a bar
    /// and its percent agree with the number beside them (290 of 500 kcal where 289.66 was read).
    public static func shareShown(_ value: Double, of goal: Double) -> Double {
        guard goal > 0, value.isFinite else { return 0 }
        return value.rounded() / goal
    }

    public init(fraction: Double, tone: ColorToken = .accent) {
        self.fraction = fraction.isFinite ? fraction : 0
        self.tone = tone
    }

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.width > 0, rect.height > 0 else { return }
        let t = ctx.theme, g = ctx.glyphs
        let f = min(1, max(0, fraction))
        let eighths = Int((f * Double(rect.width * 8)).rounded())
        let full = eighths / 8, partial = eighths % 8
        let filled = t.isMonochrome ? Style(attributes: [.bold]) : Style(fg: t[tone])
        let track = t.isMonochrome ? Style(attributes: [.dim]) : Style(fg: t[tone].mixed(with: t[.surface], 0.78))
        for row in rect.y..<rect.maxY {
            var x = rect.x
            x += buffer.write(repeating: g.blockFull, count: full, x: x, y: row, style: filled, clip: rect)
            if partial > 0, x < rect.maxX {
                let glyph = g.horizontalEighths[partial]
                if glyph.isEmpty {
                    x += buffer.write(partial >= 4 ? g.blockFull : g.blockLight, x: x, y: row, style: partial >= 4 ? filled : track, clip: rect)
                } else {
                    var s = filled
                    if !t.isMonochrome { s.bg = track.fg }
                    x += buffer.write(glyph, x: x, y: row, style: s, clip: rect)
                }
            }
            if x < rect.maxX {
                let trackGlyph = g.isUnicode ? g.blockFull : g.blockLight
                buffer.write(repeating: t.isMonochrome ? g.blockLight : trackGlyph, count: rect.maxX - x, x: x, y: row, style: track, clip: rect)
            }
        }
    }
}
