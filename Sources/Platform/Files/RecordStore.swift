import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Which version of a file is on disk: a rename gives a new inode, an edit in
/// place a new size or time. Equal identities mean "nothing changed since".
public struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanos: Int64

    /// The identity of the file at `url` now; nil when there is none.
    public static func of(_ url: URL) -> FileIdentity? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                            modified: Int64(info.st_mtim.tv_sec), modifiedNanos: Int64(info.st_mtim.tv_nsec))
    }
}

/// A list of records in a versioned JSON file with the safety rules user data
/// needs: a file that could not be read is never written over, a failed save
/// leaves memory as it was and says why, and — with several tmm-tui processes
/// on one data directory — every change is applied to the latest file under
/// the data lock (read, apply just this change, replace), so no process
/// undoes another's. Not thread-safe: its owner confines it (`StorageOwner`).
public final class RecordStore<Value: Codable & Sendable> {
    public let file: VersionedFile<Value>
    /// The value as last read from or written to the file by this process.
    public private(set) var value: Value
    /// What went wrong opening the file, for the user to see once.
    public private(set) var loadNotice: String?
    /// The same, short enough for one line of an 80-column screen, where the sentence would be cut
    /// before what matters: where the file went ("meals.json unreadable, kept as meals.json.corrupt-…"),
    /// what a repair did, why a file was left untouched ("settings.json left untouched: a named pipe (FIFO), …").
    public private(set) var loadNoticeShort: String?
    /// True when the file exists but could not be read or moved aside: saving would destroy it.
    public var isProtected: Bool { protectedReason != nil }
    /// Why a protected file could not be read ("a named pipe (FIFO), not a regular file").
    private var protectedReason: String?
    /// True when the file was there but its contents could not be read (damaged, a FIFO…):
    /// `value` is the empty one, not what the file holds.
    public private(set) var couldNotRead = false
    private let empty: Value
    private let lock: FileLock?
    /// The file `value` came from (nil: there was none).
    private var identity: FileIdentity?

    public init(file: VersionedFile<Value>, empty: Value, lock: FileLock? = nil, now: Date = Date()) {
        self.file = file
        self.value = empty
        self.empty = empty
        self.lock = lock
        open(now: now)
    }

    private func open(now: Date) {
        identity = FileIdentity.of(file.url)
        switch file.load(now: now) {
        case .missing:
            value = empty
        case .loaded(let v):
            value = v
            if let repaired = v as? any RepairedOnLoad, !repaired.loadRepairs.isEmpty {
                loadNotice = "\(file.url.lastPathComponent): " + repaired.loadRepairs.joined(separator: "; ") + ". Everything else was kept."
                let count = repaired.loadRepairs.count
                loadNoticeShort = "\(file.url.lastPathComponent): \(count) bad \(count == 1 ? "value" : "values") reset, the rest kept"
            }
        case .recovered(let reason, let moved):
            value = empty
            couldNotRead = true
            if let moved {
                loadNotice = "\(file.url.lastPathComponent) could not be opened because \(reason). It was kept as \(moved.lastPathComponent); starting fresh."
                loadNoticeShort = "\(file.url.lastPathComponent) unreadable, kept as \(moved.lastPathComponent)"
            } else if file.readOnly || WriteAccess.isForbidden {
                loadNotice = Self.readOnlyNotice(file.url, reason: reason)
            } else {
                let why = Self.shortReason(reason)
                protectedReason = why
                loadNotice = "\(file.url.lastPathComponent) could not be opened because \(reason). It is left untouched and changes will not be saved."
                loadNoticeShort = "\(file.url.lastPathComponent) left untouched: \(why)"
            }
        }
    }

    /// A reason without its "it is" ("a named pipe (FIFO), not a regular file"), to follow a colon.
    static func shortReason(_ reason: String) -> String {
        reason.hasPrefix("it is ") ? String(reason.dropFirst(6)) : reason
    }

    /// What a command that only reads says of a file it could not read (and left as it is).
    public static func readOnlyNotice(_ url: URL, reason: String) -> String {
        "\(url.path) could not be read because \(reason). This command only reads: it went on without it and left the file as it is (the app sets a damaged file aside and starts afresh; one it cannot open, such as a FIFO, it leaves untouched and does not save over)."
    }

    /// Reads the file again when another process replaced it since we last
    /// looked (or always, with `force`); true when `value` changed. Takes no lock
    /// (a rename is atomic).
    @discardableResult
    public func reloadIfChanged(now: Date = Date(), force: Bool = false) -> Bool {
        guard force || FileIdentity.of(file.url) != identity else { return false }
        let before = try? VersionedFile<Value>.encoder.encode(value)
        protectedReason = nil
        couldNotRead = false
        loadNotice = nil
        loadNoticeShort = nil
        open(now: now)
        return (try? VersionedFile<Value>.encoder.encode(value)) != before
    }

    /// Applies a change to the latest file and saves it. Under the data lock
    /// the file is read again if another process replaced it, `change` is
    /// applied to that, and the result replaces the file. On failure nothing
    /// is written, `value` is the file's latest, and the error says why.
    @discardableResult
    public func update(now: Date = Date(), _ change: (inout Value) throws -> Void) -> StorageError? {
        do {
            if let lock { try lock.withLock { try applyLocked(now: now, change) } } else { try applyLocked(now: now, change) }
            return nil
        } catch let e as StorageError {
            return e
        } catch {
            return StorageError("\(error)")
        }
    }

    private func applyLocked(now: Date, _ change: (inout Value) throws -> Void) throws {
        // A protected file is tried again at each save: one whose permissions were mended keeps
        // its identity (chmod moves no mtime), one moved away or replaced does not.
        reloadIfChanged(now: now, force: isProtected)
        if let protectedReason {
            // Moved or mended, the file is read again by the next save: no restart needed.
            throw StorageError("\(file.url.lastPathComponent) could not be read (\(protectedReason)), so it is not saved over; move or mend it, then save again")
        }
        var next = value
        try change(&next)
        try file.save(next, now: now)
        value = next
        identity = FileIdentity.of(file.url)
    }
}

/// A value read from a file that decoding had to fix, field by field, so that
/// one bad value never throws away the rest. `loadRepairs` says what was fixed.
public protocol RepairedOnLoad {
    var loadRepairs: [String] { get }
}
