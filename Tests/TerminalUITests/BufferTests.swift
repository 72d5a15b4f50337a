import XCTest
@testable import TerminalUI

final class BufferTests: XCTestCase {
    let red = Style(fg: RGB(255, 0, 0))

    func testWriteClipsAtTheEdge() {
        var b = Buffer(size: Size(width: 5, height: 1))
        let advanced = b.write("abcdefg", x: 2, y: 0, style: .plain)
        XCTAssertEqual(b.line(0), "  abc")
        XCTAssertEqual(advanced, 7, "returns the width of the text, not of what fit")
    }

    func testWideCharacterUsesTwoCellsAndAContinuation() {
        var b = Buffer(size: Size(width: 4, height: 1))
        b.write("寿a", x: 0, y: 0, style: red)
        XCTAssertEqual(b[0, 0].width, 2)
        XCTAssertTrue(b[1, 0].isContinuation)
        XCTAssertEqual(b[2, 0].symbol, "a")
        XCTAssertEqual(b.line(0), "寿a ")
    }

    func testWideCharacterThatDoesNotFitBecomesBlank() {
        var b = Buffer(size: Size(width: 3, height: 1))
        b.write("ab寿", x: 0, y: 0, style: .plain)
        XCTAssertEqual(b.line(0), "ab ")
    }

    func testOverwritingHalfAWideCharacterClearsTheOtherHalf() {
        var b = Buffer(size: Size(width: 4, height: 1))
        b.write("寿寿", x: 0, y: 0, style: .plain)
        b.write("x", x: 1, y: 0, style: .plain)
        XCTAssertEqual(b.line(0), " x寿")
        b.write("y", x: 2, y: 0, style: .plain)
        XCTAssertEqual(b.line(0), " xy ")
    }

    func testCombiningMarkJoinsThePreviousCell() {
        var b = Buffer(size: Size(width: 3, height: 1))
        b.write("e\u{301}x", x: 0, y: 0, style: .plain)
        XCTAssertEqual(b[0, 0].symbol, "e\u{301}")
        XCTAssertEqual(b[1, 0].symbol, "x")
    }

    func testStylesLayerKeepingTheBackground() {
        var b = Buffer(size: Size(width: 3, height: 1))
        b.fill(b.bounds, style: Style(bg: RGB(1, 2, 3)))
        b.write("a", x: 0, y: 0, style: red)
        XCTAssertEqual(b[0, 0].style, Style(fg: RGB(255, 0, 0), bg: RGB(1, 2, 3)))
    }

    func testOutOfBoundsWritesAreIgnored() {
        var b = Buffer(size: Size(width: 2, height: 2))
        b.write("abc", x: -5, y: 7, style: .plain)
        b.write("abc", x: -1, y: 0, style: .plain)
        b.fill(Rect(x: -3, y: -3, width: 2, height: 2), style: red)
        XCTAssertEqual(b.lines, ["bc", "  "])
        XCTAssertEqual(b[99, 99], .blank)
    }

    func testZeroSizedBufferIsSafe() {
        var b = Buffer(size: Size(width: 0, height: 0))
        b.write("x", x: 0, y: 0, style: .plain)
        XCTAssertTrue(b.lines.isEmpty)
        XCTAssertTrue(b.diff(from: b).isEmpty)
    }

    func testDiffReportsOnlyChangedCells() {
        var a = Buffer(size: Size(width: 4, height: 2))
        a.write("abcd", x: 0, y: 0, style: .plain)
        var b = a
        b.write("X", x: 2, y: 1, style: red)
        let changes = b.diff(from: a)
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes[0].point, Point(x: 2, y: 1))
        XCTAssertEqual(changes[0].cell.symbol, "X")
    }

    func testDiffAfterResizeIsEveryCell() {
        let a = Buffer(size: Size(width: 2, height: 2))
        let b = Buffer(size: Size(width: 3, height: 2))
        XCTAssertEqual(b.diff(from: a).count, 6)
    }

    func testSnapshotShowsTextAndStyleRuns() {
        var b = Buffer(size: Size(width: 3, height: 1))
        b.write("ok", x: 0, y: 0, style: Style(fg: RGB(0, 255, 0), attributes: .bold))
        XCTAssertEqual(Snapshot.render(b), """
        size 3x1
        --- text
        |ok |
        --- styles
        2A1B
        --- legend
        A fg=#00ff00 bg=default bold
        B fg=default bg=default

        """)
    }
}

final class GeometryTests: XCTestCase {
    func testRectsNeverGoNegative() {
        let r = Rect(x: 0, y: 0, width: 3, height: 2).inset(horizontal: 5, vertical: 5)
        XCTAssertEqual(r.width, 0)
        XCTAssertEqual(r.height, 0)
        XCTAssertTrue(r.isEmpty)
    }

    func testColumnsSpreadTheRemainder() {
        let cols = Rect(x: 0, y: 0, width: 11, height: 1).columns(3, gap: 1)
        XCTAssertEqual(cols.map(\.width), [3, 3, 3])
        XCTAssertEqual(cols.map(\.x), [0, 4, 8])
        let cols2 = Rect(x: 0, y: 0, width: 10, height: 1).columns(3)
        XCTAssertEqual(cols2.map(\.width), [4, 3, 3])
    }

    func testSplitsAndCentering() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        let (top, rest) = r.splitTop(3)
        XCTAssertEqual(top.height, 3)
        XCTAssertEqual(rest.y, 3)
        XCTAssertEqual(r.splitBottom(20).1.height, 10)
        XCTAssertEqual(r.centered(width: 4, height: 2), Rect(x: 3, y: 4, width: 4, height: 2))
        XCTAssertEqual(r.centered(width: 40, height: 2).width, 10)
    }

    func testRowsByWeight() {
        let rows = Rect(x: 0, y: 0, width: 1, height: 10).rows(weights: [1, 1], gap: 0)
        XCTAssertEqual(rows.map(\.height), [5, 5])
    }

    /// Three rows to write over: wide characters across the first, wide ones among narrow ones
    /// in the second (each cut in half by a write that starts or ends inside it), dots below.
    static func overWideCharacters(width: Int) -> Buffer {
        var base = Buffer(size: Size(width: width, height: 3), fill: Cell(".", style: Style(bg: RGB(1, 2, 3))))
        base.write("界a界b界", x: 1, y: 1, style: Style(fg: RGB(9, 9, 9)))
        base.write(String(repeating: "界", count: width / 2), x: 0, y: 0, style: .plain)
        return base
    }

    static let boldRed = Style(fg: RGB(200, 0, 0), attributes: [.bold])

    /// The repeated writes draw exactly what writing the repeated string drew: over wide
    /// characters (cut in half at either end), clipped, off the edges, with multi-column
    /// or multi-scalar symbols (which take the string's way).
    func testRepeatedWritesMatchWritingTheRepeatedString() {
        let base = Self.overWideCharacters(width: 12), style = Self.boldRed
        let clips: [Rect?] = [nil, Rect(x: 2, y: 0, width: 5, height: 3), Rect(x: 0, y: 2, width: 12, height: 1)]
        for symbol in ["─", "x", "█", "界", "e\u{301}", ""] {
            for (x, count) in [(-3, 6), (0, 0), (0, 12), (1, 4), (2, 3), (9, 7), (13, 2)] {
                for y in [-1, 0, 1, 2] {
                    for clip in clips {
                        var expected = base, actual = base
                        let w1 = expected.write(String(repeating: symbol, count: count), x: x, y: y, style: style, clip: clip)
                        let w2 = actual.write(repeating: symbol, count: count, x: x, y: y, style: style, clip: clip)
                        XCTAssertEqual(actual, expected, "\(symbol) ×\(count) at \(x),\(y) clip \(String(describing: clip))")
                        XCTAssertEqual(w2, w1)
                    }
                    for (left, right) in [("┌", "┐"), ("+", "+"), ("界", "┐")] {
                        var expected = base, actual = base
                        expected.write(left + String(repeating: symbol, count: count) + right, x: x, y: y, style: style)
                        actual.write(left, repeating: symbol, count: count, right, x: x, y: y, style: style)
                        XCTAssertEqual(actual, expected, "\(left)\(symbol) ×\(count)\(right) at \(x),\(y)")
                    }
                }
            }
        }
    }

    /// Text whose every scalar is one column wide is written from its UTF-8 bytes: each cell
    /// must be what `setCell` of that scalar, layered over the cell, makes — over wide
    /// characters, clipped, off either edge, with one-, two- and three-byte scalars.
    func testSingleColumnTextIsEachScalarInACellOfItsOwn() {
        let base = Self.overWideCharacters(width: 14), style = Self.boldRed
        let clips: [Rect?] = [nil, Rect(x: 2, y: 0, width: 5, height: 3), Rect(x: -4, y: 1, width: 30, height: 1)]
        for text in ["", "x", "Steps 8,412", "é–—→ ⣿▇█ ©", "────┤", "abc·def·ghi·jkl", "ÿ"] {
            XCTAssertNotNil(TextWidth.singleColumnScalars(text), text)
            for x in [-5, -1, 0, 1, 3, 9, 13, 14] {
                for y in [-1, 0, 1, 2, 3] {
                    for clip in clips {
                        var expected = base, actual = base
                        let area = (clip ?? expected.bounds).intersection(expected.bounds)
                        for (n, scalar) in text.unicodeScalars.enumerated() where area.contains(Point(x: x + n, y: y)) {
                            let under = expected[x + n, y].style
                            expected.setCell(Cell(String(scalar), style: under.patched(with: style)), x: x + n, y: y)
                        }
                        let advanced = actual.write(text, x: x, y: y, style: style, clip: clip)
                        XCTAssertEqual(actual, expected, "\(text) at \(x),\(y) clip \(String(describing: clip))")
                        XCTAssertEqual(advanced, text.unicodeScalars.count)
                    }
                }
            }
        }
    }

    func testFillOverWideCharactersMatchesCellByCell() {
        var buffer = Buffer(size: Size(width: 8, height: 2))
        buffer.write("界界界界", x: 0, y: 0, style: .plain)
        buffer.write("a界b界", x: 0, y: 1, style: .plain)
        var expected = buffer
        let rect = Rect(x: 1, y: 0, width: 4, height: 2)
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { expected.setCell(Cell("x", style: Style(bg: RGB(5, 5, 5))), x: x, y: y) } }
        buffer.fill(rect, symbol: "x", style: Style(bg: RGB(5, 5, 5)))
        XCTAssertEqual(buffer, expected)
        XCTAssertEqual(buffer.line(0), " xxxx 界")
    }

    /// A cell keeps its grapheme as bytes in one integer (7 at most) or, longer, as a number
    /// in a shared table: every kind reads back as it was written, and equal graphemes are equal cells.
    func testCellsKeepEveryGraphemeAsWritten() {
        let graphemes = ["", " ", "a", "é", "e\u{301}", "─", "⣿", "寿", "😀", "❤️", "🇫🇷", "👍🏽", "👩‍👩‍👧‍👦", "a\u{301}\u{302}\u{303}"]
        for g in graphemes {
            let cell = Cell(g)
            XCTAssertEqual(cell.symbol, g)
            XCTAssertEqual(cell.utf8Count, g.utf8.count)
            var writer = ByteWriter(capacity: 1)
            cell.appendUTF8(to: &writer)
            XCTAssertEqual(Array(writer.bytes), Array(g.utf8))
            writer.deallocate()
            XCTAssertEqual(Cell(String(g)), cell, "the same grapheme made again is the same cell")
        }
        for scalar in ["a", "é", "─", "寿", "😀"].map({ $0.unicodeScalars.first! }) {
            XCTAssertEqual(Cell(scalar: scalar), Cell(String(scalar)), "a scalar's cell is its string's")
        }
        XCTAssertNotEqual(Cell("🇫🇷"), Cell("🇩🇪"))
        XCTAssertNotEqual(Cell("a"), Cell("b"))
        var b = Buffer(size: Size(width: 3, height: 1))
        b.write("🇫🇷", x: 0, y: 0, style: .plain)
        XCTAssertEqual(b.line(0), "🇫🇷 ")
        XCTAssertEqual(b[0, 0].width, 2)
    }

    /// A buffer reset for the next frame is a new blank buffer, and a copy of it held
    /// elsewhere (the frame the terminal diffs against) keeps what it had.
    func testResetIsANewBufferAndLeavesCopiesAlone() {
        var frame = Buffer(size: Size(width: 4, height: 2))
        frame.write("ab寿", x: 0, y: 0, style: Style(fg: RGB(255, 0, 0)))
        frame.addClickTarget(Rect(x: 0, y: 0, width: 2, height: 1), .key(.enter))
        let held = frame
        let fill = Cell(scalar: " ", style: Style(bg: RGB(1, 2, 3)))
        frame.reset(size: Size(width: 4, height: 2), fill: fill)
        XCTAssertEqual(frame, Buffer(size: Size(width: 4, height: 2), fill: fill))
        XCTAssertTrue(frame.clickTargets.isEmpty)
        XCTAssertEqual(held.line(0), "ab寿")
        XCTAssertEqual(held.clickTargets.count, 1)
        frame.reset(size: Size(width: 3, height: 3), fill: fill)
        XCTAssertEqual(frame, Buffer(size: Size(width: 3, height: 3), fill: fill))
    }
}
