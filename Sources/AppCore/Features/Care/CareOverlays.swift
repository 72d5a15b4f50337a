import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Dialogs over the Care screen: leaving a task, and the tasks file's problems.
enum CareOverlays {
    static func confirmQuit(_ vm: CareViewModel, _ ctx: AppContext, _ r: RenderContext, over rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        let width = min(rect.width, 56)
        let isMoodLog: Bool
        if case .moodLog? = vm.stage { isMoodLog = true } else { isMoodLog = false }
        let body = s(isMoodLog ? "care.quit.bodyMood" : "care.quit.body")
        let lines = TextWidth.wrap(body, to: max(1, width - 4))
        let inner = Dialog(title: s("care.quit.title"), width: width, height: min(rect.height, lines.count + 4)).render(over: rect, r, &buffer)
        guard inner.height >= 1 else { return }
        var y = inner.y
        for line in lines where y < inner.maxY - 2 {
            buffer.write(line, x: inner.x, y: y, style: Typography.body.style(t))
            y += 1
        }
        // Stay is focused: it is what Enter does.
        let leave = Button(s("care.quit.leave"))
        let stay = Button(s("care.quit.stay"), state: .focused, isPrimary: true)
        let by = inner.maxY - 1
        guard by > inner.y else { return }
        leave.render(at: Point(x: inner.x, y: by), maxWidth: inner.width, r, &buffer)
        let sx = inner.x + leave.width + 2
        if sx < inner.maxX { stay.render(at: Point(x: sx, y: by), maxWidth: inner.maxX - sx, r, &buffer) }
    }

    /// Each problem with its place ("entry 3, breath count: …"); the good entries are loaded regardless.
    static func problems(_ vm: CareViewModel, _ ctx: AppContext, _ r: RenderContext, over rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        let name: String
        switch vm.origin {
        case .sample: name = "tasks.json"
        case .file(let path): name = URL(fileURLWithPath: path).lastPathComponent
        }
        let width = min(rect.width, 76)
        // Each problem whole, on as many rows as it needs ("! " first, the rest under its text).
        let textWidth = max(1, width - 4 - 2)
        let wrapped = vm.problems.map { TextWidth.wrap($0.description, to: textWidth) }
        let summary = TextWidth.wrap(s.plural("care.problems.loaded", count: vm.tasks.count, ctx.formats.integer(vm.tasks.count)),
                                     to: max(1, width - 4))
        let height = min(rect.height, wrapped.reduce(0) { $0 + $1.count } + summary.count + 4)
        let inner = Dialog(title: s("care.problems.title", name), width: width, height: height).render(over: rect, r, &buffer)
        guard inner.height >= 2 else { return }
        for (i, line) in summary.prefix(inner.height - 1).enumerated() {
            buffer.write(line, x: inner.x, y: inner.y + i, style: Typography.caption.style(t))
        }
        let top = inner.y + summary.count + 1, listRows = inner.maxY - top
        var y = 0
        for (i, lines) in wrapped.enumerated() {
            // The last row left says how many problems are not shown, rather than cut one.
            if y + lines.count > listRows || (y + lines.count == listRows && i < wrapped.count - 1) {
                let more = s("care.problems.more", ctx.formats.integer(vm.problems.count - i))
                guard listRows > 0 else { break }
                buffer.write(TextWidth.truncate(more, to: inner.width, ellipsis: r.glyphs.ellipsis), x: inner.x, y: top + min(y, listRows - 1),
                             style: t.text(.warning))
                break
            }
            for (j, line) in lines.enumerated() {
                buffer.write((j == 0 ? "! " : "  ") + line, x: inner.x, y: top + y + j, style: t.text(.warning))
            }
            y += lines.count
        }
    }
}
