import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The breathing exercise: a disc that grows on the inhale and shrinks on the
/// exhale, the cue, breaths left, and under it the non-blocking "your provider
/// is online" prompt. The layout keeps room for the prompt so the disc never jumps.
enum CareBreathingView {
    /// The disc never shrinks to nothing: empty lungs is a small disc, not a blank screen.
    static let restingRadius = 0.22

    static func render(_ vm: CareViewModel, _ session: BreathingSession, prompt: Bool, dismissed: Bool,
                       _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings, f = ctx.formats
        guard let visit = vm.visit, rect.height >= 6 else { return }
        let now = shared.now
        let frame = session.frame(at: now)
        let roomy = rect.height >= 18

        CareView.title(s("care.breathing.title"), trailing: s("care.taskOf", f.dayAndMonth(visit.task.due)), r, rect, &buffer)
        var body = rect.inset(top: roomy ? 2 : 1)
        let promptHeight = roomy ? 4 : 2
        let (upper, promptArea) = body.splitBottom(promptHeight)
        body = upper
        let (discArea, countArea) = body.splitBottom(roomy ? 3 : 2)

        // The disc, round on 1:2 cells: twice as wide as tall (its cue takes the last two rows).
        let circleRows = max(1, discArea.height - 2)
        let discRect = discArea.centered(width: min(discArea.width, circleRows * 2 + 2), height: discArea.height)
        let cue = cueText(frame, paused: session.isPaused, reduceMotion: r.reduceMotion, ctx)
        let radius = restingRadius + (1 - restingRadius) * frame.radius
        BreathingDisc(radiusFraction: radius, cue: cue, tone: session.isPaused ? .textSecondary : .accent)
            .render(in: discRect, r, &buffer)

        // Breaths left and the whole exercise's progress.
        let left = s.plural("care.breathing.left", count: frame.breathsLeft, f.integer(frame.breathsLeft))
        CareView.centered(left, y: countArea.y + (roomy ? 1 : 0), in: countArea, style: t.text(.textPrimary, .bold), r, &buffer)
        let barWidth = min(countArea.width - 4, 40)
        if countArea.height >= 2, barWidth >= 4 {
            let fraction = session.elapsed(at: now) / max(1, session.plan.totalSeconds)
            ProgressBar(fraction: fraction).render(in: Rect(x: countArea.x + (countArea.width - barWidth) / 2, y: countArea.maxY - 1,
                                                            width: barWidth, height: 1), r, &buffer)
        }

        let name = vm.flow?.presence.providerName ?? ""
        // While "Leave this task?" is asked, Enter answers it (Stay): the prompt and its
        // "Join now (Enter)" wait until the question is answered.
        if prompt && !vm.confirmingQuit {
            joinPrompt(name, roomy: roomy, ctx, r, promptArea, &buffer)
        } else {
            let hint = dismissed ? s("care.breathing.providerWaiting", name)
                : session.isPaused ? s("care.breathing.pausedHint") : s("care.breathing.hint")
            CareView.centered(hint, y: promptArea.y + (roomy ? 1 : 0), in: promptArea, style: Typography.caption.style(t), r, &buffer)
        }
    }

    static func cueText(_ frame: BreathingFrame, paused: Bool, reduceMotion: Bool, _ ctx: AppContext) -> String {
        let s = ctx.strings
        if paused { return s("care.cue.paused") }
        switch frame.phase {
        case .done: return s("care.cue.done")
        case .inhale, .exhale:
            let key = frame.phase == .inhale ? "care.cue.inhale" : "care.cue.exhale"
            // Without motion the seconds count down instead of the disc moving.
            guard reduceMotion else { return s(key) }
            return s(key + "Seconds", ctx.formats.integer(Int(frame.secondsLeftInPhase.rounded(.up))))
        }
    }

    /// "Dr. Maya Patel is online" with Join now / Finish breathing; breathing goes on above it.
    static func joinPrompt(_ name: String, roomy: Bool, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        let message = s("care.prompt.online", name)
        let join = Button(s("care.prompt.join"), state: .focused, isPrimary: true)
        let finish = Button(s("care.prompt.finish"))
        let width = min(area.width, max(TextWidth.of(message) + 8, join.width + finish.width + 6))
        if roomy {
            let box = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: min(4, area.height))
            let inner = Card(focused: true, fill: .surfaceRaised).render(in: box, r, &buffer)
            guard inner.height >= 1 else { return }
            buffer.write(TextWidth.truncate((r.glyphs.isUnicode ? "● " : "* ") + message, to: inner.width), x: inner.x, y: inner.y,
                         style: t.text(.success, .bold))
            if inner.height >= 2 { buttons(join, finish, y: inner.y + 1, in: inner, r, &buffer) }
        } else {
            Banner(message, tone: .success).render(in: area.row(0), r, &buffer)
            if area.height >= 2 { buttons(join, finish, y: area.y + 1, in: area, r, &buffer) }
        }
    }

    private static func buttons(_ a: Button, _ b: Button, y: Int, in rect: Rect, _ r: RenderContext, _ buffer: inout Buffer) {
        let total = a.width + 2 + b.width
        let x = rect.x + max(0, (rect.width - total) / 2)
        a.render(at: Point(x: x, y: y), maxWidth: max(0, rect.maxX - x), r, &buffer)
        let bx = x + a.width + 2
        if bx < rect.maxX { b.render(at: Point(x: bx, y: y), maxWidth: rect.maxX - bx, r, &buffer) }
    }
}
