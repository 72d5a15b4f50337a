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

    /// A long name shows its end while typed (the cursor stays in view) and its start once focus moves on.
    func testAFieldNotBeingEditedShowsItsStart() {
        let r = RenderContext(theme: ThemeLoader.dark)
        let state = TextFieldState("Porridge with oat milk and blueberries")
        func line(focused: Bool) -> String {
            var b = Buffer(size: Size(width: 24, height: 1))
            TextFieldView(label: "Food", state: state, focused: focused).render(in: b.bounds, labelWidth: 5, r, &b)
            return b.line(0)
        }
        // Label 5 + space, then the field's edge and 16 columns of text and a margin.
        XCTAssertEqual(line(focused: false), "Food   Porridge with o… ")
        XCTAssertTrue(line(focused: true).hasSuffix("nd blueberries  "), line(focused: true))
    }
}
