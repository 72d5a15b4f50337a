/// Text attributes that every terminal (and NO_COLOR) can show.
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
public struct Style: Hashable, Sendable {
    public var fg: RGB?
    public var bg: RGB?
    public var attributes: Attributes

    public init(fg: RGB? = nil, bg: RGB? = nil, attributes: Attributes = []) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }

    public static let plain = Style()

    /// Layers `top` over this style: its colors win where set, attributes are replaced.
    public func patched(with top: Style) -> Style {
        Style(fg: top.fg ?? fg, bg: top.bg ?? bg, attributes: top.attributes)
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
