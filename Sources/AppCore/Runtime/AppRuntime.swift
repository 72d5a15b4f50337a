import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The run loop: waits for keys, resizes, signals, timers and finished work;
/// lets the model handle each; runs the effects; draws a frame only when
/// something happened. With nothing animating it sleeps in poll(2).
public final class AppRuntime {
    public let env: AppEnvironment
    let device: TerminalDevice
    let inbox: Inbox
    public private(set) var model: AppModel
    public private(set) var framesPresented = 0
    private var exitCode: Int32 = 0
    /// For the cold-start benchmark: quit right after the first frame is on screen.
    public var exitAfterFirstFrame = false
    private var liveStream: Task<Void, Never>?
    private let work = WorkTasks()
    /// Features' work still running (the demo's virtual clock waits for it).
    var runningWorkCount: Int { work.runningIDs.count }

    /// A runtime dropped without its loop ending (a test, a benchmark) stops listening too.
    deinit {
        liveStream?.cancel()
        work.cancelAll()
    }

    public init(env: AppEnvironment, device: TerminalDevice, wake: @escaping @Sendable () -> Void) {
        self.env = env
        self.device = device
        let inbox = Inbox(wake: wake)
        self.inbox = inbox
        self.model = env.makeModel(size: device.size)
        env.storage.onFailure { inbox.post(.message(.shell, $0.shellMessage)) }
        env.storage.onReload { change in
            switch change {
            case .settings: inbox.post(.message(.shell, change))
            case .meals: inbox.post(.message(.feature(.nutrition), change))
            }
        }
    }

    var ctx: AppContext { env.context.applying(model.shared.settings) }

    /// Runs until the user quits or a signal ends the app; returns the exit code.
    public func run() -> Int32 {
        // The first frame goes out before any I/O the launch starts.
        let launchEffects = model.start(ctx)
        render()
        StartupTrace.mark("first frame presented")
        // The benchmark's stopwatch ends here: the frame is on screen.
        if exitAfterFirstFrame { return exitCode }
        // What a killed `tmm-tui import` left in the cache folder (never a running import's files).
        ImportLeftovers.sweep(cacheDirectory: env.paths.cacheDirectory)
        // …and what a killed writer left beside the files it was replacing.
        env.storage.sweepAbandonedTemporaries(in: [env.paths.dataDirectory, env.paths.configDirectory, env.paths.cacheDirectory])
        perform(launchEffects)
        if !WriteAccess.isForbidden {
            let storage = env.storage
            StoreWatcher.start(directories: [env.paths.dataDirectory, env.paths.configDirectory]) { storage.reloadChanged() }
        }
        if let notice = env.live?.loadNotice { send(.message(.shell, ShellMessage.notices([notice]))) }
        while !model.quitRequested {
            let now = env.now()
            let wakeAt = model.nextWake(after: now, ctx)
            let deadlines = [wakeAt, env.livePipeline.nextDeadline()].compactMap { $0 }
            let timeout = deadlines.min().map { max(0, $0.timeIntervalSince(now)) }
            let events = device.waitForEvents(timeout: timeout)
            step(events, wakeAt: wakeAt)
        }
        liveStream?.cancel()
        work.cancelAll()
        flushLive()
        return exitCode
    }

    /// Hands live samples to the loop as the provider's stream would (benchmarks, tests).
    public func deliver(liveSamples: [QuantitySample]) {
        for sample in liveSamples { inbox.post(sample) }
    }

    /// Whether the provider's new samples are listened to.
    var isListeningToLiveSamples: Bool { liveStream != nil }

    /// Starts listening to the provider's new samples once health data has loaded (never with `--no-live`).
    func startLiveStreamIfNeeded() {
        guard liveStream == nil, env.options.live, env.live != nil else { return }
        let updates = env.provider.sampleUpdates(), inbox = self.inbox
        // The stream's waits are the provider's (a pull-based stream sleeps in its reader): in the
        // demo they are background time, not features' work the clock waits for (a detached task
        // inherits no task-local value, so it is passed on).
        let background = VirtualClock.inBackground
        liveStream = Task.detached {
            await VirtualClock.$inBackground.withValue(background) {
                for await sample in updates { inbox.post(sample) }
            }
        }
    }

    /// Live samples and every queued write, on disk before we stop or suspend.
    private func flushLive() {
        if let error = env.livePipeline.flush() { send(LivePipeline.writeFailed(error)) }
    }

    private func suspend() {
        flushLive()
        device.suspend()
        send(.resize(device.size))
    }

    /// Handles one batch of terminal events plus anything finished meanwhile,
    /// and a timer tick when `wakeAt` has passed.
    public func step(_ events: [TerminalEvent], wakeAt: Date? = nil) {
        var changed = false
        /// A key, a resize or a signal: its frame goes out as drawn (the encoder sends what differs).
        var asked = false
        deferredEffects = []
        defer { performDeferredEffects() }
        for event in events {
            switch event {
            case .keys(let keys):
                for key in keys where !model.quitRequested {
                    if key == .ctrl("z") {
                        performDeferredEffects()
                        suspend()
                    } else {
                        send(.key(key))
                    }
                    changed = true
                    asked = true
                }
            case .resized(let size):
                send(.resize(size))
                changed = true
                asked = true
            case .signal(let sig):
                if sig == SIGTSTP {
                    performDeferredEffects()
                    suspend()
                    changed = true
                    asked = true // back from the shell: the whole screen is drawn again
                } else {
                    // INT, TERM, HUP: leave cleanly (the caller restores the terminal and flushes).
                    exitCode = 128 + sig
                    model.quitRequested = true
                }
            case .wake:
                break
            }
        }
        let arrived = inbox.drain()
        for event in arrived.events {
            send(event)
            changed = true
        }
        for event in env.livePipeline.step(receiving: arrived.samples) {
            send(event)
            changed = true
        }
        if let wakeAt, env.now() >= wakeAt.addingTimeInterval(-0.001) {
            send(.tick)
            changed = true
        }
        if !model.shared.settings.liveUpdates, let stream = liveStream {
            // Live updates were switched off in Settings: stop listening and keep what arrived.
            stream.cancel()
            liveStream = nil
            flushLive()
        }
        if changed && !model.quitRequested { render(unlessUnchanged: !asked) }
    }

    func send(_ event: AppEvent) {
        let effects = model.handle(event, now: env.now(), ctx)
        if deferredEffects != nil { deferredEffects?.append(contentsOf: effects) } else { perform(effects) }
    }

    /// While a step runs: the effects of the events it handled, started (in order) once its
    /// frame is presented, so the frame does not wait for the work and writes they begin
    /// (a refresh's provider task, a settings save) nor share the CPU with them.
    private var deferredEffects: [Effect]?

    private func performDeferredEffects() {
        guard let effects = deferredEffects else { return }
        deferredEffects = nil
        perform(effects)
    }

    /// The frame on screen (the terminal backend keeps it too, to diff the next one against),
    /// and the one before it, which nobody else holds once the next frame is presented: each
    /// frame is drawn in the storage of the one before the last.
    private var shownFrame: Buffer?
    private var spareFrame: Buffer?
    /// The dimmed screen under help or the palette while one is open.
    private var overlayBackdrop: OverlayBackdrop?
    /// What the parts of the last frames were drawn from: a part whose inputs a key left alone is copied.
    public let memo = RenderMemo()

    /// `unlessUnchanged`: a frame that came from work's results or time alone is not presented
    /// when it is the one on screen (a read an off-screen tab asked for: nothing to write, and
    /// no frame to count).
    func render(unlessUnchanged: Bool = false) {
        var frame = spareFrame ?? Buffer(size: Size(width: 0, height: 0))
        spareFrame = nil // the storage is `frame`'s alone now
        AppView.render(model, ctx, now: env.now(), into: &frame, backdrop: &overlayBackdrop, shown: shownFrame, memo: memo)
        if unlessUnchanged, let shown = shownFrame, shown == frame {
            spareFrame = frame
            return
        }
        device.present(frame)
        spareFrame = shownFrame
        shownFrame = frame
        framesPresented += 1
    }

    /// Runs effects: features' work on background tasks (results come back
    /// through the inbox), writes on the storage owner's queue.
    func perform(_ effects: [Effect]) {
        guard !effects.isEmpty else { return }
        let inbox = self.inbox, services = env.services
        EffectRunner(startWork: { [work] w in work.start(w, services: services) { inbox.post($0) } },
                     cancelWork: { [work] id in work.cancel(id) },
                     storage: env.storage,
                     startLiveUpdates: { [self] in startLiveStreamIfNeeded() },
                     haptic: { [self] in if ctx.bell { device.bell() } else { device.flashScreen() } },
                     // Back from the shell: the frame drawn again whole (the terminal was cleared).
                     suspend: { [self] in suspend(); render() })
            .perform(effects, liveUpdatesOn: model.shared.settings.liveUpdates)
    }
}
