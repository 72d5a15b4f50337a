import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// A piece of glance text with the theme colour it is drawn in.
struct GlanceSpan: Equatable {
    var text: String
    var style: Style
}

/// Glance's line, its JSON, and its cards, in each output format.
enum GlanceOutput {
    // MARK: The line

    /// The line as styled pieces: "steps 5,537/10,000 ▅ · kcal 241/500 ▅ · sleep 87 ▇ · …".
    static func line(_ reading: GlanceReading, fields: [GlanceRequest.Field], _ ctx: AppContext, theme: Theme) -> [GlanceSpan] {
        let f = ctx.formats, unicode = ctx.glyphs.isUnicode
        let missing = unicode ? "—" : "--"
        let separator = unicode ? " · " : " | "
        var spans: [GlanceSpan] = []
        for (i, field) in fields.enumerated() {
            // As the labels: a border colour is near the background by design, and in 16 colours it became
            // the background itself (black on a dark terminal).
            if i > 0 { spans.append(GlanceSpan(text: separator, style: theme.text(.textSecondary))) }
            let tone = Self.tone(field)
            spans.append(GlanceSpan(text: ctx.strings("glance.label.\(field.rawValue)") + " ", style: theme.text(.textSecondary)))
            guard let value = reading.value(field) else {
                spans.append(GlanceSpan(text: missing, style: theme.text(.textSecondary)))
                continue
            }
            var text = f.integer(value)
            if field == .steps || field == .energy { text += "/" + f.integer(reading.goal(field)) }
            spans.append(GlanceSpan(text: text, style: theme.text(.textPrimary, .bold)))
            let level = GoalShare.level(Double(value), goal: Double(reading.goal(field)))
            spans.append(GlanceSpan(text: " " + GoalShare.marks(unicode: unicode)[level], style: theme.text(tone, .bold)))
        }
        return spans
    }

    /// Each value's colour: the Today screen's for steps and energy, the Scores widgets' for the scores.
    static func tone(_ field: GlanceRequest.Field) -> ColorToken {
        switch field {
        case .steps: return .chartSteps
        case .energy: return .chartCalories
        case .sleep: return ScoreWidget.tone(.sleep)
        case .recovery: return ScoreWidget.tone(.recovery)
        case .strain: return ScoreWidget.tone(.strain)
        }
    }

    // MARK: Formats

    /// Styled rows (a line, or a card's rows) in `format`: text only, SGR, or tmux codes.
    static func encode(_ rows: [[GlanceSpan]], _ format: GlanceRequest.Format, depth: ColorDepth, monochrome: Bool) -> String {
        rows.map { row in
            switch format {
            case .plain, .json:
                return trimmedEnd(row.map { TerminalSafeText.clean($0.text) }.joined())
            case .ansi:
                var out = "", pen: Style?
                for span in row where !span.text.isEmpty {
                    if pen != span.style {
                        out += ANSIRenderer.sgr(span.style, depth: monochrome ? .monochrome : depth)
                        pen = span.style
                    }
                    out += TerminalSafeText.clean(span.text)
                }
                return out + "\u{1B}[0m"
            case .tmux:
                var out = "", pen: Style?
                for span in row where !span.text.isEmpty {
                    if pen != span.style {
                        out += tmuxStyle(span.style, monochrome: monochrome)
                        pen = span.style
                    }
                    out += TerminalSafeText.clean(span.text).replacing("#", with: "##")
                }
                return out + "#[default]"
            }
        }.joined(separator: "\n") + "\n"
    }

    /// `#[default,fg=#rrggbb,bold]`: from tmux's own status style, this span's colours and attributes.
    static func tmuxStyle(_ style: Style, monochrome: Bool) -> String {
        var parts = ["default"]
        if !monochrome {
            if let fg = style.fg { parts.append("fg=" + fg.hex) }
            if let bg = style.bg { parts.append("bg=" + bg.hex) }
        }
        let a = style.attributes
        if a.contains(.bold) { parts.append("bold") }
        if a.contains(.dim) { parts.append("dim") }
        if a.contains(.italic) { parts.append("italics") }
        if a.contains(.underline) { parts.append("underscore") }
        if a.contains(.reverse) { parts.append("reverse") }
        return "#[" + parts.joined(separator: ",") + "]"
    }

    static func trimmedEnd(_ s: String) -> String {
        var s = s
        while s.last == " " { s.removeLast() }
        return s
    }

    /// The colour depth an ANSI line uses: 24-bit where COLORTERM says so, else 256 colours, else 16.
    static func depth(_ environment: [String: String]) -> ColorDepth { TerminalEnvironment.colorDepth(environment) }

    // MARK: JSON

    /// One object: the shown values under `stats --json`'s names (null when missing), the date,
    /// the goals, and each value's share of its goal (scores: of 100).
    static func json(_ reading: GlanceReading, fields: [GlanceRequest.Field]) -> String {
        func number(_ v: Int?) -> String { v.map(String.init) ?? "null" }
        func share(_ v: Double?) -> String {
            guard let v, v.isFinite else { return "null" }
            let rounded = (v * 10_000).rounded() / 10_000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        var values = ["\"date\":\"\(reading.date)\""]
        for field in fields { values.append("\"\(field.statsKey)\":\(number(reading.value(field)))") }
        var goals: [String] = []
        if fields.contains(.steps) { goals.append("\"steps\":\(reading.stepGoal)") }
        if fields.contains(.energy) { goals.append("\"activeKcal\":\(reading.energyGoal)") }
        values.append("\"goals\":{" + goals.joined(separator: ",") + "}")
        values.append("\"progress\":{" + fields.map { "\"\($0.statsKey)\":\(share(reading.progress($0)))" }.joined(separator: ",") + "}")
        return "{" + values.joined(separator: ",") + "}\n"
    }

    // MARK: Cards

    /// A buffer's rows as styled runs (ASCII cells where the terminal has no UTF-8).
    static func rows(_ buffer: Buffer, ascii: Bool) -> [[GlanceSpan]] {
        (0..<buffer.size.height).map { y in
            var row: [GlanceSpan] = []
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                if cell.isContinuation { continue }
                let text = ascii ? ASCIIFallback.text(for: cell.symbol, width: Int(cell.width)) : (cell.symbol.isEmpty ? " " : cell.symbol)
                if let last = row.last, last.style == cell.style {
                    row[row.count - 1].text += text
                } else {
                    row.append(GlanceSpan(text: text, style: cell.style))
                }
            }
            return row
        }
    }
}
