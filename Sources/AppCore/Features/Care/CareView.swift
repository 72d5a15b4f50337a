import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Draws the Care screen for its state: the list, or the stage of the opened
/// task, then the dialogs over it. Pure: state in, cells out.
enum CareView {
    static func render(_ vm: CareViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in rect: Rect, _ buffer: inout Buffer) {
        guard vm.loaded else {
            MessageCard(icon: r.glyphs.dot, title: ctx.strings("care.loading"), lines: [],
                        tone: .textSecondary).render(in: rect, r, &buffer)
            return
        }
        switch vm.stage {
        case nil:
            CareListView.render(vm, shared, ctx, r, in: rect, &buffer)
        case .breathing(let session, _, let prompt, let dismissed)?:
            CareBreathingView.render(vm, session, prompt: prompt, dismissed: dismissed, shared, ctx, r, in: rect, &buffer)
        case .waitingRoom(let since)?:
            CareSessionView.waitingRoom(vm, since: since, shared, ctx, r, in: rect, &buffer)
            if vm.choosingMoodEarly { CareMoodView.sheet(vm, ctx, r, over: rect, &buffer) }
        case .session(let name, let startedAt)?:
            CareSessionView.session(vm, provider: name, startedAt: startedAt, shared, ctx, r, in: rect, &buffer)
        case .moodLog?:
            CareMoodView.render(vm, ctx, r, in: rect, &buffer)
        case .completed(let c)?:
            CareSessionView.completed(c, ctx, r, in: rect, &buffer)
        }
        if vm.showingProblems { CareOverlays.problems(vm, ctx, r, over: rect, &buffer) }
        if vm.confirmingQuit { CareOverlays.confirmQuit(vm, ctx, r, over: rect, &buffer) }
    }

    /// A screen title on the left, a caption on the right when it fits.
    static func title(_ text: String, trailing: String?, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme
        let shown = TextWidth.truncate(text, to: max(0, rect.width - 2), ellipsis: r.glyphs.ellipsis)
        let used = buffer.write(shown, x: rect.x + 1, y: rect.y, style: Typography.title.style(t))
        if let trailing, rect.width - used - 4 >= TextWidth.of(trailing) {
            buffer.write(trailing, x: rect.maxX - TextWidth.of(trailing) - 1, y: rect.y, style: Typography.caption.style(t))
        }
    }

    /// One line centered in `rect` at row `y`, truncated to fit.
    static func centered(_ text: String, y: Int, in rect: Rect, style: Style, _ r: RenderContext, _ buffer: inout Buffer) {
        guard y >= rect.y, y < rect.maxY, rect.width > 0 else { return }
        let shown = TextWidth.truncate(text, to: rect.width, ellipsis: r.glyphs.ellipsis)
        buffer.write(shown, x: rect.x + (rect.width - TextWidth.of(shown)) / 2, y: y, style: style, clip: rect)
    }

    /// Lines wrapped to the width, as many as fit from `y`; returns the row after the last.
    @discardableResult
    static func paragraph(_ text: String, y: Int, in rect: Rect, style: Style, _ buffer: inout Buffer) -> Int {
        var row = y
        for line in TextWidth.wrap(text, to: max(1, rect.width)) where row < rect.maxY {
            buffer.write(line, x: rect.x, y: row, style: style, clip: rect)
            row += 1
        }
        return row
    }
}
