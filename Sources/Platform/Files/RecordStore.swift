import FoundationEssentials

/// A list of records in a versioned JSON file with the safety rules user data
/// needs: a file that could not be read is never written over, a failed save
/// leaves memory as it was and says why.
public final class RecordStore<Value: Codable & Sendable> {
    public let file: VersionedFile<Value>
    public private(set) var value: Value
    /// What went wrong opening the file, for the user to see once.
    public private(set) var loadNotice: String?
    /// True when the file exists but could not be read or moved aside: saving would destroy it.
    public private(set) var isProtected = false

    public init(file: VersionedFile<Value>, empty: Value, now: Date = Date()) {
        self.file = file
        self.value = empty
        switch file.load(now: now) {
        case .missing: break
        case .loaded(let v):
            value = v
            if let repaired = v as? any RepairedOnLoad, !repaired.loadRepairs.isEmpty {
                loadNotice = "\(file.url.lastPathComponent): " + repaired.loadRepairs.joined(separator: "; ") + ". Everything else was kept."
            }
        case .recovered(let reason, let moved):
            if let moved {
                loadNotice = "\(file.url.lastPathComponent) could not be opened because \(reason). It was kept as \(moved.lastPathComponent); starting fresh."
            } else {
                isProtected = true
                loadNotice = "\(file.url.lastPathComponent) could not be opened because \(reason). It is left untouched and changes will not be saved."
            }
        }
    }

    /// Applies a change and saves it; on failure the change is rolled back and the error returned.
    @discardableResult
    public func update(now: Date = Date(), _ change: (inout Value) -> Void) -> StorageError? {
        var next = value
        change(&next)
        if isProtected {
            return StorageError("\(file.url.lastPathComponent) is protected because it could not be read; fix or move it, then restart")
        }
        do {
            try file.save(next, now: now)
            value = next
            return nil
        } catch let e as StorageError {
            return e
        } catch {
            return StorageError("\(error)")
        }
    }

}

/// A value read from a file that decoding had to fix, field by field, so that
/// one bad value never throws away the rest. `loadRepairs` says what was fixed.
public protocol RepairedOnLoad {
    var loadRepairs: [String] { get }
}
