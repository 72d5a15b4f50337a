import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The achievements card: a row of the month's badges and the next locked one,
/// scrolled sideways to keep the selected badge in view (‹ › say there are
/// more), or the "no achievements yet" state with the steps to the first badge.
enum MonthAchievementsView {
    static func render(_ vm: MonthViewModel, _ data: MonthData, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       _ layout: MonthLayout, _ buffer: inout Buffer) {
        let past = vm.showsAPastMonth(shared, ctx)
        // Everything the card is drawn from: a key that moves the chart's cursor leaves it as it was.
        let inputs = Inputs(achievements: data.achievements, month: past ? vm.displayedMonth(shared, ctx) : nil,
                            focused: vm.focus == .badges, selected: vm.selectedBadge, scroll: vm.badgeScroll, layout: layout)
        r.memoized("month.badges", key: inputs, in: layout.achievements, &buffer) { buffer in
            draw(inputs, ctx, r, &buffer)
        }
    }

    /// What the badges card shows: a past month is named (it has no next badge).
    struct Inputs: Hashable {
        var achievements: MonthAchievements
        var month: CalendarMonth?
        var focused: Bool
        var selected: Int
        var scroll: Int
        var layout: MonthLayout
    }

    private static func draw(_ inputs: Inputs, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let a = inputs.achievements, layout = inputs.layout
        let inner = Card(title: s("month.achievements.title"), focused: inputs.focused).render(in: layout.achievements, r, &buffer)
        guard inner.height >= 1, inner.width >= 8 else { return }
        let past = inputs.month != nil
        if a.earned.isEmpty {
            empty(a, inputs.month, inputs.focused, ctx, r, inner, &buffer)
            return
        }
        // "20 badges this month · next in 4,127 steps" ("28 badges in October 2026" for a month that is over: no
        // next badge); where that does not fit, whose month it counts before the next badge (the locked badge's
        // caption says that too), then "badges earned".
        let badges = f.integer(a.earned.count)
        let earned = s.plural("month.achievements.earned", count: a.earned.count, badges)
        let whose = inputs.month.map { s.plural("month.achievements.inMonth", count: a.earned.count, badges, f.monthAndYear($0.first)) }
            ?? s.plural("month.achievements.thisMonth", count: a.earned.count, badges)
        let next = s.plural("month.achievements.next", count: Int(saturating: a.stepsToNext.rounded()), f.integer(a.stepsToNext))
        let subtitle = TextWidth.firstFitting(past ? [whose, earned] : [whose + " · " + next, whose, earned + " · " + next, earned],
                                              to: inner.width)
        buffer.write(subtitle, x: inner.x, y: inner.y, style: Typography.caption.style(t))

        let lockedCaption = MonthViewModel.lockedCaption(a, pastMonth: past, ctx)
        let slots = MonthViewModel.slotWidths(earned: a.earned.count, lockedCaption: lockedCaption)
        let room = layout.badgeRoom
        let selected = min(inputs.selected, slots.count - 1)
        let first = MonthLayout.scrollToShow(selected, from: inputs.scroll, slots: slots, room: room)
        let count = MonthLayout.visibleCount(from: first, slots: slots, room: room)
        var x = inner.x + 2
        let top = inner.y + 1
        for index in first..<(first + count) {
            let w = slots[index], tier = index + 1
            let locked = index == a.earned.count
            BadgeArt(tier: tier, variant: .small, locked: locked).render(in: Rect(x: x, y: top, width: w - 1, height: 4), r, &buffer)
            let isSelected = inputs.focused && index == selected
            let name = TextWidth.truncate(badgeName(tier, ctx), to: w - 1)
            let detail = TextWidth.truncate(locked ? lockedCaption : f.dayAndMonth(a.earned[index].earnedOn), to: w - 1)
            let nameStyle = isSelected ? t.text(.focus, [.bold, .underline]) : (locked ? t.text(.textSecondary, .dim) : t.text(.textPrimary, .bold))
            if top + 4 < inner.maxY {
                buffer.write(TextWidth.pad(name, to: w - 1, alignment: .center), x: x, y: top + 4, style: nameStyle)
            }
            if top + 5 < inner.maxY {
                buffer.write(TextWidth.pad(detail, to: w - 1, alignment: .center), x: x, y: top + 5,
                             style: locked ? t.text(.accent) : Typography.caption.style(t))
            }
            x += w
        }
        let (left, right) = r.glyphs.isUnicode ? ("‹", "›") : ("<", ">")
        if first > 0 { buffer.write(left, x: inner.x, y: top + 1, style: t.text(.accent, .bold)) }
        if first + count < slots.count { buffer.write(right, x: inner.maxX - 1, y: top + 1, style: t.text(.accent, .bold)) }
    }

    /// "First Steps", …, "Centurion", then a name that says its own threshold: "110k Club",
    /// "120k Club", … — every badge's name is distinct and says what it took.
    static func badgeName(_ tier: Int, _ ctx: AppContext) -> String {
        let key = "month.badge.name.\(tier)"
        if ctx.strings.hasKey(key) { return ctx.strings(key) }
        return ctx.strings("month.badge.name.more", ctx.formats.compact(MonthAchievements.threshold(tier: tier)))
    }

    /// No badge this month yet: the first one, locked, and how far away it is; for a month
    /// that is over (`pastMonth`), how far short of it the month ended.
    static func empty(_ a: MonthAchievements, _ pastMonth: CalendarMonth?, _ focused: Bool, _ ctx: AppContext, _ r: RenderContext,
                      _ inner: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let art = BadgeArt.size(of: .small)
        BadgeArt(tier: 1, variant: .small, locked: true).render(in: Rect(x: inner.x + 1, y: inner.y + 1, width: art.width, height: art.height), r, &buffer)
        let textX = inner.x + art.width + 4
        let width = inner.maxX - textX
        guard width >= 6 else { return }
        var y = inner.y
        let title = pastMonth.map { s("month.empty.titlePast", f.monthAndYear($0.first)) } ?? s("month.empty.title")
        buffer.write(TextWidth.truncate(title, to: width), x: textX, y: y,
                     style: focused ? t.text(.focus, [.bold, .underline]) : t.text(.textPrimary, .bold))
        y += 1
        for line in TextWidth.wrap(s(pastMonth == nil ? "month.empty.body" : "month.empty.bodyPast"), to: width).prefix(2) where y < inner.maxY {
            buffer.write(line, x: textX, y: y, style: Typography.caption.style(t))
            y += 1
        }
        y += 1
        guard y < inner.maxY else { return }
        if pastMonth != nil {
            let short = s.plural("month.empty.short", count: Int(saturating: a.stepsToNext.rounded()), f.integer(a.stepsToNext))
            buffer.write(TextWidth.truncate(short, to: width), x: textX, y: y, style: t.text(.textSecondary, .bold))
            return
        }
        buffer.write(TextWidth.truncate(s.plural("month.empty.toGo", count: Int(saturating: a.stepsToNext.rounded()), f.integer(a.stepsToNext)), to: width), x: textX, y: y, style: t.text(.accent, .bold))
        y += 1
        guard y < inner.maxY else { return }
        let percent = "\(ProgressBar.wholePercent(a.progressToNext))%"
        let barWidth = min(30, width - TextWidth.of(percent) - 1)
        guard barWidth >= 4 else { return }
        ProgressBar(fraction: a.progressToNext, tone: .chartSteps).render(in: Rect(x: textX, y: y, width: barWidth, height: 1), r, &buffer)
        buffer.write(percent, x: textX + barWidth + 1, y: y, style: t.text(.textPrimary, .bold))
    }
}
