import FoundationEssentials
import HealthDomain

/// What each effect the model returns does: the one reading of `Effect`, used
/// by the app's run loop and by the tests' driver alike. How work runs is the
/// caller's (`startWork`): the app starts it on `WorkTasks`, the test driver
/// runs it in place so a test is deterministic.
struct EffectRunner {
    var startWork: (Work) -> Void
    var cancelWork: (WorkID) -> Void
    var storage: StorageOwner
    var startLiveUpdates: () -> Void
    var haptic: () -> Void
    var suspend: () -> Void

    func perform(_ effects: [Effect], liveUpdatesOn: Bool) {
        for effect in effects {
            switch effect {
            case .run(let work): startWork(work)
            case .cancel(let id): cancelWork(id)
            case .saveSettings(let value):
                // The model turns these into `storeSettings`; one that did not pass through it saves every field.
                storage.saveSettings(value, base: nil)
            case .storeSettings(let base, let mine): storage.saveSettings(mine, base: base)
            case .startLiveUpdates: if liveUpdatesOn { startLiveUpdates() }
            case .haptic: haptic()
            case .suspend: suspend()
            case .quit, .navigate, .send:
                break // quitting is the model's flag; the others never leave the model
            }
        }
    }
}
