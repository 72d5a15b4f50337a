import FoundationEssentials
import Glibc
import DesignSystem
import Synchronization
import TerminalUI

/// The terminal the demo's runtime draws on. Instead of waiting for a person
/// it plays the script: each wait moves the virtual clock to the next moment
/// anything is due (a cue, an animation frame, a simulated service's sleep)
/// and hands the runtime the cue's keys or resize. Every frame goes through
/// the ANSI renderer to the output, stamped with virtual time, with the
/// caption banner on the bottom rows. Played live, it follows the viewer's
/// terminal when it is resized.
final class DemoDevice: TerminalDevice {
    private(set) var canvasSize: Size
    private(set) var size: Size
    /// Rows of the caption banner at the canvas' width.
    private(set) var bannerRows = 1
    /// The app's size a resize cue asked for (nil: the whole canvas above the banner).
    private var requested: Size?
    let clock: VirtualClock
    let startDate: Date
    private let cues: [DemoCue]
    private var nextCue = 0
    private let output: DemoOutput
    private var renderer: ANSIRenderer
    private let glyphs: Glyphs
    private var caption: String?
    private var lastFrame: Buffer?
    private var ended = false
    /// Set once the runtime exists: how much work is in flight, and the theme on screen.
    var runningWork: () -> Int = { 0 }
    var theme: () -> Theme?
    /// The screen on view after each frame (tests check every tab was shown).
    var onFrame: ((Buffer) -> Void)?
    var onCaptionShown: ((String?) -> Void)?
    private let wakes = WakeCounter()
    /// Guards against a service that never settles: real seconds to wait for work before moving on.
    var settleLimit = 3.0

    /// Called by background work when it finishes (the runtime's inbox).
    var wake: @Sendable () -> Void {
        let wakes = self.wakes
        return { wakes.count.withLock { $0 += 1 } }
    }

    init(canvas: Size, cues: [DemoCue], clock: VirtualClock, output: DemoOutput, depth: ColorDepth, glyphs: Glyphs,
         theme: @escaping () -> Theme?) {
        canvasSize = Size(width: max(1, canvas.width), height: max(2, canvas.height))
        size = canvasSize
        self.cues = cues.sorted { $0.time < $1.time }
        self.clock = clock
        startDate = clock.now
        self.output = output
        renderer = ANSIRenderer(depth: depth)
        self.glyphs = glyphs
        self.theme = theme
        layOut()
        output.write(ANSIRenderer.start, at: 0)
    }

    private var captions: [String] {
        cues.compactMap { if case .caption(let text?) = $0.action { return text } else { return nil } }
    }

    /// The banner's rows and the app's size for the canvas and the scene's resize.
    private func layOut() {
        let clockText = DemoCanvas.clockText(duration, of: duration)
        bannerRows = DemoCanvas.bannerRows(for: captions, width: canvasSize.width, clock: clockText,
                                           canvasHeight: canvasSize.height)
        let full = Size(width: canvasSize.width, height: canvasSize.height - bannerRows)
        let wanted = requested ?? full
        size = Size(width: min(wanted.width, full.width), height: min(wanted.height, full.height))
    }

    var elapsed: Double { clock.now.timeIntervalSince(startDate) }
    var duration: Double { cues.last?.time ?? 0 }
    var finished: Bool { ended }

    // MARK: TerminalDevice

    func present(_ buffer: Buffer) {
        lastFrame = buffer
        onFrame?(buffer)
        redraw()
    }

    func waitForEvents(timeout: Double?) -> [TerminalEvent] {
        if ended { return [.keys([.ctrl("c")])] }
        settle()
        if consumeWakes() { return [.wake] }
        let now = clock.now
        var candidates: [Date] = []
        if let timeout { candidates.append(now.addingTimeInterval(max(0, timeout))) }
        if let alarm = clock.nextAlarm { candidates.append(alarm) }
        if nextCue < cues.count { candidates.append(cueDate(nextCue)) }
        guard let next = candidates.min() else { return finish() }
        let target = max(now, next)
        let wait = target.timeIntervalSince(now)
        if wait > 0 {
            switch output.pace(wait, pause: { [weak self] paused in self?.showPause(paused) }) {
            case .left: return finish()
            case .resized(let canvas, let after):
                // Nothing is due before `target`, so the clock may move that far without firing anything.
                _ = clock.advance(to: now.addingTimeInterval(min(wait, max(0, after))))
                canvasSize = Size(width: max(1, canvas.width), height: max(2, canvas.height))
                layOut()
                renderer = ANSIRenderer(depth: renderer.depth)
                output.write(ANSIRenderer.start, at: elapsed)
                return [.resized(size)]
            case .waited: break
            }
        }
        let parkedBefore = clock.parkedCount
        let fired = clock.advance(to: target)
        if fired > 0 { awaitFiredSleepers(parkedBefore: parkedBefore, fired: fired) }
        return playDueCues()
    }

    func bell() {}
    func flashScreen() {}
    func suspend() {}

    // MARK: Cues

    private func cueDate(_ i: Int) -> Date { startDate.addingTimeInterval(cues[i].time) }

    private func playDueCues() -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var keys: [Key] = []
        let now = clock.now
        while nextCue < cues.count, cueDate(nextCue) <= now.addingTimeInterval(1e-6) {
            switch cues[nextCue].action {
            case .keys(let k): keys += k
            case .caption(let text):
                caption = text
                onCaptionShown?(text)
                redraw()
            case .resize(let s):
                if !keys.isEmpty { events.append(.keys(keys)); keys = [] }
                requested = s
                layOut()
                events.append(.resized(size))
            case .end:
                if !keys.isEmpty { events.append(.keys(keys)); keys = [] }
                nextCue += 1
                return events + finish()
            }
            nextCue += 1
        }
        if !keys.isEmpty { events.append(.keys(keys)) }
        return events
    }

    /// Ends the recording if the app stopped before the script did.
    func close() { _ = finish() }

    private func finish() -> [TerminalEvent] {
        if !ended {
            ended = true
            output.write(ANSIRenderer.finish(rows: canvasSize.height), at: elapsed)
            output.finish(at: elapsed)
        }
        return [.keys([.ctrl("c")])]
    }

    private func showPause(_ paused: Bool) {
        pauseNote = paused
        redraw()
    }
    private var pauseNote = false

    // MARK: Drawing

    private func redraw() {
        guard !ended, let theme = theme() else { return }
        let shown = pauseNote ? "Paused — any key resumes, Esc leaves" : caption
        let frame = DemoCanvas.compose(app: lastFrame, canvas: canvasSize, bannerRows: bannerRows, theme: theme, caption: shown,
                                       clock: DemoCanvas.clockText(elapsed, of: duration), glyphs: glyphs)
        output.write(renderer.frame(frame), at: elapsed)
    }

    // MARK: Waiting for work (real time, briefly)

    private func consumeWakes() -> Bool {
        wakes.count.withLock { w in
            defer { w = 0 }
            return w > 0
        }
    }

    /// Work the keys started runs on background tasks in real time: let it
    /// finish, or reach a simulated sleep, before virtual time moves on.
    private func settle() {
        let limit = Date().addingTimeInterval(settleLimit)
        while runningWork() > clock.parkedWorkCount, Date() < limit { usleep(200) }
    }

    /// Sleepers just woken run on: wait until they report (a wake), sleep again, or end.
    private func awaitFiredSleepers(parkedBefore: Int, fired: Int) {
        let limit = Date().addingTimeInterval(0.2)
        let target = parkedBefore - fired
        let wakesBefore = wakes.count.withLock { $0 }
        while Date() < limit {
            let woke = wakes.count.withLock { $0 } > wakesBefore
            let reparked = clock.parkedCount > target
            if woke || reparked { break }
            usleep(100)
        }
        settle()
    }
}

/// Wakes from background work, counted (the runtime's inbox calls it from any thread).
final class WakeCounter: Sendable {
    let count = Mutex(0)
}
