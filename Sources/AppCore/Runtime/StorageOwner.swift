import Dispatch
import FoundationEssentials
import Glibc
import HealthDomain
import Platform
import Synchronization

/// One change to the meal log, applied to the latest file (never a whole list
/// written over what another process saved).
public enum MealChange: Sendable, Equatable {
    case add(Meal)
    /// Replace the meal with this id; fails when another process deleted it.
    case edit(Meal)
    case delete(id: UUID)
    /// Put a meal back (undo): added, or replacing the one with its id.
    case restore(Meal)
}

/// What the storage owner tells the loop when another process changed a file.
public enum StoreReloaded: Sendable {
    case settings(Settings)
    case meals([Meal])
}

/// The one owner of the app's files. Every write runs on its serial queue,
/// never on the loop that draws, in the order asked, and as a read-modify-write
/// of the latest file under the data directory's lock (`FileLock`), so two
/// tmm-tui processes on one data directory never undo each other's changes.
/// A settings change is written `settingsWriteDelay` after it is asked for, not at
/// once: the frame that shows it reaches the terminal first (the write's two fsyncs
/// beside a frame held its second half back ~0.7 ms through a pty), and changes in
/// quick succession (`+` held on a goal, `t` pressed twice) coalesce into one write.
/// `flush()` writes what is waiting and waits for all of it (quit, SIGTERM, SIGHUP,
/// Ctrl-Z); a process killed outright loses at most that delay's settings change.
public final class StorageOwner: Sendable {
    private let queue = DispatchQueue(label: "tmm-tui.storage", qos: .userInitiated)
    private struct Stores {
        var settings: RecordStore<Settings>
        var meals: RecordStore<[Meal]>?
        let mealsFile: VersionedFile<[Meal]>
    }
    /// The stores, reachable only by code running on `queue` (`confined`).
    private let stores: QueueConfined<Stores>
    /// Coalesced settings change waiting for the queue: what the app's value was before it, and after.
    private let pendingSettings = Mutex<(base: Settings?, mine: Settings)?>(nil)
    private let now: @Sendable () -> Date
    /// The data directory's lock, shared with every other process (nil: no locking, for tests of one process).
    public let lock: FileLock?
    /// What went wrong opening a store, for stderr at exit.
    private let openNotices = Mutex<[String]>([])
    public var notices: [String] { openNotices.withLock { $0 } }
    /// Where a failed background write is reported (the run loop's inbox).
    private let reporter = Mutex<(@Sendable (StorageFailure) -> Void)?>(nil)
    /// Where a store another process changed is reported.
    private let reloadReporter = Mutex<(@Sendable (StoreReloaded) -> Void)?>(nil)
    /// Settings as they were read at launch (before any background write).
    let launchSettings: Settings
    /// How long a settings change waits before it is written (see the type's comment).
    let settingsWriteDelay: DispatchTimeInterval

    init(settings: RecordStore<Settings>, mealsFile: VersionedFile<[Meal]>, lock: FileLock?,
         settingsWriteDelay: DispatchTimeInterval = .milliseconds(40), now: @escaping @Sendable () -> Date) {
        launchSettings = settings.value
        self.settingsWriteDelay = settingsWriteDelay
        stores = QueueConfined(Stores(settings: settings, meals: nil, mealsFile: mealsFile), queue: queue)
        self.lock = lock
        self.now = now
    }

    /// Runs `job` on the queue with the stores; the only way to reach them.
    private func confined<T>(_ job: (inout Stores) -> T) -> T {
        stores.access(job)
    }

    /// Failed writes nobody waits for (settings, cache) are told here.
    public func onFailure(_ report: @escaping @Sendable (StorageFailure) -> Void) {
        reporter.withLock { $0 = report }
    }

    /// Files another process changed are told here (see `reloadChanged`).
    public func onReload(_ report: @escaping @Sendable (StoreReloaded) -> Void) {
        reloadReporter.withLock { $0 = report }
    }

    private func report(_ failure: StorageFailure) {
        reporter.withLock { $0 }?(failure)
    }

    /// The settings as saved; waits for writes in flight.
    public var settingsValue: Settings { queue.sync { writePendingSettings(); return confined { $0.settings.value } } }

    /// The meal log as saved (opened on first use); waits for writes in flight.
    public var mealsValue: [Meal] { queue.sync { confined { openMeals(&$0).value } } }

    /// The meal log as read, or nil when the file was there and could not be read.
    public var mealsIfRead: [Meal]? {
        queue.sync { confined { s in let store = openMeals(&s); return store.couldNotRead ? nil : store.value } }
    }

    /// The meal log's file.
    public var mealsFile: VersionedFile<[Meal]> { queue.sync { confined { $0.mealsFile } } }

    /// Applies `change` to the latest settings file and waits for the write (commands, `--reset`).
    public func updateSettings(_ change: (inout Settings) -> Void) -> StorageError? {
        queue.sync { writePendingSettings(); return confined { $0.settings.update(now: now(), change) } }
    }

    /// Forgets onboarding and settings (meals are kept); waits for the write.
    public func resetSettings() -> StorageError? { updateSettings { $0 = Settings() } }

    // MARK: Writes

    /// Saves the app's change to the settings (`base` → `mine`): only the fields
    /// it changed are written, over whatever another process saved meanwhile.
    /// Without a base every field is written as `mine` has it.
    public func saveSettings(_ mine: Settings, base: Settings?) {
        let alreadyQueued = pendingSettings.withLock { pending -> Bool in
            defer { pending = (pending.map { $0.base } ?? base, mine) }
            return pending != nil
        }
        guard !alreadyQueued else { return }
        queue.asyncAfter(deadline: .now() + settingsWriteDelay) { [self] in writePendingSettings() }
    }

    /// On the queue: writes the settings change waiting there, if there is one. Every
    /// job that reads or writes the settings runs it first, so none sees them out of order.
    private func writePendingSettings() {
        guard let change = pendingSettings.withLock({ p -> (base: Settings?, mine: Settings)? in defer { p = nil }; return p }) else { return }
        let outcome: (StorageError?, Settings) = confined { s in
            let error = s.settings.update(now: now()) { theirs in
                guard let base = change.base else { theirs = change.mine; return }
                theirs = try ThreeWayMerge.merge(base: base, mine: change.mine, theirs: theirs)
            }
            return (error, s.settings.value)
        }
        if let error = outcome.0 { report(.store(error.message)) }
        // Another process's change was merged in: the app shows the settings as they are now.
        if outcome.1 != change.mine { reloadReporter.withLock { $0 }?(.settings(outcome.1)) }
    }

    /// Reads the meal log (after the first frame) and says what went wrong opening it.
    public func loadMeals() async -> (meals: [Meal], notice: String?, short: String?) {
        await onQueue { self.confined { s in let store = self.openMeals(&s); return (store.value, store.loadNotice, store.loadNoticeShort) } }
    }

    /// Applies one change to the latest meal log; the list as saved, or why not.
    public func saveMeal(_ change: MealChange) async -> Result<[Meal], StorageError> {
        await onQueue {
            self.confined { s in
                let store = self.openMeals(&s)
                if let error = store.update(now: self.now(), { list in try Self.apply(change, to: &list) }) { return .failure(error) }
                return .success(store.value)
            }
        }
    }

    static func apply(_ change: MealChange, to list: inout [Meal]) throws {
        switch change {
        case .add(let meal):
            list.append(meal)
        case .edit(let meal):
            guard let i = list.firstIndex(where: { $0.id == meal.id }) else { throw StorageError(deletedElsewhere) }
            list[i] = meal
        case .delete(let id):
            list.removeAll { $0.id == id }
        case .restore(let meal):
            if let i = list.firstIndex(where: { $0.id == meal.id }) { list[i] = meal } else { list.append(meal) }
        }
    }

    /// The message of an edit whose meal another process deleted.
    public static let deletedElsewhere = "this meal was deleted in another tmm-tui window"

    /// Reads again every open store whose file another process replaced, and
    /// reports each that changed (`onReload`). Cheap when nothing changed: one stat per file.
    public func reloadChanged() {
        queue.async { [self] in
            writePendingSettings() // merged with theirs first: the app is not shown theirs, then ours again
            let changes: [StoreReloaded] = confined { s in
                var out: [StoreReloaded] = []
                if s.settings.reloadIfChanged(now: now()) { out.append(.settings(s.settings.value)) }
                if let meals = s.meals, meals.reloadIfChanged(now: now()) { out.append(.meals(meals.value)) }
                return out
            }
            let reporter = reloadReporter.withLock { $0 }
            for change in changes { reporter?(change) }
        }
    }

    /// Removes, under the data lock, the temporaries of writers that were
    /// killed mid-write (never a running process's: their pid is checked).
    public func sweepAbandonedTemporaries(in directories: [URL]) {
        guard let lock else { return }
        queue.async {
            _ = try? lock.withLock { for dir in directories { AtomicFile.removeAbandonedTemporaries(in: dir) } }
        }
    }

    /// Runs a job that writes the health cache (which takes the data lock itself) on
    /// the same queue, after every write asked for before it; a failure is reported.
    public func writeCache(_ job: @escaping @Sendable () throws -> Void) {
        queue.async { [self] in
            do { try job() } catch { report(.cache("\(error)")) }
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
        queue.sync { writePendingSettings() }
    }

    private func openMeals(_ s: inout Stores) -> RecordStore<[Meal]> {
        if let store = s.meals { return store }
        let store = RecordStore(file: s.mealsFile, empty: [], lock: lock, now: now())
        if let notice = store.loadNotice { openNotices.withLock { $0.append(notice) } }
        s.meals = store
        return store
    }
}

/// A write the storage owner did behind the app's back that failed.
public enum StorageFailure: Sendable, Equatable {
    /// The user's settings or meals (the change stays in memory and is retried with the next).
    case store(String)
    /// The health cache (derived data: the numbers on screen are right, the next launch starts older).
    case cache(String)

    public var text: String {
        switch self { case .store(let t), .cache(let t): return t }
    }

    /// The toast that tells it.
    public var shellMessage: ShellMessage {
        switch self {
        case .store(let text): return .storageFailed(text)
        case .cache(let text): return .warning(key: "toast.cacheSaveFailed", argument: text)
        }
    }
}

/// A value only one dispatch queue may touch. Every access checks at run time
/// that it runs on that queue (`dispatchPrecondition`), which is what makes
/// sharing the box between threads safe: the compiler cannot see a queue's
/// confinement, so the check stands in for its Sendable proof.
final class QueueConfined<Value>: @unchecked Sendable {
    private let queue: DispatchQueue
    private var value: Value

    init(_ value: Value, queue: DispatchQueue) {
        self.value = value
        self.queue = queue
    }

    func access<T>(_ body: (inout Value) -> T) -> T {
        dispatchPrecondition(condition: .onQueue(queue))
        return body(&value)
    }
}
