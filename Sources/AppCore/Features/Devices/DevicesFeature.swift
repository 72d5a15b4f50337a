import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let devices = FeatureID("devices")
}

/// The wearable the Devices screen and `sync` talk to (simulated; a Bluetooth LE one would take
/// its place), from `--scenario` (its names) and `--seed`.
public enum DevicesWearable: ServiceKey {
    public static func make(_ env: AppEnvironment) -> any WearableService {
        SimulatedWearable(scenario: WearableScenario(name: env.options.scenarioName) ?? .random, seed: env.options.seed, sleeper: env.sleeper)
    }
}

/// The Devices screen as a feature: the wearable's connect and fetch run as
/// one cancellable piece of work; the last sync lives in the settings store.
extension DevicesViewModel: BindingFeature {
    public static let id = FeatureID.devices
    public static var snapshotScreens: [String] { ["devices", "devices-connecting", "devices-synced", "devices-failed"] }
    public static var serviceKeys: [any ServiceKey.Type] { [DevicesWearable.self] }
    public static var scenarioNames: [String] { WearableScenario.names }
    public static var stringTables: [String: [UInt8]] {
        ["en": PackageResources.devices_en_json, "fr": PackageResources.devices_fr_json]
    }

    /// Connect and fetch share one id: Esc or the timeout cancels whichever runs.
    static let workID = WorkID(.devices, "connect")

    static func connectWork(attempt: Int) -> Effect {
        .run(Work(workID) { services in
            do {
                try await services[DevicesWearable.self].connect()
                return WorkResult(event: .connected(attempt: attempt, at: services.now()))
            } catch {
                return failure(error, attempt: attempt, services, fallback: .timedOut)
            }
        })
    }

    static func fetchWork(attempt: Int) -> Effect {
        .run(Work(workID) { services in
            let outcome: Result<WearablePayload, Error>
            do { outcome = .success(try await services[DevicesWearable.self].fetch()) } catch { outcome = .failure(error) }
            // One reading per connection, as a battery-powered band expects.
            await services[DevicesWearable.self].disconnect()
            switch outcome {
            case .success(let payload): return WorkResult(event: .fetched(payload, attempt: attempt, at: LastSync.time(services.now())))
            case .failure(let error): return failure(error, attempt: attempt, services, fallback: .invalidPayload(.other("\(error)")))
            }
        })
    }

    /// A cancelled attempt says nothing; any error that is not a `WearableError` becomes `fallback`.
    private static func failure(_ error: Error, attempt: Int, _ services: Services, fallback: WearableError) -> WorkResult? {
        if error is CancellationError || Task.isCancelled { return nil }
        return WorkResult(event: .failed(error as? WearableError ?? fallback, attempt: attempt, at: services.now()))
    }

    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        let now = env.now()
        let range = TodayViewModel.range(now: now, env.context.calendar)
        try? await Commands.authorizeUndetermined(env)
        if let r = try? await env.repository.refresh(from: range.first, through: range.last, now: now, live: env.live?.samples) {
            model.devices.mergedSteps = r.snapshot.steps
        }
        var c = model.devices.connection
        switch screen {
        case "devices-connecting":
            c.handle(.connect(now.addingTimeInterval(-1.6)))
        case "devices-synced":
            // A band that always answers, with the run's seed: the same numbers every time.
            let band = SimulatedWearable(scenario: .alwaysSucceed, seed: env.options.seed, deviceName: c.deviceName, sleeper: { _ in })
            c.handle(.connect(now.addingTimeInterval(-3)))
            c.handle(.connected(attempt: 1, at: now.addingTimeInterval(-0.5)))
            if (try? await band.connect()) != nil, let payload = try? await band.fetch() {
                c.handle(.fetched(payload, attempt: 1, at: now))
            }
        case "devices-failed":
            c.handle(.connect(now.addingTimeInterval(-2.5)))
            c.handle(.failed(.outOfRange, attempt: 1, at: now))
        default:
            break
        }
        model.devices.connection = c
    }

    public mutating func prepareFirstFrame(_ env: AppEnvironment, _ shared: inout SharedState) {
        connection = DeviceConnection(deviceName: env.service(DevicesWearable.self).deviceName, lastSync: shared.settings.lastDeviceSync)
    }


    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch message {
        case let m as WorkResult: return apply(m.event, &shared, ctx)
        case let m as HealthLoaded: heard(m)
        case let m as LiveUpdate: heard(m)
        default: break
        }
        return []
    }

    /// Every feature hears ticks: the overall timeout fires even on another screen.
    public mutating func tick(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        connection.isBusy ? apply(.tick(shared.now), &shared, ctx) : []
    }

    /// While busy: each whole second (the elapsed time) and the timeout.
    public func nextTimer(after now: Date) -> Date? {
        guard let elapsed = connection.elapsed(at: now) else { return nil }
        let start = now.addingTimeInterval(-elapsed)
        let nextSecond = start.addingTimeInterval((elapsed + 0.001).rounded(.down) + 1)
        return min(nextSecond, start.addingTimeInterval(connection.timeoutSeconds))
    }

    /// The progress bar moves smoothly while connecting (not with reduced motion).
    public func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool {
        connection.isBusy && !ctx.reduceMotion
    }

    public func status(_ shared: SharedState, _ ctx: AppContext) -> HeaderStatus? {
        let s = ctx.strings
        switch connection.state {
        case .connecting: return HeaderStatus([s("devices.status.connecting")], tone: .accent)
        case .fetching: return HeaderStatus([s("devices.status.fetching")], tone: .accent)
        case .failed: return HeaderStatus([s("devices.status.failed")], tone: .warning)
        case .synced, .notConnected:
            guard let sync = shownSync else { return HeaderStatus([s("devices.status.never")]) }
            return HeaderStatus([DevicesText.lastSync(sync, now: shared.now, ctx),
                                 s("devices.status.syncedShort", DevicesText.when(sync.syncedAt, now: shared.now, ctx))])
        }
    }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        DevicesView.render(self, shared, ctx, r, in: rect, &buffer)
    }
}

public extension AppModel {
    var devices: DevicesViewModel {
        get { self[DevicesViewModel.self] }
        set { self[DevicesViewModel.self] = newValue }
    }
}
