/// Text attributes that every terminal (and NO_COLOR) can show (seven bits at most: a `Style` keeps them in 7).
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let italic = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let reverse = Attributes(rawValue: 1 << 4)
}

/// How a cell looks. `nil` colors mean the terminal's default.
///
/// Kept in one word (a cell is a glyph word and a style word, 16 bytes: a 200×60 frame is
/// 192 KB, not the 288 KB three optionals and a byte took with their padding). Bits 0–23
/// the foreground's RGB and bit 24 whether it is set; bits 32–55 and 56 the same for the
/// background; bits 25–31 the attributes. Unused bits are always 0, so equal styles have
/// equal bits.
public struct Style: Hashable, Sendable {
    @usableFromInline var bits: UInt64

    @usableFromInline static let fgSet: UInt64 = 1 << 24
    @usableFromInline static let bgSet: UInt64 = 1 << 56
    @usableFromInline static let attributesShift: UInt64 = 25

    public init(fg: RGB? = nil, bg: RGB? = nil, attributes: Attributes = []) {
        bits = Self.colorBits(fg) | Self.colorBits(bg) << 32 | UInt64(attributes.rawValue) << Self.attributesShift
    }

    @inlinable
    static func colorBits(_ color: RGB?) -> UInt64 {
        guard let color else { return 0 }
        return fgSet | UInt64(color.r) << 16 | UInt64(color.g) << 8 | UInt64(color.b)
    }

    @inlinable
    static func color(_ word: UInt64) -> RGB? {
        guard word & fgSet != 0 else { return nil }
        return RGB(UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word))
    }

    public var fg: RGB? {
        @inlinable get { Self.color(bits) }
        set { bits = bits & ~0x1FF_FFFF | Self.colorBits(newValue) }
    }

    public var bg: RGB? {
        @inlinable get { Self.color(bits >> 32) }
        set { bits = bits & 0xFFFF_FFFF | Self.colorBits(newValue) << 32 }
    }

    public var attributes: Attributes {
        @inlinable get { Attributes(rawValue: UInt8(truncatingIfNeeded: bits >> Self.attributesShift) & 0x7F) }
        set { bits = bits & ~(0x7F << Self.attributesShift) | UInt64(newValue.rawValue & 0x7F) << Self.attributesShift }
    }

    public static let plain = Style()

    @inlinable init(bits: UInt64) { self.bits = bits }

    /// Layers `top` over this style: its colors win where set, attributes are replaced.
    /// (Every cell written passes here: the fields are taken from the bits, not made into optionals.)
    @inlinable
    public func patched(with top: Style) -> Style {
        let colorField: UInt64 = 0x1FF_FFFF // 24 bits of RGB and the bit that says it is set
        let fromTop = (top.bits & Self.fgSet != 0 ? colorField : 0)
            | (top.bits & Self.bgSet != 0 ? colorField << 32 : 0)
            | 0x7F << Self.attributesShift
        return Style(bits: top.bits & fromTop | bits & ~fromTop)
    }

    public func with(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    public func withBackground(_ color: RGB?) -> Style {
        var copy = self
        copy.bg = color
        return copy
    }
}
