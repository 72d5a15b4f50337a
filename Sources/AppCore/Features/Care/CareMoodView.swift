import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The mood log: the task's own mood words as a single-choice list. After the
/// session it is the screen (a mood completes the task); in the waiting room a sheet.
enum CareMoodView {
    static func render(_ vm: CareViewModel, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        guard let visit = vm.visit else { return }
        CareView.title(s("care.mood.title"), trailing: s("care.taskOf", ctx.formats.dayAndMonth(visit.task.due)), r, rect, &buffer)
        var area = rect.inset(top: 1)
        if area.height >= 8 {
            area = area.inset(top: 1)
            let y = CareView.paragraph(s("care.mood.body"), y: area.y, in: area.inset(horizontal: 1), style: Typography.caption.style(t), &buffer)
            area = Rect(x: area.x, y: y + 1, width: area.width, height: area.maxY - y - 1)
        }
        let width = min(area.width, max(30, (visit.task.moodChoices.map(TextWidth.of).max() ?? 0) + 12))
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width,
                       height: min(area.height, visit.task.moodChoices.count + 2))
        let inner = Card(title: s("care.mood.card"), focused: true).render(in: box, r, &buffer)
        list(visit.task.moodChoices, selected: vm.moodIndex, logged: visit.mood, ctx, r, in: inner, &buffer)
    }

    /// The waiting room's early mood log, over the waiting room.
    static func sheet(_ vm: CareViewModel, _ ctx: AppContext, _ r: RenderContext, over rect: Rect, _ buffer: inout Buffer) {
        guard let visit = vm.visit else { return }
        let s = ctx.strings
        let height = min(rect.height, visit.task.moodChoices.count + 5)
        let inner = Sheet(title: s("care.mood.early"), height: height, maxWidth: 56).render(over: rect, r, &buffer)
        guard inner.height >= 2 else { return }
        buffer.write(TextWidth.truncate(s("care.mood.earlyBody"), to: inner.width, ellipsis: r.glyphs.ellipsis), x: inner.x, y: inner.y,
                     style: Typography.caption.style(r.theme))
        list(visit.task.moodChoices, selected: vm.moodIndex, logged: visit.mood, ctx, r, in: inner.inset(top: 2), &buffer)
    }

    /// "(•) Calm" rows, the cursor's row highlighted; scrolls to keep it in view.
    static func list(_ moods: [String], selected: Int?, logged: String?, _ ctx: AppContext, _ r: RenderContext,
                     in rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, g = r.glyphs
        guard rect.height >= 1, rect.width >= 4, !moods.isEmpty else { return }
        // No cursor until the person moves one: nothing is chosen for them.
        let current = selected.map { min(max(0, $0), moods.count - 1) } ?? -1
        let visible = min(rect.height, moods.count)
        let first = max(0, min(max(0, current) - visible + 1, moods.count - visible))
        for (i, mood) in moods.enumerated().dropFirst(first).prefix(visible) {
            let row = Rect(x: rect.x - 1, y: rect.y + i - first, width: rect.width + 2, height: 1)
            let isCursor = i == current
            if isCursor { buffer.fill(row, style: t.fill(.selection)) }
            let radio = isCursor ? (g.isUnicode ? "(•)" : "(*)") : "( )"
            var text = (isCursor ? g.arrowRight : " ") + " " + radio + " " + mood
            if mood == logged { text += "  " + g.check }
            buffer.write(TextWidth.truncate(text, to: row.width - 1, ellipsis: g.ellipsis), x: row.x, y: row.y,
                         style: isCursor ? t.text(.textPrimary, .bold) : Typography.body.style(t), clip: row)
        }
        if moods.count > visible {
            let indicator = current >= 0 ? "\(current + 1)/\(moods.count)" : "\(moods.count)"
            buffer.write(indicator, x: rect.maxX - TextWidth.of(indicator), y: rect.maxY - 1, style: Typography.caption.style(t))
        }
    }
}
