import CCacheHint
import FoundationEssentials
import Glibc

/// Turns repeated attribute bytes (record types, source names, units) into shared
/// Strings without allocating per record, and numbers the distinct Strings from 0:
/// the last hit is checked first (records come in long runs of one type and
/// source), then the spelling that came right after it last time (sources that
/// take turns — a watch and a phone, or 100,000 apps round-robin — come back in
/// the same order), then a table keyed by an FNV-1a hash of the bytes. The guess
/// reads arrays in the order the spellings were first seen, so when the order
/// repeats it reads them front to back; the table is read at a random place
/// (a cache miss once it outgrows the cache). Two spellings of one
/// name (`&amp;` and `&#38;`, or two Unicode forms Swift's `==` finds equal) get the
/// same number, so the number can stand for the String everywhere after the scan.
///
/// Flat storage, a few bytes per value beyond its text: with 100,000 sources this
/// is most of what an import keeps per source.
struct ByteInterner {
    /// The distinct Strings, by number.
    private(set) var strings: [String] = []
    /// Every distinct byte spelling seen, end to end; spelling `k` ends at `spellings[k].end`.
    private var keyBytes: [UInt8] = []
    /// Each spelling's end, number and guess, in one array: a new spelling is one append, not three.
    private var spellings: [Spelling] = []
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

    private struct Spelling {
        /// Where its bytes end in `keyBytes`.
        var end: Int32
        /// The number of the String it decodes to.
        var number: Int32
        /// The spelling that followed it the last time it was followed by another one (-1: none yet).
        var next: Int32
    }

    init(limit: Int = 65_536) { self.limit = limit }

    /// What `intern` will start from: the spelling found by the cheap guesses (the last
    /// one, the one that followed it), or else the hash of the bytes, with the table's
    /// slot for it already on its way into the cache. Work done between this and
    /// `intern` hides the table's cache miss.
    struct Probe {
        fileprivate var key: Int
        fileprivate var hash: UInt64
    }

    func probe(_ bytes: UnsafeRawBufferPointer) -> Probe {
        if lastKey >= 0 {
            if keyEquals(lastKey, bytes) { return Probe(key: lastKey, hash: 0) }
            let guess = Int(spellings[lastKey].next)
            if guess >= 0, keyEquals(guess, bytes) { return Probe(key: guess, hash: 0) }
        }
        let hash = Self.fnv1a(bytes)
        byBytes.prefetch(hash: hash)
        return Probe(key: -1, hash: hash)
    }

    /// The string for `bytes` (decoded with `decode` the first time) and its number (-1 when not remembered).
    mutating func intern(_ bytes: UnsafeRawBufferPointer, decode: (UnsafeRawBufferPointer) -> String) -> (String, Int) {
        intern(bytes, probe: probe(bytes), decode: decode)
    }

    /// The same, from `probe(bytes)` made since the last call (for the same bytes).
    mutating func intern(_ bytes: UnsafeRawBufferPointer, probe: Probe,
                         decode: (UnsafeRawBufferPointer) -> String) -> (String, Int) {
        if probe.key >= 0 {
            lastKey = probe.key
            return found(probe.key)
        }
        let hash = probe.hash
        if let key = byBytes.find(hash: hash, where: { keyEquals(Int($0), bytes) }) {
            follow(with: key)
            return found(key)
        }
        // Printable ASCII without entities is what `decode` leaves as it is: made a String
        // directly, not read again by `decode` to find that out (once per new name: 100,000
        // times with 100,000 sources).
        let plain = !bytes.contains(where: { $0 >= 0x80 || $0 < 0x20 || $0 == 0x26 })
        let string = plain ? String(decoding: bytes, as: UTF8.self) : decode(bytes)
        guard spellings.count < limit, keyBytes.count + bytes.count <= Int(Int32.max) else { return (string, -1) }
        let number: Int
        if !stringsIndexed, plain {
            // Plain, and so far every spelling was: new bytes, a new String.
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
        let key = spellings.count
        keyBytes.append(contentsOf: bytes)
        spellings.append(Spelling(end: Int32(keyBytes.count), number: Int32(number), next: -1))
        byBytes.insert(Int32(key), hash: hash)
        follow(with: key)
        return (strings[number], number)
    }

    /// `key` comes after the last one: remembered as its guess, and it is the last one now.
    @inline(__always)
    private mutating func follow(with key: Int) {
        if lastKey >= 0, spellings[lastKey].next != Int32(key) { spellings[lastKey].next = Int32(key) }
        lastKey = key
    }

    private mutating func indexString(_ number: Int) {
        byString.insert(Int32(number), hash: UInt64(truncatingIfNeeded: strings[number].hashValue))
    }

    @inline(__always)
    private func found(_ key: Int) -> (String, Int) {
        let number = Int(spellings[key].number)
        return (strings[number], number)
    }

    private func keyRange(_ key: Int) -> Range<Int> {
        (key == 0 ? 0 : Int(spellings[key - 1].end))..<Int(spellings[key].end)
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
/// arrays), 8 bytes a slot: the position and 32 bits of its hash. The caller says
/// how to compare what a position stands for, so nothing is stored twice; the
/// stored bits decide most misses without reading the caller's arrays (one
/// cache miss, not two, in a table larger than the cache) and place the slots
/// again when the table grows.
struct IndexTable {
    /// Hash bits << 32 | position + 1; 0 is an empty slot.
    private var slots: [UInt64] = []
    private(set) var count = 0

    /// The position whose value has `hash` and satisfies `matches`, if any.
    @inline(__always)
    func find(hash: UInt64, where matches: (Int32) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let bits = Self.mix(hash)
        let mask = slots.count - 1
        return slots.withUnsafeBufferPointer { slots in
            var slot = Int(bits) & mask
            while true {
                let stored = slots[slot]
                if stored == 0 { return nil }
                if UInt32(truncatingIfNeeded: stored >> 32) == bits {
                    let position = Int32(truncatingIfNeeded: stored) - 1
                    if matches(position) { return Int(position) }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Starts loading the slot `find(hash:)` reads first.
    @inline(__always)
    func prefetch(hash: UInt64) {
        guard !slots.isEmpty else { return }
        let slot = Int(Self.mix(hash)) & (slots.count - 1)
        slots.withUnsafeBufferPointer { tmm_prefetch($0.baseAddress! + slot) }
    }

    /// Adds `position` (not already present) with the hash of its value.
    mutating func insert(_ position: Int32, hash: UInt64) {
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: 0, count: max(16, slots.count * 2))
            count = 0
            for stored in old where stored != 0 { place(stored) }
        }
        place(UInt64(Self.mix(hash)) << 32 | UInt64(UInt32(position + 1)))
    }

    /// 32 bits of the hash, mixed (FNV-1a's low bits depend only on the bytes' low bits,
    /// and names like "App 12345" differ in few of them); the low ones pick the first slot.
    @inline(__always)
    private static func mix(_ hash: UInt64) -> UInt32 {
        var h = hash
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return UInt32(truncatingIfNeeded: h)
    }

    private mutating func place(_ stored: UInt64) {
        let mask = slots.count - 1
        var slot = Int(stored >> 32) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = stored
        count += 1
    }
}
