import XCTest
@testable import TerminalUI
import SnapshotTesting
import Platform

final class FrameEncoderTests: XCTestCase {
    let card = Style(fg: RGB(230, 230, 230), bg: RGB(30, 30, 40))
    let accent = Style(fg: RGB(80, 200, 120), bg: RGB(30, 30, 40), attributes: [.bold])

    func dashboard(steps: String, width: Int = 60, height: Int = 12) -> Buffer {
        var b = Buffer(size: Size(width: width, height: height), fill: Cell(" ", style: card))
        _ = b.write("╭─ Steps ──────────╮", x: 1, y: 1, style: card)
        _ = b.write(steps, x: 3, y: 3, style: accent)
        _ = b.write("steps · 寿司 set", x: 3, y: 4, style: card)
        _ = b.write("▁▂▃▅▇", x: 3, y: 5, style: Style(fg: RGB(255, 180, 0), bg: nil, attributes: [.underline]))
        _ = b.write("end", x: width - 3, y: height - 1, style: Style(attributes: [.reverse]))
        return b
    }

    func encode(_ frames: [Buffer], _ encoder: inout FrameEncoder) -> [[UInt8]] {
        frames.map { frame in
            var out: [UInt8] = []
            encoder.encode(frame, into: &out)
            return out
        }
    }

    func testTheTerminalShowsEachFrameExactly() {
        for repeats in [false, true] {
            var encoder = FrameEncoder(depth: .palette256, repeats: repeats)
            var terminal = FakeTerminal(width: 60, height: 12)
            let frames = [dashboard(steps: "8,412"), dashboard(steps: "8,413"), dashboard(steps: "12,000"), dashboard(steps: "9"),
                          dashboard(steps: "────────────"), dashboard(steps: "━━━━━━")]
            for (frame, bytes) in zip(frames, encode(frames, &encoder)) {
                terminal.feed(bytes)
                XCTAssertEqual(terminal.shown(comparableTo: frame), FakeTerminal.expected(frame), "repeats: \(repeats)")
            }
        }
    }

    func testARunOfEqualCellsIsOneGlyphAndARepeat() {
        var encoder = FrameEncoder(depth: .palette256, repeats: true)
        let bytes = encode([dashboard(steps: "8,412"), dashboard(steps: "============"), dashboard(steps: "────────────")], &encoder)
        let ascii = String(decoding: bytes[1], as: UTF8.self)
        // Twelve "=" where "8,412" was: one "=" and "repeat 11".
        XCTAssertTrue(ascii.contains("=\u{1B}[11b"), ascii)
        XCTAssertEqual(ascii.filter { $0 == "=" }.count, 1, ascii)
        // Not after a multi-byte character (tmux would repeat nothing): the twelve lines in full.
        let lines = String(decoding: bytes[2], as: UTF8.self)
        XCTAssertEqual(lines.filter { $0 == "─" }.count, 12, lines)
        XCTAssertFalse(lines.contains("b"), lines)
    }

    func testAnUnchangedFrameWritesNothing() {
        var encoder = FrameEncoder(depth: .palette256)
        let bytes = encode([dashboard(steps: "8,412"), dashboard(steps: "8,412")], &encoder)
        XCTAssertFalse(bytes[0].isEmpty)
        XCTAssertEqual(bytes[1], [])
    }

    func testOneDigitCostsOneMoveAndOneCharacter() {
        var encoder = FrameEncoder(depth: .palette256)
        let bytes = encode([dashboard(steps: "8,412"), dashboard(steps: "8,413"), dashboard(steps: "8,414")], &encoder)
        // The pen was left on the last cell drawn ("end", reversed, default colours): reverse
        // off, bold on, the digits' colours.
        let second = String(decoding: bytes[1], as: UTF8.self)
        XCTAssertTrue(second.hasPrefix("\u{1B}[4;8H\u{1B}[27;1;38;5;") && second.hasSuffix("m3"), second)
        // Now the pen is the digits' own and the cursor just past the "3": one back (BS) and the
        // character, 2 bytes (`CSI D` would be 3, `CSI 4;8 H` 6).
        XCTAssertEqual(String(decoding: bytes[2], as: UTF8.self), "\u{08}4")
    }

    func testARunOfChangedCellsIsOneMoveOnePenAndItsText() {
        var encoder = FrameEncoder(depth: .palette256)
        let bytes = encode([dashboard(steps: "1,000"), dashboard(steps: "9,999")], &encoder)
        let text = String(decoding: bytes[1], as: UTF8.self)
        // Four cells changed ("1" → "9", "000" → "999"); the comma between them stays, and is
        // written again in the pen it already has (1 byte) rather than stepped over (`CSI C`, 3):
        // one move (the cursor is unknown after the bottom-right "end"), the pen from reversed
        // plain to bold green (80,200,120 → cube 16 + 36·1 + 6·4 + 2 = 78; same background),
        // and the five characters.
        XCTAssertEqual(text, "\u{1B}[4;4H\u{1B}[27;1;38;5;78m9,999")
    }

    func testColoursAreWrittenAsXtermsTerminfoWritesThem() {
        var b = Buffer(size: Size(width: 4, height: 1))
        b.setCell(Cell("a", style: Style(fg: RGB(205, 0, 0))), x: 0, y: 0)      // system colour 1: 31
        b.setCell(Cell("b", style: Style(fg: RGB(255, 255, 255))), x: 1, y: 0)  // system colour 15: 97
        b.setCell(Cell("c", style: Style(bg: RGB(95, 135, 175))), x: 2, y: 0)   // cube entry 67
        var ansi = FrameEncoder(depth: .ansi16)
        let sixteen = String(decoding: encode([b], &ansi)[0], as: UTF8.self)
        XCTAssertTrue(sixteen.contains("\u{1B}[31ma\u{1B}[97mb"), sixteen)
        var palette = FrameEncoder(depth: .palette256)
        let cube = String(decoding: encode([b], &palette)[0], as: UTF8.self)
        // From "b" (colour 231 on the default background) to "c" (default on 67): a reset and
        // the background (`0;48;5;67`, 9 bytes) is shorter than the change (`39;48;5;67`, 10); to
        // the plain blank after it, `CSI m` (3 bytes) rather than `CSI 49 m` (5).
        XCTAssertTrue(cube.contains("b\u{1B}[0;48;5;67mc\u{1B}[m "), cube)
        var direct = FrameEncoder(depth: .trueColor)
        XCTAssertTrue(String(decoding: encode([b], &direct)[0], as: UTF8.self).contains("\u{1B}[38;2;205;0;0ma"))
        var mono = FrameEncoder(depth: .monochrome)
        let plain = String(decoding: encode([b], &mono)[0], as: UTF8.self)
        XCTAssertFalse(plain.contains("38;") || plain.contains("31") || plain.contains("48;"), plain)
    }

    func testAsciiOnlyDrawsTheFallback() {
        var encoder = FrameEncoder(depth: .palette256, asciiOnly: true)
        let bytes = encode([dashboard(steps: "8,412")], &encoder)[0]
        XCTAssertTrue(bytes.allSatisfy { $0 < 0x80 })
    }

    func testATerminalThatWrapsAtOnceKeepsItsBottomRightCell() {
        var encoder = FrameEncoder(depth: .palette256, writesBottomRight: false)
        var terminal = FakeTerminal(width: 60, height: 12)
        let frame = dashboard(steps: "8,412")
        terminal.feed(encode([frame], &encoder)[0])
        XCTAssertEqual(terminal.grid[60 * 12 - 1].symbol, " ", "the last cell is never written")
        XCTAssertEqual(terminal.grid[60 * 12 - 2].symbol, "n", "its neighbour is")
    }

    func testThePenChangesOnlyWhatDiffers() {
        var b = Buffer(size: Size(width: 5, height: 1))
        let bg = RGB(30, 30, 40)
        b.setCell(Cell("a", style: Style(fg: RGB(255, 255, 255), bg: bg, attributes: [.bold, .dim])), x: 0, y: 0)
        b.setCell(Cell("b", style: Style(fg: RGB(255, 255, 255), bg: bg, attributes: [.dim])), x: 1, y: 0)
        b.setCell(Cell("c", style: Style(fg: RGB(255, 255, 255), bg: bg, attributes: [.dim, .underline])), x: 2, y: 0)
        b.setCell(Cell("d", style: Style(fg: RGB(0, 0, 0), bg: bg, attributes: [])), x: 3, y: 0)
        var encoder = FrameEncoder(depth: .palette256)
        var terminal = FakeTerminal(width: 5, height: 1)
        let bytes = encode([b], &encoder)[0]
        terminal.feed(bytes)
        XCTAssertEqual(terminal.shown(comparableTo: b), FakeTerminal.expected(b))
        let text = String(decoding: bytes, as: UTF8.self)
        // Bold off ends dim too (22): dim again; underline on alone; then both off and a colour.
        XCTAssertTrue(text.contains("a\u{1B}[22;2mb\u{1B}[4mc\u{1B}[22;24;38;5;16md"), text)
    }

    func testTheNextRowStartsWithCarriageReturnAndLineFeed() {
        let blank = Buffer(size: Size(width: 20, height: 4))
        var next = blank
        next.setCell(Cell("│"), x: 18, y: 1)
        next.setCell(Cell("│"), x: 1, y: 2)
        next.setCell(Cell("x"), x: 0, y: 3)
        var encoder = FrameEncoder(depth: .palette256)
        let bytes = encode([blank, next], &encoder)
        // The first frame ends on the bottom-right cell: the cursor is not known, so an absolute
        // move (7 bytes). After "│" it stands at column 20 of row 2: CR LF and the blank of
        // column 1 written again in the pen it has (3 bytes) beat `CSI 3;2 H` (6); CR LF alone
        // reaches the first column of row 4 (2 bytes; `CSI 4 H` would be 4).
        XCTAssertEqual(String(decoding: bytes[1], as: UTF8.self), "\u{1B}[2;19H│\r\n │\r\nx")
        // The same on a card's background (230,230,230 on 30,30,40: the greys 254 = 228 and
        // 235 = 38 are the nearest) in bold: the blank of column 1 is not in the pen's style, so
        // CR LF and one forward (5 bytes). The pen from the plain bottom-right cell: bold and
        // both colours (a reset first would only add "0;").
        let card = Style(fg: RGB(230, 230, 230), bg: RGB(30, 30, 40))
        var colouredBlank = Buffer(size: Size(width: 20, height: 4), fill: Cell(" ", style: card))
        colouredBlank.setCell(Cell(" ", style: .plain), x: 19, y: 3)
        var colouredNext = colouredBlank
        colouredNext.setCell(Cell("│", style: card.with(.bold)), x: 18, y: 1)
        colouredNext.setCell(Cell("│", style: card.with(.bold)), x: 1, y: 2)
        var coloured = FrameEncoder(depth: .palette256)
        let bold = encode([colouredBlank, colouredNext], &coloured)
        XCTAssertEqual(String(decoding: bold[1], as: UTF8.self), "\u{1B}[2;19H\u{1B}[1;38;5;254;48;5;235m│\r\n\u{1B}[C│")
    }

    func testAnAbsoluteMoveToTheFirstColumnLeavesItsNumberOut() {
        let blank = Buffer(size: Size(width: 20, height: 8))
        var next = blank
        next.setCell(Cell("a"), x: 0, y: 5)
        next.setCell(Cell("b"), x: 0, y: 0)
        var encoder = FrameEncoder(depth: .palette256)
        let first = encode([next], &encoder)
        // A first frame writes every cell, row after row: no move at all after the clear.
        XCTAssertEqual(String(decoding: first[0].prefix(11), as: UTF8.self), "\u{1B}[0m\u{1B}[H\u{1B}[2J")
        let bytes = encode([blank], &encoder)
        // The cursor is unknown after the bottom-right cell: `CSI H` (3 bytes) for the top left,
        // `CSI 6 H` (4 bytes) for the first column of row 6.
        XCTAssertEqual(String(decoding: bytes[0], as: UTF8.self), "\u{1B}[H \u{1B}[6H ")
    }

    func testTheSidesOfACardAreDrawnDownTheirColumns() {
        func card(_ style: Style) -> Buffer {
            var b = Buffer(size: Size(width: 12, height: 8))
            b.write("╭", repeating: "─", count: 4, "╮", x: 2, y: 1, style: style)
            for y in 2...5 {
                b.write("│", x: 2, y: y, style: style)
                b.write("│", x: 7, y: y, style: style)
            }
            b.write("╰", repeating: "─", count: 4, "╯", x: 2, y: 6, style: style)
            return b
        }
        let grey = Style(fg: RGB(128, 128, 128)) // grey 244 = 8 + 10·12, exactly
        var encoder = FrameEncoder(depth: .palette256)
        var terminal = FakeTerminal(width: 12, height: 8)
        let frames = [card(grey), card(grey.with(.bold))]
        let bytes = encode(frames, &encoder)
        for b in bytes { terminal.feed(b) }
        XCTAssertEqual(terminal.shown(comparableTo: frames[1]), FakeTerminal.expected(frames[1]))
        // Focus: every border cell turns bold. The top row as a run (after the bottom-right cell
        // the cursor is unknown: `CSI 2;3 H`; the pen is grey already, the blanks kept it) up
        // to its corner "╮", alone on its row with the
        // right side under it: that column goes down first, one row down (ESC D) and one back
        // (BS) a cell, 3 bytes (row by row each would need `CSI 4 C` or CR LF and `CSI 7 C`).
        // Then the left side from its top by an absolute move (`CSI 3;3 H`, 6 bytes; `CSI 3 A`
        // and `CSI 6 D` are 8), down the same way, and one more step down to the bottom row.
        let step = "\u{1B}D\u{08}"
        XCTAssertEqual(String(decoding: bytes[1], as: UTF8.self),
                       "\u{1B}[2;3H\u{1B}[1m╭────╮" + step + "│" + step + "│" + step + "│" + step + "│"
                       + "\u{1B}[3;3H│" + step + "│" + step + "│" + step + "│" + step + "╰────╯")
    }

    func testASkippedCellInThePensStyleIsWrittenAgainInsteadOfSteppedOver() {
        let style = Style(fg: RGB(230, 230, 230), bg: RGB(30, 30, 40))
        var before = Buffer(size: Size(width: 20, height: 2), fill: Cell(" ", style: style))
        _ = before.write("12:30 · 4", x: 2, y: 0, style: style)
        var after = before
        _ = after.write("13:31 · 5", x: 2, y: 0, style: style)
        var encoder = FrameEncoder(depth: .palette256)
        let bytes = encode([before, after], &encoder)
        // "2" → "3" at column 4, "0" → "1" at column 7, "4" → "5" at column 11. Between the
        // first two, ":3" is written again (2 bytes; `CSI 2 C` is 4); between the last two,
        // " · " is not (the middle dot is 2 bytes, 4 in all; `CSI 3 C` is 4, not shorter).
        XCTAssertEqual(String(decoding: bytes[1], as: UTF8.self), "\u{1B}[1;4H3:31\u{1B}[3C5")
    }

    /// A bar's body of full blocks goes out as blanks in the bar's colour: one byte a cell
    /// (a row of them one blank and a repeat), and the terminal shows the same filled cells.
    func testAFullBlockGoesOutAsABlankWithItsColourBehind() {
        func bars(selected: Int) -> Buffer {
            var b = Buffer(size: Size(width: 40, height: 8), fill: Cell(" ", style: card))
            for bar in 0..<3 {
                let colour = bar == selected ? RGB(80, 200, 120) : RGB(90, 90, 100)
                b.fill(Rect(x: 2 + bar * 12, y: 2, width: 10, height: 5), symbol: "█", style: Style(fg: colour, bg: RGB(30, 30, 40)))
            }
            return b
        }
        for repeats in [false, true] {
            var encoder = FrameEncoder(depth: .palette256, repeats: repeats)
            var terminal = FakeTerminal(width: 40, height: 8)
            let frames = [bars(selected: 2), bars(selected: 1)]
            let bytes = encode(frames, &encoder)
            for (frame, b) in zip(frames, bytes) {
                terminal.feed(b)
                XCTAssertEqual(terminal.shown(comparableTo: frame), FakeTerminal.expected(frame), "repeats: \(repeats)")
            }
            let moved = String(decoding: bytes[1], as: UTF8.self)
            XCTAssertFalse(moved.contains("█"), moved)
            // Two bars of 10×5 change colour: 100 cells, fewer bytes than their blocks' text alone
            // (3 bytes a block). Each row of a bar: a move, the pen (only its background, 48;5;n),
            // and ten blanks, or with repeats a blank and `CSI 9 b`.
            let cells = frames[1].diff(from: frames[0]).count
            XCTAssertEqual(cells, 100)
            XCTAssertLessThan(bytes[1].count, 3 * cells, moved)
            XCTAssertTrue(moved.contains(repeats ? "m \u{1B}[9b" : "m          "), moved)
        }
    }

    /// A full block that would look otherwise as a blank stays a block: dim, italic,
    /// underlined or reversed; without colours; bold on a 16-colour terminal.
    func testAFullBlockThatWouldLookOtherwiseStaysABlock() {
        let colour = RGB(80, 200, 120)
        let cases: [(ColorDepth, Style)] = [
            (.palette256, Style(fg: colour, attributes: [.dim])), (.palette256, Style(fg: colour, attributes: [.italic])),
            (.palette256, Style(fg: colour, attributes: [.underline])), (.palette256, Style(fg: colour, attributes: [.reverse])),
            (.palette256, Style()), (.monochrome, Style(fg: colour)), (.ansi16, Style(fg: colour, attributes: [.bold])),
        ]
        // Runs of 8: long enough to go out as blanks (see the last case) if they looked the same.
        for (depth, style) in cases {
            var b = Buffer(size: Size(width: 10, height: 1))
            b.fill(Rect(x: 1, y: 0, width: 8, height: 1), symbol: "█", style: style)
            var encoder = FrameEncoder(depth: depth)
            let text = String(decoding: encode([b], &encoder)[0], as: UTF8.self)
            XCTAssertEqual(text.filter { $0 == "█" }.count, 8, "\(depth) \(style): \(text)")
        }
        // A big digit's blocks among half blocks of their colour: blanks would change the pen at
        // each cell; they stay blocks, in one pen.
        var digit = Buffer(size: Size(width: 6, height: 1))
        _ = digit.write("█▀█", x: 1, y: 0, style: Style(fg: colour, bg: RGB(30, 30, 40), attributes: [.bold]))
        var digits = FrameEncoder(depth: .palette256)
        let text = String(decoding: encode([digit], &digits)[0], as: UTF8.self)
        XCTAssertTrue(text.contains("█▀█"), text)
        // Bold in 256 colours does not brighten a colour given by number: the block goes out as a blank.
        var b = Buffer(size: Size(width: 10, height: 1))
        b.fill(Rect(x: 1, y: 0, width: 8, height: 1), symbol: "█", style: Style(fg: colour, attributes: [.bold]))
        var encoder = FrameEncoder(depth: .palette256)
        XCTAssertFalse(String(decoding: encode([b], &encoder)[0], as: UTF8.self).contains("█"))
    }

    /// A blank shows only its background: the pen's foreground and bold are left as they are
    /// for it (no SGR between a word and the blanks after it that differ only there).
    func testABlankKeepsThePensForegroundAndBold() {
        var before = Buffer(size: Size(width: 12, height: 1), fill: Cell(" ", style: card))
        var after = before
        _ = after.write("12", x: 2, y: 0, style: accent)
        before = after
        _ = after.write("9 ", x: 2, y: 0, style: accent)
        after.setCell(Cell(" ", style: card), x: 3, y: 0)
        var encoder = FrameEncoder(depth: .palette256)
        var terminal = FakeTerminal(width: 12, height: 1)
        let bytes = encode([before, after], &encoder)
        for (frame, b) in zip([before, after], bytes) {
            terminal.feed(b)
            XCTAssertEqual(terminal.shown(comparableTo: frame), FakeTerminal.expected(frame))
        }
        // "12" → "9" and a blank in the card's style: the blank keeps the bold green pen (same background).
        XCTAssertEqual(String(decoding: bytes[1], as: UTF8.self), "\u{1B}[1;3H9 ")
    }

    /// Frames of random cards, text, bars and wide characters, each changing part of the
    /// last: what the terminal shows after each frame's bytes is that frame, cell for cell
    /// (glyph, attributes, both colours), with and without repeats.
    func testRandomFramesReachExactlyTheirCells() {
        reachExactlyTheirCells(styles: [
            .plain, Style(fg: RGB(230, 230, 230), bg: RGB(30, 30, 40)), Style(fg: RGB(80, 200, 120), bg: RGB(30, 30, 40), attributes: [.bold]),
            Style(fg: RGB(90, 90, 100), bg: RGB(30, 30, 40), attributes: [.dim]), Style(fg: RGB(255, 180, 0), attributes: [.underline]),
            Style(bg: RGB(60, 60, 70), attributes: [.reverse]), Style(fg: RGB(200, 200, 255), bg: RGB(20, 20, 20), attributes: [.italic, .bold]),
        ])
    }

    /// More pen changes than the encoder remembers (`PenCodes`: 256 slots), so remembered ones
    /// are pushed out and worked out again: the terminal still shows every cell.
    func testFramesOfManyPensReachExactlyTheirCells() {
        var styles: [Style] = []
        let attributes: [Attributes] = [[], [.bold], [.dim], [.italic], [.underline], [.reverse], [.bold, .italic]]
        for n in 0..<48 {
            let fg = n % 7 == 0 ? nil : RGB(UInt8(n * 5), UInt8(255 - n * 5), UInt8(n * 37 % 256))
            let bg = n % 5 == 0 ? nil : RGB(UInt8(n * 37 % 256), UInt8(n * 3), UInt8(200 - n * 4))
            styles.append(Style(fg: fg, bg: bg, attributes: attributes[n % attributes.count]))
        }
        reachExactlyTheirCells(styles: styles)
    }

    private func reachExactlyTheirCells(styles: [Style], file: StaticString = #filePath, line: UInt = #line) {
        let texts = ["8,412 steps", "─────", "│", "█▇▅▃", "寿司 ok", "   ", "a", "╭─ Steps ─╮", "⠁⠃⠇", "██████", "█ █"]
        for repeats in [false, true] {
            var rng = SeededRandom(seed: repeats ? 7 : 11)
            let size = Size(width: 37, height: 13)
            var frame = Buffer(size: size, fill: Cell(" ", style: styles[1]))
            var encoder = FrameEncoder(depth: .palette256, repeats: repeats)
            var terminal = FakeTerminal(width: size.width, height: size.height)
            for n in 0..<150 {
                for _ in 0..<rng.int(1...4) {
                    let style = styles[rng.int(0...(styles.count - 1))]
                    switch rng.int(0...3) {
                    case 0: // a card's border, restyled or moved
                        let x = rng.int(0...30), y = rng.int(0...9), w = rng.int(2...(size.width - x)), h = rng.int(2...(size.height - y))
                        frame.write("╭", repeating: "─", count: w - 2, "╮", x: x, y: y, style: style)
                        for row in (y + 1)..<(y + h - 1) {
                            frame.write("│", x: x, y: row, style: style)
                            frame.write("│", x: x + w - 1, y: row, style: style)
                        }
                        frame.write("╰", repeating: "─", count: w - 2, "╯", x: x, y: y + h - 1, style: style)
                    case 1: // text
                        frame.write(texts[rng.int(0...(texts.count - 1))], x: rng.int(0...36), y: rng.int(0...12), style: style)
                    case 2: // a filled block
                        let x = rng.int(0...36), y = rng.int(0...12)
                        frame.fill(Rect(x: x, y: y, width: rng.int(1...12), height: rng.int(1...4)), symbol: [" ", "▔", "█"][rng.int(0...2)], style: style)
                    default: // one cell
                        frame.setCell(Cell(rng.int(0...1) == 0 ? "5" : " ", style: style), x: rng.int(0...36), y: rng.int(0...12))
                    }
                }
                var bytes: [UInt8] = []
                encoder.encode(frame, into: &bytes)
                terminal.feed(bytes)
                let shown = terminal.shown(comparableTo: frame), expected = FakeTerminal.expected(frame)
                if shown != expected {
                    let wrong = zip(shown, expected).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(3)
                    return XCTFail("frame \(n), repeats: \(repeats): " + wrong.map { "(\($0.offset % size.width), \($0.offset / size.width)) shows \($0.element.0), not \($0.element.1)" }.joined(separator: "; "), file: file, line: line)
                }
            }
        }
    }

    /// A theme toggle changes every cell: whole rows changed are drawn as runs (no column of
    /// lone cells is looked for in them, each next cell of a run in the pen goes out as its
    /// glyph alone). The terminal shows each frame exactly, with and without repeats, on a
    /// terminal that must not write its bottom-right cell too; and a row of one style costs
    /// its glyphs' bytes plus one move and one pen, nothing a cell.
    func testAFrameWhoseEveryCellChangedReachesTheTerminalExactly() {
        let dark = [card, accent, Style(fg: RGB(255, 180, 0), attributes: [.underline]), Style(attributes: [.reverse])]
        let light = [Style(fg: RGB(20, 20, 20), bg: RGB(250, 250, 245)), Style(fg: RGB(0, 120, 60), bg: RGB(250, 250, 245), attributes: [.bold]),
                     Style(fg: RGB(180, 90, 0), attributes: [.underline]), Style(attributes: [.reverse, .bold])]
        func restyled(_ frame: Buffer, _ from: [Style], _ to: [Style]) -> Buffer {
            var out = frame
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width where !frame[x, y].isContinuation {
                    var cell = frame[x, y]
                    cell.style = to[from.firstIndex(of: cell.style) ?? 0]
                    out.setCell(cell, x: x, y: y)
                }
            }
            return out
        }
        for (repeats, bottomRight) in [(false, true), (true, true), (true, false)] {
            var encoder = FrameEncoder(depth: .palette256, writesBottomRight: bottomRight, repeats: repeats)
            var terminal = FakeTerminal(width: 60, height: 12)
            var frame = dashboard(steps: "8,412")
            _ = frame.write("⣿⣿⣿⣿⣀⣀⡇ ─────", x: 30, y: 7, style: dark[0])
            for n in 0..<6 {
                let shown = n % 2 == 0 ? frame : restyled(frame, dark, light)
                var bytes: [UInt8] = []
                encoder.encode(shown, into: &bytes)
                terminal.feed(bytes)
                // Where the bottom-right cell is never written, every other cell is compared.
                let cells = bottomRight ? 60 * 12 : 60 * 12 - 1
                XCTAssertEqual(Array(terminal.shown(comparableTo: shown).prefix(cells)), Array(FakeTerminal.expected(shown).prefix(cells)),
                               "toggle \(n), repeats: \(repeats), bottom right: \(bottomRight)")
            }
        }
        // One row, every cell changed, one style: a move, a pen, then the glyphs' own bytes.
        var encoder = FrameEncoder(depth: .trueColor)
        var before = Buffer(size: Size(width: 8, height: 2), fill: Cell(" ", style: card))
        var out: [UInt8] = []
        encoder.encode(before, into: &out)
        _ = before.write("⣿─a⣿─a⣿─", x: 0, y: 1, style: accent)
        out = []
        encoder.encode(before, into: &out)
        let text = Array("⣿─a⣿─a⣿─".utf8)
        XCTAssertTrue(out.count > text.count && Array(out.suffix(text.count)) == text,
                      "the row's glyphs follow its one move and pen: \(String(decoding: out, as: UTF8.self).debugDescription)")
    }

    func testInvalidateRepaintsEverything() {
        var encoder = FrameEncoder(depth: .palette256)
        let frame = dashboard(steps: "8,412")
        let first = encode([frame], &encoder)[0]
        encoder.invalidate()
        XCTAssertEqual(encode([frame], &encoder)[0], first)
    }
}
