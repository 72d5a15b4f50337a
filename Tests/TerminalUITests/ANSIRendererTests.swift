import Testing
@testable import TerminalUI

@Suite struct ANSIRendererTests {
    @Test func theFirstFrameClearsAndDrawsEveryCell() {
        var r = ANSIRenderer()
        var b = Buffer(size: Size(width: 3, height: 2))
        b.write("ab", x: 0, y: 0, style: Style(fg: RGB(1, 2, 3), attributes: [.bold]))
        let out = r.frame(b)
        #expect(out.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(out.contains("\u{1B}[0;1;38;2;1;2;3mab"), "one SGR for the run, then its text")
        #expect(out.contains("\u{1B}[2;1H"), "the second row starts with a cursor move")
    }

    @Test func aLaterFrameWritesOnlyTheChangedCells() {
        var r = ANSIRenderer()
        var b = Buffer(size: Size(width: 10, height: 3))
        b.write("hello", x: 0, y: 1, style: .plain)
        _ = r.frame(b)
        #expect(r.frame(b) == "", "nothing changed, nothing written")
        b.write("J", x: 0, y: 1, style: .plain)
        b.write("!", x: 4, y: 1, style: .plain)
        #expect(r.frame(b) == "\u{1B}[2;1HJ\u{1B}[3C!", "a move, the cell, a short skip forward, the cell")
    }

    @Test func wideCharactersAdvanceTwoColumnsAndSizeChangesRedraw() {
        var r = ANSIRenderer()
        var b = Buffer(size: Size(width: 4, height: 1))
        b.write("日x", x: 0, y: 0, style: .plain)
        let out = r.frame(b)
        #expect(out.hasSuffix("[0m日x "), "no move between the wide glyph and the next cell")
        let bigger = Buffer(size: Size(width: 5, height: 1))
        #expect(r.frame(bigger).contains("\u{1B}[2J"))
    }

    @Test(arguments: [(ColorDepth.trueColor, "38;2;255;0;0"), (.palette256, "38;5;196"), (.ansi16, "91"), (.monochrome, "")])
    func colorsFollowTheDepth(depth: ColorDepth, code: String) {
        let sgr = ANSIRenderer.sgr(Style(fg: RGB(255, 0, 0)), depth: depth)
        #expect(sgr == "\u{1B}[0" + (code.isEmpty ? "" : ";" + code) + "m")
    }
}
