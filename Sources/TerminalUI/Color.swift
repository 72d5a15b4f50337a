import FoundationEssentials
import Glibc

/// A 24-bit color. Themes speak only RGB; the backend maps it to what the
/// terminal can show (truecolor, 256, 16 or 8 colors).
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }

    /// Parses "#RRGGBB" or "RRGGBB" (case-insensitive). Returns nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6, s.allSatisfy(\.isHexDigit), let v = UInt32(s, radix: 16) else { return nil }
        self.init(UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }

    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [r, g, b].map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined()
    }
    public var description: String { hex }

    /// Linear interpolation toward `other` (t in 0...1).
    public func mixed(with other: RGB, _ t: Double) -> RGB {
        let t = min(1, max(0, t))
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return RGB(mix(r, other.r), mix(g, other.g), mix(b, other.b))
    }

    /// WCAG 2.x relative luminance.
    public var relativeLuminance: Double {
        func channel(_ c: UInt8) -> Double {
            let s = Double(c) / 255
            return s <= 0.04045 ? s / 12.92 : Glibc.pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// WCAG 2.x contrast ratio between two colors (1...21).
    public func contrastRatio(with other: RGB) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// How many colors the terminal can show; decides how RGB is approximated.
public enum ColorDepth: Sendable, Equatable {
    case monochrome, ansi8, ansi16, palette256, trueColor

    public init(colorCount: Int) {
        switch colorCount {
        case ..<8: self = .monochrome
        case 8..<16: self = .ansi8
        case 16..<256: self = .ansi16
        case 256..<0x1000000: self = .palette256
        default: self = .trueColor
        }
    }
}

/// Maps RGB colors to terminal color numbers by nearest match.
public enum ColorQuantizer {
    /// xterm's standard 16-color palette.
    public static let ansi16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The xterm-256 color of the given index.
    public static func palette256Color(_ index: Int) -> RGB {
        switch index {
        case 0..<16: return ansi16[index]
        case 16..<232:
            let i = index - 16
            return RGB(UInt8(cubeLevels[i / 36]), UInt8(cubeLevels[(i / 6) % 6]), UInt8(cubeLevels[i % 6]))
        default:
            let v = UInt8(8 + 10 * (min(index, 255) - 232))
            return RGB(v, v, v)
        }
    }

    /// Perceptually weighted squared distance ("redmean").
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let rm = (Int(a.r) + Int(b.r)) / 2
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        return (((512 + rm) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rm) * db * db) >> 8)
    }

    /// The terminal color number for `color` at `depth`. For true color it is 0xRRGGBB.
    public static func colorNumber(for color: RGB, depth: ColorDepth) -> Int {
        switch depth {
        case .trueColor:
            return Int(color.r) << 16 | Int(color.g) << 8 | Int(color.b)
        case .palette256:
            // Only the cube and the gray ramp: the 16 system colors are user-themable.
            return nearest256(color)
        case .ansi16:
            return nearest(color, in: 0..<16) { ansi16[$0] }
        case .ansi8:
            return nearest(color, in: 0..<8) { ansi16[$0] }
        case .monochrome:
            return color.relativeLuminance > 0.4 ? 7 : 0
        }
    }

    /// The nearest of colours 16–255 by `distance`, the lowest number on a tie: what searching
    /// all 240 in order finds (a test holds it to a search of all 240), with 30
    /// distances instead of 240. In the cube, the red level fixes the redmean weights of the
    /// green and blue terms, and each term then depends on its own channel's level alone: for
    /// each of the 6 red levels the nearest green and blue levels (the lower on a tie) are the
    /// best of its 36 colours. The 24 grays follow the cube, so they win only when nearer.
    private static func nearest256(_ color: RGB) -> Int {
        let g = nearestLevel(Int(color.g)), b = nearestLevel(Int(color.b))
        var best = 16, bestDistance = Int.max
        for r in 0..<6 {
            let d = distance(color, RGB(UInt8(cubeLevels[r]), UInt8(cubeLevels[g]), UInt8(cubeLevels[b])))
            if d < bestDistance { best = 16 + 36 * r + 6 * g + b; bestDistance = d }
        }
        for i in 232..<256 {
            let d = distance(color, palette256Color(i))
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }

    /// The cube level nearest `value`, the lower one on a tie.
    private static func nearestLevel(_ value: Int) -> Int {
        var best = 0
        for i in 1..<6 where abs(cubeLevels[i] - value) < abs(cubeLevels[best] - value) { best = i }
        return best
    }

    private static func nearest(_ color: RGB, in range: Range<Int>, colorAt: (Int) -> RGB) -> Int {
        var best = range.lowerBound, bestDistance = Int.max
        for i in range {
            let d = distance(color, colorAt(i))
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }
}
