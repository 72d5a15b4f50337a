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
        XCTAssertNil(d.backdrop?.overlay, "no overlay: the frame is the screen alone")

        await d.press(.char("?"))
        let help = d.model.screenRevision
        XCTAssertEqual(help, opened, "the screen passed the key on: nothing under help changed")
        XCTAssertEqual(d.renderKeepingBackdrop(), d.render())
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

    /// Help and the palette open over the frame on screen (dimmed, its footer listing their
    /// keys): on every tab, in both themes, at the smallest and a large size, after the
    /// screen's own keys moved things, the frame is the one drawn from scratch.
    func testAnOverlayOpensOverTheFrameOnScreen() async {
        for size in [Size(width: 48, height: 16), Size(width: 200, height: 60)] {
            let d = Driver(size: size)
            defer { d.cleanUp() }
            await d.onboard()
            for theme in ["dark", "light"] {
                if d.model.themeName != theme { await d.press(.char("t")) }
                XCTAssertEqual(d.model.themeName, theme)
                for (i, _) in FeatureRegistry.tabs.enumerated() where i < 9 {
                    let digit = Character(String(i + 1))
                    for opener in [Key.char("?"), .char(":")] {
                        await d.press(.char(digit))
                        // A key the screen takes first (moves a focus or a cursor on most tabs).
                        await d.press(.tab)
                        let before = d.renderKeepingBackdrop()
                        XCTAssertNil(d.backdrop?.overlay)
                        let revision = d.model.screenRevision
                        await d.press(opener)
                        XCTAssertTrue(d.model.showHelp || d.model.palette != nil, "\(opener) opened nothing on tab \(digit)")
                        XCTAssertEqual(d.model.screenRevision, revision, "\(opener) on tab \(digit)")
                        let opened = d.renderKeepingBackdrop()
                        assertSameFrame(opened, d.render(), "\(opener) on tab \(digit), \(theme), \(size)")
                        XCTAssertNotEqual(opened, before)
                        await d.press(.escape)
                    }
                }
            }
        }
    }

    /// A screen that takes the key itself (a text field typing "?") opens nothing, and the
    /// frame after it is the screen drawn again, never the frame before.
    func testAKeyTheScreenTakesIsNotAnOpening() async {
        let d = Driver(size: Size(width: 100, height: 30))
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"), .char("n"))
        XCTAssertTrue(d.model.current.capturesText, "the meal form's name field has focus")
        _ = d.renderKeepingBackdrop()
        let revision = d.model.screenRevision
        await d.press(.char("?"))
        XCTAssertFalse(d.model.showHelp)
        XCTAssertNotEqual(d.model.screenRevision, revision, "the field took the key")
        assertSameFrame(d.renderKeepingBackdrop(), d.render(), "typed into the field")
        // F1 opens help from the field: the form under it, as typed, is the frame drawn from scratch.
        await d.press(.function(1))
        XCTAssertTrue(d.model.showHelp)
        assertSameFrame(d.renderKeepingBackdrop(), d.render(), "F1 from the field")
    }

    /// Under help or the palette everything above the footer is dimmed, and the footer lists
    /// the overlay's keys in the footer's own colours (bold accent keys on the surface), as a
    /// footer with no overlay does; nothing on the screen is a click target.
    func testTheFooterUnderAnOverlayListsItsKeysInFullColour() async {
        let d = Driver(size: Size(width: 80, height: 24))
        defer { d.cleanUp() }
        await d.onboard()
        let t = d.model.theme
        let plain = d.renderKeepingBackdrop()
        let footerY = 23
        let key = plain[1, footerY].style
        XCTAssertEqual(key.fg, t.text(.accent).fg, "a footer key with no overlay")
        XCTAssertTrue(key.attributes.contains(.bold))
        for (opener, firstKey) in [(Key.char("?"), "↑/↓"), (.char(":"), "Enter")] {
            await d.press(opener)
            for frame in [d.renderKeepingBackdrop(), d.renderKeepingBackdrop(), d.render()] {
                let footer = frame.lines[footerY]
                XCTAssertTrue(footer.hasPrefix(" " + firstKey), "\(opener): \(footer)")
                XCTAssertEqual(frame[1, footerY].style, key, "\(opener): its first key in the footer's colours")
                XCTAssertEqual(frame[0, footerY].style.bg, t.fill(.surface).bg, "\(opener): on the footer's surface")
                XCTAssertNotEqual(frame[2, 0].style, plain[2, 0].style, "\(opener): the header is dimmed")
                XCTAssertTrue(frame.clickTargets.allSatisfy { $0.rect.intersection(Rect(x: 0, y: footerY, width: 80, height: 1)).isEmpty },
                              "\(opener): nothing under the overlay is clickable")
            }
            await d.press(.escape)
            _ = d.renderKeepingBackdrop()
        }
    }

    /// What runs under help goes on, as it does under the palette: a breathing session keeps its
    /// timer and animation (the run loop wakes for its next frame), and the dimmed screen under help
    /// follows it, where help used to freeze it at the frame it opened over.
    func testABreathingSessionGoesOnUnderHelp() async throws {
        let d = try await CareHarness.driver(provider: "never")
        defer { d.cleanUp() }
        await d.press(.enter)
        let opened = d.renderKeepingBackdrop()
        for opener in [Key.char("?"), .char(":")] {
            await d.press(opener)
            _ = d.renderKeepingBackdrop()
            let wake = try XCTUnwrap(d.model.nextWake(after: d.clock.now, d.ctx), "\(opener)")
            XCTAssertLessThanOrEqual(wake.timeIntervalSince(d.clock.now), 1.0 / 30 + 1e-9, "\(opener): the next frame of the session is due")
            await CareHarness.advance(d, 3, step: 0.25)
            let later = d.renderKeepingBackdrop()
            assertSameFrame(later, d.render(), "\(opener) after 3 s")
            XCTAssertNotEqual(later.lines[5...20], opened.lines[5...20], "\(opener): the session moved on under it")
            await d.press(.escape)
        }
    }
}
