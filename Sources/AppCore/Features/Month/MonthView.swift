import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The Month screen: the month's total, its steps per day as a line chart with
/// a day cursor, and its achievements. Drawn on a page as tall as the cards
/// need; when the terminal is shorter, the visible part of the page is copied
/// in and a scroll indicator shows where it is.
enum MonthView {
    static func render(_ vm: MonthViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        guard let data = vm.shownData(shared, ctx), !isEmpty(data, vm, shared, ctx) || vm.lastError != nil else {
            placeholder(vm, shared, ctx, r, area, &buffer)
            return
        }
        var content = area
        if vm.lastError != nil {
            let (bannerRow, rest) = area.splitTop(1)
            Banner(ctx.strings("month.stale", ctx.formats.time(data.fetchedAt)), tone: .warning).render(in: bannerRow, r, &buffer)
            content = rest
        }
        let layout = MonthLayout(content: content.size)
        guard layout.scrolls else {
            // Everything fits: the page would be `content` exactly, copied whole and its click
            // targets left behind. Drawn in place instead, on the blanks the page starts with (no
            // 270 KB page at 200×60 allocated and copied each frame), the same targets dropped.
            let targets = buffer.clickTargets.count
            buffer.fill(Rect(x: content.x, y: content.y, width: layout.width, height: layout.pageHeight), style: r.theme.base)
            let placed = layout.placed(at: content.x, content.y)
            summary(vm, data, shared, ctx, r, placed.summary, &buffer)
            chart(vm, data, shared, ctx, r, placed.chart, &buffer)
            MonthAchievementsView.render(vm, data, shared, ctx, r, placed, &buffer)
            buffer.removeClickTargets(after: targets)
            return
        }
        var page = Buffer(size: Size(width: layout.width, height: layout.pageHeight), fill: Cell(" ", style: r.theme.base))
        summary(vm, data, shared, ctx, r, layout.summary, &page)
        chart(vm, data, shared, ctx, r, layout.chart, &page)
        MonthAchievementsView.render(vm, data, shared, ctx, r, layout, &page)
        let scroll = layout.clamp(vm.scroll)
        buffer.copyCells(from: page, sourceX: 0, sourceY: scroll, width: layout.width,
                         height: min(layout.viewportHeight, layout.pageHeight - scroll), toX: content.x, toY: content.y)
        if layout.scrolls { scrollIndicator(scroll, layout, r, x: content.maxX - 1, y: content.y, &buffer) }
    }

    /// Nothing to draw: no day with steps. A month whose only day so far is today (just after
    /// midnight on the 1st) still shows its chart: today is counting.
    static func isEmpty(_ data: MonthData, _ vm: MonthViewModel, _ shared: SharedState, _ ctx: AppContext) -> Bool {
        let days = vm.displayedMonth(shared, ctx).days(ctx.calendar)
        guard data.summary(of: days).isEmpty else { return false }
        let today = DayKey(shared.now, calendar: ctx.calendar)
        let recorded = days.filter { data.chart[$0] != nil }
        return !(recorded == [today])
    }

    /// A thumb on a track in the right-hand column: where the view is on the page.
    static func scrollIndicator(_ scroll: Int, _ layout: MonthLayout, _ r: RenderContext, x: Int, y: Int, _ buffer: inout Buffer) {
        let track = layout.viewportHeight
        guard track > 0 else { return }
        let thumb = max(1, track * track / max(1, layout.pageHeight))
        let top = layout.maxScroll == 0 ? 0 : (track - thumb) * scroll / layout.maxScroll
        let t = r.theme
        for row in 0..<track {
            let on = row >= top && row < top + thumb
            let glyph = r.glyphs.isUnicode ? (on ? "┃" : "│") : (on ? "#" : "|")
            buffer.write(glyph, x: x, y: y + row, style: on ? t.text(.accent, .bold) : t.text(.border))
        }
        if scroll < layout.maxScroll {
            buffer.write(r.glyphs.isUnicode ? "▼" : "v", x: x, y: y + track - 1, style: t.text(.accent, .bold))
        }
        if scroll > 0 { buffer.write(r.glyphs.isUnicode ? "▲" : "^", x: x, y: y, style: t.text(.accent, .bold)) }
    }

    static func summary(_ vm: MonthViewModel, _ data: MonthData, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                        _ rect: Rect, _ buffer: inout Buffer) {
        // The days the chart draws: none after today (a clock set back leaves them in the cache).
        let today = DayKey(shared.now, calendar: ctx.calendar)
        let month = vm.displayedMonth(shared, ctx)
        let inputs = SummaryInputs(summary: data.summary(of: month.days(ctx.calendar).filter { $0 <= today }, today: today),
                                   month: month, past: vm.showsAPastMonth(shared, ctx), rect: rect)
        // Nothing here follows the chart's cursor: a key that moves it copies the card.
        r.memoized("month.summary", key: inputs, in: rect, &buffer) { buffer in
            drawSummary(inputs, ctx, r, &buffer)
        }
    }

    /// What the summary card shows: the month's numbers, which month, and whether it is over.
    struct SummaryInputs: Hashable {
        var summary: MonthSummary
        var month: CalendarMonth
        var past: Bool
        var rect: Rect
    }

    private static func drawSummary(_ inputs: SummaryInputs, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let (summary, past) = (inputs.summary, inputs.past)
        // "‹ November 2026 ›": the arrows say which way `[` and `]` can go.
        let (left, right) = r.glyphs.isUnicode ? ("‹", "›") : ("<", ">")
        let title = left + " " + f.monthAndYear(inputs.month.first) + (past ? " " + right : "")
        let inner = Card(title: title).render(in: inputs.rect, r, &buffer)
        guard inner.height >= 1, inner.width >= 4 else { return }
        let number = f.integer(summary.total)
        // "steps this month", or for a month that is over "steps in October 2026"; "steps" where
        // that is all that fits, or where it leaves room for a fact the long one would push out.
        let unit = past ? s("month.summary.totalIn", f.monthAndYear(inputs.month.first)) : s("month.summary.total")
        let captions = [unit, s("month.summary.totalShort")]
        let big = BigDigits(number, tone: .chartSteps)
        let bigWidth = big.width.flatMap { inner.height >= BigDigits.height && $0 <= inner.width ? $0 : nil }
        // Columns the total takes on each row: the big digits on all three, their caption on the
        // last; or the number and its caption on the first row.
        func used(caption: String?) -> [Int] {
            var used = Array(repeating: 0, count: inner.height)
            if let w = bigWidth {
                for row in 0..<BigDigits.height { used[row] = w }
                if let caption { used[2] += 2 + TextWidth.of(caption) }
            } else {
                used[0] = TextWidth.of(number) + 1 + TextWidth.of(unit)
            }
            return used
        }
        let facts = summaryFacts(inputs, ctx)
        // The caption that leaves the most facts on the card (the long one when they tie).
        let fitting: [String?] = bigWidth.map { w in captions.filter { w + 2 + TextWidth.of($0) <= inner.width } } ?? [unit]
        let choices = (fitting.isEmpty ? [nil] : fitting)
            .map { caption in (caption: caption, placed: placeFacts(facts, used: used(caption: caption), width: inner.width)) }
        let chosen = choices.max { $0.placed.count < $1.placed.count }
        if let w = bigWidth {
            big.render(at: Point(x: inner.x, y: inner.y), r, &buffer)
            // The total never stands without what it counts.
            if let caption = chosen?.caption {
                buffer.write(caption, x: inner.x + w + 2, y: inner.y + 2, style: Typography.caption.style(t))
            }
        } else {
            let x = buffer.write(number, x: inner.x, y: inner.y, style: Typography.display.style(t))
            buffer.write(" " + unit, x: inner.x + x, y: inner.y, style: Typography.caption.style(t))
        }
        for (row, fact) in chosen?.placed ?? [] {
            let w = TextWidth.of(fact)
            buffer.write(fact, x: inner.maxX - w, y: inner.y + row, style: row == 0 ? t.text(.textPrimary) : Typography.caption.style(t))
        }
    }

    /// The summary's facts, most wanted first, each as its wordings from the longest: the
    /// daily average, the best day, the days recorded.
    static func summaryFacts(_ inputs: SummaryInputs, _ ctx: AppContext) -> [[String]] {
        let s = ctx.strings, f = ctx.formats, summary = inputs.summary
        var facts: [[String]] = []
        if let average = summary.average {
            // Today still counting is left out of the average: the line says so at every width
            // (no "Avg" alone, which would read as an average of every day).
            facts.append(summary.averagedDays < summary.recordedDays
                ? [s.plural("month.summary.averageFull", count: summary.averagedDays, f.integer(average), f.integer(summary.averagedDays)),
                   s("month.summary.averageFullShort", f.integer(average))]
                : [s("month.summary.average", f.integer(average)), s("month.summary.averageShort", f.integer(average))])
            if let day = summary.bestDay, let best = summary.bestValue {
                facts.append([s("month.summary.best", f.dayAndMonth(day), f.integer(best)),
                              s("month.summary.bestShort", f.integer(best)), s("month.summary.bestShortest", f.integer(best))])
            }
        }
        // This month counts the days it has had so far (today among them), never the days still to come.
        let (recorded, of) = (f.integer(summary.recordedDays), f.integer(summary.dayCount))
        facts.append((inputs.past ? [] : [s("month.summary.daysSoFar", recorded, of)])
                     + [s("month.summary.days", recorded, of), s("month.summary.daysShort", recorded, of),
                        s("month.summary.daysOf", recorded, of), s("month.summary.daysShortest", recorded, of)])
        return facts
    }

    /// Where each fact goes: in order, each on the first free row where one of its wordings
    /// (the longest that fits there) stands whole beside what the row holds (`used` columns,
    /// 3 apart), rows taken top down. A fact that fits nowhere is left out.
    static func placeFacts(_ facts: [[String]], used: [Int], width: Int) -> [(row: Int, text: String)] {
        var free = Array(used.indices.prefix(3))
        var placed: [(row: Int, text: String)] = []
        for wordings in facts {
            for (n, row) in free.enumerated() {
                guard let fact = wordings.first(where: { used[row] + 3 + TextWidth.of($0) <= width }) else { continue }
                placed.append((row, fact))
                free.remove(at: n)
                break
            }
        }
        return placed.sorted { $0.row < $1.row }
    }

    static func chart(_ vm: MonthViewModel, _ data: MonthData, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                      _ rect: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats
        let focused = vm.focus == .chart
        let month = vm.displayedMonth(shared, ctx)
        let days = month.days(ctx.calendar)
        // In the top border, as the Year view names them under its weeks: the days at or over the goal.
        let goal = Double(shared.settings.stepGoal)
        let atGoal = days.filter { (data.chart[$0] ?? -1) >= goal }.count
        let cursor = vm.cursor(shared, ctx)
        let cursorKey = DayKey(year: month.year, month: month.month, day: cursor)
        let today = vm.todayDay(shared, ctx)
        let date = f.dayAndMonth(cursorKey)
        let readout: String
        if let v = data.chart[cursorKey] {
            readout = s(cursor == today ? "month.readout.today" : "month.readout", date, f.integer(v))
        } else {
            readout = s("month.readout.noData", date)
        }
        let inputs = ChartInputs(values: days.map { data.chart[$0] }, today: today, cursor: focused ? cursor : nil,
                                 trailing: s.plural("month.chart.atGoal", count: atGoal, f.integer(atGoal)), readout: readout, rect: rect)
        // A theme toggled back, help closed, the tab opened again: the same chart, copied.
        r.memoized("month.chart", key: inputs, in: rect, &buffer) { buffer in
            drawChart(inputs, ctx, r, &buffer)
        }
    }

    /// What the chart card shows: the days' steps, today and the cursor (while the chart has the
    /// focus), the days at the goal and the cursor's readout.
    struct ChartInputs: Hashable {
        var values: [Double?]
        var today: Int?
        var cursor: Int?
        var trailing: String
        var readout: String
        var rect: Rect
    }

    private static func drawChart(_ inputs: ChartInputs, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let t = r.theme
        let focused = inputs.cursor != nil
        let inner = Card(title: ctx.strings("month.chart.title"), trailing: inputs.trailing, focused: focused).render(in: inputs.rect, r, &buffer)
        guard inner.height >= 2 else { return }
        let marker = focused ? (r.glyphs.isUnicode ? "◆ " : "* ") : ""
        buffer.write(TextWidth.truncate(marker + inputs.readout, to: inner.width), x: inner.x, y: inner.y,
                     style: focused ? t.text(.focus, .bold) : t.text(.textPrimary, .bold))
        let chart = StepsLineChart(values: inputs.values, today: inputs.today, cursor: inputs.cursor,
                                   formatTick: tickFormatter(ctx.formats))
        chart.render(in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1), r, &buffer)
    }

    /// Axis ticks in the user's locale: "15k", "2,5k" (French), "1.5M".
    static func tickFormatter(_ f: Formats) -> @Sendable (Double) -> String {
        { v in v >= 1_000_000 ? f.decimal(v / 1_000_000) + "M" : f.compact(v) }
    }

    /// Nothing of this month to show yet: loading, or why not.
    static func placeholder(_ vm: MonthViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                            _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings
        let name = ctx.formats.monthAndYear(vm.displayedMonth(shared, ctx).first)
        switch vm.lastError {
        case .notAuthorized?:
            MessageCard(icon: r.glyphs.lock, title: s("month.denied.title"), lines: [s("month.denied.body"), s("month.denied.hint")],
                        tone: .warning).render(in: area, r, &buffer)
        case .unavailable?:
            MessageCard(icon: r.glyphs.lock, title: s("unavailable.title"), lines: [s("unavailable.body")],
                        tone: .warning).render(in: area, r, &buffer)
        case let error?:
            MessageCard(icon: "!", title: s("failed.title"), lines: [error.description, s("failed.body")],
                        tone: .danger).render(in: area, r, &buffer)
        case nil where vm.isLoading && vm.shownData(shared, ctx) == nil:
            MessageCard(icon: r.glyphs.dot, title: s("month.loading"), lines: [name], tone: .textSecondary).render(in: area, r, &buffer)
        case nil:
            // Nothing recorded (or only zeros): no line of zeros, no "best day · 0".
            let current = vm.displayedMonth(shared, ctx) == vm.currentMonth(shared, ctx)
            let lines = [name, s(current ? "month.noData.body" : "month.noData.past")]
            MessageCard(icon: r.glyphs.dot, title: s("month.noData.title"), lines: lines,
                        tone: .textSecondary).render(in: area, r, &buffer)
        }
    }
}
