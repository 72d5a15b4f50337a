import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The Devices screen: connect the wearable, read its data, retry on failure,
/// remember the last sync. The states and their rules live in `DeviceConnection`
/// (pure); this view model turns its effects into work, settings and toasts.
public struct DevicesViewModel: Sendable {
    public internal(set) var connection = DeviceConnection(deviceName: "")
    /// Today's merged steps and the days around it, as Today last heard them
    /// (`HealthLoaded`, `LiveUpdate`): shown beside the wearable's own count.
    public internal(set) var mergedSteps: [DailyTotal] = []

    public init() {}

    /// A result of the connect or fetch work, tagged with its attempt.
    struct WorkResult: Sendable {
        var event: DeviceConnectionEvent
    }

    public enum Action: Sendable { case connect, cancel }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        switch connection.state {
        case .connecting, .fetching:
            return [Binding([.escape], "Esc", s("devices.key.cancel"), .cancel)]
        case .failed:
            return [Binding([.enter, .char("r"), .char("c")], "Enter", s("key.retry"), .connect)]
        case .synced:
            return [Binding([.enter, .char("r"), .char("c")], "Enter", s("devices.key.syncAgain"), .connect)]
        case .notConnected:
            return [Binding([.enter, .char("c"), .char("r")], "Enter", s("devices.key.connect"), .connect)]
        }
    }

    public mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        if performBound(key, &shared, ctx, &effects) { return true }
        // Enter while busy does nothing rather than reaching anything else.
        return connection.isBusy && key == .enter
    }

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch action {
        case .connect: return apply(.connect(shared.now), &shared, ctx)
        case .cancel:
            let effects = apply(.cancel(shared.now), &shared, ctx)
            shared.showToast(ctx.strings("devices.cancelled"), .info, seconds: 2)
            return effects
        }
    }

    /// Feeds one event to the state machine and carries out what it asks.
    mutating func apply(_ event: DeviceConnectionEvent, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let wasBusy = connection.isBusy
        var effects: [Effect] = []
        for effect in connection.handle(event) {
            switch effect {
            case .startConnect(let attempt): effects.append(DevicesViewModel.connectWork(attempt: attempt))
            case .startFetch(let attempt): effects.append(DevicesViewModel.fetchWork(attempt: attempt))
            case .cancelWork: effects.append(.cancel(DevicesViewModel.workID))
            case .saveLastSync(let sync):
                shared.settings.lastDeviceSync = sync
                effects.append(.saveSettings(shared.settings))
            }
        }
        // A connection may finish while another screen is up: say how it went.
        if wasBusy, shared.route != DevicesViewModel.id {
            switch connection.state {
            case .synced: shared.showToast(ctx.strings("devices.toast.synced", deviceName(ctx)), .success)
            case .failed(let error, _): shared.showToast(ctx.strings("devices.toast.failed", DevicesText.message(error, ctx)), .warning)
            default: break
            }
        }
        return effects
    }

    mutating func heard(_ loaded: HealthLoaded) {
        if case .success(let snapshot) = loaded.result { mergedSteps = snapshot.steps }
    }

    mutating func heard(_ update: LiveUpdate) {
        guard !update.steps.isEmpty else { return }
        mergedSteps = LiveMerge.patch(mergedSteps, with: update.steps)
    }

    // MARK: Derived values for the view

    func deviceName(_ ctx: AppContext) -> String {
        connection.deviceName.isEmpty ? ctx.strings("devices.deviceFallback") : connection.deviceName
    }

    /// The data on show: this sync's, or the last one's.
    var shownSync: LastSync? {
        if case .synced(let sync) = connection.state { return sync }
        return connection.lastSync
    }

    /// How far along the attempt is, for the progress bar: connecting fills
    /// most of it over the expected 3 s, reading the data the rest.
    func progress(now: Date) -> Double {
        let elapsed = connection.elapsed(at: now) ?? 0
        switch connection.state {
        case .connecting: return 0.7 * min(1, elapsed / SimulatedWearable.connectSeconds.upperBound)
        case .fetching: return 0.7 + 0.3 * min(1, max(0, elapsed - 2) / 2)
        case .synced: return 1
        default: return 0
        }
    }
}
