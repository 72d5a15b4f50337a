import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// "My Tasks": every task with its date and what can be done with it. Meaning is
/// carried by a marker and words (✓ done, ▸ ready, · waiting, lock), never by colour alone.
enum CareListView {
    static func render(_ vm: CareViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        guard rect.height >= 3, rect.width >= 10 else { return }
        let rows = vm.rows(now: shared.now, ctx.calendar)

        // Title line: "My Tasks" and where they come from.
        let source: String
        switch vm.origin {
        case .sample: source = s("care.source.sample")
        case .file(let path): source = s("care.source.file", URL(fileURLWithPath: path).lastPathComponent)
        }
        let titleWidth = buffer.write(s("care.title"), x: rect.x + 1, y: rect.y, style: Typography.title.style(t))
        let room = rect.width - titleWidth - 4
        if room >= 8 {
            let shown = TextWidth.truncate(source, to: room, ellipsis: r.glyphs.ellipsis)
            buffer.write(shown, x: rect.maxX - TextWidth.of(shown) - 1, y: rect.y, style: Typography.caption.style(t))
        }
        var body = rect.inset(top: 2)
        if rows.isEmpty && !vm.problems.isEmpty {
            fileError(vm, ctx, r, body, &buffer)
            return
        }
        if !vm.problems.isEmpty, body.height >= 6 {
            // The whole sentence, or a shorter one that still says where the details are (a banner is one row).
            let count = ctx.formats.integer(vm.problems.count)
            let message = TextWidth.firstFitting([s.plural("care.problems", count: vm.problems.count, count),
                                                  s.plural("care.problemsShort", count: vm.problems.count, count)], to: body.width - 4)
            Banner(message, tone: .warning).render(in: body.row(0), r, &buffer)
            body = body.inset(top: 2)
        }
        if rows.isEmpty {
            empty(vm, ctx, r, body, &buffer)
            return
        }
        // The selected task's moods under the list when there is room.
        let detailHeight = body.height >= 10 ? 2 : 0
        let (listArea, detailArea) = body.splitBottom(detailHeight)
        let cardHeight = min(listArea.height, rows.count + 2)
        let card = Rect(x: listArea.x, y: listArea.y, width: listArea.width, height: cardHeight)
        let done = rows.filter { if case .completed = $0.status { return true } else { return false } }.count
        let inner = Card(title: s("care.list.title"), trailing: s("care.list.count", ctx.formats.integer(done), ctx.formats.integer(rows.count)),
                         focused: true).render(in: card, r, &buffer)
        guard inner.height >= 1 else { return }
        let visible = inner.height
        let selected = min(max(0, vm.selected), rows.count - 1)
        let first = max(0, min(selected - visible / 2, rows.count - visible))
        let dateWidth = rows.map { TextWidth.of(ctx.formats.dayAndMonth($0.task.due)) }.max() ?? 10
        for (i, row) in rows.enumerated().dropFirst(first).prefix(visible) {
            taskRow(row, selected: i == selected, dateWidth: dateWidth, ctx, r,
                    Rect(x: inner.x - 1, y: inner.y + i - first, width: inner.width + 2, height: 1), &buffer)
        }
        if rows.count > visible {
            let indicator = "\(selected + 1)/\(rows.count)"
            buffer.write(indicator, x: card.maxX - TextWidth.of(indicator) - 3, y: card.maxY - 1, style: Typography.caption.style(t))
        }
        if detailHeight > 0 {
            // Right under the list, so the eye does not travel to the bottom of a tall screen.
            let y = min(card.maxY + 1, detailArea.maxY - 1)
            detail(rows[selected], ctx, r, Rect(x: detailArea.x, y: y, width: detailArea.width, height: max(1, body.maxY - y)), &buffer)
        }
    }

    static func taskRow(_ row: CareTaskRow, selected: Bool, dateWidth: Int, _ ctx: AppContext, _ r: RenderContext,
                        _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings, f = ctx.formats, g = r.glyphs
        if selected { buffer.fill(rect, style: t.fill(.selection)) }
        buffer.write(selected ? g.arrowRight : " ", x: rect.x, y: rect.y, style: t.text(.focus, .bold))
        // The status in the words that fit after the date and breaths columns, longest first:
        // a narrow row says it in fewer words rather than cutting them ("Locked": the row's own
        // date is the day it opens).
        let (marker, wordings, tone): (String, [String], ColorToken)
        switch row.status {
        case .completed(let c):
            marker = g.check
            wordings = [s("care.row.done", f.dayAndMonth(DayKey(c.completedAt, calendar: ctx.calendar)), c.mood), s("care.row.doneShort", c.mood)]
            tone = .success
        case .eligible:
            marker = g.isUnicode ? "●" : "*"
            wordings = row.isOverdue ? [s("care.row.readyOverdue"), s("care.row.readyOverdueShort")] : [s("care.row.ready")]
            tone = .accent
        case .waiting:
            marker = g.dot
            let key = row.isOverdue ? "care.row.waitingOverdue" : "care.row.waiting"
            wordings = [s(key), s(key + "Short"), s(key + "Shortest")]
            tone = .textSecondary
        case .locked:
            marker = g.lock
            wordings = [s("care.row.locked", f.dayAndMonth(row.task.due)), s("care.row.lockedShort")]
            tone = .textSecondary
        }
        var x = rect.x + 2
        x += buffer.write(marker, x: x, y: rect.y, style: t.text(tone, .bold), clip: rect) + 1
        let date = TextWidth.pad(f.dayAndMonth(row.task.due), to: dateWidth)
        x += buffer.write(date, x: x, y: rect.y, style: selected ? t.text(.textPrimary, .bold) : Typography.body.style(t), clip: rect) + 2
        // The breath count column goes first when the row is narrow.
        if rect.width >= 46 {
            let breaths = s.plural("care.row.breaths", count: row.task.breathCount, f.integer(row.task.breathCount))
            x += buffer.write(TextWidth.pad(breaths, to: 11), x: x, y: rect.y, style: Typography.caption.style(t), clip: rect) + 1
        }
        let room = max(0, rect.maxX - x - 1)
        let shown = TextWidth.firstFitting(wordings, to: room, ellipsis: g.ellipsis)
        let statusStyle = row.status == .eligible ? t.text(.accent, .bold) : t.text(tone)
        buffer.write(shown, x: x, y: rect.y, style: statusStyle, clip: rect)
    }

    /// What the selected task asks for, and what Enter will do.
    static func detail(_ row: CareTaskRow, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        guard rect.height >= 1 else { return }
        let t = r.theme, s = ctx.strings
        let moods = row.task.moodChoices.joined(separator: ", ")
        var line = s("care.detail", ctx.formats.integer(row.task.breathCount), moods)
        // Too long for the rows there are: the moods' count instead of their list.
        if TextWidth.wrap(line, to: max(1, rect.width - 2)).count > rect.height {
            line = s("care.detailShort", ctx.formats.integer(row.task.breathCount), ctx.formats.integer(row.task.moodChoices.count))
        }
        // Wrapped into the rows there are; only a line past the last one is cut.
        let lines = TextWidth.wrap(line, to: max(1, rect.width - 2))
        for (i, text) in lines.prefix(rect.height).enumerated() {
            let last = i == rect.height - 1 && lines.count > rect.height
            buffer.write(last ? TextWidth.truncate(text + " " + lines[(i + 1)...].joined(separator: " "), to: rect.width - 2, ellipsis: r.glyphs.ellipsis) : text,
                         x: rect.x + 1, y: rect.y + i, style: Typography.caption.style(t))
        }
    }

    /// No task could be read from the file: which file, what is wrong, and how to fix it.
    static func fileError(_ vm: CareViewModel, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings
        let path: String
        if case .file(let p) = vm.origin { path = p } else { path = "tasks.json" }
        var lines = [path, vm.problems[0].description]
        if vm.problems.count > 1 { lines.append(s("care.error.more", ctx.formats.integer(vm.problems.count - 1))) }
        lines.append(s("care.error.fix", path))
        MessageCard(icon: "!", title: s("care.error.title"), lines: lines, tone: .danger).render(in: area, r, &buffer)
    }

    static func empty(_ vm: CareViewModel, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings
        let lines = vm.problems.isEmpty ? [s("care.empty.body")] : [s("care.empty.problems")]
        MessageCard(icon: r.glyphs.sparkle, title: s("care.empty.title"), lines: lines,
                    tone: .textSecondary).render(in: area, r, &buffer)
    }
}
