import TerminalUI
import XCTest

/// A small terminal for the tests: it understands what a full-screen app sends
/// (CUP, CUF, CUB, CUD, CUU, ED 2, SGR, REP, CR, LF, BS, IND, UTF-8 text) and keeps a grid of
/// what is shown. After a glyph in the last column only an absolute move may follow (the
/// encoder places the cursor again there); a line feed on the last row is a failure (it
/// would scroll).
public struct FakeTerminal {
    public struct Shown: Equatable, CustomStringConvertible {
        public var symbol = " "
        public var attributes: [Int] = []
        public var fg = "default"
        public var bg = "default"

        public init(symbol: String = " ", attributes: [Int] = [], fg: String = "default", bg: String = "default") {
            self.symbol = symbol
            self.attributes = attributes
            self.fg = fg
            self.bg = bg
        }

        public var description: String { "\"\(symbol)\" \(attributes) fg \(fg) bg \(bg)" }
    }

    public let width: Int, height: Int
    public private(set) var grid: [Shown]
    var x = 0, y = 0
    var pen = Shown()
    var last: Character?
    /// A glyph was written in the last column: the cursor waits there to wrap, and terminals
    /// differ on what a relative move, CR, LF or BS does then (the encoder places it again).
    var pendingWrap = false

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        grid = Array(repeating: Shown(), count: width * height)
    }

    public mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            // Swift reads CR LF as one Character.
            if c == "\r" || c == "\r\n" || c == "\n" || c == "\u{08}" || (c == "\u{1B}" && chars.first == "D") {
                XCTAssertFalse(pendingWrap, "a relative move past the last column")
                pendingWrap = false
            }
            if c == "\r" || c == "\r\n" {
                x = 0
            }
            if c == "\n" || c == "\r\n" {
                XCTAssertLessThan(y, height - 1, "a line feed on the last row scrolls")
                y = min(height - 1, y + 1)
            } else if c == "\r" {
                continue
            } else if c == "\u{08}" {
                x = max(0, x - 1)
            } else if c == "\u{1B}", chars.first == "D" {
                chars.removeFirst()
                XCTAssertLessThan(y, height - 1, "an index on the last row scrolls")
                y = min(height - 1, y + 1)
            } else if c == "\u{1B}" {
                XCTAssertEqual(chars.popFirst(), "[")
                var params = ""
                while let p = chars.first, p.isNumber || p == ";" || p == "?" { params.append(p); chars.removeFirst() }
                let command = chars.popFirst()
                let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                if let command, "CDBAb".contains(command) { XCTAssertFalse(pendingWrap, "ESC [ \(command) past the last column") }
                if let command, "HCDBAJ".contains(command) { pendingWrap = false }
                switch command {
                case "H": y = max(1, numbers.first ?? 1) - 1; x = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
                case "C": x = min(width - 1, x + max(1, numbers.first ?? 1))
                case "D": x = max(0, x - max(1, numbers.first ?? 1))
                case "B": y = min(height - 1, y + max(1, numbers.first ?? 1))
                case "A": y = max(0, y - max(1, numbers.first ?? 1))
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

    private mutating func put(_ c: Character) {
        XCTAssertFalse(pendingWrap, "a glyph past the last column wraps to the next row")
        var cell = pen
        cell.symbol = String(c)
        grid[y * width + x] = cell
        let next = x + max(1, TextWidth.of(c))
        pendingWrap = next >= width
        x = min(width - 1, next)
        last = c
    }

    private mutating func sgr(_ numbers: [Int]) {
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
    public static func expected(_ buffer: Buffer) -> [Shown] {
        var numbers: [RGB: String] = [:]
        func number(_ c: RGB?) -> String {
            guard let c else { return "default" }
            if let n = numbers[c] { return n }
            let n = "\(ColorQuantizer.colorNumber(for: c, depth: .palette256))"
            numbers[c] = n
            return n
        }
        return buffer.cells.map { cell in
            var a: [Int] = []
            let attrs = cell.style.attributes
            if attrs.contains(.bold) { a.append(1) }
            if attrs.contains(.dim) { a.append(2) }
            if attrs.contains(.italic) { a.append(3) }
            if attrs.contains(.underline) { a.append(4) }
            if attrs.contains(.reverse) { a.append(7) }
            if cell.isContinuation { return Shown(symbol: "", attributes: [], fg: "", bg: "") }
            return Shown(symbol: cell.symbol, attributes: a, fg: number(cell.style.fg), bg: number(cell.style.bg)).visible
        }
    }

    /// The grid as a person sees it, with the right halves of wide characters left out (the
    /// terminal draws them).
    public func shown(comparableTo buffer: Buffer) -> [Shown] {
        zip(grid, buffer.cells).map { shown, cell in cell.isContinuation ? Shown(symbol: "", attributes: [], fg: "", bg: "") : shown.visible }
    }
}

extension FakeTerminal.Shown {
    /// What a person sees of the cell. A blank, unless underlined (4) or reversed (7), shows
    /// its background alone: its foreground, bold, dim and italic are invisible. A full block
    /// in a colour, neither dim (2), italic (3), underlined nor reversed, shows that colour
    /// over the whole cell: what a blank with it as background shows.
    public var visible: FakeTerminal.Shown {
        let marks = Set(attributes).intersection([4, 7])
        if symbol == " ", marks.isEmpty { return FakeTerminal.Shown(symbol: " ", attributes: [], fg: "-", bg: bg) }
        if symbol == "█", fg != "default", Set(attributes).isDisjoint(with: [2, 3, 4, 7]) {
            return FakeTerminal.Shown(symbol: " ", attributes: [], fg: "-", bg: fg)
        }
        return self
    }
}

