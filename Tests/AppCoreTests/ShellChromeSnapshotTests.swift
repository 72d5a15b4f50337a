import XCTest
@testable import AppCore
import SnapshotTesting
import TerminalUI

/// The shell's own rows — the header (brand, tabs, status) and the footer
/// (keys) — at every size people use, in both themes. Features' goldens leave
/// these rows out, so renaming a tab or adding one changes these files and the
/// overlays that list tabs (help, palette), not every screen's.
@MainActor
final class ShellChromeSnapshotTests: XCTestCase {
    func testHeaderAndFooterAtEverySize() async {
        for size in RegistryTests.sizes {
            for theme in ["dark", "light"] {
                let d = Driver(size: size, theme: theme)
                await d.onboard()
                d.model.shared.toast = nil
                let full = d.render()
                var chrome = Buffer(size: Size(width: size.width, height: 2))
                for x in 0..<size.width {
                    chrome.setCell(full[x, 0], x: x, y: 0)
                    chrome.setCell(full[x, size.height - 1], x: x, y: 1)
                }
                assertSnapshot(chrome, named: "shell-chrome-\(size.width)x\(size.height)-\(theme)")
                d.cleanUp()
            }
        }
    }
}
