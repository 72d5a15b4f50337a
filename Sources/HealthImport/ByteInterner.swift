import FoundationEssentials
import Glibc

/// Turns repeated attribute bytes (record types, source names, units) into shared
/// Strings without allocating per record: the last hit is checked first (records
/// come in long runs of one type and source), then a table keyed by an FNV-1a hash.
struct ByteInterner {
    private struct Entry {
        let key: [UInt8]
        let string: String
        let id: Int
    }

    private var table: [UInt64: [Entry]] = [:]
    private var last: Entry?
    private(set) var count = 0
    /// Beyond this many distinct values strings are still returned, just not remembered
    /// (free text must not grow memory without bound).
    let limit: Int

    init(limit: Int = 65_536) { self.limit = limit }

    /// The string for `bytes` (decoded with `decode` the first time) and a stable id (-1 when not remembered).
    mutating func intern(_ bytes: UnsafeRawBufferPointer, decode: (UnsafeRawBufferPointer) -> String) -> (String, Int) {
        if let last, Self.equal(last.key, bytes) { return (last.string, last.id) }
        let hash = Self.fnv1a(bytes)
        if let bucket = table[hash] {
            for entry in bucket where Self.equal(entry.key, bytes) {
                last = entry
                return (entry.string, entry.id)
            }
        }
        let string = decode(bytes)
        guard count < limit else { return (string, -1) }
        let entry = Entry(key: Array(bytes), string: string, id: count)
        count += 1
        table[hash, default: []].append(entry)
        last = entry
        return (string, entry.id)
    }

    private static func equal(_ key: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard key.count == bytes.count else { return false }
        return key.withUnsafeBytes { stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return key.isEmpty }
            return memcmp(a, b, key.count) == 0
        }
    }

    private static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
