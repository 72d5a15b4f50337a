/// A position on the terminal grid, in columns (x) and rows (y).
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A size in columns and rows. Never negative.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }
    public var area: Int { width * height }
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle on the grid. Operations clamp instead of trapping, so layout code
/// can never produce a negative size however small the terminal is.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(origin: Point = Point(x: 0, y: 0), size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var size: Size { Size(width: width, height: height) }

    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let nx = max(x, other.x), ny = max(y, other.y)
        let nmx = min(maxX, other.maxX), nmy = min(maxY, other.maxY)
        return Rect(x: nx, y: ny, width: nmx - nx, height: nmy - ny)
    }

    /// Shrinks by the given insets on each side.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        inset(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// A rectangle of the given size centered in this one (clamped to fit).
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    public func row(_ offset: Int, height h: Int = 1) -> Rect {
        Rect(x: x, y: y + offset, width: width, height: min(h, height - offset))
    }

    /// Splits off `count` rows from the top: (taken, rest).
    public func splitTop(_ count: Int) -> (Rect, Rect) {
        let c = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: c), Rect(x: x, y: y + c, width: width, height: height - c))
    }

    /// Splits off `count` rows from the bottom: (rest, taken).
    public func splitBottom(_ count: Int) -> (Rect, Rect) {
        let c = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: height - c), Rect(x: x, y: maxY - c, width: width, height: c))
    }

    /// Splits off `count` columns from the left: (taken, rest).
    public func splitLeft(_ count: Int) -> (Rect, Rect) {
        let c = min(max(0, count), width)
        return (Rect(x: x, y: y, width: c, height: height), Rect(x: x + c, y: y, width: width - c, height: height))
    }

    /// Divides the width into `count` columns separated by `gap`, spreading the remainder left to right.
    public func columns(_ count: Int, gap: Int = 0) -> [Rect] {
        guard count > 0 else { return [] }
        let usable = max(0, width - gap * (count - 1))
        let base = usable / count, extra = usable % count
        var result: [Rect] = []
        var cx = x
        for i in 0..<count {
            let w = base + (i < extra ? 1 : 0)
            result.append(Rect(x: cx, y: y, width: w, height: height))
            cx += w + gap
        }
        return result
    }

    /// Divides the height into rows of the given weights (fractions of the whole), separated by `gap`.
    public func rows(weights: [Int], gap: Int = 0) -> [Rect] {
        guard !weights.isEmpty else { return [] }
        let total = max(1, weights.reduce(0, +))
        let usable = max(0, height - gap * (weights.count - 1))
        var result: [Rect] = []
        var cy = y, used = 0
        for (i, wgt) in weights.enumerated() {
            let h = i == weights.count - 1 ? usable - used : usable * wgt / total
            result.append(Rect(x: x, y: cy, width: width, height: h))
            cy += h + gap
            used += h
        }
        return result
    }
}
