import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

enum TodayView {
    static func render(_ vm: TodayViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        guard let snapshot = vm.snapshot else {
            if vm.isLoading { loading(ctx, r, area, &buffer) } else { problem(vm, ctx, r, area, &buffer) }
            return
        }
        var content = area
        if vm.lastError != nil {
            // Refresh failed, cached numbers stay: a quiet banner says so.
            let (bannerRow, rest) = area.splitTop(1)
            let when = ctx.formats.time(snapshot.fetchedAt)
            Banner(ctx.strings("today.staleBanner", when), tone: .warning).render(in: bannerRow, r, &buffer)
            content = rest
        }
        if snapshot.isEmpty {
            empty(ctx, r, content, &buffer)
            return
        }
        loaded(vm, snapshot, shared, ctx, r, content, &buffer)
        if let c = vm.celebration {
            CelebrationView.render(c, shared, ctx, r, over: area, &buffer)
        }
    }

    struct Layout {
        var summary: Rect
        var chart: Rect
        var insights: Rect
        var bigDigits: Bool
    }

    /// Spacious on large terminals, stacked and compact at 80×24, still readable at the minimum.
    static func layout(_ area: Rect) -> Layout {
        let h = area.height
        let summaryHeight = h >= 34 ? 9 : (h >= 19 ? 7 : 5)
        let insightsHeight = h >= 34 ? 6 : (h >= 20 ? 5 : (h >= 15 ? 4 : 0))
        let (summary, rest) = area.splitTop(summaryHeight)
        let (chart, insights) = rest.splitBottom(insightsHeight)
        return Layout(summary: summary, chart: chart, insights: insights, bigDigits: summaryHeight >= 7)
    }

    static func loaded(_ vm: TodayViewModel, _ snapshot: HealthSnapshot, _ shared: SharedState, _ ctx: AppContext,
                       _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let l = layout(area)
        let today = DayKey(shared.now, calendar: ctx.calendar)
        let cards = l.summary.columns(2, gap: 1)
        let yesterday = today.adding(days: -1)
        summaryCard(title: ctx.strings("metric.steps"), value: vm.value(.stepCount, on: today), goal: shared.settings.stepGoal,
                    context: contextLine(vm.value(.stepCount, on: yesterday), snapshot.steps, today, ctx.strings("unit.steps"), ctx),
                    unit: ctx.strings("unit.steps"), tone: .chartSteps, focused: vm.focus == .steps, bigDigits: l.bigDigits,
                    ctx, r, cards[0], &buffer)
        // What was eaten comes from the meal log, not from health access: shown either way.
        let eaten = vm.mealBalance(on: today, ctx.calendar).map { NutritionView.eatenWordings($0, ctx) } ?? []
        if snapshot.energy == nil {
            lockedCard(title: ctx.strings("metric.energy"), eaten: eaten.first, ctx, r, cards[1], focused: vm.focus == .energy, &buffer)
        } else {
            summaryCard(title: ctx.strings("metric.energy"), shortTitle: ctx.strings("metric.energyShort"), value: vm.value(.activeEnergyBurned, on: today), goal: shared.settings.energyGoal,
                        context: contextLine(vm.value(.activeEnergyBurned, on: yesterday), snapshot.energy ?? [], today, ctx.strings("unit.kcal"), ctx),
                        unit: ctx.strings("unit.kcal"), tone: .chartCalories, focused: vm.focus == .energy, bigDigits: l.bigDigits,
                        extra: eaten, ctx, r, cards[1], &buffer)
        }
        chartCard(vm, snapshot, shared, ctx, r, l.chart, &buffer)
        if !l.insights.isEmpty { insightCards(vm, snapshot, shared, ctx, r, l.insights, &buffer) }
    }

    /// "Yesterday 8,412 · Avg 9,946 steps · last 7 full days", shown when the card has room; its
    /// wordings longest first (the average shorter, then yesterday alone), for the card to fit.
    static func contextLine(_ yesterday: Double?, _ totals: [DailyTotal], _ today: DayKey, _ unit: String, _ ctx: AppContext) -> [String] {
        let insights = Insights.kept(totals, today: today, goal: 0, calendar: ctx.calendar)
        let f = ctx.formats
        let first = yesterday.map { [ctx.strings("today.yesterday", f.integer($0))] } ?? []
        guard let avg = insights.sevenDayAverage else { return first }
        let averages = [ctx.strings("insight.average", f.integer(avg), unit), ctx.strings("insight.averageShort", f.integer(avg))]
        return averages.map { (first + [$0]).joined(separator: " · ") } + first
    }

    static func summaryCard(title: String, shortTitle: String? = nil, value: Double?, goal: Int, context: [String] = [], unit: String,
                            tone: ColorToken, focused: Bool, bigDigits: Bool,
                            extra: [String] = [], _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, f = ctx.formats
        // A narrow card keeps its goal: it shortens its name ("Active Energy" → "Energy"), then the
        // goal's number ("Goal 10k").
        let titles = [title] + (shortTitle.map { [$0] } ?? [])
        let goals = [ctx.strings("today.goal", f.integer(goal)), ctx.strings("today.goal", f.compact(Double(goal)))]
        let (fitted, goalLabel) = goals.lazy.flatMap { g in titles.map { ($0, g) } }
            .first { Card.trailingFits(title: $0.0, trailing: $0.1, width: rect.width) } ?? (titles.last ?? title, goals[0])
        let inner = Card(title: fitted, trailing: goalLabel, focused: focused).render(in: rect, r, &buffer)
        guard inner.height >= 1, inner.width >= 6 else { return }
        var y = inner.y
        let used: Int
        // The row of a number drawn small and its width: room beside it for the extra on a narrow card.
        var numberRow: (y: Int, used: Int)?
        if let v = value {
            let number = f.integer(v)
            let big = BigDigits(number, tone: .textPrimary)
            if bigDigits, inner.height >= 5, let w = big.width, w + 1 + TextWidth.of(unit) <= inner.width || w <= inner.width {
                big.render(at: Point(x: inner.x, y: y), r, &buffer)
                if w + 2 + TextWidth.of(unit) <= inner.width {
                    buffer.write(unit, x: inner.x + w + 2, y: y + 2, style: Typography.caption.style(t))
                }
                y += BigDigits.height
            } else {
                buffer.write(number, x: inner.x, y: y, style: Typography.display.style(t))
                buffer.write(" " + unit, x: inner.x + TextWidth.of(number), y: y, style: Typography.caption.style(t))
                numberRow = (y, TextWidth.of(number) + 1 + TextWidth.of(unit))
                y += 1
            }
            guard y < inner.maxY else { return }
            // The share of the number shown (290 of 500 kcal is 58%, where 289.66 made it 57%), cut,
            // not rounded: 100% only once the shown number reaches the goal.
            let fraction = ProgressBar.shareShown(v, of: Double(goal))
            let percent = "\(ProgressBar.wholePercent(fraction))%"
            let barWidth = max(1, inner.width - TextWidth.of(percent) - 1)
            ProgressBar(fraction: fraction, tone: tone).render(in: Rect(x: inner.x, y: y, width: barWidth, height: 1), r, &buffer)
            buffer.write(percent, x: inner.x + barWidth + 1, y: y, style: t.text(.textPrimary, .bold))
            y += 1
            guard y < inner.maxY else { return }
            // From the number shown: 0.5 kcal reads "1 kcal" and "499 kcal to go", never "500 to go".
            let remaining = Double(goal) - v.rounded()
            if remaining <= 0 {
                used = buffer.write(r.glyphs.check + " " + ctx.strings("today.goalReached"), x: inner.x, y: y, style: t.text(.success, .bold))
            } else {
                used = buffer.write(TextWidth.truncate(ctx.strings("today.toGo", f.integer(remaining), unit), to: inner.width), x: inner.x, y: y,
                                    style: Typography.caption.style(t))
            }
        } else {
            // No reading today (an import that ends before today): a dash, as stats (null), glance
            // and Nutrition ("Burned —") say it, never a 0 with "500 kcal to go" made up from nothing.
            buffer.write("—", x: inner.x, y: y, style: Typography.display.style(t))
            buffer.write(" " + unit, x: inner.x + 1, y: y, style: Typography.caption.style(t))
            y += 1
            guard y < inner.maxY else { return }
            used = buffer.write(TextWidth.truncate(ctx.strings("today.noReading"), to: inner.width), x: inner.x, y: y,
                                style: Typography.caption.style(t))
        }
        // "Eaten 980 kcal" at the right of the same line, in the longest wording that fits beside it;
        // else on the row under it when the card has one (a narrow card lost it without a word).
        if let full = extra.first {
            if let beside = extra.first(where: { used + 2 + TextWidth.of($0) <= inner.width }) {
                buffer.write(beside, x: inner.maxX - TextWidth.of(beside), y: y, style: Typography.caption.style(t))
            } else if y + 1 < inner.maxY, TextWidth.of(full) <= inner.width {
                buffer.write(full, x: inner.maxX - TextWidth.of(full), y: y + 1, style: Typography.caption.style(t))
            } else if let row = numberRow, let beside = extra.first(where: { row.used + 2 + TextWidth.of($0) <= inner.width }) {
                buffer.write(beside, x: inner.maxX - TextWidth.of(beside), y: row.y, style: Typography.caption.style(t))
            }
        }
        // The context whole: the longest wording on its row, or on two where the card has them,
        // else the longest shorter one that fits; cut only when none does.
        if y + 2 < inner.maxY, let longest = context.first {
            let wrapped = TextWidth.wrap(longest, to: inner.width)
            let lines = wrapped.count == 1 || (wrapped.count == 2 && y + 3 < inner.maxY) ? wrapped
                : context.first { TextWidth.of($0) <= inner.width }.map { [$0] }
                ?? [TextWidth.truncate(context.last ?? longest, to: inner.width, ellipsis: r.glyphs.ellipsis)]
            for (i, line) in lines.enumerated() {
                buffer.write(line, x: inner.x, y: y + 2 + i, style: Typography.caption.style(t))
            }
        }
    }

    /// `eaten`: "Eaten 420 kcal", on the card's last row when the hint leaves it free.
    static func lockedCard(title: String, eaten: String?, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, focused: Bool,
                           _ buffer: inout Buffer) {
        let inner = Card(title: title, focused: focused).render(in: rect, r, &buffer)
        guard inner.height >= 1 else { return }
        let s = ctx.strings
        let headline = TextWidth.firstFitting([s("today.energyOff"), s("today.energyOffShort")], to: inner.width - 2)
        buffer.write(r.glyphs.lock + " " + headline, x: inner.x, y: inner.y,
                     style: r.theme.text(.warning, .bold))
        // The whole hint where it fits in the rows left, else the shorter one: never a sentence cut off.
        let rows = max(0, inner.height - 1)
        let hints = [s("today.energyOffHint"), s("today.energyOffHintShort")]
        let hint = hints.first { TextWidth.wrap($0, to: inner.width).count <= rows } ?? hints[hints.count - 1]
        let lines = TextWidth.wrap(hint, to: inner.width).prefix(rows)
        for (i, line) in lines.enumerated() {
            buffer.write(line, x: inner.x, y: inner.y + 1 + i, style: Typography.caption.style(r.theme))
        }
        if let eaten, inner.y + 1 + lines.count < inner.maxY - 1, TextWidth.of(eaten) <= inner.width {
            buffer.write(eaten, x: inner.x, y: inner.maxY - 1, style: Typography.caption.style(r.theme))
        }
    }

    /// A paged week's title: `range` ("{0} – {1}") of its first and last day, or "Week of" its
    /// first day where that is too wide, or the day alone; a week of another year than
    /// today's names its year (a week paged back in July must not read as this July).
    static func pagedWeekTitle(_ range: String, from first: DayKey, to last: DayKey, today: DayKey, width: Int,
                               _ ctx: AppContext) -> String {
        let s = ctx.strings, f = ctx.formats
        let start = f.dayAndMonth(first)
        guard first.year != today.year || last.year != today.year else {
            return TextWidth.firstFitting([s(range, start, f.dayAndMonth(last)), s("today.weekOf", start), start], to: width)
        }
        let dated = f.fullDate(first)
        return TextWidth.firstFitting([s(range, start, f.fullDate(last)), s("today.weekOf", dated), dated], to: width)
    }

    static func chartCard(_ vm: TodayViewModel, _ snapshot: HealthSnapshot, _ shared: SharedState, _ ctx: AppContext,
                          _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let week = vm.window(ctx, now: shared.now)
        let toggle = SegmentedToggle(options: [s("metric.steps"), s("metric.calories")], selected: vm.metric == .steps ? 0 : 1,
                                     focused: vm.focus == .toggle,
                                     taps: [.message(TodayClick.metric(.steps)), .message(TodayClick.metric(.calories))])
        // A paged week's range, or only its first day where the toggle leaves less room: never a cut date.
        let title = vm.weekOffset == 0 ? s("today.trend")
            : pagedWeekTitle("today.trendWeek", from: week[0], to: week[week.count - 1], today: DayKey(shared.now, calendar: ctx.calendar),
                             width: rect.width - toggle.width - 8, ctx)
        let inner = Card(title: title, focused: vm.focus == .chart || vm.focus == .toggle).render(in: rect, r, &buffer)
        guard inner.height >= 2 else { return }
        buffer.write(" ", x: rect.maxX - toggle.width - 4, y: rect.y, style: t.fill(.surface))
        toggle.render(at: Point(x: rect.maxX - toggle.width - 3, y: rect.y), maxWidth: toggle.width, r, &buffer)

        let days = vm.window(ctx, now: shared.now)
        let type: QuantityType = vm.metric == .steps ? .stepCount : .activeEnergyBurned
        if type == .activeEnergyBurned && snapshot.energy == nil {
            buffer.write(r.glyphs.lock + " " + TextWidth.truncate(s("today.energyOff"), to: inner.width - 2), x: inner.x, y: inner.y + inner.height / 2,
                         style: t.text(.warning, .bold))
            return
        }
        let unit = vm.metric == .steps ? s("unit.steps") : s("unit.kcal")
        let goal = Double(vm.metric == .steps ? shared.settings.stepGoal : shared.settings.energyGoal)
        // Readout of the selected bar.
        let selected = days[min(vm.selectedDay, days.count - 1)]
        // A day without a reading reads "—", as its card and stats say it, not 0.
        let readout = "\(f.dayAndMonth(selected))  \(vm.value(type, on: selected).map { f.integer($0) } ?? "—") \(unit)"
        buffer.write(TextWidth.truncate(readout, to: inner.width), x: inner.x, y: inner.y, style: t.text(.textPrimary, .bold))
        let bars = days.map { BarChart.Bar(label: f.weekday($0), value: vm.value(type, on: $0) ?? 0) }
        var chart = BarChart(bars: bars, goal: goal, highlighted: vm.selectedDay,
                             tone: vm.metric == .steps ? .chartSteps : .chartCalories, formatAxis: f.compact)
        // The legend shows the line as it is drawn ("▁", "╌" or "▔": where in its row the goal falls).
        let goalLabel = s("today.goalLine", f.integer(goal))
        if TextWidth.of(readout) + TextWidth.of(goalLabel) + 3 < inner.width,
           let glyph = chart.goalGlyph(height: inner.height - 1, unicode: r.glyphs.isUnicode) {
            buffer.write(glyph + " " + goalLabel, x: inner.maxX - TextWidth.of(goalLabel) - 2, y: inner.y, style: t.text(.chartGoal))
        }
        chart.tap = { .message(TodayClick.day($0)) }
        chart.render(in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1), r, &buffer)
    }

    /// "+12%", "−8%", and no change "±0%" — "0%" where the terminal has no "±" (it read "?0%").
    static func signedPercent(_ p: Int, unicode: Bool) -> String {
        let sign = p > 0 ? "+" : (p < 0 ? "−" : (unicode ? "±" : ""))
        return "\(sign)\(abs(p))%"
    }

    static func insightCards(_ vm: TodayViewModel, _ snapshot: HealthSnapshot, _ shared: SharedState, _ ctx: AppContext,
                             _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let useEnergy = vm.metric == .calories && snapshot.energy != nil
        let totals = useEnergy ? snapshot.energy ?? [] : snapshot.steps
        let unit = useEnergy ? s("unit.kcal") : s("unit.steps")
        let goal = Double(useEnergy ? shared.settings.energyGoal : shared.settings.stepGoal)
        let today = DayKey(shared.now, calendar: ctx.calendar)
        // A week paged back: the insights are that week's (its days come from the cache's history too).
        let pagedEnd = vm.weekOffset < 0 ? vm.window(ctx, now: shared.now).last : nil
        var insights: Insights
        if let end = pagedEnd {
            let type: QuantityType = useEnergy ? .activeEnergyBurned : .stepCount
            let days = (0..<14).map { end.adding(days: -$0) }
            let known = days.compactMap { d in vm.value(type, on: d).map { DailyTotal(day: d, value: $0) } }
            insights = Insights.kept(known, today: today, goal: goal, calendar: ctx.calendar, weekEnding: end)
        } else {
            insights = Insights.kept(totals, today: today, goal: goal, calendar: ctx.calendar)
        }
        let cards = rect.columns(2, gap: 1)

        var left: ([String], [String], ColorToken) = ([s("insight.best.none")], [s("insight.best.noneHint")], .textSecondary)
        if let best = insights.bestDay {
            let average = insights.sevenDayAverage.map { avg in
                // Fewer than 7 days on record (a week at the start of the record, an import of a few days):
                // the average is of the days on record, said so, never "last 7 full days".
                pagedEnd == nil && insights.thisWeekDays >= 7
                    ? [s("insight.average", f.integer(avg), unit), s("insight.averageShort", f.integer(avg))]
                    : insights.thisWeekDays < 7
                        ? [s.plural("insight.averagePartial", count: insights.thisWeekDays, f.integer(avg), unit, f.integer(insights.thisWeekDays)),
                           s.plural("insight.averagePartialShort", count: insights.thisWeekDays, f.integer(avg), f.integer(insights.thisWeekDays))]
                        : [s("insight.averagePaged", f.integer(avg), unit), s("insight.averageShort", f.integer(avg))]
            } ?? [""]
            // The chart's days are named by weekday; a best day before them (the full days counted end
            // yesterday, the chart today) is dated, or "Sat" would point at the chart's Saturday.
            let onChart = vm.window(ctx, now: shared.now).contains(best.day)
            let value = f.integer(best.value)
            left = (onChart ? [s("insight.best.value", f.weekday(best.day), value, unit)]
                        : [s("insight.best.value", f.dayAndMonth(best.day), value, unit), s("insight.best.valueShort", f.dayAndMonth(best.day), value)],
                    average, .accent)
        }
        insightCard(title: s("insight.best.title"), headlines: left.0, details: left.1, tone: left.2, r, cards[0], &buffer)

        var right: (String, String, ColorToken)
        var headlines: [String] = []
        switch insights.weekComparison {
        case .percent where pagedEnd != nil && insights.previousWeekDays < 7:
            // A week paged back at the edge of the cache: the days missing before it are not
            // known, not zero, so a part of the week before is not compared as if it were all of it.
            let n = f.integer(insights.previousWeekDays)
            let text = TextWidth.firstFitting([s("insight.week.partBefore", n), s("insight.week.partBeforeShort", n)], to: max(0, cards[1].width - 4))
            right = (text, "", .textSecondary)
        case .percent(let p):
            let key = p >= 0 ? "insight.week.ahead" : "insight.week.behind", change = signedPercent(p, unicode: r.glyphs.isUnicode)
            right = (s(key, change), "", p >= 0 ? .success : .warning)
            headlines = [s(key + "Short", change)]
        case .newThisWeek:
            // A week paged back with nothing recorded before it is not a new start: say what is missing.
            if pagedEnd == nil {
                right = (s("insight.week.new"), "", .accent)
            } else {
                let text = TextWidth.firstFitting([s("insight.week.nothingBefore"), s("insight.week.nothingBeforeShort")],
                                                  to: max(0, cards[1].width - 4))
                right = (text, "", .textSecondary)
            }
        case .noData:
            right = (s("insight.week.none"), "", .textSecondary)
        }
        // What was counted, said as counted: days at goal in the week compared, and a streak
        // (consecutive days) only when there is one longer than a day and it fits.
        var details: [String]
        if insights.daysAtGoal > 0 {
            let atGoal = s("insight.atGoal", f.integer(insights.daysAtGoal))
            let streak = atGoal + " · " + s("insight.streak", f.integer(insights.streak))
            details = (insights.streak >= 2 && TextWidth.of(streak) <= max(0, cards[1].width - 4) ? [streak] : [])
                + [atGoal, s("insight.atGoalShort", f.integer(insights.daysAtGoal))]
        } else {
            details = [s("insight.streak.none")]
        }
        // The card's days are the 7 before today (the chart's 7 end with today): its title says so,
        // with how many of them are on record when not all ("· 2 on record" beside "1 of 7 days at goal").
        let weekDays = insights.thisWeekDays
        let weekTitle: String
        if let end = pagedEnd {
            weekTitle = pagedWeekTitle("insight.week.titlePaged", from: end.adding(days: -6), to: end, today: today,
                                       width: cards[1].width - 6, ctx)
        } else {
            let partial = weekDays < 7 && weekDays > 0 ? [s("insight.week.titlePartial", f.integer(weekDays))] : []
            weekTitle = TextWidth.firstFitting(partial + [s("insight.week.title")], to: cards[1].width - 6)
        }
        insightCard(title: weekTitle, headlines: [right.0] + headlines, details: details, tone: right.2, r, cards[1], &buffer)
        _ = t
    }

    /// A headline and its detail, each given longest wording first: the first pair that fits
    /// the card whole, wrapped onto its rows (a narrow card has a row spare under two lines), the
    /// full headline kept before a full detail; cut only when no pair fits.
    static func insightCard(title: String, headlines: [String], details: [String], tone: ColorToken, _ r: RenderContext,
                            _ rect: Rect, _ buffer: inout Buffer) {
        let inner = Card(title: title).render(in: rect, r, &buffer)
        let headline = headlines.first ?? ""
        guard inner.height >= 1 else {
            // Too short for a card: one line.
            buffer.write(TextWidth.truncate(headline, to: rect.width), x: rect.x, y: rect.y, style: r.theme.text(tone, .bold))
            return
        }
        for h in headlines {
            for d in details {
                let top = TextWidth.wrap(h, to: inner.width), bottom = d.isEmpty ? [] : TextWidth.wrap(d, to: inner.width)
                guard top.count + bottom.count <= inner.height else { continue }
                for (i, line) in top.enumerated() {
                    buffer.write(line, x: inner.x, y: inner.y + i, style: r.theme.text(tone, .bold))
                }
                for (i, line) in bottom.enumerated() {
                    buffer.write(line, x: inner.x, y: inner.y + top.count + i, style: Typography.caption.style(r.theme))
                }
                return
            }
        }
        buffer.write(TextWidth.truncate(headlines.last ?? headline, to: inner.width), x: inner.x, y: inner.y, style: r.theme.text(tone, .bold))
        if inner.height >= 2, let d = details.last, !d.isEmpty {
            buffer.write(TextWidth.truncate(d, to: inner.width), x: inner.x, y: inner.y + 1, style: Typography.caption.style(r.theme))
        }
    }

    // MARK: States

    static func loading(_ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let l = layout(area)
        for card in l.summary.columns(2, gap: 1) {
            let inner = Card(title: ctx.strings("today.loading")).render(in: card, r, &buffer)
            Skeleton().render(in: Rect(x: inner.x, y: inner.y, width: inner.width * 2 / 3, height: min(3, inner.height)), r, &buffer)
            if inner.height > 4 { Skeleton().render(in: Rect(x: inner.x, y: inner.y + 4, width: inner.width, height: 1), r, &buffer) }
        }
        let inner = Card(title: ctx.strings("today.trend")).render(in: l.chart, r, &buffer)
        if inner.height > 2 {
            let cols = inner.columns(7, gap: 2)
            for (i, c) in cols.enumerated() {
                let h = max(1, (inner.height - 1) * [4, 6, 3, 7, 5, 8, 2][i] / 9)
                Skeleton().render(in: Rect(x: c.x, y: inner.maxY - 1 - h, width: c.width, height: h), r, &buffer)
            }
        }
        for card in l.insights.columns(2, gap: 1) where !card.isEmpty {
            let i = Card().render(in: card, r, &buffer)
            Skeleton().render(in: Rect(x: i.x, y: i.y, width: i.width * 3 / 4, height: min(1, i.height)), r, &buffer)
        }
    }

    static func empty(_ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        MessageCard(icon: r.glyphs.sparkle, title: ctx.strings("today.empty.title"),
                    lines: [ctx.strings("today.empty.body"), ctx.strings("today.empty.hint")], tone: .accent).render(in: area, r, &buffer)
    }

    static func problem(_ vm: TodayViewModel, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings
        switch vm.lastError {
        case .unavailable?:
            MessageCard(icon: r.glyphs.lock, title: s("unavailable.title"), lines: [s("unavailable.body"), s("today.error.nutritionHint")],
                        tone: .warning).render(in: area, r, &buffer)
        case .importUnreadable(let message)?:
            MessageCard(icon: "!", title: s("import.unreadable.title"), lines: [message, s("today.error.retryHint")],
                        tone: .danger).render(in: area, r, &buffer)
        case .notAuthorized?:
            MessageCard(icon: r.glyphs.lock, title: s("today.denied.title"), lines: [s("today.denied.body"), s("today.denied.hint")],
                        tone: .warning).render(in: area, r, &buffer)
        case let error?:
            MessageCard(icon: "!", title: s("failed.title"), lines: [error.description, s("today.error.retryHint")],
                        tone: .danger).render(in: area, r, &buffer)
        case nil:
            MessageCard(icon: r.glyphs.dot, title: s("today.idle.title"), lines: [s("today.error.retryHint")],
                        tone: .textSecondary).render(in: area, r, &buffer)
        }
    }
}

/// Confetti for the goal: particles burst from the top and fall for two seconds
/// while a short message shows. With reduced motion, only the message.
enum CelebrationView {
    static func render(_ c: TodayViewModel.Celebration, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       over area: Rect, _ buffer: inout Buffer) {
        let t = r.theme
        let elapsed = shared.now.timeIntervalSince(c.startedAt)
        if !r.reduceMotion && elapsed < TodayViewModel.celebrationDuration {
            let glyphs = r.glyphs.isUnicode ? ["✦", "•", "✧", "▪", "∙", "★"] : ["*", "+", ".", "o"]
            let tones: [ColorToken] = [.chartSteps, .chartCalories, .chartGoal, .accent, .warning]
            let count = min(90, area.width * area.height / 14)
            var rng = Platform.SeededRandom(seed: UInt64(c.startedAt.timeIntervalSince1970 * 1000) & 0xFFFF_FFFF)
            for i in 0..<count {
                let x0 = rng.double(0...Double(area.width))
                let vx = rng.double(-6...6)
                let vy = rng.double(-10...(-2))
                let delay = rng.double(0...0.5)
                let glyph = glyphs[i % glyphs.count]
                let tone = tones[i % tones.count]
                let tt = elapsed - delay
                guard tt > 0 else { continue }
                let x = Int((x0 + vx * tt).rounded())
                let y = Int((Double(area.height) * 0.15 + vy * tt + 9 * tt * tt).rounded())
                guard x >= 0, x < area.width, y >= 0, y < area.height else { continue }
                buffer.write(glyph, x: area.x + x, y: area.y + y, style: t.text(tone, .bold))
            }
        }
        let message = ctx.strings(c.simulated ? "celebrate.simulated" : "celebrate.title")
        let detail = ctx.strings("celebrate.body")
        let width = min(area.width - 2, max(TextWidth.of(message), TextWidth.of(detail)) + 8)
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, area.height / 2 - 2), width: width, height: 4)
        let inner = Card(focused: true, fill: .surfaceRaised).render(in: box, r, &buffer)
        guard inner.height >= 1 else { return }
        let headline = r.glyphs.sparkle + " " + message + " " + r.glyphs.sparkle
        buffer.write(TextWidth.pad(headline, to: inner.width, alignment: .center), x: inner.x, y: inner.y, style: t.text(.success, .bold))
        if inner.height >= 2 {
            buffer.write(TextWidth.pad(detail, to: inner.width, alignment: .center), x: inner.x, y: inner.y + 1, style: Typography.caption.style(t))
        }
    }
}
