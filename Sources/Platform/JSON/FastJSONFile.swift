import FoundationEssentials

/// A stored value `VersionedFile` can read with `JSONReader` instead of
/// `JSONDecoder` (measured: 5,000 meals in ~2 ms instead of ~30). `read` must
/// accept exactly what the synthesized `Decodable` accepts, or throw — the
/// decoder then reads the file as before (tests compare both on the same files).
public protocol JSONFastDecodable {
    static func read(_ r: inout JSONReader) throws -> Self
}

extension VersionedFile where Value: JSONFastDecodable {
    /// The same file, read by `JSONReader` (chosen over the general initializer wherever
    /// `Value` is known to be `JSONFastDecodable`).
    public init(url: URL, schemaVersion: Int, maxBytes: Int = 16 * 1024 * 1024, migrate: Migration? = nil, readOnly: Bool = false,
                setsAsideDamaged: Bool = true) {
        self.init(url: url, schemaVersion: schemaVersion, maxBytes: maxBytes, migrate: migrate, readOnly: readOnly,
                  setsAsideDamaged: setsAsideDamaged, fastRead: { r in try Value.read(&r) })
    }
}

extension VersionedFile {
    /// The envelope's value read by `JSONReader` when `Value` knows how and the
    /// file has the current schema version; nil means "ask `JSONDecoder`".
    func fastLoad(_ data: Data) -> Value? {
        guard let read = fastRead else { return nil }
        return JSONReader.read(data) { r in try Self.envelope(&r, schemaVersion: schemaVersion, read) }
    }

    /// A file this large is read in as `JSONReader` goes (`FileWindow`), never whole: at 5,000 meals
    /// (745 KB) the whole file held while read was the app's peak memory. Smaller files (the health
    /// cache, settings) are read at once, in one system call.
    static var streamedFromBytes: Int { 256 * 1024 }

    /// What `fastLoad` would read from the file's bytes, read from the file a stretch at a time
    /// (`FileWindow`) when it is a regular file of at least `streamedFromBytes` and at most
    /// `maxBytes`. nil for any other file and whenever `fastLoad` would say nil, and also when a
    /// value runs past what is read ahead (a meal of over 64 KB): `load` then reads the file whole,
    /// as before, and decides.
    func streamedFastLoad() -> Value? {
        guard let read = fastRead, let file = try? PosixFile(readingAt: url.path) else { return nil }
        defer { file.close() }
        guard let size = try? file.status().size, size >= Self.streamedFromBytes, size <= maxBytes,
              let window = FileWindow(file: file, size: size) else { return nil }
        return JSONReader.read(window) { r in try Self.envelope(&r, schemaVersion: schemaVersion, read) }
    }

    /// `{"schemaVersion": N, "savedAt": ..., "data": ...}` with N the current version: its data.
    private static func envelope(_ r: inout JSONReader, schemaVersion: Int,
                                 _ read: (inout JSONReader) throws -> Value) throws -> Value {
        var value: Value?, version: Int?
        try r.fields { key, r in
            switch key {
            case "data": value = try read(&r)
            case "schemaVersion": version = try r.int()
            case "savedAt": if !r.null() { _ = try r.iso8601Date() }
            default: try r.skipValue()
            }
        }
        guard version == schemaVersion, let value else { throw JSONReader.Failure() }
        return value
    }
}
