import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// One achievement up close: the large badge, its name and threshold, the day
/// it was earned (or that it is still locked), the month's total and the way
/// to the next badge.
enum AchievementDetailView {
    static func render(_ vm: MonthViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let a = vm.achievements(shared, ctx)
        let (tier, badge) = vm.detailBadge(shared, ctx)
        let month = vm.displayedMonth(shared, ctx)
        let art = BadgeArt.size(of: .large)

        let width = min(area.width, 76)
        let sideBySide = width >= 44
        // Each line wraps in the text column (never cut); blank spacers go first when rows run short.
        let textWidth = max(1, sideBySide ? width - 4 - art.width - 4 : width - 4)
        let past = vm.showsAPastMonth(shared, ctx) ? month : nil
        var lines: [Line] = textLines(tier: tier, badge: badge, a, pastMonth: past, ctx).flatMap { line -> [Line] in
            guard case .text(let value, let style) = line else { return [line] }
            return TextWidth.wrap(value, to: textWidth).map { Line.text($0, style) }
        }
        let rows = area.height - 2 - (sideBySide ? 0 : art.height + 1)
        if lines.count > rows { lines.removeAll { if case .blank = $0 { return true } else { return false } } }
        let innerHeight = sideBySide ? max(art.height, lines.count) : art.height + 1 + lines.count
        let height = min(area.height, innerHeight + 2)
        let card = Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 3), width: width, height: height)
        let inner = Card(title: s("month.detail.title"), trailing: f.monthAndYear(month.first), focused: true).render(in: card, r, &buffer)
        guard inner.height >= 1, inner.width >= 4 else { return }

        let artRect: Rect, text: Rect
        if sideBySide {
            artRect = Rect(x: inner.x + 1, y: inner.y + max(0, (inner.height - art.height) / 2), width: art.width, height: min(art.height, inner.height))
            text = Rect(x: inner.x + art.width + 4, y: inner.y, width: max(0, inner.width - art.width - 4), height: inner.height)
        } else {
            artRect = Rect(x: inner.x, y: inner.y, width: inner.width, height: min(art.height, inner.height))
            text = Rect(x: inner.x, y: inner.y + art.height + 1, width: inner.width, height: max(0, inner.height - art.height - 1))
        }
        BadgeArt(tier: tier, variant: .large, locked: badge == nil).render(in: artRect, r, &buffer)
        for (i, line) in lines.enumerated() where i < text.height {
            let y = text.y + i
            switch line {
            case .text(let value, let style):
                buffer.write(TextWidth.truncate(value, to: text.width), x: text.x, y: y, style: style.style(t, tier: tier))
            case .progress(let fraction, let toward):
                let percent = "\(ProgressBar.wholePercent(fraction))%"
                let barWidth = min(32, text.width - TextWidth.of(percent) - 1)
                guard barWidth >= 4 else { continue }
                ProgressBar(fraction: fraction, tone: BadgeArt.tierToken(toward))
                    .render(in: Rect(x: text.x, y: y, width: barWidth, height: 1), r, &buffer)
                buffer.write(percent, x: text.x + barWidth + 1, y: y, style: t.text(.textPrimary, .bold))
            case .blank:
                break
            }
        }
    }

    enum LineStyle {
        case name, body, caption, earned, locked, accent
        func style(_ t: Theme, tier: Int) -> Style {
            switch self {
            case .name: return t.text(BadgeArt.tierToken(tier), .bold)
            case .body: return Typography.body.style(t)
            case .caption: return Typography.caption.style(t)
            case .earned: return t.text(.success, .bold)
            case .locked: return t.text(.textSecondary, .bold)
            case .accent: return t.text(.accent, .bold)
            }
        }
    }

    enum Line {
        case text(String, LineStyle)
        /// The month's total against the threshold of badge `toward` (the bar takes its colour).
        case progress(Double, toward: Int)
        case blank
    }

    /// The detail's text, top to bottom. The bar and the steps to go are toward one threshold,
    /// named on the line above them: a locked badge's own, or, under an earned one, the month's
    /// next badge's; the bar is the month's total against it. A month that is over
    /// (`pastMonth`) says how it ended instead.
    static func textLines(tier: Int, badge: MonthAchievements.Badge?, _ a: MonthAchievements, pastMonth: CalendarMonth?,
                          _ ctx: AppContext) -> [Line] {
        let s = ctx.strings, f = ctx.formats, g = ctx.glyphs
        var lines: [Line] = [
            .text(MonthAchievementsView.badgeName(tier, ctx), .name),
            .text(s("month.badge.number", f.integer(tier)) + " " + g.dot + " " + s("month.badge.threshold", f.integer(MonthAchievements.threshold(tier: tier))), .caption),
            .blank,
        ]
        if let badge {
            lines.append(.text(g.check + " " + s("month.detail.earned", f.fullDate(badge.earnedOn)), .earned))
        } else if let month = pastMonth {
            lines.append(.text(g.lock + " " + s("month.detail.notEarnedIn", f.monthAndYear(month.first)), .locked))
        } else {
            lines.append(.text(g.lock + " " + s("month.detail.notYet"), .locked))
        }
        lines.append(.text(s("month.detail.total", f.integer(a.total)), .body))
        if a.earned.count >= MonthAchievements.maximumBadges {
            lines.append(.blank)
            lines.append(.text(s("month.detail.last"), .accent))
            return lines
        }
        // The threshold the way to go is measured to: this badge's, or after an earned one the month's next.
        let target = badge == nil ? tier : a.nextTier
        let threshold = MonthAchievements.threshold(tier: target)
        let toGo = max(0, threshold - a.total)
        if pastMonth != nil {
            // Over: nothing more can be earned; a locked badge says by how much the month missed it.
            if badge == nil {
                lines.append(.text(s.plural("month.detail.short", count: Int(saturating: toGo.rounded()), f.integer(toGo)), .caption))
            }
            return lines
        }
        lines.append(.blank)
        if badge == nil {
            lines.append(.text(s("month.detail.unlocks", f.integer(threshold)), .body))
        } else {
            lines.append(.text(s("month.detail.next", MonthAchievementsView.badgeName(target, ctx), f.integer(threshold)), .body))
        }
        lines.append(.progress(min(1, max(0, a.total / threshold)), toward: target))
        lines.append(.text(s.plural("month.detail.toGo", count: Int(saturating: toGo.rounded()), f.integer(toGo)), .accent))
        return lines
    }
}
