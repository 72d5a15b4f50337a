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
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func post(_ event: AppEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
        wake()
    }

    func drain() -> [AppEvent] {
        lock.lock()
        defer { lock.unlock() }
        let out = events
        events.removeAll()
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

    public init(env: AppEnvironment, device: TerminalDevice, wake: @escaping @Sendable () -> Void) {
        self.env = env
        self.device = device
        self.inbox = Inbox(wake: wake)
        self.model = env.makeModel(size: device.size)
    }

    var ctx: AppContext { env.context }

    /// Runs until the user quits or a signal ends the app; returns the exit code.
    public func run() -> Int32 {
        perform(model.start(ctx))
        render()
        while !model.quitRequested {
            let now = env.now()
            let wakeAt = model.nextWake(after: now, ctx)
            let timeout = wakeAt.map { max(0, $0.timeIntervalSince(now)) }
            let events = device.waitForEvents(timeout: timeout)
            step(events, wakeAt: wakeAt)
        }
        return exitCode
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
                        device.suspend()
                        send(.resize(device.size))
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
                    device.suspend()
                    send(.resize(device.size))
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
        for event in inbox.drain() {
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
            let repository = self.repository, clock = self.now
            let range = dashboardRange(now: clock())
            let first = range.first, last = range.last
            return .later { await Self.refresh(repository, (first, last), now: clock()) }
        case .saveSettings(let value):
            if let error = settings.update(now: now(), { $0 = value }) { return .event(.storageFailed(error.message)) }
            return .none
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

    static func refresh(_ repository: HealthRepository, _ range: (first: DayKey, last: DayKey), now: Date) async -> AppEvent {
        do {
            let r = try await repository.refresh(from: range.first, through: range.last, now: now)
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
