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

    func testMixing() {
        XCTAssertEqual(RGB(0, 0, 0).mixed(with: RGB(200, 100, 50), 0.5), RGB(100, 50, 25))
        XCTAssertEqual(RGB(0, 0, 0).mixed(with: RGB(200, 100, 50), 7), RGB(200, 100, 50))
    }
}
