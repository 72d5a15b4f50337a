/// The bytes that change the terminal's pen from one style to another, remembered: a frame
/// changes pens a few hundred times between a few dozen styles, and working a change out
/// (which attributes go, which colours, their numbers, the reset when shorter) costs far
/// more than copying it. Direct-mapped by the two styles' bits; a change longer than a slot
/// (true colour with several attributes) is worked out each time.
struct PenCodes {
    static let slots = 256
    static let slotBytes = 48
    /// Per slot: the two styles' bits (the first with its top bit set: a style never uses it), then the length.
    private var keys = [UInt64](repeating: 0, count: 2 * slots)
    private var lengths = [UInt8](repeating: 0, count: slots)
    private var codes = [UInt8](repeating: 0, count: slots * slotBytes)

    private static let used: UInt64 = 1 << 63

    @inline(__always)
    private static func slot(_ from: Style, _ to: Style) -> Int {
        Int(truncatingIfNeeded: ((from.bits &* 0x9E37_79B9_7F4A_7C15) ^ (to.bits &* 0xC2B2_AE3D_27D4_EB4F)) >> 56)
    }

    /// Writes the change from `from` to `to` when it is remembered; false when it is not.
    @inline(__always)
    func write(from: Style, to: Style, _ out: inout ByteWriter) -> Bool {
        let slot = Self.slot(from, to)
        guard keys[2 * slot] == from.bits | Self.used, keys[2 * slot + 1] == to.bits else { return false }
        let start = slot * Self.slotBytes, length = Int(lengths[slot])
        codes.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(rebasing: $0[start..<(start + length)])) }
        return true
    }

    mutating func remember(from: Style, to: Style, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.slotBytes else { return }
        let slot = Self.slot(from, to)
        keys[2 * slot] = from.bits | Self.used
        keys[2 * slot + 1] = to.bits
        lengths[slot] = UInt8(bytes.count)
        let start = slot * Self.slotBytes
        for (i, byte) in bytes.enumerated() { codes[start + i] = byte }
    }
}
