import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The waiting room, the mock telehealth session and the "task complete" card.
enum CareSessionView {
    static func waitingRoom(_ vm: CareViewModel, since: Date, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                            in rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        guard let visit = vm.visit else { return }
        CareView.title(s("care.waiting.title"), trailing: s("care.taskOf", ctx.formats.dayAndMonth(visit.task.due)), r, rect, &buffer)
        let area = rect.inset(top: 2)
        let box = area.centered(width: min(64, area.width), height: min(area.height, 10))
        let inner = Card(title: s("care.waiting.card"), focused: true).render(in: box, r, &buffer)
        guard inner.height >= 1 else { return }
        let name = vm.flow?.presence.providerName ?? ""
        var y = inner.y
        buffer.write(TextWidth.truncate((r.glyphs.isUnicode ? "◌ " : "o ") + s("care.waiting.for", name), to: inner.width),
                     x: inner.x, y: y, style: t.text(.accent, .bold))
        y += inner.height >= 7 ? 2 : 1
        y = CareView.paragraph(s("care.waiting.body"), y: y, in: inner, style: Typography.body.style(t), &buffer)
        if y < inner.maxY {
            buffer.write(s("care.waiting.elapsed", ctx.formats.elapsed(seconds: shared.now.timeIntervalSince(since))), x: inner.x, y: y,
                         style: Typography.caption.style(t))
            y += inner.height >= 7 ? 2 : 1
        }
        if y < inner.maxY {
            let line = visit.mood.map { r.glyphs.check + " " + s("care.waiting.moodLogged", $0) } ?? s("care.waiting.moodPrompt")
            buffer.write(TextWidth.truncate(line, to: inner.width, ellipsis: r.glyphs.ellipsis), x: inner.x, y: y,
                         style: visit.mood == nil ? t.text(.textPrimary) : t.text(.success))
        }
    }

    static func session(_ vm: CareViewModel, provider: String, startedAt: Date, _ shared: SharedState, _ ctx: AppContext,
                        _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        guard let visit = vm.visit else { return }
        CareView.title(s("care.session.title"), trailing: s("care.taskOf", ctx.formats.dayAndMonth(visit.task.due)), r, rect, &buffer)
        let area = rect.inset(top: 2)
        let tall = area.height >= 16
        let box = area.centered(width: min(64, area.width), height: min(area.height, tall ? 14 : 10))
        let live = (r.glyphs.isUnicode ? "● " : "* ") + s("care.session.live")
        let inner = Card(title: provider, trailing: live, focused: true).render(in: box, r, &buffer)
        guard inner.height >= 1 else { return }
        var y = inner.y
        buffer.write(TextWidth.truncate(s("care.session.connected", provider), to: inner.width, ellipsis: r.glyphs.ellipsis),
                     x: inner.x, y: y, style: t.text(.success, .bold))
        y += 1
        y = CareView.paragraph(s("care.session.body"), y: y, in: inner, style: Typography.caption.style(t), &buffer)
        y += inner.height >= 8 ? 1 : 0
        let elapsed = CareViewModel.clock(shared.now.timeIntervalSince(startedAt))
        if tall, bigClockWidth(elapsed) <= inner.width, y + BigDigits.height + 3 <= inner.maxY {
            buffer.write(s("care.session.elapsedLabel"), x: inner.x, y: y, style: Typography.label.style(t))
            bigClock(elapsed, at: Point(x: inner.x, y: y + 1), r, &buffer)
            y += BigDigits.height + 2
        } else if y < inner.maxY {
            buffer.write(s("care.session.elapsed", ctx.formats.elapsed(seconds: shared.now.timeIntervalSince(startedAt))), x: inner.x, y: y,
                         style: t.text(.textPrimary, .bold))
            y += 1
        }
        if y < inner.maxY {
            let mood = visit.mood.map { s("care.session.moodLogged", $0) } ?? s("care.session.moodLater")
            buffer.write(TextWidth.truncate(mood, to: inner.width, ellipsis: r.glyphs.ellipsis), x: inner.x, y: y,
                         style: Typography.caption.style(t))
        }
        let end = Button(s("care.session.end"), state: .focused, isPrimary: true)
        if inner.height >= 5 {
            end.render(at: Point(x: inner.x, y: inner.maxY - 1), maxWidth: inner.width, r, &buffer)
        }
    }

    /// "3:07" in hero digits: BigDigits for the numbers, a two-dot colon between them.
    static func bigClock(_ text: String, at point: Point, _ r: RenderContext, _ buffer: inout Buffer) {
        let style = r.theme.text(.textPrimary, .bold)
        var x = point.x
        for (i, part) in text.split(separator: ":").enumerated() {
            if i > 0 {
                for row in 0..<2 { buffer.write(r.glyphs.isUnicode ? "▄" : ":", x: x, y: point.y + row, style: style) }
                x += 2
            }
            let digits = BigDigits(String(part))
            digits.render(at: Point(x: x, y: point.y), r, &buffer)
            x += (digits.width ?? 0) + 1
        }
    }

    static func bigClockWidth(_ text: String) -> Int {
        let parts = text.split(separator: ":")
        return parts.reduce(0) { $0 + (BigDigits(String($1)).width ?? 0) + 1 } + 2 * max(0, parts.count - 1)
    }

    static func completed(_ c: CareCompletion, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        let lines = [s("care.completed.body", ctx.formats.dayAndMonth(DayKey(c.completedAt, calendar: ctx.calendar)),
                       ctx.formats.time(c.completedAt)),
                     s("care.completed.mood", c.mood)]
        let width = min(rect.width, max(40, lines.map(TextWidth.of).max() ?? 0) + 6)
        let box = rect.centered(width: width, height: min(rect.height, 8))
        let inner = Card(focused: true, fill: .surfaceRaised).render(in: box, r, &buffer)
        guard inner.height >= 1 else { return }
        CareView.centered(r.glyphs.check + " " + s("care.completed.title"), y: inner.y, in: inner, style: t.text(.success, .bold), r, &buffer)
        for (i, line) in lines.enumerated() {
            CareView.centered(line, y: inner.y + 2 + i, in: inner, style: Typography.body.style(t), r, &buffer)
        }
        if inner.height >= 6 {
            CareView.centered(s("care.completed.back"), y: inner.maxY - 1, in: inner, style: Typography.caption.style(t), r, &buffer)
        }
    }
}
