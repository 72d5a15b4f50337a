import Dispatch
import FoundationEssentials
import Glibc
import HealthDomain
import Platform
import Synchronization

/// The one owner of the app's files. Every write (atomic write + fsync) runs on
/// its serial queue, never on the loop that draws; writes run in the order they
/// were asked for. Settings saved in quick succession (`+` held on a goal)
/// coalesce into one write of the latest value. `flush()` waits for all of it
/// (quit, SIGTERM, SIGHUP, Ctrl-Z).
public final class StorageOwner: @unchecked Sendable {
    // Isolation by queue: `settings`, `mealsStore` and the health cache are
    // touched only from blocks running on `queue` (or before any was started).
    private let queue = DispatchQueue(label: "tmm-tui.storage", qos: .userInitiated)
    private let settingsStore: RecordStore<Settings>
    private var mealsStore: RecordStore<[Meal]>?
    private let mealsFile: VersionedFile<[Meal]>
    private let pendingSettings = Mutex<Settings?>(nil)
    private let now: @Sendable () -> Date
    /// What went wrong opening a store, for stderr at exit.
    private let openNotices = Mutex<[String]>([])
    public var notices: [String] { openNotices.withLock { $0 } }
    /// Where a failed background write is reported (the run loop's inbox).
    private let reporter = Mutex<(@Sendable (String) -> Void)?>(nil)

    init(settings: RecordStore<Settings>, mealsFile: VersionedFile<[Meal]>, now: @escaping @Sendable () -> Date) {
        settingsStore = settings
        self.mealsFile = mealsFile
        self.now = now
    }

    /// Failed writes nobody waits for (settings, cache) are told here.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        reporter.withLock { $0 = report }
    }

    private func report(_ message: String) {
        reporter.withLock { $0 }?(message)
    }

    /// Settings as they were read at launch (before any background write).
    var launchSettings: Settings { settingsStore.value }

    /// The settings as saved; waits for writes in flight.
    public var settings: RecordStore<Settings> { queue.sync { settingsStore } }

    /// The meal log, opened on first use; waits for writes in flight.
    public var meals: RecordStore<[Meal]> { queue.sync { openMeals() } }

    // MARK: Writes

    public func saveSettings(_ value: Settings) {
        let alreadyQueued = pendingSettings.withLock { pending -> Bool in
            defer { pending = value }
            return pending != nil
        }
        guard !alreadyQueued else { return }
        queue.async { [self] in
            guard let latest = pendingSettings.withLock({ p -> Settings? in defer { p = nil }; return p }) else { return }
            if let error = settingsStore.update(now: now(), { $0 = latest }) { report(error.message) }
        }
    }

    /// Reads the meal log (after the first frame) and says what went wrong opening it.
    public func loadMeals() async -> (meals: [Meal], notice: String?) {
        await onQueue { let store = self.openMeals(); return (store.value, store.loadNotice) }
    }

    public func saveMeals(_ list: [Meal]) async -> Result<[Meal], StorageError> {
        await onQueue {
            let store = self.openMeals()
            if let error = store.update(now: self.now(), { $0 = list }) { return .failure(error) }
            return .success(store.value)
        }
    }

    /// Runs a job that writes a file other than the user stores (the health
    /// cache) on the same queue, so it has a single writer; a failure is reported.
    public func write(_ job: @escaping @Sendable () throws -> Void) {
        queue.async { [self] in
            do { try job() } catch { report("\(error)") }
        }
    }

    /// Runs a job on the queue and waits for its result without blocking a thread of the loop.
    public func onQueue<T: Sendable>(_ job: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: job()) }
        }
    }

    /// Waits until every write asked for so far is on disk.
    public func flush() {
        queue.sync {}
    }

    private func openMeals() -> RecordStore<[Meal]> {
        if let store = mealsStore { return store }
        let store = RecordStore(file: mealsFile, empty: [], now: now())
        if let notice = store.loadNotice { openNotices.withLock { $0.append(notice) } }
        mealsStore = store
        return store
    }
}
