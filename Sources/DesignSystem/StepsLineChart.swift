import FoundationEssentials
import Glibc
import TerminalUI
import Platform

/// Steps per day of one month as a braille line: x from day 1 to the month's
/// last day, y from zero to a "nice" ceiling with labeled ticks on the left.
/// `nil` means no data (a gap, never zero); days after `today` are not drawn.
/// Today gets a marker and the cursor day a guide line and a dot. Without
/// braille (ASCII glyphs) each day becomes a column of `_ . : | #`.
public struct StepsLineChart {
    /// Index 0 is day 1; the count is the number of days in the month.
    public var values: [Double?]
    /// Day of month (1-based) that is today; later days are the future. nil for a past month.
    public var today: Int?
    /// Day of month (1-based) under the cursor, if the chart is focused.
    public var cursor: Int?
    public var areaFill: Bool
    public var tone: ColorToken
    /// Formats tick values ("20k"); the app passes a localized one.
    public var formatTick: @Sendable (Double) -> String

    public init(values: [Double?], today: Int? = nil, cursor: Int? = nil, areaFill: Bool = true,
                tone: ColorToken = .chartSteps, formatTick: @escaping @Sendable (Double) -> String = StepsLineChart.compactSteps) {
        self.values = values
        self.today = today
        self.cursor = cursor
        self.areaFill = areaFill
        self.tone = tone
        self.formatTick = formatTick
    }

    public var daysInMonth: Int { values.count }

    // MARK: Scale

    /// The axis ceiling for a month whose largest day is `maxValue`: at least 10k,
    /// otherwise the first of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ⁿ at or above it.
    public static func niceCeiling(_ maxValue: Double) -> Double {
        let floorValue = 10_000.0
        guard maxValue.isFinite, maxValue > floorValue else { return floorValue }
        let magnitude = pow10(Int(log10(maxValue).rounded(.down)))
        for mantissa in [1.0, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] where mantissa * magnitude >= maxValue {
            return mantissa * magnitude
        }
        return maxValue
    }

    /// The ceiling for a month's values (gaps and bad numbers ignored).
    public static func niceCeiling(of values: [Double?]) -> Double {
        niceCeiling(values.compactMap { $0 }.filter(\.isFinite).max() ?? 0)
    }

    /// Tick values from 0 to `ceiling` in at most `maxParts` equal steps of a
    /// round size (1, 2, 2.5 or 5 × 10ⁿ); [0, ceiling] when no round step fits.
    public static func tickValues(ceiling: Double, maxParts: Int) -> [Double] {
        guard ceiling.isFinite, ceiling > 0 else { return [0] }
        for parts in stride(from: min(5, maxParts), through: 2, by: -1) {
            let step = ceiling / Double(parts)
            let mantissa = step / pow10(Int(log10(step).rounded(.down)))
            if [1.0, 2, 2.5, 5, 10].contains(where: { abs($0 - mantissa) < 1e-9 }) {
                return (0...parts).map { Double($0) * step }
            }
        }
        return [0, ceiling]
    }

    /// The days labeled under the chart: 1, 8, 15, 22 and the last day.
    public static func xLabelDays(daysInMonth: Int) -> [Int] {
        guard daysInMonth > 0 else { return [] }
        var days = [1, 8, 15, 22].filter { $0 < daysInMonth }
        days.append(daysInMonth)
        return days
    }

    /// "0", "950", "7.5k", "20k", "1.2M".
    public static func compactSteps(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let v = min(1e15, max(0, value))
        func scaled(_ unit: Double, _ suffix: String) -> String {
            let tenths = Int((v / unit * 10).rounded())
            return tenths % 10 == 0 ? "\(tenths / 10)\(suffix)" : "\(tenths / 10).\(tenths % 10)\(suffix)"
        }
        if v < 1000 { return String(Int(v.rounded())) }
        if v < 999_950 { return scaled(1000, "k") }
        return scaled(1_000_000, "M")
    }

    private static func pow10(_ n: Int) -> Double {
        var result = 1.0
        if n >= 0 { for _ in 0..<min(n, 308) { result *= 10 } } else { for _ in 0..<min(-n, 308) { result /= 10 } }
        return result
    }

    /// The value drawn for a day (1-based): nil for gaps, bad numbers and the future.
    public func drawnValue(day: Int) -> Double? {
        guard day >= 1, day <= values.count else { return nil }
        if let today, day > today { return nil }
        guard let v = values[day - 1], v.isFinite else { return nil }
        return max(0, v)
    }

    // MARK: Rendering

    public func render(in rect: Rect, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let days = values.count
        guard days > 0, rect.width >= 8, rect.height >= 3 else { return }
        let t = ctx.theme
        let drawn = (1...days).map(drawnValue)
        let ceiling = Self.niceCeiling(drawn.compactMap { $0 }.max() ?? 0)
        let plotHeight = rect.height - 1
        let ticks = Self.tickValues(ceiling: ceiling, maxParts: max(1, (plotHeight - 1) / 2))
        let labels = ticks.map(formatTick)
        let axisWidth = min(rect.width / 3, (labels.map(TextWidth.of).max() ?? 1) + 1)
        let plot = Rect(x: rect.x + axisWidth, y: rect.y, width: rect.width - axisWidth, height: plotHeight)
        guard plot.width >= 2 else { return }
        let scale = Scale(plot: plot, days: days, ceiling: ceiling)

        let caption = Typography.caption.style(t)
        var usedRows = Set<Int>()
        for (value, label) in zip(ticks, labels).reversed() {
            let y = scale.row(for: value)
            guard usedRows.insert(y).inserted else { continue }
            buffer.write(TextWidth.pad(label, to: axisWidth - 1, alignment: .trailing), x: rect.x, y: y, style: caption)
            // A dashed rule at each tick above zero; `-` without UTF-8, under the columns drawn after it.
            if value > 0 {
                buffer.write(repeating: ctx.glyphs.isUnicode ? "┈" : "-", count: plot.width, x: plot.x, y: y, style: t.text(.border))
            }
        }

        if ctx.glyphs.isUnicode {
            drawBraille(drawn, scale, ctx, &buffer)
        } else {
            drawColumns(drawn, scale, ctx, &buffer)
        }
        drawDayLabels(scale, y: rect.maxY - 1, ctx, &buffer)
    }

    /// Maps days and values to dots and cells of the plot.
    struct Scale {
        let plot: Rect
        let days: Int
        let ceiling: Double
        var dotWidth: Int { plot.width * 2 }
        var dotHeight: Int { plot.height * 4 }

        func dotX(day: Int) -> Int {
            days <= 1 ? 0 : Int((Double(day - 1) * Double(dotWidth - 1) / Double(days - 1)).rounded())
        }
        func dotY(_ value: Double) -> Int {
            (dotHeight - 1) - Int((min(1, value / ceiling) * Double(dotHeight - 1)).rounded())
        }
        func column(day: Int) -> Int { plot.x + dotX(day: day) / 2 }
        func row(for value: Double) -> Int { plot.y + dotY(value) / 4 }
    }

    func styles(_ t: Theme) -> (line: Style, fill: Style, today: Style, cursor: Style, guide: Style) {
        let guide = t.text(.textSecondary, .dim)
        if t.isMonochrome {
            return (Style(attributes: [.bold]), Style(attributes: [.dim]), Style(attributes: [.bold, .underline]),
                    Style(attributes: [.bold, .reverse]), guide)
        }
        return (Style(fg: t[tone]), Style(fg: t[tone].mixed(with: t[.background], 0.62)),
                Style(fg: t[.accent], attributes: [.bold]), Style(fg: t[.focus], attributes: [.bold]), guide)
    }

    private func drawBraille(_ drawn: [Double?], _ s: Scale, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let st = styles(ctx.theme)
        let key = PlotKey(drawn: drawn, columns: s.plot.width, rows: s.plot.height, ceiling: s.ceiling, today: today, cursor: cursor,
                          areaFill: areaFill)
        let canvas = Self.plotCanvas(key)
        if let cursor, cursor >= 1, cursor <= s.days {
            let col = s.dotX(day: cursor) / 2
            for row in 0..<s.plot.height where canvas.cellBits(column: col, row: row) == 0 {
                buffer.write("│", x: s.plot.x + col, y: s.plot.y + row, style: st.guide)
            }
        }
        canvas.blit(into: &buffer, at: s.plot, roles: [st.line, st.fill, st.today, st.cursor])
    }

    /// The plot's dots in `BrailleCanvas.role`s, which `drawBraille` colours: the line, the area under it, today, the cursor.
    static let lineRole = BrailleCanvas.role(0), fillRole = BrailleCanvas.role(1)
    static let todayRole = BrailleCanvas.role(2), cursorRole = BrailleCanvas.role(3)

    /// What the plot's dots depend on (`drawn` holds a value for each day of the month); not
    /// the theme: the dots are drawn in roles, so a theme toggle finds the plot kept.
    struct PlotKey: Hashable {
        var drawn: [Double?]
        var columns: Int
        var rows: Int
        var ceiling: Double
        var today: Int?
        var cursor: Int?
        var areaFill: Bool

        /// What the line and the area under it depend on: not the markers.
        var base: BaseKey { BaseKey(drawn: drawn, columns: columns, rows: rows, ceiling: ceiling, areaFill: areaFill) }
    }

    struct BaseKey: Hashable {
        var drawn: [Double?]
        var columns: Int
        var rows: Int
        var ceiling: Double
        var areaFill: Bool
    }

    /// The last plots' lines and areas, by what they depend on: most keys of the Month screen
    /// (help, the palette, a refresh, Tab, and the cursor: its marker is laid over the plot
    /// kept) draw the same line again, and its dots were a quarter of the screen's frame.
    /// A few canvases of a few KB each.
    private static let drawnPlots = KeptResults<BaseKey, BrailleCanvas>(capacity: 4)

    /// A marker's radius in dots.
    static let markerRadius = 1.6

    /// The plot's dots: the line and the area kept for the same days, size and scale (or drawn
    /// now), with today's and the cursor's markers laid over them.
    static func plotCanvas(_ key: PlotKey) -> BrailleCanvas {
        var canvas = drawnPlots.result(for: key.base, drawBase)
        let s = Scale(plot: Rect(x: 0, y: 0, width: key.columns, height: key.rows), days: key.drawn.count, ceiling: key.ceiling)
        var discs: [(x: Double, y: Double, role: Style)] = []
        for (day, role) in [(key.today, Self.todayRole), (key.cursor, Self.cursorRole)] {
            guard let day, day >= 1, day <= key.drawn.count, let v = key.drawn[day - 1] else { continue }
            discs.append((Double(s.dotX(day: day)) + 0.5, Double(s.dotY(v)) + 0.5, role))
        }
        guard let first = discs.first else { return canvas }
        // The markers on a canvas of the cells their dots can reach (a dot of margin round each
        // disc; cut at the plot's edges as the plot cuts them), laid over the plot there: both
        // on one canvas, so where they share a cell the cursor's style wins and both keep their dots.
        let reach = markerRadius + 1
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for d in discs { minX = min(minX, d.x); maxX = max(maxX, d.x); minY = min(minY, d.y); maxY = max(maxY, d.y) }
        let left = max(0, Int((minX - reach).rounded(.down)) >> 1), right = min(key.columns, Int((maxX + reach).rounded(.up)) >> 1 + 1)
        let top = max(0, Int((minY - reach).rounded(.down)) >> 2), bottom = min(key.rows, Int((maxY + reach).rounded(.up)) >> 2 + 1)
        guard left < right, top < bottom else { return canvas }
        var markers = BrailleCanvas(columns: right - left, rows: bottom - top)
        for d in discs {
            markers.fillDisc(centerX: d.x - Double(2 * left), centerY: d.y - Double(4 * top), radius: markerRadius, style: d.role)
        }
        canvas.overlay(markers, atColumn: left, row: top)
        return canvas
    }

    /// The plot's line through the days and the area under it.
    static func drawBase(_ key: BaseKey) -> BrailleCanvas {
        let drawn = key.drawn
        let s = Scale(plot: Rect(x: 0, y: 0, width: key.columns, height: key.rows), days: drawn.count, ceiling: key.ceiling)
        var line = BrailleCanvas(columns: s.plot.width, rows: s.plot.height)
        for day in 1...s.days {
            guard let v = drawn[day - 1] else { continue }
            let p = (x: s.dotX(day: day), y: s.dotY(v))
            if day < s.days, let next = drawn[day] {
                line.line(from: p, to: (s.dotX(day: day + 1), s.dotY(next)), style: Self.lineRole)
            } else {
                line.set(x: p.x, y: p.y, style: Self.lineRole)
            }
        }
        var canvas = BrailleCanvas(columns: s.plot.width, rows: s.plot.height)
        if key.areaFill {
            for (x, lowest) in line.lowestSetDots().enumerated() where lowest >= 0 {
                canvas.setColumn(x: x, from: lowest + 1, style: Self.fillRole)
            }
        }
        canvas.merge(line)
        return canvas
    }

    private func drawColumns(_ drawn: [Double?], _ s: Scale, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let st = styles(ctx.theme)
        let levels = s.plot.height * 4
        for c in 0..<s.plot.width {
            // The days this column stands for (several when the plot is narrower than the month).
            let first = 1 + c * s.days / s.plot.width
            let last = max(first, (c + 1) * s.days / s.plot.width)
            let range = first...min(s.days, last)
            let x = s.plot.x + c
            let isCursor = cursor.map(range.contains) ?? false
            let isToday = today.map(range.contains) ?? false
            // The cursor's guide is dotted, every other row from the bottom up: solid, it read as one more bar.
            guard let v = range.compactMap({ drawn[$0 - 1] }).max() else {
                if isCursor {
                    for row in stride(from: s.plot.height - 1, through: 0, by: -2) { buffer.write("'", x: x, y: s.plot.y + row, style: st.guide) }
                }
                continue
            }
            var level = Int((min(1, v / s.ceiling) * Double(levels)).rounded())
            if v > 0 { level = max(1, level) }
            let topRow = level == 0 ? s.plot.height - 1 : s.plot.height - 1 - (level - 1) / 4
            let glyph = level == 0 ? "_" : isToday ? "@" : [".", ":", "|", "#"][(level - 1) % 4]
            let topStyle = isCursor ? st.cursor.with(.reverse) : isToday ? st.today : st.line
            buffer.write(glyph, x: x, y: s.plot.y + topRow, style: topStyle)
            if areaFill, topRow + 1 < s.plot.height {
                for row in (topRow + 1)..<s.plot.height { buffer.write("|", x: x, y: s.plot.y + row, style: st.fill) }
            }
            if isCursor, topRow > 0 {
                for row in stride(from: topRow - 2, through: 0, by: -2) { buffer.write("'", x: x, y: s.plot.y + row, style: st.guide) }
            }
        }
    }

    /// Day numbers under the plot: the cursor day first, then today, then 1, 8, 15, 22 and
    /// the last day, each skipped when it would touch a label already placed.
    private func drawDayLabels(_ s: Scale, y: Int, _ ctx: RenderContext, _ buffer: inout Buffer) {
        let t = ctx.theme
        var wanted: [(Int, Style)] = []
        if let cursor, cursor >= 1, cursor <= s.days { wanted.append((cursor, t.text(.focus, [.bold, .underline]))) }
        if let today, today >= 1, today <= s.days { wanted.append((today, t.text(.accent, .bold))) }
        wanted += Self.xLabelDays(daysInMonth: s.days).map { ($0, Typography.caption.style(t)) }
        var taken: [ClosedRange<Int>] = []
        for (day, style) in wanted {
            let label = String(day), w = TextWidth.of(label)
            let column = ctx.glyphs.isUnicode
                ? s.column(day: day)
                : s.plot.x + ((day - 1) * s.plot.width + s.days - 1) / s.days
            let x = min(s.plot.maxX - w, max(s.plot.x, column - (w - 1) / 2))
            let span = (x - 1)...(x + w)
            guard x >= s.plot.x, !taken.contains(where: { $0.overlaps(span) }) else { continue }
            taken.append(x...(x + w - 1))
            buffer.write(label, x: x, y: y, style: style)
        }
    }
}
