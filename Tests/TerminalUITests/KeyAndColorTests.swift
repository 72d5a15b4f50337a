import XCTest
@testable import TerminalUI

final class KeyDecoderTests: XCTestCase {
    private func scalars(_ s: String) -> [RawInput] { s.unicodeScalars.map { .scalar($0.value) } }

    func testPrintableCharactersAndGraphemes() {
        XCTAssertEqual(KeyDecoder.decode(scalars("ab")), [.char("a"), .char("b")])
        XCTAssertEqual(KeyDecoder.decode(scalars("e\u{301}")), [.char("é")], "combining mark joins its base")
        XCTAssertEqual(KeyDecoder.decode(scalars("🍣")), [.char("🍣")])
    }

    func testControlKeys() {
        XCTAssertEqual(KeyDecoder.decode([.scalar(9), .scalar(13), .scalar(10), .scalar(127), .scalar(8)]),
                       [.tab, .enter, .enter, .backspace, .backspace])
        XCTAssertEqual(KeyDecoder.decode([.scalar(3), .scalar(19)]), [.ctrl("c"), .ctrl("s")])
    }

    func testLoneEscapeIsEscape() {
        XCTAssertEqual(KeyDecoder.decode([.scalar(27)]), [.escape])
        XCTAssertEqual(KeyDecoder.decode([.scalar(27), .scalar(27)]), [.escape, .escape], "two presses")
    }

    /// Esc and a key pressed together (or Alt+key, which sends the same bytes) are both kept:
    /// the app binds no Alt key, and reading them as one lost both.
    func testEscapeFollowedByCharacterIsEscapeThenTheCharacter() {
        XCTAssertEqual(KeyDecoder.decode([.scalar(27), .scalar(0x78)]), [.escape, .char("x")])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}2")), [.escape, .char("2")])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}é")), [.escape, .char("é")])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B} ")), [.escape, .char(" ")])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}\u{1B}q")), [.escape, .escape, .char("q")])
    }

    func testUnknownEscapeSequencesAreSwallowed() {
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}[1;5Pz")), [.unknown, .char("z")])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}OQ")), [.unknown])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}[")), [.unknown], "a cut-off sequence types nothing")
    }

    /// Home and End as tmux (any TERM in the pane), xterm and rxvt send them, when curses did not decode them.
    func testHomeAndEndFromEveryTerminal() {
        for seq in ["\u{1B}[1~", "\u{1B}[7~", "\u{1B}[H", "\u{1B}OH", "\u{1B}[1;5H"] {
            XCTAssertEqual(KeyDecoder.decode(scalars(seq)), [.home], seq.debugDescription)
        }
        for seq in ["\u{1B}[4~", "\u{1B}[8~", "\u{1B}[F", "\u{1B}OF"] {
            XCTAssertEqual(KeyDecoder.decode(scalars(seq)), [.end], seq.debugDescription)
        }
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z")), [.pageUp, .pageDown, .delete, .backTab])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}OA\u{1B}[B")), [.up, .down])
        XCTAssertEqual(KeyDecoder.decode(scalars("\u{1B}[9~x")), [.unknown, .char("x")], "an unknown number is still swallowed")
    }

    func testKeysFromTheTerminalLibraryPassThrough() {
        XCTAssertEqual(KeyDecoder.decode([.key(.up), .scalar(0x6A), .key(.home)]), [.up, .char("j"), .home])
    }

    func testInvalidScalarIsUnknown() {
        XCTAssertEqual(KeyDecoder.decode([.scalar(0xD800)]), [.unknown])
        XCTAssertEqual(KeyDecoder.decode([.scalar(0x85)]), [.unknown])
    }

    func testLabels() {
        XCTAssertEqual(Key.ctrl("c").label, "Ctrl-C")
        XCTAssertEqual(Key.char(" ").label, "Space")
        XCTAssertEqual(Key.backTab.label, "Shift-Tab")
    }
}

final class ColorTests: XCTestCase {
    func testHexParsing() {
        XCTAssertEqual(RGB(hex: "#0d1117"), RGB(13, 17, 23))
        XCTAssertEqual(RGB(hex: "FFFFFF"), RGB(255, 255, 255))
        XCTAssertNil(RGB(hex: "#12345"))
        XCTAssertNil(RGB(hex: "#GGGGGG"))
        XCTAssertNil(RGB(hex: "+12345"))
        XCTAssertEqual(RGB(1, 2, 255).hex, "#0102ff")
    }

    func testContrastRatioMatchesWCAG() {
        XCTAssertEqual(RGB(0, 0, 0).contrastRatio(with: RGB(255, 255, 255)), 21, accuracy: 0.01)
        XCTAssertEqual(RGB(119, 119, 119).contrastRatio(with: RGB(255, 255, 255)), 4.48, accuracy: 0.01)
    }

    func testColorDepthFromColorCount() {
        XCTAssertEqual(ColorDepth(colorCount: 0), .monochrome)
        XCTAssertEqual(ColorDepth(colorCount: 8), .ansi8)
        XCTAssertEqual(ColorDepth(colorCount: 16), .ansi16)
        XCTAssertEqual(ColorDepth(colorCount: 256), .palette256)
        XCTAssertEqual(ColorDepth(colorCount: 0x1000000), .trueColor)
    }

    func testQuantizationPicksTheNearestColor() {
        XCTAssertEqual(ColorQuantizer.colorNumber(for: RGB(0x12, 0x34, 0x56), depth: .trueColor), 0x123456)
        XCTAssertEqual(ColorQuantizer.colorNumber(for: RGB(255, 0, 0), depth: .palette256), 196)
        XCTAssertEqual(ColorQuantizer.colorNumber(for: RGB(128, 128, 128), depth: .palette256), 244)
        XCTAssertEqual(ColorQuantizer.colorNumber(for: RGB(0, 0, 0), depth: .palette256), 16)
        XCTAssertEqual(ColorQuantizer.colorNumber(for: RGB(250, 10, 10), depth: .ansi16), 9)
        XCTAssertEqual(ColorQuantizer.colorNumber(for: RGB(250, 10, 10), depth: .ansi8), 1)
        XCTAssertEqual(ColorQuantizer.colorNumber(for: RGB(240, 240, 240), depth: .ansi8), 7)
    }

    /// The 256-colour search looks at 30 colours, not 240: it must find what searching all 240
    /// in order finds, ties included. The reference here is its own brute force over xterm's
    /// palette as xterm defines it (cube levels 0, 95, 135…; grays 8, 18…), with the redmean
    /// distance written out again; the colours tried are every channel at, beside and midway
    /// between the levels (where ties are), and a few thousand random ones.
    func testThe256ColourSearchFindsWhatSearchingAllFinds() {
        func redmean(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
            let rm = (a.0 + b.0) / 2, dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
            return (((512 + rm) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rm) * db * db) >> 8)
        }
        let levels = [0, 95, 135, 175, 215, 255]
        var palette: [(Int, Int, Int)] = []
        for r in levels { for g in levels { for b in levels { palette.append((r, g, b)) } } }
        for k in 0..<24 { palette.append((8 + 10 * k, 8 + 10 * k, 8 + 10 * k)) }
        func bruteForce(_ c: (Int, Int, Int)) -> Int {
            var best = 0
            for i in palette.indices where redmean(c, palette[i]) < redmean(c, palette[best]) { best = i }
            return 16 + best
        }
        var values = Set<Int>()
        for level in levels { for d in -1...1 { values.insert(level + d) } }
        for (a, b) in zip(levels, levels.dropFirst()) { for d in -1...1 { values.insert((a + b) / 2 + d); values.insert((a + b + 1) / 2 + d) } }
        let channel = values.filter { (0...255).contains($0) }.sorted()
        var tried = 0
        for r in channel { for g in channel { for b in channel {
            let expected = bruteForce((r, g, b))
            let found = ColorQuantizer.colorNumber(for: RGB(UInt8(r), UInt8(g), UInt8(b)), depth: .palette256)
            if found != expected { return XCTFail("RGB(\(r), \(g), \(b)): \(found), all 240 searched: \(expected)") }
            tried += 1
        } } }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let c = (Int.random(in: 0...255, using: &random), Int.random(in: 0...255, using: &random), Int.random(in: 0...255, using: &random))
            let found = ColorQuantizer.colorNumber(for: RGB(UInt8(c.0), UInt8(c.1), UInt8(c.2)), depth: .palette256)
            XCTAssertEqual(found, bruteForce(c), "RGB\(c)")
        }
        XCTAssertGreaterThan(tried, 20_000)
    }

    func testMixing() {
        XCTAssertEqual(RGB(0, 0, 0).mixed(with: RGB(200, 100, 50), 0.5), RGB(100, 50, 25))
        XCTAssertEqual(RGB(0, 0, 0).mixed(with: RGB(200, 100, 50), 7), RGB(200, 100, 50))
    }
}
