import Testing
@testable import TerminalUI

@Suite struct ASCIIFallbackTests {
    @Test(arguments: [
        ("a", 1, "a"), ("—", 1, "-"), ("’", 1, "'"), ("é", 1, "e"), ("Ç", 1, "C"), ("╭", 1, "+"), ("│", 1, "|"),
        ("█", 1, "#"), ("✓", 1, "v"), ("日", 2, "? "), ("🍎", 2, "? "), ("e\u{301}", 1, "e"), ("Ａ", 2, "A "),
    ])
    func mapsEachCellToASCIIOfTheSameWidth(symbol: String, width: Int, expected: String) {
        let text = ASCIIFallback.text(for: symbol, width: width)
        #expect(text == expected)
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.count == width)
    }
}

@Suite struct WrapWithEllipsisTests {
    @Test func leftoverTextEndsTheLastLineWithAnEllipsis() {
        let lines = TextWidth.wrap("Steps, active energy and meals — a premium health dashboard", to: 20, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines[1].hasSuffix("…"))
        #expect(lines.allSatisfy { TextWidth.of($0) <= 20 })
        #expect(TextWidth.wrap("short", to: 20, maxLines: 2) == ["short"])
    }
}
