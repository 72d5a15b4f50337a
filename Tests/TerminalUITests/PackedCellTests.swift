import XCTest
@testable import TerminalUI

/// A cell is two words: the glyph with its width, and the style packed in one. These hold
/// the packed fields to a plain model of the same values (three optionals and a byte).
final class PackedCellTests: XCTestCase {
    private struct PlainStyle: Equatable {
        var fg: RGB?, bg: RGB?, attributes: Attributes
    }

    private func randomColor(_ g: inout SystemRandomNumberGenerator) -> RGB? {
        Bool.random(using: &g) ? nil : RGB(.random(in: 0...255, using: &g), .random(in: 0...255, using: &g), .random(in: 0...255, using: &g))
    }

    func testACellIsSixteenBytesWithoutPadding() {
        XCTAssertEqual(MemoryLayout<Style>.size, 8)
        XCTAssertEqual(MemoryLayout<Cell>.size, 16)
        XCTAssertEqual(MemoryLayout<Cell>.stride, 16)
    }

    func testStyleFieldsReadBackAndSetOneAtATime() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var plain = PlainStyle(fg: randomColor(&g), bg: randomColor(&g), attributes: Attributes(rawValue: .random(in: 0...0x1F, using: &g)))
            var style = Style(fg: plain.fg, bg: plain.bg, attributes: plain.attributes)
            XCTAssertEqual(PlainStyle(fg: style.fg, bg: style.bg, attributes: style.attributes), plain)
            switch Int.random(in: 0..<3, using: &g) {
            case 0: let c = randomColor(&g); plain.fg = c; style.fg = c
            case 1: let c = randomColor(&g); plain.bg = c; style.bg = c
            default: let a = Attributes(rawValue: .random(in: 0...0x1F, using: &g)); plain.attributes = a; style.attributes = a
            }
            XCTAssertEqual(PlainStyle(fg: style.fg, bg: style.bg, attributes: style.attributes), plain)
            // Equal values, equal bits: a style built afresh equals the one changed in place.
            XCTAssertEqual(style, Style(fg: plain.fg, bg: plain.bg, attributes: plain.attributes))
        }
    }

    /// `patched` works on the bits; the plain model layers the optionals: the top's colours
    /// where it has them, the base's elsewhere, always the top's attributes.
    func testPatchingOnTheBitsLayersAsThePlainModelDoes() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let base = PlainStyle(fg: randomColor(&g), bg: randomColor(&g), attributes: Attributes(rawValue: .random(in: 0...0x1F, using: &g)))
            let top = PlainStyle(fg: randomColor(&g), bg: randomColor(&g), attributes: Attributes(rawValue: .random(in: 0...0x1F, using: &g)))
            let patched = Style(fg: base.fg, bg: base.bg, attributes: base.attributes)
                .patched(with: Style(fg: top.fg, bg: top.bg, attributes: top.attributes))
            let expected = PlainStyle(fg: top.fg ?? base.fg, bg: top.bg ?? base.bg, attributes: top.attributes)
            XCTAssertEqual(PlainStyle(fg: patched.fg, bg: patched.bg, attributes: patched.attributes), expected)
            XCTAssertEqual(patched, Style(fg: expected.fg, bg: expected.bg, attributes: expected.attributes))
        }
        // Black is a colour: a black top replaces the base's.
        XCTAssertEqual(Style(fg: RGB(9, 9, 9)).patched(with: Style(fg: RGB(0, 0, 0))).fg, RGB(0, 0, 0))
    }

    func testAStyleThatDiffersInOneFieldIsNotEqual() {
        let base = Style(fg: RGB(1, 2, 3), bg: RGB(4, 5, 6), attributes: .bold)
        XCTAssertNotEqual(base, Style(fg: RGB(1, 2, 4), bg: RGB(4, 5, 6), attributes: .bold))
        XCTAssertNotEqual(base, Style(fg: RGB(1, 2, 3), bg: nil, attributes: .bold))
        XCTAssertNotEqual(base, Style(fg: RGB(1, 2, 3), bg: RGB(4, 5, 6), attributes: [.bold, .reverse]))
        // Black set is not the default colour.
        XCTAssertNotEqual(Style(fg: RGB(0, 0, 0)), Style.plain)
        XCTAssertNil(Style.plain.fg)
        XCTAssertEqual(Style(fg: RGB(0, 0, 0)).fg, RGB(0, 0, 0))
    }

    func testWidthAndGlyphAreKeptApart() {
        for (symbol, width) in [("a", UInt8(1)), ("界", 2), ("", 0), ("🇫🇷", 2), ("e\u{301}\u{302}\u{303}", 1), ("█", 1)] {
            var cell = Cell(symbol, width: width, style: Style(fg: RGB(9, 9, 9)))
            XCTAssertEqual(cell.symbol, symbol)
            XCTAssertEqual(cell.width, width)
            XCTAssertEqual(cell.utf8Count, symbol.utf8.count)
            cell.width = 2
            XCTAssertEqual(cell.symbol, symbol, "changing the width leaves the glyph")
            cell.symbol = "x"
            XCTAssertEqual(cell.width, 2, "changing the glyph leaves the width")
            XCTAssertEqual(cell.symbol, "x")
        }
        XCTAssertNotEqual(Cell("a", width: 1), Cell("a", width: 2))
        XCTAssertEqual(Cell(scalar: "█"), Cell("█"))
    }
}
