import Foundation
import DesignSystem
import HealthDomain
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Finished async work, handed from background tasks to the run loop.
final class Inbox: @unchecked Sendable {
    // Guarded by `lock`; posted from task threads, drained by the loop thread.
    private let lock = NSLock()
    private var events: [AppEvent] = []
    private var samples: [QuantitySample] = []
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func post(_ event: AppEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
        wake()
    }

    /// Live samples skip the model: the run loop hands them to the live pipeline,
    /// which decides when the screen hears about them.
    func post(_ sample: QuantitySample) {
        lock.lock()
        let wasEmpty = samples.isEmpty
        samples.append(sample)
        lock.unlock()
        if wasEmpty { wake() }
    }

    func drain() -> (events: [AppEvent], samples: [QuantitySample]) {
        lock.lock()
        defer { lock.unlock() }
        let out = (events, samples)
        events.removeAll()
        samples.removeAll()
        return out
    }
}

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

    public init(env: AppEnvironment, device: TerminalDevice, wake: @escaping @Sendable () -> Void) {
        self.env = env
        self.device = device
        self.inbox = Inbox(wake: wake)
        self.model = env.makeModel(size: device.size, deferMeals: true)
    }

    var ctx: AppContext { env.context }

    /// Runs until the user quits or a signal ends the app; returns the exit code.
    public func run() -> Int32 {
        // The first frame goes out before any I/O the launch starts.
        let launchEffects = model.start(ctx)
        render()
        StartupTrace.mark("first frame presented")
        // The benchmark's stopwatch ends here: the frame is on screen.
        if exitAfterFirstFrame { return exitCode }
        perform(launchEffects)
        while !model.quitRequested {
            let now = env.now()
            let wakeAt = model.nextWake(after: now, ctx)
            let deadlines = [wakeAt, env.live?.nextDeadline()].compactMap { $0 }
            let timeout = deadlines.min().map { max(0, $0.timeIntervalSince(now)) }
            let events = device.waitForEvents(timeout: timeout)
            step(events, wakeAt: wakeAt)
        }
        liveStream?.cancel()
        flushLive()
        return exitCode
    }

    /// Hands live samples to the loop as the provider's stream would (benchmarks, tests).
    public func deliver(liveSamples: [QuantitySample]) {
        for sample in liveSamples { inbox.post(sample) }
    }

    /// Starts listening to the provider's new samples once health data has loaded.
    func startLiveStreamIfNeeded() {
        guard liveStream == nil, env.live != nil else { return }
        let updates = env.provider.sampleUpdates(), inbox = self.inbox
        liveStream = Task.detached {
            for await sample in updates { inbox.post(sample) }
        }
    }

    private func flushLive() {
        if let error = env.flushLive() { send(.liveWriteFailed(error)) }
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
        for event in events {
            switch event {
            case .keys(let keys):
                for key in keys where !model.quitRequested {
                    if key == .ctrl("z") {
                        suspend()
                    } else {
                        send(.key(key))
                    }
                    changed = true
                }
            case .resized(let size):
                send(.resize(size))
                changed = true
            case .signal(let sig):
                if sig == SIGTSTP {
                    suspend()
                    changed = true
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
        for event in env.liveStep(receiving: arrived.samples) {
            send(event)
            changed = true
        }
        if let wakeAt, env.now() >= wakeAt.addingTimeInterval(-0.001) {
            send(.tick)
            changed = true
        }
        if changed && !model.quitRequested { render() }
    }

    func send(_ event: AppEvent) {
        if case .health(.success, _) = event { startLiveStreamIfNeeded() }
        perform(model.handle(event, now: env.now(), ctx))
    }

    func render() {
        device.present(AppView.render(model, ctx, now: env.now()))
        framesPresented += 1
    }

    /// Runs effects: file writes now (their results go straight back to the
    /// model), provider calls on background tasks (results through the inbox).
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch env.work(for: effect) {
            case .none: break
            case .event(let event): send(event)
            case .later(let work):
                let inbox = self.inbox
                Task.detached { inbox.post(await work()) }
            case .haptic:
                if ctx.bell { device.bell() } else { device.flashScreen() }
            }
        }
    }
}

/// What running an effect amounts to.
public enum EffectWork: Sendable {
    case none
    /// Done already (a file write); here is the result.
    case event(AppEvent)
    /// Async work whose result arrives later.
    case later(@Sendable () async -> AppEvent)
    case haptic
}

extension AppEnvironment {
    /// The one place that knows how each effect is carried out; the run loop and
    /// the tests' driver both use it.
    public func work(for effect: Effect) -> EffectWork {
        switch effect {
        case .checkAvailability:
            let provider = self.provider
            return .later { .availability(await provider.isHealthDataAvailable()) }
        case .requestAuthorization(let allowed):
            let provider = self.provider
            return .later { await Self.authorize(provider, allowed: allowed) }
        case .refreshHealth:
            let repository = self.repository, clock = self.now, live = self.live
            let range = dashboardRange(now: clock())
            let first = range.first, last = range.last
            return .later { await Self.refresh(repository, (first, last), now: clock(), live: live) }
        case .saveSettings(let value):
            if let error = settings.update(now: now(), { $0 = value }) { return .event(.storageFailed(error.message)) }
            return .none
        case .openStores:
            let notices = [meals.loadNotice, live?.loadNotice].compactMap { $0 }
            return .event(.storesOpened(meals: meals.value, notices: notices))
        case .saveMeals(let list):
            if let error = meals.update(now: now(), { $0 = list }) { return .event(.mealsSaved(.failure(error))) }
            return .event(.mealsSaved(.success(meals.value)))
        case .haptic:
            return .haptic
        case .quit, .reconnectHealth:
            return .none
        }
    }

    static func authorize(_ provider: MockHealthProvider, allowed: Set<QuantityType>) async -> AppEvent {
        do {
            let types = Set(OnboardingViewModel.requestedTypes)
            return .authorization(.success(try await provider.requestAuthorization(toRead: types, userResponse: allowed)))
        } catch {
            return .authorization(.failure(healthError(error)))
        }
    }

    static func refresh(_ repository: HealthRepository, _ range: (first: DayKey, last: DayKey), now: Date,
                        live: LiveFeed?) async -> AppEvent {
        do {
            let r = try await repository.refresh(from: range.first, through: range.last, now: now, live: live?.samples)
            live?.setBase(r.liveBase, days: r.liveBaseDays)
            return .health(.success(r.snapshot), saveError: r.saveError)
        } catch {
            return .health(.failure(healthError(error)), saveError: nil)
        }
    }

    static func healthError(_ error: Error) -> HealthError {
        if let e = error as? HealthError { return e }
        if error is CancellationError { return .transient("cancelled") }
        return .transient("\(error)")
    }
}

extension AppEnvironment {
    /// One turn of the live pipeline, shared by the run loop and the tests: take
    /// the samples that arrived, write a batch when due, and say what the model
    /// should hear (a throttled update, a failed write).
    public func liveStep(receiving samples: [QuantitySample]) -> [AppEvent] {
        guard let live else { return [] }
        var events: [AppEvent] = []
        let now = self.now()
        let writes = live.counters.writes
        if !samples.isEmpty, let error = live.receive(samples, now: now) { events.append(.liveWriteFailed(error)) }
        let (update, writeError) = live.service(now: now)
        if let writeError { events.append(.liveWriteFailed(writeError)) }
        if let update {
            events.append(.live(update))
            if !update.steps.isEmpty { liveTotalsToCache = update }
        }
        if live.counters.writes > writes { storeLiveTotalsInCache() }
        return events
    }

    /// Writes every waiting live sample (quit, suspend, terminating signals),
    /// and the totals they made into the cache.
    public func flushLive() -> String? {
        let error = live?.flush(now: now())
        storeLiveTotalsInCache()
        return error
    }

    /// The cache follows the samples on disk: updated when a batch is written.
    private func storeLiveTotalsInCache() {
        guard let update = liveTotalsToCache else { return }
        liveTotalsToCache = nil
        try? repository.storeLiveTotals(steps: update.steps, energy: update.energy, now: update.at)
    }
}
