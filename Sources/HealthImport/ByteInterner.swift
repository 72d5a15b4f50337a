import FoundationEssentials
import Glibc

/// Turns repeated attribute bytes (record types, source names, units) into shared
/// Strings without allocating per record, and numbers the distinct Strings from 0:
/// the last hit is checked first (records come in long runs of one type and
/// source), then a table keyed by an FNV-1a hash of the bytes. Two spellings of one
/// name (`&amp;` and `&#38;`, or two Unicode forms Swift's `==` finds equal) get the
/// same number, so the number can stand for the String everywhere after the scan.
///
/// Flat storage, a few bytes per value beyond its text: with 100,000 sources this
/// is most of what an import keeps per source.
struct ByteInterner {
    /// The distinct Strings, by number.
    private(set) var strings: [String] = []
    /// Every distinct byte spelling seen, end to end; spelling `k` ends at `keyEnds[k]`.
    private var keyBytes: [UInt8] = []
    private var keyEnds: [Int32] = []
    /// The number of the String each spelling decodes to.
    private var keyNumbers: [Int32] = []
    private var byBytes = IndexTable()
    /// Strings by value, kept once a spelling could decode to the String of another
    /// (an entity, a control character `decode` drops, bytes beyond ASCII); until then
    /// different bytes are different Strings.
    private var byString = IndexTable()
    private var stringsIndexed = false
    private var lastKey = -1
    /// Beyond this many distinct spellings strings are still returned, just not remembered
    /// (free text must not grow memory without bound).
    let limit: Int

    var count: Int { strings.count }

    init(limit: Int = 65_536) { self.limit = limit }

    /// The string for `bytes` (decoded with `decode` the first time) and its number (-1 when not remembered).
    mutating func intern(_ bytes: UnsafeRawBufferPointer, decode: (UnsafeRawBufferPointer) -> String) -> (String, Int) {
        if lastKey >= 0, keyEquals(lastKey, bytes) { return found(lastKey) }
        let hash = Self.fnv1a(bytes)
        if let key = byBytes.find(hash: hash, where: { keyEquals(Int($0), bytes) }) {
            lastKey = key
            return found(key)
        }
        let string = decode(bytes)
        guard keyEnds.count < limit, keyBytes.count + bytes.count <= Int(Int32.max) else { return (string, -1) }
        let number: Int
        if !stringsIndexed, !bytes.contains(where: { $0 >= 0x80 || $0 < 0x20 || $0 == 0x26 }) {
            // Printable ASCII without entities (what `decode` leaves as it is), and so far every
            // spelling was: new bytes, a new String.
            number = strings.count
            strings.append(string)
        } else {
            if !stringsIndexed {
                for n in strings.indices { indexString(n) }
                stringsIndexed = true
            }
            let stringHash = UInt64(truncatingIfNeeded: string.hashValue)
            if let known = byString.find(hash: stringHash, where: { strings[Int($0)] == string }) {
                number = known
            } else {
                number = strings.count
                strings.append(string)
                indexString(number)
            }
        }
        let key = keyEnds.count
        keyBytes.append(contentsOf: bytes)
        keyEnds.append(Int32(keyBytes.count))
        keyNumbers.append(Int32(number))
        let spellings = keyBytes, ends = keyEnds
        byBytes.insert(Int32(key), hash: hash) { spelling in
            let k = Int(spelling)
            return spellings.withUnsafeBytes {
                Self.fnv1a(UnsafeRawBufferPointer(rebasing: $0[(k == 0 ? 0 : Int(ends[k - 1]))..<Int(ends[k])]))
            }
        }
        lastKey = key
        return (strings[number], number)
    }

    private mutating func indexString(_ number: Int) {
        let all = strings
        byString.insert(Int32(number), hash: UInt64(truncatingIfNeeded: all[number].hashValue)) {
            UInt64(truncatingIfNeeded: all[Int($0)].hashValue)
        }
    }

    @inline(__always)
    private func found(_ key: Int) -> (String, Int) {
        let number = Int(keyNumbers[key])
        return (strings[number], number)
    }

    private func keyRange(_ key: Int) -> Range<Int> {
        (key == 0 ? 0 : Int(keyEnds[key - 1]))..<Int(keyEnds[key])
    }

    private func keyEquals(_ key: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let range = keyRange(key)
        guard range.count == bytes.count else { return false }
        guard range.count > 0 else { return true }
        return keyBytes.withUnsafeBytes { stored in
            memcmp(stored.baseAddress! + range.lowerBound, bytes.baseAddress!, range.count) == 0
        }
    }

    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// An open-addressing hash set of small integers (positions in the caller's own
/// arrays), 4 bytes a slot: the caller says how to hash and compare what a
/// position stands for, so nothing is stored twice.
struct IndexTable {
    /// Position + 1; 0 is an empty slot.
    private var slots: [Int32] = []
    private(set) var count = 0

    /// The position whose value has `hash` and satisfies `matches`, if any.
    @inline(__always)
    func find(hash: UInt64, where matches: (Int32) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.start(hash, mask)
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if matches(stored - 1) { return Int(stored - 1) }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `position` (not already present); `rehash` gives the hash of a stored position when the table grows.
    mutating func insert(_ position: Int32, hash: UInt64, rehash: (Int32) -> UInt64) {
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = [Int32](repeating: 0, count: max(16, slots.count * 2))
            count = 0
            for stored in old where stored != 0 { place(stored, hash: rehash(stored - 1)) }
        }
        place(position + 1, hash: hash)
    }

    /// The first slot to probe: the hash's bits mixed (FNV-1a's low bits depend only on
    /// the bytes' low bits, and names like "App 12345" differ in few of them).
    @inline(__always)
    private static func start(_ hash: UInt64, _ mask: Int) -> Int {
        var h = hash
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return Int(truncatingIfNeeded: h) & mask
    }

    private mutating func place(_ stored: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Self.start(hash, mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = stored
        count += 1
    }
}
