import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

extension Commands {
    /// `tmm-tui glance`: today's steps, active energy and scores as one line (or
    /// brief 002's widgets as cards), for a status bar or a prompt. It only reads
    /// what it shows (`GlanceSource`: no environment, no provider actor, nothing
    /// streams, nothing awaited): today as `stats --json --days 1` reads it.
    /// `terminal`: stdout is a terminal (the default format is then ansi, else plain).
    public static func glance(_ source: GlanceSource, _ request: GlanceRequest, terminal: Bool, columns: Int?,
                              environment: [String: String]) -> (stdout: String, code: Int32) {
        let format = request.format ?? (terminal ? .ansi : .plain)
        let ctx = source.context
        guard source.isSetUp else {
            let hint = ctx.strings("glance.notSetUp")
            return (format == .json ? "{\"setUp\":false,\"message\":\"\(hint)\"}\n" : hint + "\n", 0)
        }
        let reading = source.reading()
        if format == .json { return (GlanceOutput.json(reading, fields: request.fields), 0) }
        // Plain text writes no colour: the line is the same in any theme, so none is read.
        let theme = format == .plain && request.card == nil ? GlanceSource.uncoloured : source.theme()
        let depth = GlanceOutput.depth(environment)
        let monochrome = ctx.monochrome
        if let card = request.card {
            guard let cards = reading.cards else { return (ctx.strings("glance.noScores") + "\n", 0) }
            let buffer = GlanceCard.render(cards, card, ctx, theme: theme, width: columns)
            let rows = GlanceOutput.rows(buffer, ascii: !ctx.glyphs.isUnicode)
            return (GlanceOutput.encode(rows, format, depth: depth, monochrome: monochrome), 0)
        }
        var spans = GlanceOutput.line(reading, fields: request.fields, ctx, theme: theme)
        if !ctx.glyphs.isUnicode {
            for i in spans.indices { spans[i].text = GlanceOutput.ascii(spans[i].text) }
        }
        return (GlanceOutput.encode([spans], format, depth: depth, monochrome: monochrome), 0)
    }
}

extension GlanceOutput {
    /// Text as a terminal without UTF-8 shows it (the curses backend's ASCII).
    static func ascii(_ text: String) -> String { ASCIIFallback.plain(text) }
}

/// Brief 002's metric widget as a small card for a terminal: the Scores screen's
/// widget (the same cards, the same drawing) in its row form, 8 rows tall.
enum GlanceCard {
    static let height = 8
    /// Wide enough for the ring and "Heart rate variability 64 ms ▲" beside it.
    static let maximumWidth = 52
    /// The narrowest card whose metric names stay whole, in their short forms ("Time asleep 8h 14m =",
    /// "Calories 1,640 kcal ▲"), with room for a four-digit value.
    static let readableWidth = 44
    /// A lone card in a narrower terminal still fits it (its names shortened), never wraps.
    static let minimumWidth = 30

    /// `width`: the terminal's columns (nil when unknown: each card at its full width, side by side).
    /// `all` puts as many side by side as fit at a readable width, the rest on the rows below.
    static func render(_ cards: DailyScoreCards, _ which: GlanceRequest.Card, _ ctx: AppContext, theme: Theme, width: Int?) -> Buffer {
        let kinds: [ScoreKind] = which == .all ? ScoreKind.allCases : [ScoreKind(rawValue: which.rawValue) ?? .sleep]
        let gap = 1
        let room = width ?? (maximumWidth * kinds.count + gap * (kinds.count - 1))
        let perRow = max(1, min(kinds.count, (room + gap) / (readableWidth + gap)))
        let each = max(minimumWidth, min(maximumWidth, (room - gap * (perRow - 1)) / perRow))
        let rows = (kinds.count + perRow - 1) / perRow
        let total = each * perRow + gap * (perRow - 1)
        var buffer = Buffer(size: Size(width: total, height: height * rows), fill: Cell(" ", style: Style()))
        let r = RenderContext(theme: theme, glyphs: ctx.glyphs, reduceMotion: true)
        for (i, kind) in kinds.enumerated() {
            let rect = Rect(x: (i % perRow) * (each + gap), y: (i / perRow) * height, width: each, height: height)
            ScoreWidget(card: cards.card(kind), focused: false, form: .row).render(in: rect, ctx, r, &buffer)
        }
        return buffer
    }
}
