import FoundationEssentials
import Glibc
import TerminalUI
import Platform

/// A 0–100 score as a gauge: a 270° braille ring (round, drawn in dot
/// coordinates) with the percentage in its middle when there is room, else a
/// horizontal bar with eighth-cell precision, and a plain ASCII bar under
/// LANG=C. An optional target zone is shaded (an inner band on the ring, a
/// different shade on the bar) with both edges marked, so it reads without color.
public struct ScoreGauge {
    /// nil means no data: the gauge shows "—" and no fill.
    public var score: Double?
    public var zone: TargetZone?
    public var tone: ColorToken
    /// A short line under the percentage in the ring (e.g. "in zone"), already localized.
    public var caption: String?

    public init(score: Double?, zone: TargetZone? = nil, tone: ColorToken = .accent, caption: String? = nil) {
        self.score = score
        self.zone = zone
        self.tone = tone
        self.caption = caption
    }

    public enum Form: Sendable, Equatable { case ring, bar, ascii }

    /// The ring sweeps clockwise from 7:30 over the top to 4:30 (compass degrees).
    public static let startDegrees = 225.0
    public static let sweepDegrees = 270.0

    /// A score clamped to 0…100 (NaN counts as 0).
    public static func clamp(_ score: Double) -> Double {
        score.isNaN ? 0 : min(100, max(0, score))
    }

    /// Degrees of the ring filled for a score.
    public static func filledDegrees(_ score: Double) -> Double { clamp(score) / 100 * sweepDegrees }

    /// Eighths of a cell filled on a bar `width` cells wide.
    public static func barEighths(_ score: Double, width: Int) -> Int {
        Int((clamp(score) / 100 * Double(max(0, width) * 8)).rounded())
    }

    /// A ring needs 12×6 cells (room for "100%" inside); less gets a bar.
    public static func form(for size: Size, glyphs: Glyphs) -> Form {
        guard glyphs.isUnicode else { return .ascii }
        return size.width >= 12 && size.height >= 6 ? .ring : .bar
    }

    /// "72%", or "—" without a score.
    public var percentText: String {
        guard let score else { return "—" }
        return "\(Int(Self.clamp(score).rounded()))%"
    }

    /// The bar cells (0-based) covered by the zone: every cell whose center lies in it,
    /// or the nearest cell when the zone is narrower than one.
    public static func zoneCells(_ zone: TargetZone, width: Int) -> ClosedRange<Int>? {
        guard width > 0 else { return nil }
        let inside = (0..<width).filter {
            let center = (Double($0) + 0.5) / Double(width) * 100
            return center >= zone.start && center <= zone.end
        }
        if let first = inside.first, let last = inside.last { return first...last }
        let nearest = min(width - 1, Int(zone.start / 100 * Double(width)))
        return nearest...nearest
    }

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch Self.form(for: rect.size, glyphs: ctx.glyphs) {
        case .ring: renderRing(in: rect, ctx, &buffer)
        case .bar, .ascii: renderBar(in: rect, ctx, &buffer)
        }
    }

    struct Styles {
        var fill, track, zone, edge, number: Style
    }

    func styles(_ t: Theme) -> Styles {
        let number = t.text(.textPrimary, .bold)
        if t.isMonochrome {
            return Styles(fill: Style(attributes: [.bold]), track: Style(attributes: [.dim]),
                          zone: Style(attributes: []), edge: Style(attributes: [.bold]), number: number)
        }
        return Styles(fill: Style(fg: t[tone]), track: Style(fg: t[tone].mixed(with: t[.surface], 0.78)),
                      zone: Style(fg: t[.chartGoal]), edge: Style(fg: t[.textPrimary], attributes: [.bold]), number: number)
    }

    // MARK: Ring

    private func renderRing(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let st = styles(ctx.theme)
        let (cy, inner) = Self.ringGeometry(rect.size)
        ringCanvas(rect.size).blit(into: &buffer, at: rect, roles: [st.fill, st.track, st.zone, st.edge])

        let middle = rect.y + min(rect.height - 1, Int(cy / 4))
        let text = percentText
        buffer.write(text, x: rect.x + (rect.width - TextWidth.of(text)) / 2, y: middle, style: st.number)
        if let caption, !caption.isEmpty {
            let room = max(0, Int(inner) - 2) // the hole is about `inner` cells wide at its middle
            let shown = TextWidth.truncate(caption, to: room, ellipsis: ctx.glyphs.ellipsis)
            if !shown.isEmpty, rect.height >= 8 {
                buffer.write(shown, x: rect.x + (rect.width - TextWidth.of(shown)) / 2, y: middle + 1,
                             style: Typography.caption.style(ctx.theme))
            }
        }
    }

    /// The ring's center row (in dots) and inner radius for a gauge of `size`.
    static func ringGeometry(_ size: Size) -> (cy: Double, inner: Double) {
        let g = RingKey.geometry(size)
        return (g.cy, g.inner)
    }

    /// What the ring's dots depend on: the gauge's size, the score and the zone; not the theme
    /// (the dots are drawn in roles, coloured as they are blitted: a theme toggle finds the ring kept).
    struct RingKey: Equatable {
        var width: Int
        var height: Int
        var score: Double?
        var zone: TargetZone?

        // The ring is open at the bottom, so it is only 1 + cos 45° radii tall: size and center it by that.
        static func geometry(_ size: Size) -> (cx: Double, cy: Double, inner: Double, outer: Double) {
            let tallness = 1 + 0.5.squareRoot()
            let outer = min(Double(size.width), Double(size.height * 4) / tallness) - 0.25
            let cx = Double(size.width), cy = (Double(size.height * 4) - outer * tallness) / 2 + outer
            let thickness = max(2, outer * 0.24)
            return (cx, cy, outer - thickness, outer)
        }
    }

    /// The last rings drawn, by what they depend on: a frame of the Scores screen draws the
    /// same three gauges as the frame before (a dot of the ring is an `atan2`; the rings were
    /// most of the screen's frame). A handful of canvases, a few KB.
    private static let drawnRings = KeptResults<RingKey, BrailleCanvas>(capacity: 6)

    /// The ring's dots: the one drawn before for the same key, or drawn now.
    func ringCanvas(_ size: Size) -> BrailleCanvas {
        let key = RingKey(width: size.width, height: size.height, score: score, zone: zone)
        return Self.drawnRings.result(for: key) { drawRing($0) }
    }

    /// The ring's dots in `BrailleCanvas.role`s, which `renderRing` colours.
    static let fillRole = BrailleCanvas.role(0), trackRole = BrailleCanvas.role(1)
    static let zoneRole = BrailleCanvas.role(2), edgeRole = BrailleCanvas.role(3)

    /// The ring drawn: track, zone band, fill and the zone's edges.
    func drawRing(_ key: RingKey) -> BrailleCanvas {
        let (cx, cy, inner, outer) = RingKey.geometry(Size(width: key.width, height: key.height))
        let rect = Rect(x: 0, y: 0, width: key.width, height: key.height)
        let st = Styles(fill: Self.fillRole, track: Self.trackRole, zone: Self.zoneRole, edge: Self.edgeRole, number: Style())
        let zone = key.zone, score = key.score
        let zoneAngles = zone.map { zone -> (from: Double, sweep: Double) in
            (Self.startDegrees + zone.start / 100 * Self.sweepDegrees, max(1, (zone.end - zone.start) / 100 * Self.sweepDegrees))
        }
        let filled = score.map { Self.clamp($0) > 0 } ?? false
        // The track, the zone band and the fill share the ring: filled together, each dot's angle once.
        var arcs: [(startDegrees: Double, sweepDegrees: Double, style: Style?)] = [(Self.startDegrees, Self.sweepDegrees, st.track)]
        if let zoneAngles { arcs.append((zoneAngles.from, zoneAngles.sweep, st.zone)) }
        if filled, let score { arcs.append((Self.startDegrees, Self.filledDegrees(score), st.fill)) }
        let layers = BrailleCanvas.arcs(columns: rect.width, rows: rect.height, centerX: cx, centerY: cy, innerRadius: inner,
                                        outerRadius: outer, arcs)
        var canvas = layers[0]
        // The zone is the track's own stretch in its shade; merged, so a cell it shares
        // with the track keeps every dot (no notch in the ring).
        if zoneAngles != nil { canvas.merge(layers[1]) }
        if filled, let fill = layers.last { canvas.overlay(fill) }
        // Both edges as ticks across the ring's width (no dot outside it), so the zone reads without color.
        if let zoneAngles {
            var edges = BrailleCanvas(columns: rect.width, rows: rect.height)
            for angle in [zoneAngles.from, zoneAngles.from + zoneAngles.sweep] {
                edges.line(from: point(cx, cy, inner + 0.5, angle), to: point(cx, cy, outer - 0.5, angle), style: st.edge)
            }
            canvas.merge(edges)
        }
        return canvas
    }

    private func point(_ cx: Double, _ cy: Double, _ r: Double, _ degrees: Double) -> (x: Int, y: Int) {
        let radians = degrees * .pi / 180
        let x = cx + r * sin(radians), y = cy - r * cos(radians)
        return (Int(x.rounded(.down)), Int(y.rounded(.down)))
    }

    // MARK: Bar

    private func renderBar(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let st = styles(ctx.theme), g = ctx.glyphs
        let text = percentText
        let textWidth = max(4, TextWidth.of(text))
        let ascii = !g.isUnicode
        let frame = ascii ? 2 : 0
        let barWidth = rect.width - textWidth - 1 - frame
        let y = rect.y + max(0, (rect.height - 2) / 2)
        guard barWidth >= 3 else {
            buffer.write(TextWidth.pad(text, to: rect.width, alignment: .trailing), x: rect.x, y: y, style: st.number, clip: rect)
            return
        }
        let x0 = rect.x + (ascii ? 1 : 0)
        let eighths = score.map { Self.barEighths($0, width: barWidth) } ?? 0
        let zoneCells = zone.flatMap { Self.zoneCells($0, width: barWidth) }
        if ascii {
            buffer.write("[", x: rect.x, y: y, style: st.track)
            buffer.write("]", x: x0 + barWidth, y: y, style: st.track)
        }
        for i in 0..<barWidth {
            let inZone = zoneCells?.contains(i) ?? false
            let cellEighths = min(8, max(0, eighths - i * 8))
            var style: Style
            let glyph: String
            if ascii {
                let filled = cellEighths >= 4
                glyph = filled ? "#" : inZone ? "=" : "-"
                style = filled ? st.fill : inZone ? st.zone : st.track
            } else if cellEighths == 8 {
                glyph = g.blockFull; style = st.fill
            } else if cellEighths > 0 {
                glyph = g.horizontalEighths[cellEighths]; style = st.fill
                // The rest of the cell looks like the track beside it: ░ shows about a quarter of
                // its colour over the background (▒ a half), so the cell's background is that mix.
                let under = (inZone ? st.zone : st.track).fg
                let behind = buffer[x0 + i, y].style.bg
                if let under, let behind { style.bg = behind.mixed(with: under, inZone ? 0.5 : 0.25) } else { style.bg = under }
            } else {
                glyph = inZone ? g.blockShade : g.blockLight; style = inZone ? st.zone : st.track
            }
            // With only one row the zone is underlined; with two it is bracketed beneath.
            if inZone && rect.height == 1 { style = style.with(.underline) }
            buffer.write(glyph, x: x0 + i, y: y, style: style, clip: rect)
        }
        buffer.write(TextWidth.pad(text, to: textWidth, alignment: .trailing), x: rect.maxX - textWidth, y: y, style: st.number, clip: rect)
        if let cells = zoneCells, rect.height >= 2 {
            let marks: String
            if cells.count == 1 { marks = ascii ? "^" : "┴" }
            else if ascii { marks = "|" + String(repeating: "-", count: cells.count - 2) + "|" }
            else { marks = "╰" + String(repeating: "─", count: cells.count - 2) + "╯" }
            buffer.write(marks, x: x0 + cells.lowerBound, y: y + 1, style: st.edge, clip: rect)
        }
    }
}
