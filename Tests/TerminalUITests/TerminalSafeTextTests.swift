import XCTest
@testable import TerminalUI

final class TerminalSafeTextTests: XCTestCase {
    func testEveryControlAndBidiOverrideBecomesAReplacementCharacter() {
        XCTAssertEqual(TerminalSafeText.clean("a\u{1B}[2Jb\u{07}c\u{9B}d\u{7F}e\u{202E}f\u{2066}g"), "a�[2Jb�c�d�e�f�g")
        XCTAssertEqual(TerminalSafeText.clean("line\none\tx"), "line�one�x")
        XCTAssertEqual(TerminalSafeText.clean("line\none\tx", keepingLineBreaks: true), "line\none\tx")
        XCTAssertEqual(TerminalSafeText.clean("Café 🍎 ✓"), "Café 🍎 ✓", "ordinary text is untouched")
    }

    func testABufferNeverHoldsAControlCharacter() {
        var buffer = Buffer(size: Size(width: 12, height: 1))
        buffer.write("é\u{1B}]0;x\u{07}\u{202E}!", x: 0, y: 0, style: .plain)
        XCTAssertEqual(buffer.line(0), "é�]0;x��!   ")
        for x in 0..<12 {
            let cell = buffer.cells[x]
            XCTAssertFalse(cell.symbol.unicodeScalars.contains(where: TerminalSafeText.isUnsafe), "cell \(x): \(cell.symbol.debugDescription)")
        }
    }
}
