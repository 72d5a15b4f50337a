import XCTest
@testable import AppCore
import SnapshotTesting
import TerminalUI

/// The bytes `FrameEncoder` writes for the real screens, read by the tests' terminal
/// (`FakeTerminal`): after every key the terminal shows exactly the frame, cell for cell
/// (glyph, attributes, both colours) — what a repaint of the whole screen would show —
/// and it never scrolls, nor gets a relative move or a glyph while it waits past the
/// last column.
@MainActor
final class TerminalBytesTests: XCTestCase {
    func testEveryKeyOfATourLeavesTheTerminalShowingItsFrame() async {
        let keys: [Key] = [.tab, .tab, .char("+"), .char("-"), .right, .left, .char("c"), .backTab, .tab, .char("]"), .char("["),
                           .char("?"), .escape, .char("3"), .tab, .right, .char("4"), .tab, .tab, .enter, .escape, .char("7"), .down,
                           .down, .right, .char("1"), .char("t"), .tab, .char("2"), .char("1")]
        for (theme, repeats) in [("dark", false), ("light", true)] {
            let size = Size(width: 200, height: 60)
            let d = Driver(size: size, theme: theme)
            defer { d.cleanUp() }
            await d.onboard()
            var encoder = FrameEncoder(depth: .palette256, repeats: repeats)
            var terminal = FakeTerminal(width: size.width, height: size.height)
            var written = 0
            func check(_ label: String) -> Bool {
                let frame = d.render()
                var bytes: [UInt8] = []
                encoder.encode(frame, into: &bytes)
                written += bytes.count
                terminal.feed(bytes)
                let shown = terminal.shown(comparableTo: frame), expected = FakeTerminal.expected(frame)
                guard shown != expected else { return true }
                let wrong = zip(shown, expected).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(3)
                XCTFail("\(theme), after \(label): " + wrong.map {
                    "(\($0.offset % size.width), \($0.offset / size.width)) shows \($0.element.0), not \($0.element.1)"
                }.joined(separator: "; "))
                return false
            }
            guard check("launch") else { return }
            for key in keys {
                await d.press(key)
                await d.advance(0.3)
                guard check(key.label) else { return }
            }
            XCTAssertGreaterThan(written, 0)
        }
    }
}
