import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// One score configuration (sleep, recovery or strain) as a widget: the gauge
/// filled to the score with its target zone, a line saying where the score sits
/// against the zone (or why there is no score), and the additional metrics with
/// their units and status arrows. Pure: it draws what the card says.
struct ScoreWidget {
    /// column: a card with the ring on top; row: a card with the ring on the left;
    /// compact: no card, one line for the score and one per metric.
    enum Form: Sendable, Equatable { case column, row, compact }

    var card: ScoreCard
    var focused: Bool
    var form: Form
    /// Metrics whose access the user turned off: their reason says so.
    var notAllowed: Set<MetricKind> = []

    /// Each configuration's color from the theme (light and dark alike).
    static func tone(_ kind: ScoreKind) -> ColorToken {
        switch kind {
        case .sleep: return .chartGoal
        case .recovery: return .success
        case .strain: return .chartCalories
        }
    }

    /// Rows the widget wants in `form` (the layout gives it at least this, scrolling if need be).
    static func preferredHeight(_ card: ScoreCard, _ form: Form, ring: Bool = true) -> Int {
        switch form {
        case .column: return 2 + (ring ? 8 : 2) + 1 + 1 + card.metrics.count
        case .row: return 2 + max(6, 1 + card.metrics.count)
        case .compact: return 1 + card.metrics.count + (card.targetZone != nil || card.score == nil || card.kind == .strain ? 1 : 0)
        }
    }

    func render(in rect: Rect, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch form {
        case .column: renderColumn(rect, ctx, r, &buffer)
        case .row: renderRow(rect, ctx, r, &buffer)
        case .compact: renderCompact(rect, ctx, r, &buffer)
        }
    }

    // MARK: Pieces shared by every form

    var gauge: ScoreGauge {
        ScoreGauge(score: card.score.map(Double.init), zone: Self.designZone(card.targetZone), tone: Self.tone(card.kind))
    }

    /// The domain's validated zone as the design system's (both check the same rules).
    static func designZone(_ zone: HealthDomain.TargetZone?) -> DesignSystem.TargetZone? {
        zone.flatMap { try? DesignSystem.TargetZone(start: $0.start, end: $0.end) }
    }

    /// "In zone 40–60", "Below zone 40–60", "Above zone 40–60"; nil without a zone or a score.
    static func zoneLine(_ card: ScoreCard, _ ctx: AppContext) -> String? {
        guard let zone = card.targetZone, let score = card.score else { return nil }
        let bounds = [ctx.formats.integer(zone.start), ctx.formats.integer(zone.end)]
        switch zone.position(of: Double(score)) {
        case .below: return ctx.strings("scores.zone.below", bounds[0], bounds[1])
        case .inside: return ctx.strings("scores.zone.inside", bounds[0], bounds[1])
        case .above: return ctx.strings("scores.zone.above", bounds[0], bounds[1])
        }
    }

    /// The short word in the ring: "in zone", "calibrating", "no data".
    static func caption(_ card: ScoreCard, _ ctx: AppContext) -> String? {
        if let zone = card.targetZone, let score = card.score {
            return ctx.strings("scores.zone.short.\(zone.position(of: Double(score)).rawValue)")
        }
        if card.score == nil { return ctx.strings(ScoreReason(card).isCalibrating ? "scores.caption.calibrating" : "scores.caption.noData") }
        return nil
    }

    /// The line under the gauge: the zone, why there is no score, or the target to come.
    static func stateLine(_ card: ScoreCard, _ ctx: AppContext, _ glyphs: Glyphs,
                          notAllowed: Set<MetricKind> = []) -> (text: String, tone: ColorToken)? {
        if let zone = zoneLine(card, ctx) { return (zone, .textPrimary) }
        if card.score == nil {
            let reason = ScoreReason(card, notAllowed: notAllowed)
            return ((reason.isCalibrating ? "◔ " : glyphs.dot + " ") + reason.text(ctx), .warning)
        }
        // Strain's zone comes from recovery: say why it is missing rather than leave a blank.
        if card.kind == .strain && card.targetZone == nil { return (ctx.strings("scores.zone.none"), .textSecondary) }
        return nil
    }

    /// The state line: on two lines where it is too long for one and the blank row under it is
    /// there to take (`twoRows`), rather than cut ("No sleep recorded last n…").
    static func stateLines(_ text: String, width: Int, twoRows: Bool, _ glyphs: Glyphs) -> [String] {
        let wrapped = TextWidth.wrap(text, to: width)
        return wrapped.count == 1 || (wrapped.count == 2 && twoRows) ? wrapped : [TextWidth.truncate(text, to: width, ellipsis: glyphs.ellipsis)]
    }

    static func metricTitle(_ kind: MetricKind, _ ctx: AppContext) -> String { ctx.strings("scores.metric.\(kind.rawValue)") }

    /// "7h 25m", "48 ms" or "—" when not measured.
    static func metricValue(_ reading: MetricReading, _ ctx: AppContext) -> String {
        reading.value.flatMap { ctx.formats.measurement($0, reading.kind.unit) } ?? "—"
    }

    /// ▲ higher, ▼ lower, = within the usual range (^ v = in ASCII); blank without a range.
    static func arrow(_ status: MetricStatus?, _ glyphs: Glyphs) -> String {
        switch status {
        case .higher?: return glyphs.arrowUp
        case .lower?: return glyphs.arrowDown
        case .within?: return "="
        case nil: return " "
        }
    }

    /// One metric on one line: title on the left, value and arrow on the right.
    func metricLine(_ reading: MetricReading, x: Int, y: Int, width: Int, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let t = r.theme
        let value = Self.metricValue(reading, ctx)
        let arrow = Self.arrow(reading.status, r.glyphs)
        let right = value + " " + arrow
        let titleRoom = max(0, width - TextWidth.of(right) - 1)
        // The short name ("Resting HR") where the long one would be cut.
        let short = "scores.metric.\(reading.kind.rawValue)Short"
        let title = [Self.metricTitle(reading.kind, ctx)] + (ctx.strings.hasKey(short) ? [ctx.strings(short)] : [])
        buffer.write(TextWidth.firstFitting(title, to: titleRoom, ellipsis: r.glyphs.ellipsis), x: x, y: y, style: Typography.caption.style(t))
        let vx = x + width - TextWidth.of(right)
        buffer.write(value, x: vx, y: y, style: reading.value == nil ? t.text(.textSecondary) : t.text(.textPrimary, .bold))
        buffer.write(arrow, x: vx + TextWidth.of(value) + 1, y: y, style: t.text(Self.tone(card.kind), .bold))
    }

    func card(_ rect: Rect, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) -> Rect {
        Card(title: ctx.strings("scores.title.\(card.kind.rawValue)"), focused: focused).render(in: rect, r, &buffer)
    }

    /// A ring `height` rows tall is about this many columns wide (round on 1:2 cells).
    static func ringWidth(height: Int) -> Int { Int((Double(height * 4) / (1 + 0.5.squareRoot())).rounded(.up)) + 1 }

    // MARK: Forms

    private func renderColumn(_ rect: Rect, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let box = card(rect, ctx, r, &buffer)
        guard box.width >= 4, box.height >= 1 else { return }
        let metricsRows = card.metrics.count
        let room = box.height - metricsRows - 2
        // The ring where it fits (and the terminal speaks Unicode), else a full-width bar with its zone marks.
        let ring = r.glyphs.isUnicode && box.width >= 12 && room >= 6
        let gaugeHeight = ring ? min(9, room) : max(1, min(2, room))
        // A tall card centers its content rather than leaving a gap at the bottom.
        let spare = max(0, box.height - (gaugeHeight + 2 + metricsRows))
        let inner = box.inset(top: spare / 2)
        var g = gauge
        g.caption = Self.caption(card, ctx)
        let gaugeWidth = ring ? min(inner.width, max(12, Self.ringWidth(height: gaugeHeight))) : inner.width
        g.render(in: Rect(x: inner.x + (inner.width - gaugeWidth) / 2, y: inner.y, width: gaugeWidth, height: gaugeHeight), r, &buffer)
        var y = inner.y + gaugeHeight
        if let state = Self.stateLine(card, ctx, r.glyphs, notAllowed: notAllowed), y < inner.maxY {
            let lines = Self.stateLines(state.text, width: inner.width, twoRows: y + 1 < inner.maxY && card.metrics.count <= inner.maxY - y - 2,
                                        r.glyphs)
            for (i, text) in lines.enumerated() {
                buffer.write(text, x: inner.x + (inner.width - TextWidth.of(text)) / 2, y: y + i, style: r.theme.text(state.tone, .bold))
            }
        }
        y += 2
        for reading in card.metrics where y < inner.maxY {
            metricLine(reading, x: inner.x, y: y, width: inner.width, ctx, r, &buffer)
            y += 1
        }
    }

    private func renderRow(_ rect: Rect, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let inner = card(rect, ctx, r, &buffer)
        guard inner.width >= 4, inner.height >= 1 else { return }
        let ring = r.glyphs.isUnicode && inner.height >= 6
        let gaugeHeight = ring ? min(7, inner.height) : min(2, inner.height)
        let gaugeWidth = ring ? max(12, Self.ringWidth(height: gaugeHeight)) : min(inner.width / 2, 30)
        var g = gauge
        g.caption = Self.caption(card, ctx)
        g.render(in: Rect(x: inner.x, y: inner.y + (inner.height - gaugeHeight) / 2, width: gaugeWidth, height: gaugeHeight), r, &buffer)
        let x = inner.x + gaugeWidth + 3
        let width = min(44, inner.maxX - x)
        guard width >= 8 else { return }
        let rows = 1 + card.metrics.count + 1
        var y = inner.y + max(0, (inner.height - rows) / 2)
        if let state = Self.stateLine(card, ctx, r.glyphs, notAllowed: notAllowed) {
            for (i, text) in Self.stateLines(state.text, width: width, twoRows: y + 1 < inner.maxY, r.glyphs).enumerated() {
                buffer.write(text, x: x, y: y + i, style: r.theme.text(state.tone, .bold))
            }
        }
        y += 2
        for reading in card.metrics where y < inner.maxY {
            metricLine(reading, x: x, y: y, width: width, ctx, r, &buffer)
            y += 1
        }
    }

    private func renderCompact(_ rect: Rect, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let t = r.theme
        let marker = focused ? r.glyphs.arrowRight : " "
        let title = TextWidth.pad(TextWidth.truncate(ctx.strings("scores.title.\(card.kind.rawValue)"), to: 9, ellipsis: r.glyphs.ellipsis), to: 10)
        buffer.write(marker, x: rect.x, y: rect.y, style: t.text(.focus, .bold))
        buffer.write(title, x: rect.x + 2, y: rect.y, style: focused ? t.text(.focus, .bold) : t.text(Self.tone(card.kind), .bold))
        let barX = rect.x + 12
        if rect.maxX - barX >= 8 {
            gauge.render(in: Rect(x: barX, y: rect.y, width: rect.maxX - barX, height: 1), r, &buffer)
        }
        var y = rect.y + 1
        for reading in card.metrics where y < rect.maxY {
            metricLine(reading, x: rect.x + 2, y: y, width: rect.width - 2, ctx, r, &buffer)
            y += 1
        }
        if y < rect.maxY, let state = Self.stateLine(card, ctx, r.glyphs, notAllowed: notAllowed) {
            buffer.write(TextWidth.truncate(state.text, to: rect.width - 2, ellipsis: r.glyphs.ellipsis), x: rect.x + 2, y: y,
                         style: t.text(state.tone))
        }
    }
}

/// Why a card has no score, in the user's language. The domain gives English
/// sentences; the known ones are matched and translated, anything else is shown as is.
struct ScoreReason: Equatable {
    var raw: String
    var missing: [MetricKind]
    var notAllowed: Set<MetricKind>

    init(_ card: ScoreCard, notAllowed: Set<MetricKind> = []) {
        raw = card.unavailableReason ?? ""
        missing = card.metrics.filter { $0.value == nil }.map(\.kind)
        self.notAllowed = notAllowed
    }

    /// "Calibrating: 6 of 14 days" → (6, 14).
    var calibration: (days: Int, of: Int)? {
        guard raw.hasPrefix("Calibrating") else { return nil }
        let numbers = raw.split { !$0.isNumber }.compactMap { Int($0) }
        guard numbers.count >= 2 else { return nil }
        return (numbers[0], numbers[1])
    }

    var isCalibrating: Bool { raw.hasPrefix("Calibrating") }

    func text(_ ctx: AppContext) -> String {
        let s = ctx.strings
        if let c = calibration { return s("scores.reason.calibrating", ctx.formats.integer(c.days), ctx.formats.integer(c.of)) }
        switch raw {
        case "": return s("scores.reason.none")
        case "No sleep recorded last night": return s("scores.reason.noSleep")
        case "Sleep data looks incomplete": return s("scores.reason.sleepIncomplete")
        case "Heart data looks incomplete": return s("scores.reason.heartIncomplete")
        case "No activity recorded":
            // Say which of the two is missing when only one is.
            let exercise = missing.contains(.exerciseDuration), energy = missing.contains(.activeEnergy)
            if exercise && !energy { return s("scores.reason.noExercise") }
            if energy && !exercise { return s(notAllowed.contains(.activeEnergy) ? "scores.reason.energyNotAllowed" : "scores.reason.noEnergy") }
            return s("scores.reason.noActivity")
        case "Activity data looks incomplete": return s("scores.reason.activityIncomplete")
        default: break
        }
        if raw.hasPrefix("Recovery needs") {
            let hrv = missing.contains(.heartRateVariability), rhr = missing.contains(.restingHeartRate)
            if hrv && rhr { return s("scores.reason.needsBoth") }
            if hrv { return s("scores.reason.needsHRV") }
            if rhr { return s("scores.reason.needsRHR") }
        }
        return raw
    }
}
