import XCTest
import DesignSystem
import TerminalUI

/// LANG=C: the hero digits keep a shape of their own for every digit.
final class BigDigitsASCIITests: XCTestCase {
    func render(_ text: String, _ glyphs: Glyphs) -> [String] {
        var buffer = Buffer(size: Size(width: 40, height: 3))
        BigDigits(text).render(at: Point(x: 0, y: 0), RenderContext(theme: ThemeLoader.builtin("dark"), glyphs: glyphs), &buffer)
        return buffer.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    func testEveryDigitHasItsOwnASCIIShape() {
        let shapes = (0...9).map { render(String($0), .ascii) }
        XCTAssertEqual(Set(shapes.map { $0.joined(separator: "\n") }).count, 10, shapes.map { $0.joined(separator: "/") }.joined(separator: "  "))
        for shape in shapes { XCTAssertTrue(shape.joined().allSatisfy(\.isASCII)) }
    }

    func testASCIIDigitsByHand() {
        // Seven segments: 2 = top, upper right, middle, lower left, bottom.
        XCTAssertEqual(render("2,5", .ascii), [" _     _", " _|   |_", "|_  ,  _|"])
        XCTAssertEqual(render("8", .ascii), [" _", "|_|", "|_|"])
    }

    func testASCIIAndUnicodeTakeTheSameWidth() {
        for text in ["0123456789", "12,408", "55%", "3.5"] {
            let unicode = render(text, .unicode), ascii = render(text, .ascii)
            XCTAssertEqual(unicode.map { $0.count }.max(), ascii.map { $0.count }.max(), text)
        }
    }
}
