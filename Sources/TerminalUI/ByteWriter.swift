/// Where the encoder writes a frame's bytes: memory of its own, grown by doubling, with none
/// of an array's checks on each byte (is it shared? is there room? — a frame is 20–30 KB
/// written a byte or two at a time). Made and freed by one `encode`; never copied out of it.
struct ByteWriter {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow() }
        base[count] = byte
        count += 1
    }

    /// The low `n` bytes of `word` (n ≤ 8), lowest first: a short glyph's UTF-8 in one store.
    @inline(__always)
    mutating func append(lowBytesOf word: UInt64, count n: Int) {
        while capacity - count < 8 { grow() }
        UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count += n
    }

    /// `bytes`, in one copy.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        while capacity - count < bytes.count { grow() }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Everything written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// What was written from `start` on.
    func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base + start, count: count - start) }

    /// Forgets what was written after the first `n` bytes.
    mutating func truncate(to n: Int) { count = min(count, max(0, n)) }

    /// Moves the last `length` bytes, written from `source` on, back to `destination` and forgets what followed them.
    mutating func move(from source: Int, count length: Int, to destination: Int) {
        (base + destination).update(from: base + source, count: length)
        count = destination + length
    }
}
