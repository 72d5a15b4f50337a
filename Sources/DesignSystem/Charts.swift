import TerminalUI

/// A column chart with a zero baseline, an optional goal line, labels under the
/// bars and one highlighted bar (today, or the focused one).
public struct BarChart {
    public struct Bar: Sendable, Equatable {
        public var label: String
        public var value: Double
        public init(label: String, value: Double) { self.label = label; self.value = value }
    }

    public var bars: [Bar]
    public var goal: Double?
    public var highlighted: Int?
    public var tone: ColorToken
    /// Formats axis values (e.g. "12k").
    public var formatAxis: (Double) -> String
    /// What a click on bar `i` does (nil: the bars are not clickable).
    public var tap: ((Int) -> ClickAction)?

    public init(bars: [Bar], goal: Double? = nil, highlighted: Int? = nil, tone: ColorToken = .chartSteps,
                formatAxis: @escaping (Double) -> String = { String(Int($0)) }) {
        self.bars = bars
        self.goal = goal
        self.highlighted = highlighted
        self.tone = tone
        self.formatAxis = formatAxis
    }

    /// A "nice" axis maximum at or above the largest value (1, 2, 2.5 or 5 × 10^n).
    public static func niceMaximum(_ value: Double) -> Double {
        guard value.isFinite, value > 0 else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= value { magnitude *= 10 }
        while magnitude > value { magnitude /= 10 }
        for step in [1.0, 2.0, 2.5, 5.0, 10.0] where step * magnitude >= value { return step * magnitude }
        return value
    }

    /// The row (from the bottom) and the glyph of the goal line: its height in
    /// eighths of a cell, then where in that cell it falls (lower, middle, upper third).
    public static func goalMark(_ goal: Double, top: Double, rows: Int, unicode: Bool) -> (row: Int, glyph: String) {
        let eighths = Int((max(0, goal) / top * Double(rows * 8)).rounded())
        let row = min(rows - 1, max(0, (eighths - 1) / 8))
        let within = min(8, max(1, eighths - row * 8))
        switch within {
        case ...2: return (row, unicode ? "▁" : "_")
        case 7...: return (row, unicode ? "▔" : "'")
        default: return (row, unicode ? "╌" : "-")
        }
    }

    /// The glyph the goal line is drawn with in a chart `height` rows tall (its legend shows the
    /// same one), nil without a goal.
    public func goalGlyph(height: Int, unicode: Bool) -> String? {
        guard let goal, height >= 2 else { return nil }
        return Self.goalMark(goal, top: top, rows: height - 1, unicode: unicode).glyph
    }

    /// The axis's top: a round number at or above every bar and the goal.
    var top: Double {
        Self.niceMaximum(max(bars.map { $0.value.isFinite ? max(0, $0.value) : 0 }.max() ?? 0, goal ?? 0))
    }

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let t = ctx.theme, g = ctx.glyphs
        guard rect.height >= 3, rect.width >= 8, !bars.isEmpty else { return }
        let values = bars.map { $0.value.isFinite ? max(0, $0.value) : 0 }
        let top = self.top
        let axisLabels = [formatAxis(top), formatAxis(top / 2), formatAxis(0)]
        let axisWidth = (axisLabels.map(TextWidth.of).max() ?? 1) + 1
        let plot = Rect(x: rect.x + axisWidth, y: rect.y, width: rect.width - axisWidth, height: rect.height - 1)
        guard plot.width >= bars.count, plot.height >= 1 else { return }
        let caption = Typography.caption.style(t)
        // Axis labels: top, middle (at the row whose top edge is half the top; from 4 rows, where
        // it leaves a row between it and the top), zero.
        buffer.write(TextWidth.pad(axisLabels[0], to: axisWidth - 1, alignment: .trailing), x: rect.x, y: plot.y, style: caption)
        if plot.height >= 4 {
            buffer.write(TextWidth.pad(axisLabels[1], to: axisWidth - 1, alignment: .trailing), x: rect.x, y: plot.y + plot.height / 2, style: caption)
        }
        buffer.write(TextWidth.pad(axisLabels[2], to: axisWidth - 1, alignment: .trailing), x: rect.x, y: plot.maxY - 1, style: caption)

        let slot = plot.width / bars.count
        let barWidth = max(1, min(slot - 1, max(1, slot * 2 / 3)))
        let totalEighths = plot.height * 8
        // The goal line at a third of a cell's precision: at the bottom, the middle
        // or the top of its row ("▁", "╌", "▔"), so goals a few hundred steps
        // apart never draw the same line on a short chart.
        if let goal {
            let (row, glyph) = Self.goalMark(goal, top: top, rows: plot.height, unicode: g.isUnicode)
            buffer.write(repeating: glyph, count: plot.width, x: plot.x, y: plot.maxY - 1 - row, style: t.text(.chartGoal))
        }
        for (i, bar) in bars.enumerated() {
            let x0 = plot.x + i * slot + (slot - barWidth) / 2
            if let tap { buffer.addClickTarget(Rect(x: plot.x + i * slot, y: rect.y, width: slot, height: rect.height), tap(i)) }
            let isHighlighted = i == highlighted
            let e = Int((values[i] / top * Double(totalEighths)).rounded())
            let style: Style = t.isMonochrome
                ? Style(attributes: isHighlighted ? [.bold, .reverse] : [.bold])
                : Style(fg: isHighlighted ? t[tone] : t[tone].mixed(with: t[.surface], 0.35))
            for row in 0..<plot.height {
                let y = plot.maxY - 1 - row
                let cellEighths = min(8, max(0, e - row * 8))
                let glyph: String
                if cellEighths == 8 { glyph = g.blockFull }
                else if cellEighths > 0 { glyph = g.verticalEighths[cellEighths].isEmpty ? (cellEighths >= 4 ? g.blockFull : "") : g.verticalEighths[cellEighths] }
                else { glyph = "" }
                if !glyph.isEmpty {
                    buffer.write(repeating: glyph, count: barWidth, x: x0, y: y, style: style)
                } else if values[i] > 0 && row == 0 {
                    buffer.write(repeating: g.isUnicode ? "▁" : "_", count: barWidth, x: x0, y: y, style: style)
                }
            }
            let label = TextWidth.pad(bar.label, to: slot, alignment: .center)
            buffer.write(label, x: plot.x + i * slot, y: rect.maxY - 1,
                         style: isHighlighted ? t.text(.textPrimary, .bold) : caption)
        }
    }
}

/// A line chart drawn with dots: one column per point, values scaled from zero.
public struct LineChart {
    public var values: [Double]
    public var tone: ColorToken

    public init(values: [Double], tone: ColorToken = .chartSteps) {
        self.values = values
        self.tone = tone
    }

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        guard rect.width >= 2, rect.height >= 2, values.count >= 1 else { return }
        let t = ctx.theme
        let clean = values.map { $0.isFinite ? max(0, $0) : 0 }
        let top = BarChart.niceMaximum(clean.max() ?? 0)
        let style = t.isMonochrome ? Style(attributes: [.bold]) : Style(fg: t[tone])
        var previousRow: Int?
        for col in 0..<rect.width {
            let index = values.count == 1 ? 0 : col * (values.count - 1) / max(1, rect.width - 1)
            let row = rect.maxY - 1 - Int((clean[index] / top * Double(rect.height - 1)).rounded())
            let glyph = ctx.glyphs.isUnicode ? "•" : "*"
            if let p = previousRow, abs(p - row) > 1 {
                let (a, b) = (min(p, row), max(p, row))
                for y in (a + 1)..<b { buffer.write(ctx.glyphs.isUnicode ? "│" : "|", x: rect.x + col, y: y, style: style) }
            }
            buffer.write(glyph, x: rect.x + col, y: row, style: style)
            previousRow = row
        }
    }
}
