import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

enum ScoresView {
    static func render(_ vm: ScoresViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        guard area.width > 0, area.height > 0 else { return }
        guard let cards = vm.cards else {
            if let error = vm.loadError {
                MessageCard(icon: "!", title: ctx.strings("scores.failed.title"), lines: [error, ctx.strings("scores.failed.hint")],
                            tone: .danger).render(in: area, r, &buffer)
            } else {
                MessageCard(icon: r.glyphs.dot, title: ctx.strings("scores.loading"), lines: [],
                            tone: .textSecondary).render(in: area, r, &buffer)
            }
            return
        }
        let notAllowed = notAllowed(shared)
        let today = DayKey(shared.now, calendar: ctx.calendar)
        if let kind = vm.detail {
            ScoreDetailView.render(vm, cards.card(kind), today: today, ctx, r, in: area, notAllowed: notAllowed, &buffer)
        } else {
            overview(vm, cards, today: today, ctx, r, in: area,
                     inlineDetail: ScoresViewModel.showsInlineDetail(shared.screenSize),
                     notAllowed: notAllowed, &buffer)
        }
    }

    /// The metrics the user said no to on the permission sheet (Active Energy): a card
    /// missing one says access is off, not that nothing was recorded.
    static func notAllowed(_ shared: SharedState) -> Set<MetricKind> {
        shared.settings.authorization[QuantityType.activeEnergyBurned.rawValue] == .denied ? [.activeEnergy] : []
    }

    static func overview(_ vm: ScoresViewModel, _ cards: DailyScoreCards, today: DayKey, _ ctx: AppContext, _ r: RenderContext,
                         in area: Rect, inlineDetail: Bool = false, notAllowed: Set<MetricKind> = [], _ buffer: inout Buffer) {
        let layout = ScoresLayout.plan(width: area.width, height: area.height, cards: cards, ring: r.glyphs.isUnicode)
        // Drawn off screen at full height, then the visible rows copied: widgets never clip themselves.
        var content = Buffer(size: Size(width: area.width, height: max(area.height, layout.contentHeight)), fill: Cell(" ", style: r.theme.base))
        for kind in ScoreKind.allCases {
            guard let frame = layout.frames[kind], let form = layout.forms[kind] else { continue }
            ScoreWidget(card: cards.card(kind), focused: vm.focus == kind, form: form, notAllowed: notAllowed)
                .render(in: frame, ctx, r, &content)
        }
        let offset = layout.scrollOffset(focus: vm.focus, height: area.height)
        if let row = layout.legendRow, row < offset + area.height {
            let text = TextWidth.truncate(legend(ctx, r.glyphs), to: area.width, ellipsis: r.glyphs.ellipsis)
            content.write(text, x: (area.width - TextWidth.of(text)) / 2, y: row, style: Typography.caption.style(r.theme))
        } else {
            // No spare row in view (80×24, or scrolled at 80×20): the marks' legend goes in the bottom
            // border of the lowest card whose border is on screen, in the shorter wording where the
            // longer does not fit, so ▲ ▼ = are explained wherever they are drawn.
            let visible = layout.frames.filter { kind, frame in
                layout.forms[kind] != .compact && frame.maxY - 1 >= offset && frame.maxY - 1 < offset + area.height
            }.map(\.value).sorted { ($0.maxY, $0.width) > ($1.maxY, $1.width) }
            placed: for frame in visible {
                for text in [legend(ctx, r.glyphs), legend(ctx, r.glyphs, short: true)]
                where Card.writeInBottomBorder(text, of: frame, r, &content) { break placed }
            }
        }
        // A big terminal: the focused score's last 7 days fill the room under the gauges (Enter still opens it alone).
        if inlineDetail, layout.form == .column, layout.forms[.strain] == .column {
            let top = (layout.legendRow ?? layout.contentHeight) + 2
            if area.height - top >= 10 {
                ScoreDetailView.render(vm, cards.card(vm.focus), today: today, ctx, r, in: Rect(x: 0, y: top, width: area.width, height: area.height - top),
                                       withWidget: false, notAllowed: notAllowed, &content)
            }
        }
        buffer.copyCells(from: content, sourceX: 0, sourceY: offset, width: area.width, height: area.height, toX: area.x, toY: area.y)
        // Scroll marks on the right edge, so hidden rows are never a surprise.
        let mark = r.theme.text(.textSecondary, .bold)
        // Arrows, not ▲/▼: on this screen those say "higher/lower than usual".
        if offset > 0 { buffer.write(ScrollMark.up(r.glyphs), x: area.maxX - 1, y: area.y, style: mark) }
        if offset + area.height < layout.contentHeight { buffer.write(ScrollMark.down(r.glyphs), x: area.maxX - 1, y: area.maxY - 1, style: mark) }
    }

    /// "▲ higher than usual · ▼ lower · = usual"; short: "▲ higher · ▼ lower · = usual".
    static func legend(_ ctx: AppContext, _ g: Glyphs, short: Bool = false) -> String {
        ctx.strings(short ? "scores.legendShort" : "scores.legend", g.arrowUp, g.arrowDown, "=")
    }
}

/// The focused score over the last 7 days, drawn with Today's bar chart.
enum ScoreDetailView {
    static func render(_ vm: ScoresViewModel, _ card: ScoreCard, today: DayKey, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, withWidget: Bool = true, notAllowed: Set<MetricKind> = [], _ buffer: inout Buffer) {
        var chartArea = area
        if withWidget, area.width >= 100 {
            let (left, right) = area.splitLeft(38)
            ScoreWidget(card: card, focused: false, form: .column, notAllowed: notAllowed).render(in: Rect(x: left.x, y: left.y, width: left.width, height: min(left.height, 20)),
                                                                          ctx, r, &buffer)
            chartArea = right.inset(left: 1)
        }
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let title = s("scores.detail.title", s("scores.title.\(card.kind.rawValue)"))
        let inner = Card(title: title, focused: true).render(in: chartArea, r, &buffer)
        guard inner.height >= 1, inner.width >= 8 else { return }
        guard let days = vm.history[card.kind] else {
            buffer.write(TextWidth.truncate(s("scores.loading"), to: inner.width), x: inner.x, y: inner.y, style: Typography.caption.style(t))
            return
        }
        buffer.write(TextWidth.truncate(summary(days, counting: card.kind == .strain ? today : nil, ctx), to: inner.width, ellipsis: r.glyphs.ellipsis), x: inner.x, y: inner.y,
                     style: t.text(.textPrimary, .bold))
        guard inner.height >= 5 else { return }
        guard days.contains(where: { $0.score != nil }) else {
            // Nothing to chart: say why rather than draw seven empty bars on a meaningless axis
            // (Strain without Active Energy has no score whatever the history), wrapped, not cut.
            let why = card.kind == .strain && notAllowed.contains(.activeEnergy) ? s("scores.detail.energyOff") : s("scores.detail.empty")
            for (i, line) in TextWidth.wrap(why, to: inner.width, maxLines: max(1, inner.height - 2)).enumerated() {
                buffer.write(line, x: inner.x, y: inner.y + 2 + i, style: Typography.caption.style(t))
            }
            return
        }
        let showsNote = days.contains { $0.score == nil } && inner.height >= 7
        let chartRect = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2 - (showsNote ? 2 : 0))
        let axisWidth = TextWidth.of(f.integer(100)) + 1
        let slot = max(1, (chartRect.width - axisWidth) / max(1, days.count))
        let bars = days.map { d -> BarChart.Bar in
            let label = slot >= 7 ? f.weekday(d.day) + " " + (d.score.map { f.integer($0) } ?? "—") : f.weekday(d.day)
            return BarChart.Bar(label: TextWidth.truncate(label, to: max(1, slot - 1), ellipsis: ""), value: Double(d.score ?? 0))
        }
        BarChart(bars: bars, highlighted: days.count - 1, tone: ScoreWidget.tone(card.kind), formatAxis: { f.integer($0) })
            .render(in: chartRect, r, &buffer)
        if showsNote {
            buffer.write(TextWidth.truncate(s("scores.detail.missing"), to: inner.width, ellipsis: r.glyphs.ellipsis), x: inner.x, y: inner.maxY - 1,
                         style: Typography.caption.style(t))
        }
    }

    /// "Today 72% · 7-day average 68% (6 days)". `counting`: a day whose score still grows
    /// (Strain today: the day's activity so far): shown as "so far" and left out of the average,
    /// which is then of full days ("Today 2% so far · 7-day average 57% (6 full days)").
    static func summary(_ days: [DayScore], counting: DayKey? = nil, _ ctx: AppContext) -> String {
        let s = ctx.strings, f = ctx.formats
        let last = days.last
        let inProgress = counting != nil && last?.day == counting
        let today = last?.score.map { f.integer($0) + "%" } ?? "—"
        let scored = (inProgress ? days.dropLast() : days[...]).compactMap(\.score)
        var parts = [s(inProgress && last?.score != nil ? "scores.detail.todaySoFar" : "scores.detail.today", today)]
        if !scored.isEmpty {
            let avg = Double(scored.reduce(0, +)) / Double(scored.count)
            parts.append(s.plural(inProgress ? "scores.detail.averageFull" : "scores.detail.average", count: scored.count,
                                  f.integer(avg) + "%", f.integer(scored.count)))
        }
        return parts.joined(separator: " · ")
    }
}
