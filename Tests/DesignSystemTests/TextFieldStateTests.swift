import XCTest
@testable import DesignSystem
import TerminalUI

final class TextFieldStateTests: XCTestCase {
    func testEditingByGraphemes() {
        var f = TextFieldState("ab🍣")
        XCTAssertEqual(f.cursor, 3)
        f.handle(.backspace)
        XCTAssertEqual(f.text, "ab")
        f.handle(.home)
        f.handle(.char("é"))
        XCTAssertEqual(f.text, "éab")
        f.handle(.right)
        f.handle(.delete)
        XCTAssertEqual(f.text, "éa")
        f.handle(.end)
        f.handle(.char("寿"))
        XCTAssertEqual(f.text, "éa寿")
        XCTAssertFalse(f.handle(.up), "not a field key")
    }

    func testPastedMultilineTextBecomesOneLineAndControlsAreDropped() {
        var f = TextFieldState()
        f.insert("Line one\nLine\ttwo\u{7}\u{1B}")
        XCTAssertEqual(f.text, "Line one Line two")
    }

    func testMaxLengthIsEnforced() {
        var f = TextFieldState("", maxLength: 3)
        f.insert("abcdef")
        XCTAssertEqual(f.text, "abc")
        f.handle(.char("x"))
        XCTAssertEqual(f.text, "abc")
    }

    func testKillShortcuts() {
        var f = TextFieldState("hello world")
        for _ in 0..<5 { f.handle(.left) }
        f.handle(.ctrl("k"))
        XCTAssertEqual(f.text, "hello ")
        f.handle(.ctrl("u"))
        XCTAssertEqual(f.text, "")
        XCTAssertEqual(f.cursor, 0)
        f.handle(.backspace)
        f.handle(.delete)
        XCTAssertEqual(f.text, "")
    }
}
