import XCTest
@testable import TerminalUI

/// A small terminal for the tests: it understands what a full-screen app sends
/// (CUP, CUF, ED 2, SGR, UTF-8 text) and keeps a grid of what is shown. Past the
/// last column it stays there (the encoder always places the cursor again).
private struct FakeTerminal {
    struct Shown: Equatable {
        var symbol = " "
        var attributes: [Int] = []
        var fg = "default"
        var bg = "default"
    }

    let width: Int, height: Int
    var grid: [Shown]
    var x = 0, y = 0
    var pen = Shown()
    var last: Character?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        grid = Array(repeating: Shown(), count: width * height)
    }

    mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if c == "\u{1B}" {
                XCTAssertEqual(chars.popFirst(), "[")
                var params = ""
                while let p = chars.first, p.isNumber || p == ";" || p == "?" { params.append(p); chars.removeFirst() }
                let command = chars.popFirst()
                let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                switch command {
                case "H": y = max(1, numbers.first ?? 1) - 1; x = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
                case "C": x = min(width - 1, x + max(1, numbers.first ?? 1))
                case "J": grid = Array(repeating: Shown(), count: width * height)
                case "m": sgr(params.isEmpty ? [0] : numbers)
                case "b": for _ in 0..<max(1, numbers.first ?? 1) { if let last { put(last) } }
                default: XCTFail("unexpected sequence ESC [\(params)\(command.map(String.init) ?? "")")
                }
            } else {
                put(c)
            }
        }
    }

    mutating func put(_ c: Character) {
        var cell = pen
        cell.symbol = String(c)
        grid[y * width + x] = cell
        x = min(width - 1, x + max(1, TextWidth.of(c)))
        last = c
    }

    mutating func sgr(_ numbers: [Int]) {
        var i = 0
        while i < numbers.count {
            let n = numbers[i]
            switch n {
            case 0: pen = Shown()
            case 1, 2, 3, 4, 7: pen.attributes = Array(Set(pen.attributes + [n])).sorted()
            case 22: pen.attributes.removeAll { $0 == 1 || $0 == 2 }
            case 23, 24, 27: pen.attributes.removeAll { $0 == n - 20 }
            case 30...37: pen.fg = "\(n - 30)"
            case 90...97: pen.fg = "\(n - 90 + 8)"
            case 39: pen.fg = "default"
            case 40...47: pen.bg = "\(n - 40)"
            case 100...107: pen.bg = "\(n - 100 + 8)"
            case 49: pen.bg = "default"
            case 38, 48:
                if numbers[i + 1] == 5 {
                    if n == 38 { pen.fg = "\(numbers[i + 2])" } else { pen.bg = "\(numbers[i + 2])" }
                    i += 2
                } else {
                    let rgb = "\(numbers[i + 2]),\(numbers[i + 3]),\(numbers[i + 4])"
                    if n == 38 { pen.fg = rgb } else { pen.bg = rgb }
                    i += 4
                }
            default: XCTFail("unexpected SGR \(n)")
            }
            i += 1
        }
    }

    /// What the buffer should look like on a 256-colour terminal.
    static func expected(_ buffer: Buffer) -> [Shown] {
        buffer.cells.map { cell in
            var a: [Int] = []
            let attrs = cell.style.attributes
            if attrs.contains(.bold) { a.append(1) }
            if attrs.contains(.dim) { a.append(2) }
            if attrs.contains(.italic) { a.append(3) }
            if attrs.contains(.underline) { a.append(4) }
            if attrs.contains(.reverse) { a.append(7) }
            let number = { (c: RGB?) in c.map { "\(ColorQuantizer.colorNumber(for: $0, depth: .palette256))" } ?? "default" }
            if cell.isContinuation { return Shown(symbol: "", attributes: [], fg: "", bg: "") }
            return Shown(symbol: cell.symbol, attributes: a, fg: number(cell.style.fg), bg: number(cell.style.bg))
        }
    }

    /// The grid, with the right halves of wide characters left out (the terminal draws them).
    func shown(comparableTo buffer: Buffer) -> [Shown] {
        zip(grid, buffer.cells).map { shown, cell in cell.isContinuation ? Shown(symbol: "", attributes: [], fg: "", bg: "") : shown }
    }
}

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
        // Now the pen is the digits' own: a move and the character, 7 bytes.
        XCTAssertEqual(String(decoding: bytes[2], as: UTF8.self), "\u{1B}[4;8H4")
    }

    func testARunOfChangedCellsIsOneMoveOnePenAndItsText() {
        var encoder = FrameEncoder(depth: .palette256)
        let bytes = encode([dashboard(steps: "1,000"), dashboard(steps: "9,999")], &encoder)
        let text = String(decoding: bytes[1], as: UTF8.self)
        // Four cells changed ("1" → "9", "000" → "999", the comma stays): two runs.
        XCTAssertEqual(text.filter { $0 == "H" || $0 == "C" }.count, 2, text)
        XCTAssertLessThanOrEqual(bytes[1].count, 4 * 2 + 30, text)
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
        XCTAssertTrue(cube.contains("\u{1B}[39;48;5;67mc\u{1B}[49m "), cube)
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

    func testInvalidateRepaintsEverything() {
        var encoder = FrameEncoder(depth: .palette256)
        let frame = dashboard(steps: "8,412")
        let first = encode([frame], &encoder)[0]
        encoder.invalidate()
        XCTAssertEqual(encode([frame], &encoder)[0], first)
    }
}
