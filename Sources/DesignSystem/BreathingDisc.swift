import FoundationEssentials
import Glibc
import TerminalUI

/// The breathing guide: a filled braille disc (round on 1:2 cells) that grows
/// on the inhale and shrinks on the exhale, inside a faint outline of its full
/// size. With reduce-motion it is a still ring with the text cue in it; without
/// braille a disc of `#` inside an `o` outline.
public struct BreathingDisc {
    /// 0…1 of the largest disc that fits the rect (clamped; NaN counts as 0).
    public var radiusFraction: Double
    /// What to do now ("Breathe in…"), already localized; shown in the still form
    /// and under the disc when there is room.
    public var cue: String?
    public var tone: ColorToken

    public init(radiusFraction: Double, cue: String? = nil, tone: ColorToken = .accent) {
        self.radiusFraction = radiusFraction.isNaN ? 0 : min(1, max(0, radiusFraction))
        self.cue = cue
        self.tone = tone
    }

    public enum Phase: Sendable, Equatable { case inhale, holdIn, exhale, holdOut }

    /// Ease-in-out (a half cosine): slow at both ends like a calm breath. 0…1 → 0…1.
    public static func ease(_ t: Double) -> Double {
        let x = t.isNaN ? 0 : min(1, max(0, t))
        return (1 - cos(.pi * x)) / 2
    }

    /// The disc's radius fraction at `progress` (0…1) through a phase: it grows from
    /// `minimum` to 1 on the inhale, stays full while holding in, shrinks back on the
    /// exhale and stays small while holding out.
    public static func radius(phase: Phase, progress: Double, minimum: Double = 0.25) -> Double {
        let low = minimum.isNaN ? 0 : min(1, max(0, minimum))
        switch phase {
        case .inhale: return low + (1 - low) * ease(progress)
        case .holdIn: return 1
        case .exhale: return 1 - (1 - low) * ease(progress)
        case .holdOut: return low
        }
    }

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.width >= 3, rect.height >= 2 else { return }
        let t = ctx.theme
        let cueRows = cue.map { $0.isEmpty ? 0 : 2 } ?? 0
        let area = rect.height - cueRows >= 4 ? Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - cueRows) : rect
        let disc = t.isMonochrome ? Style(attributes: [.bold]) : Style(fg: t[tone])
        let outline = t.isMonochrome ? Style(attributes: [.dim]) : Style(fg: t[tone].mixed(with: t[.background], 0.7))
        // In dots: the full radius fits both ways (dots are square).
        let cx = Double(area.width), cy = Double(area.height * 2)
        let full = min(cx, cy) - 0.5
        var showCueBelow = area != rect

        if !ctx.glyphs.isUnicode {
            drawASCII(area, full: ctx.reduceMotion ? 1 : radiusFraction, disc: disc, outline: outline, ctx, &buffer)
        } else if ctx.reduceMotion {
            var ring = BrailleCanvas(columns: area.width, rows: area.height)
            ring.fillRing(centerX: cx, centerY: cy, innerRadius: full - 1.6, outerRadius: full, style: disc)
            ring.blit(into: &buffer, at: area)
        } else {
            var canvas = BrailleCanvas(columns: area.width, rows: area.height)
            canvas.fillRing(centerX: cx, centerY: cy, innerRadius: full - 1, outerRadius: full, style: outline)
            var body = BrailleCanvas(columns: area.width, rows: area.height)
            body.fillDisc(centerX: cx, centerY: cy, radius: max(0.8, full * radiusFraction), style: disc)
            canvas.overlay(body)
            canvas.blit(into: &buffer, at: area)
        }
        // The still form says what to do inside the ring, where the moving disc would be (below it when too long).
        // Columns inside the ring: about its inner diameter in dots over two (braille), or the ellipse's width.
        let asciiRadius = min(Double(area.width) / 2, Double(area.height)) - 0.25
        let room = max(1, ctx.glyphs.isUnicode ? Int(full) - 3 : Int(asciiRadius * 2) - 6)
        if ctx.reduceMotion, let cue, !cue.isEmpty, TextWidth.of(cue) <= room {
            buffer.write(cue, x: area.x + (area.width - TextWidth.of(cue)) / 2, y: area.y + (area.height - 1) / 2,
                         style: t.text(.textPrimary, .bold))
            showCueBelow = false
        }
        if showCueBelow, let cue {
            let shown = TextWidth.truncate(cue, to: rect.width, ellipsis: ctx.glyphs.ellipsis)
            buffer.write(shown, x: rect.x + (rect.width - TextWidth.of(shown)) / 2, y: rect.maxY - 1,
                         style: t.text(.textPrimary, .bold))
        }
    }

    /// Cells inside an ellipse twice as wide as tall (a circle on 1:2 cells).
    private func drawASCII(_ area: Rect, full fraction: Double, disc: Style, outline: Style,
                           _ ctx: RenderContext, _ buffer: inout Buffer) {
        let rx = min(Double(area.width) / 2, Double(area.height)) - 0.25
        let cx = Double(area.width) / 2, cy = Double(area.height) / 2
        for row in 0..<area.height {
            for col in 0..<area.width {
                let dx = (Double(col) + 0.5 - cx) / rx, dy = (Double(row) + 0.5 - cy) / (rx / 2)
                let d = (dx * dx + dy * dy).squareRoot()
                if ctx.reduceMotion {
                    if d <= 1, d > 1 - 2 / rx { buffer.write("o", x: area.x + col, y: area.y + row, style: disc) }
                } else if d <= max(0.01, fraction) {
                    buffer.write("#", x: area.x + col, y: area.y + row, style: disc)
                } else if d <= 1, d > 1 - 1.5 / rx {
                    buffer.write(".", x: area.x + col, y: area.y + row, style: outline)
                }
            }
        }
    }
}
