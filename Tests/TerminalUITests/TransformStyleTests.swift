import XCTest
@testable import TerminalUI

/// `transformStyle` (a pure transform asked once per run of equal styles, the last few kept)
/// against the transform asked for every cell, on random buffers and rectangles.
final class TransformStyleTests: XCTestCase {
    struct Random {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(1, n)))
        }
    }

    static let texts = ["a", "寿", "─", "ab", "寿x", "é", "⣿", "  ", "x"]

    /// `styles` distinct styles in runs and alternations (more than `keptStyles`, so kept ones are dropped and asked again).
    func randomBuffer(_ size: Size, styles: Int, _ r: inout Random) -> Buffer {
        var b = Buffer(size: size, fill: Cell(" ", style: Style(bg: RGB(1, 2, 3))))
        for _ in 0..<(size.area / 2) {
            let n = r.next(styles)
            let style = Style(fg: n % 3 == 0 ? nil : RGB(UInt8(n), 7, 9), bg: n % 2 == 0 ? nil : RGB(0, UInt8(n), 0),
                              attributes: n % 4 == 0 ? [.bold] : [])
            b.write(Self.texts[r.next(Self.texts.count)], x: r.next(size.width + 2) - 1, y: r.next(size.height), style: style)
        }
        return b
    }

    static func dim(_ s: Style) -> Style {
        Style(fg: (s.fg ?? RGB(200, 200, 200)).mixed(with: RGB(0, 0, 0), 0.55), bg: (s.bg ?? RGB(20, 20, 20)).mixed(with: RGB(0, 0, 0), 0.55),
              attributes: s.attributes.subtracting([.bold]))
    }

    /// Every cell inside the rect has the transform of its own style and keeps its text and
    /// width; every cell outside is untouched.
    func check(_ before: Buffer, _ after: Buffer, _ rect: Rect, _ transform: (Style) -> Style, _ what: String) {
        for y in 0..<before.size.height {
            for x in 0..<before.size.width {
                let old = before[x, y], new = after[x, y]
                XCTAssertEqual(new.symbol, old.symbol, what)
                XCTAssertEqual(new.width, old.width, what)
                XCTAssertEqual(new.style, rect.contains(Point(x: x, y: y)) ? transform(old.style) : old.style, "\(what) at \(x),\(y)")
            }
        }
    }

    func testEachCellGetsTheTransformOfItsOwnStyle() {
        var r = Random(state: 31)
        let plainDim: (Style) -> Style = { var c = $0; c.attributes = [.dim]; return c }
        for trial in 0..<400 {
            let buffer = randomBuffer(Size(width: 1 + r.next(30), height: 1 + r.next(10)), styles: 1 + r.next(trial % 2 == 0 ? 4 : 40), &r)
            let rect = Rect(x: r.next(buffer.size.width + 4) - 2, y: r.next(buffer.size.height + 4) - 2,
                            width: r.next(buffer.size.width + 4), height: r.next(buffer.size.height + 4))
            var mapped = buffer
            mapped.transformStyle(in: rect, Self.dim)
            check(buffer, mapped, rect, Self.dim, "trial \(trial), \(rect)")
            var mappedPlain = buffer
            mappedPlain.transformStyle(in: rect, plainDim)
            check(buffer, mappedPlain, rect, plainDim, "plain, trial \(trial), \(rect)")
        }
    }

    /// A style is asked about once per run of it, and not again while it is among the kept ones.
    func testAsksOncePerRunAndKeepsTheLastFew() {
        var b = Buffer(size: Size(width: 12, height: 2))
        let a = Style(fg: RGB(1, 0, 0)), c = Style(fg: RGB(2, 0, 0))
        for x in 0..<12 { b.write("x", x: x, y: 0, style: x % 4 < 2 ? a : c) }
        for x in 0..<12 { b.write("x", x: x, y: 1, style: a) }
        var asked: [Style] = []
        b.transformStyle(in: b.bounds) { asked.append($0); return Self.dim($0) }
        XCTAssertEqual(asked, [a, c])
    }
}
