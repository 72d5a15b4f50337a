import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Draws the Year view: title and note, month labels, the heatmap with today
/// and the cursor marked, the legend, the cursor's readout, and the numbers of the weeks shown.
enum YearView {
    static func render(_ year: YearState, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let layout = YearLayout(content: area.size)
        let today = DayKey(shared.now, calendar: ctx.calendar)
        let window = YearWindow(today: today, page: year.page, weeks: layout.weeks, firstWeekday: ctx.calendar.firstWeekday)
        let goal = shared.settings.stepGoal
        let x0 = area.x, y0 = area.y

        // Title: "‹ Year · 24 Nov 2025 – 22 Nov 2026 ›", then the note naming the count.
        let (left, right) = r.glyphs.isUnicode ? ("‹", "›") : ("<", ">")
        // In ASCII the title's "·" is a "-" too: the range reads "May 2026 to Nov 2026", not a second dash.
        let dash = r.glyphs.isUnicode ? "–" : "to"
        // "last 53 weeks" only where the window ends today; a page back is "53 weeks".
        let note = year.isLoading ? s("year.loading") : s(year.page < 0 ? "year.notePast" : "year.note", f.integer(layout.weeks))
        // The months in full where they fit beside the note, else shortened ("Nov 2026").
        func short(_ d: DayKey) -> String { String(f.monthAndYear(d).prefix(3)) + " " + String(d.year) }
        var title = ""
        for (a, b) in [(f.monthAndYear(window.first), f.monthAndYear(window.last)), (short(window.first), short(window.last))] {
            title = left + " " + s("year.title", a, dash, b) + (year.page < 0 ? " " + right : "")
            if TextWidth.of(title) + 2 + TextWidth.of(note) <= area.width { break }
        }
        let used = buffer.write(TextWidth.truncate(title, to: area.width, ellipsis: r.glyphs.ellipsis), x: x0, y: y0 + layout.titleY,
                                style: Typography.title.style(t))
        if used + 2 + TextWidth.of(note) <= area.width {
            buffer.write(note, x: area.maxX - TextWidth.of(note), y: y0 + layout.titleY, style: Typography.caption.style(t))
        }

        // Month labels above the first column of each month.
        var lastLabelEnd = -1
        for column in 0..<window.weeks {
            let start = window.day(column: column, row: 0)
            let end = start.adding(days: 6)
            let labelDay = start.day == 1 ? start : (end.month != start.month ? DayKey(year: end.year, month: end.month, day: 1) : nil)
            guard let labelDay, column > 0 || start.day <= 7 || labelDay != start else { continue }
            let x = YearLayout.gutter + column * layout.cellWidth
            let label = String(f.monthAndYear(labelDay).prefix(3))
            guard x > lastLabelEnd, x + TextWidth.of(label) <= area.width else { continue }
            buffer.write(label, x: x0 + x, y: y0 + layout.monthsY, style: Typography.caption.style(t))
            lastLabelEnd = x + TextWidth.of(label)
        }

        // Weekday labels on alternate rows, and the cells.
        let shades = GoalShare.shades(unicode: r.glyphs.isUnicode)
        let cursor = min(max(year.cursor ?? window.last, window.first), window.last)
        for row in 0..<7 {
            let weekdayDay = window.day(column: 0, row: row)
            if row % 2 == 0 {
                buffer.write(TextWidth.truncate(f.weekday(weekdayDay), to: YearLayout.gutter - 1), x: x0, y: y0 + layout.gridY + row,
                             style: Typography.caption.style(t))
            }
            for column in 0..<window.weeks {
                let day = window.day(column: column, row: row)
                guard day <= window.last else { continue }
                let x = x0 + YearLayout.gutter + column * layout.cellWidth, y = y0 + layout.gridY + row
                var style: Style
                let glyph: String
                if let v = year.steps[day] {
                    let level = GoalShare.level(v, goal: Double(goal))
                    glyph = shades[level]
                    style = level == 0 ? t.text(.textSecondary) : t.text(.chartSteps, level == 4 ? .bold : [])
                } else {
                    glyph = " "
                    style = t.text(.textSecondary)
                }
                if day == today { style = t.text(.accent, [.bold, .underline]) }
                // The cursor keeps its day's shade, drawn in the focus colour on the selection's:
                // the shade in the background's colour on the focus colour (as before) hid a
                // day at goal, whose full block covered the focus colour with the background's.
                if day == cursor { style = t.fill(.selection, text: .focus, .bold) }
                let text = String(repeating: glyph == " " && day == cursor ? (r.glyphs.isUnicode ? "·" : ".") : glyph, count: layout.cellWidth)
                buffer.write(text, x: x, y: y, style: style)
            }
        }

        // Legend, and today's mark under its column when it is on this page.
        var lx = x0 + YearLayout.gutter
        lx += buffer.write(s("year.legend.less") + " ", x: lx, y: y0 + layout.legendY, style: Typography.caption.style(t))
        for (level, shade) in shades.enumerated() {
            lx += buffer.write(repeating: shade, count: layout.cellWidth, x: lx, y: y0 + layout.legendY,
                               style: level == 0 ? t.text(.textSecondary) : t.text(.chartSteps, level == 4 ? .bold : []))
            lx += buffer.write(" ", x: lx, y: y0 + layout.legendY, style: t.base)
        }
        lx += buffer.write(s("year.legend.more", f.integer(goal)), x: lx, y: y0 + layout.legendY, style: Typography.caption.style(t))
        if let p = window.position(today) {
            let mark = (r.glyphs.isUnicode ? "▲ " : "^ ") + s("year.today")
            let mx = x0 + YearLayout.gutter + p.column * layout.cellWidth
            if mx > lx + 1, mx + TextWidth.of(mark) <= area.maxX {
                buffer.write(mark, x: mx, y: y0 + layout.legendY, style: t.text(.accent, .bold))
            } else if mx > lx, mx < area.maxX {
                buffer.write(r.glyphs.isUnicode ? "▲" : "^", x: mx, y: y0 + layout.legendY, style: t.text(.accent, .bold))
            }
        }

        // The cursor's day.
        let date = f.fullDate(cursor)
        let readout: String
        if let v = year.steps[cursor] {
            // The share of the number shown, cut, as Today's bars say it.
            let percent = ProgressBar.wholePercent(ProgressBar.shareShown(v, of: Double(goal)))
            readout = s("year.readout", date, f.integer(v), f.integer(percent))
        } else {
            readout = s("year.readout.noData", date)
        }
        buffer.write(TextWidth.truncate((r.glyphs.isUnicode ? "◆ " : "* ") + readout, to: area.width, ellipsis: r.glyphs.ellipsis),
                     x: x0, y: y0 + layout.readoutY, style: t.text(.focus, .bold))

        // The numbers of the weeks shown, flowed over the rows left.
        let sum = YearSummary(days: window.days, steps: year.steps, goal: goal)
        var items = [s("year.total", f.integer(sum.total)), s.plural("year.atGoal", count: sum.daysAtGoal, f.integer(sum.daysAtGoal)),
                     s.plural("year.streak", count: sum.longestStreak, f.integer(sum.longestStreak))]
        if let best = sum.best { items.append(s("year.best", f.integer(best.steps), f.dayAndMonth(best.day))) }
        if let error = year.error, year.steps.isEmpty { items = [error.description] }
        var line = 0, x = 0
        for item in items {
            let w = TextWidth.of(item)
            if x > 0 && x + 3 + w > area.width { line += 1; x = 0 }
            guard line < layout.statsRows else { break }
            if x > 0 { x += 3 }
            buffer.write(TextWidth.truncate(item, to: area.width - x, ellipsis: r.glyphs.ellipsis), x: x0 + x, y: y0 + layout.statsY + line,
                         style: t.text(.textPrimary))
            x += w
        }
    }
}
