import XCTest
@testable import AppCore
import HealthDomain
import TerminalUI

/// Help and the palette are drawn over the screen kept from their first frame while only
/// they change; anything else that happens redraws the screen under them.
@MainActor
final class OverlayBackdropTests: XCTestCase {
    func testKeysThatOnlyMoveAnOverlayKeepTheScreenUnderIt() async {
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char(":"))
        let opened = d.model.screenRevision
        XCTAssertEqual(d.renderKeepingBackdrop(), d.render())
        for key in [Key.char("g"), .char("o"), .down, .up, .backspace, .tab] {
            await d.press(key)
            XCTAssertEqual(d.model.screenRevision, opened, "\(key) only moved the palette")
            XCTAssertEqual(d.renderKeepingBackdrop(), d.render(), "after \(key)")
        }
        await d.press(.escape)
        XCTAssertEqual(d.model.screenRevision, opened, "closing it changed nothing under it")
        XCTAssertEqual(d.renderKeepingBackdrop(), d.render())
        XCTAssertNil(d.backdrop, "no overlay: nothing kept")

        await d.press(.char("?"))
        let help = d.model.screenRevision
        XCTAssertNotEqual(help, opened, "the key that opens help went to the screen first")
        _ = d.renderKeepingBackdrop()
        for key in [Key.down, .pageDown, .end, .home, .up] {
            await d.press(key)
            XCTAssertEqual(d.model.screenRevision, help, "\(key) only scrolled help")
            XCTAssertEqual(d.renderKeepingBackdrop(), d.render(), "after \(key)")
        }
    }

    func testAnythingElseRedrawsTheScreenUnderTheOverlay() async {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char(":"))
        _ = d.renderKeepingBackdrop()
        var revision = d.model.screenRevision
        // A toast arrives from the shell while the palette is open (on the row its box covers).
        await d.send(.message(.shell, ShellMessage.storageFailed("disk full")))
        XCTAssertNotEqual(d.model.screenRevision, revision)
        XCTAssertNotNil(d.model.shared.toast)
        XCTAssertEqual(d.renderKeepingBackdrop(), d.render())
        revision = d.model.screenRevision
        // Time passing (the toast expires on a tick), a resize and a palette action each redraw it.
        await d.advance(10)
        XCTAssertNotEqual(d.model.screenRevision, revision)
        XCTAssertNil(d.model.shared.toast)
        XCTAssertEqual(d.renderKeepingBackdrop(), d.render())
        revision = d.model.screenRevision
        d.model.size = Size(width: 80, height: 24)
        await d.send(.resize(Size(width: 80, height: 24)))
        XCTAssertNotEqual(d.model.screenRevision, revision)
        XCTAssertEqual(d.renderKeepingBackdrop(), d.render())
        revision = d.model.screenRevision
        await d.type("theme")
        XCTAssertEqual(d.model.screenRevision, revision)
        await d.press(.enter)
        XCTAssertNotEqual(d.model.screenRevision, revision, "running an entry changes the screen")
        XCTAssertEqual(d.renderKeepingBackdrop(), d.render())
    }
}
