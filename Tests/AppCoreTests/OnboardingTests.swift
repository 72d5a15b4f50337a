import XCTest
@testable import AppCore
import HealthDomain
import Platform
import TerminalUI

@MainActor
final class OnboardingTests: XCTestCase {
    func testGrantAllGoesToTodayAndIsRemembered() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.launch()
        XCTAssertEqual(d.model.route, .onboarding)
        XCTAssertEqual(d.model.onboarding.phase, .welcome)
        await d.press(.enter)
        XCTAssertEqual(d.hapticCount, 1, "a subtle haptic on press")
        XCTAssertNotNil(d.model.onboarding.pressedAt, "pressed state shows first")
        await d.advance(0.3)
        XCTAssertEqual(d.model.onboarding.phase, .permission)
        XCTAssertEqual(d.model.onboarding.sheetFocus, 3, "Allow has focus")
        await d.press(.enter)
        XCTAssertEqual(d.model.route, .today)
        XCTAssertTrue(d.model.shared.settings.onboardingCompleted)
        XCTAssertFalse(d.model.shared.settings.limitedMode)
        XCTAssertNotNil(d.model.today.snapshot, "refreshed after access was granted")

        let second = d.relaunch()
        XCTAssertEqual(second.model.route, .today, "onboarding runs once")
        XCTAssertNotNil(second.model.today.snapshot, "the first frame has cached numbers")
        XCTAssertTrue(second.model.today.snapshot!.isFromCache)
    }

    func testTurningOffEnergyGivesPartialLimitedMode() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        XCTAssertTrue(d.footerText.contains("a Allow"), "the sheet's answer is in the footer: \(d.footerText)")
        await d.press(.down, .down, .char(" ")) // Allow → Steps → Active Energy, switch it off
        XCTAssertEqual(d.model.onboarding.allowed, [.stepCount])
        await d.press(.char("a"))
        XCTAssertEqual(d.model.onboarding.phase, .limited(denied: [.activeEnergyBurned]))
        XCTAssertTrue(d.screenText.contains("Limited Mode"))
        XCTAssertTrue(d.screenText.contains("Active Energy"))
        // Allow was pressed: what was not allowed is the type switched off, named.
        XCTAssertTrue(d.screenText.contains("Active Energy was not allowed on the permission sheet"), d.screenText)
        await d.press(.right, .enter) // Continue in Limited Mode
        XCTAssertEqual(d.model.route, .today)
        XCTAssertTrue(d.model.shared.settings.limitedMode)
        XCTAssertNil(d.model.today.snapshot?.energy, "energy stays off")
        XCTAssertTrue(d.screenText.contains("Active Energy is off"))
    }

    /// Steps switched off, then Retry from Limited Mode: the sheet asks for both again, so
    /// Allow grants them (it kept Steps off, and Allow led back to Limited Mode).
    func testRetryAfterASwitchedOffTypeAsksForEveryTypeAgain() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        await d.press(.down, .char(" ")) // Allow → Steps, switch it off
        XCTAssertEqual(d.model.onboarding.allowed, [.activeEnergyBurned])
        await d.press(.char("a"))
        XCTAssertEqual(d.model.onboarding.phase, .limited(denied: [.stepCount]))
        await d.press(.enter) // Retry
        XCTAssertEqual(d.model.onboarding.phase, .permission)
        XCTAssertEqual(d.model.onboarding.allowed, [.stepCount, .activeEnergyBurned])
        let sheet = d.screenText.components(separatedBy: "\n")
        XCTAssertFalse(sheet.contains { $0.contains("Steps") && $0.contains("Off") }, sheet.joined(separator: "\n"))
        await d.press(.enter) // Allow
        XCTAssertEqual(d.model.route, .today)
        XCTAssertEqual(d.model.shared.settings.authorization["stepCount"], .authorized)
        XCTAssertFalse(d.model.shared.settings.limitedMode)
    }

    /// With Active Energy off, its card on Today says so in full at every size: the shorter
    /// wording where the long one would be cut ("Active Energy i." / "Steps. Press a to").
    func testTheEnergyOffCardNeverCutsItsSentence() async {
        for (size, short) in [(Size(width: 48, height: 16), true), (Size(width: 80, height: 24), false)] {
            let d = Driver(size: size)
            defer { d.cleanUp() }
            await d.onboardWithEnergyOff()
            XCTAssertEqual(d.model.route, .today)
            let text = d.screenText
            if short {
                XCTAssertTrue(text.contains("Energy is off"), text)
                XCTAssertTrue(text.contains("Press a to allow"), text)
                XCTAssertFalse(text.contains("Allowed only"), text)
            } else {
                XCTAssertTrue(text.contains("Active Energy is off"), text)
                XCTAssertTrue(text.contains("Allowed only Steps. Press a to"), text)
            }
            // The sentence ends on screen: its last words are there, whichever wording fits.
            XCTAssertTrue(text.contains("allow it.") || text.contains("it."), text)
            XCTAssertFalse(text.contains("Active Energy i…") || text.contains("Active Energy i."), text)
        }
    }

    func testDenyShowsLimitedModeAndRetryAsksAgain() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        await d.press(.char("d"))
        XCTAssertEqual(d.model.onboarding.phase, .limited(denied: [.stepCount, .activeEnergyBurned]))
        XCTAssertEqual(d.model.shared.settings.authorization["stepCount"], .denied)
        await d.press(.enter) // Retry
        XCTAssertEqual(d.model.onboarding.phase, .permission)
        await d.press(.enter) // Allow
        XCTAssertEqual(d.model.route, .today)
    }

    /// Scores reads at launch, under the welcome screen: that read must not answer the
    /// permission sheet's question for the user, and "Don't Allow" must reach Scores.
    func testDontAllowKeepsActiveEnergyOutOfScores() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.launch()
        XCTAssertNotNil(d.model.scores.cards, "Scores read at launch, before the sheet")
        let before = await d.env.provider.authorizationStatus(for: .activeEnergyBurned)
        XCTAssertEqual(before, .notDetermined, "reading scores asked nothing the sheet asks")
        XCTAssertNil(d.model.scores.cards?.strain.metrics.first { $0.kind == .activeEnergy }?.value,
                     "no Active Energy before the user answered")
        await d.press(.enter)
        await d.advance(0.3)
        await d.press(.char("d"))
        await d.press(.tab, .enter) // Continue in Limited Mode
        await d.press(.char("4"))
        XCTAssertEqual(d.model.route, .scores)
        let energy = d.model.scores.cards?.strain.metrics.first { $0.kind == .activeEnergy }
        XCTAssertNotNil(energy, "Strain lists calories burned")
        XCTAssertNil(energy?.value, "and has no number for it")
        XCTAssertNil(d.model.scores.cards?.strain.score)
        let text = d.screenText
        XCTAssertTrue(text.contains("Active Energy is off"), text)
        XCTAssertFalse(text.contains("kcal"), text)
        // Strain's week says why it has no scores (not "they start once there are 14 days").
        await d.press(.backTab, .enter)
        XCTAssertEqual(d.model.scores.detail, .strain)
        let week = d.screenText
        XCTAssertTrue(week.contains("No Strain scores while Active Energy is off."), week)
        XCTAssertFalse(week.contains("14 days"), week)
    }

    func testAllowAfterLaunchBringsActiveEnergyToScores() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        await d.press(.enter) // Allow
        await d.press(.char("4"))
        let energy = d.model.scores.cards?.strain.metrics.first { $0.kind == .activeEnergy }?.value
        XCTAssertNotNil(energy, "the answer to the sheet reloads Scores")
        XCTAssertNotNil(d.model.scores.cards?.strain.score)
    }

    func testDeniedScenarioEndsInLimitedModeWhateverTheUserChooses() async {
        let d = Driver(scenario: .denied)
        defer { d.cleanUp() }
        await d.onboard()
        XCTAssertEqual(d.model.onboarding.phase, .limited(denied: [.stepCount, .activeEnergyBurned]))
        await d.press(.tab, .enter)
        XCTAssertEqual(d.model.route, .today)
        XCTAssertEqual(d.model.today.lastError, .notAuthorized([.stepCount]))
        XCTAssertTrue(d.screenText.contains("Health access is off"))
        await d.press(.enter)
        XCTAssertEqual(d.model.route, .onboarding, "Enter on Today goes back to the permission sheet")
        XCTAssertEqual(d.model.onboarding.phase, .permission)
    }

    func testUnavailableIsItsOwnHonestState() async {
        let d = Driver(scenario: .unavailable)
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        XCTAssertEqual(d.model.onboarding.phase, .unavailable, "no sheet when the device has no health data")
        XCTAssertTrue(d.screenText.contains("Health data isn't available here"))
        await d.press(.right, .enter) // Check again
        XCTAssertEqual(d.model.onboarding.phase, .unavailable)
        XCTAssertTrue(d.screenText.contains("still not available"))
        await d.press(.left, .enter) // Open nutrition log
        XCTAssertEqual(d.model.route, .nutrition)
        XCTAssertTrue(d.model.shared.settings.onboardingCompleted)
    }

    func testSlowScenarioShowsProgressWhileWaiting() async {
        let d = Driver(scenario: .slow)
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        // Ask without awaiting: the model is in its waiting state until the answer comes.
        let effects = d.model.handle(.key(.enter), now: d.clock.now, d.ctx)
        XCTAssertEqual(d.model.onboarding.phase, .requesting)
        d.clock.advance(0.5)
        XCTAssertTrue(d.screenText.contains("Waiting for Health"), d.screenText)
        XCTAssertTrue(d.model.onboarding.isAnimating(now: d.clock.now, d.model.shared, d.ctx), "the spinner animates")
        await d.run(effects)
        XCTAssertEqual(d.model.route, .today)
    }

    func testFlakyErrorOffersRetry() async {
        let d = Driver(scenario: .flaky)
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        // Answer as a failing provider would.
        _ = d.model.handle(.key(.enter), now: d.clock.now, d.ctx)
        await d.send(.authorization(.failure(.transient("the simulated connection dropped"))))
        guard case .failed(let message) = d.model.onboarding.phase else { return XCTFail("\(d.model.onboarding.phase)") }
        XCTAssertTrue(message.contains("connection dropped"))
        XCTAssertTrue(d.screenText.contains("Couldn't reach Health"))
        await d.press(.char("r"))
        XCTAssertEqual(d.model.onboarding.phase, .permission)
    }

    func testEscapeOnTheSheetGoesBackAndReducedMotionOpensAtOnce() async {
        let d = Driver(options: { $0.reduceMotion = true })
        defer { d.cleanUp() }
        await d.launch()
        await d.press(.enter)
        XCTAssertEqual(d.model.onboarding.phase, .permission, "no pressed animation with --reduce-motion")
        XCTAssertFalse(d.model.onboarding.isAnimating(now: d.clock.now, d.model.shared, d.ctx))
        await d.press(.escape)
        XCTAssertEqual(d.model.onboarding.phase, .welcome)
    }

    func testIdlePulseRestsAfterAWhile() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.launch()
        XCTAssertNotNil(d.model.nextWake(after: d.clock.now, d.ctx), "pulses while fresh")
        d.clock.advance(30)
        let wake = d.model.nextWake(after: d.clock.now, d.ctx)
        XCTAssertEqual(wake, ISO8601DateFormatter().date(from: "2026-11-23T00:00:00Z"), "then rests until the day changes: no CPU")
    }
}

@MainActor
final class PermissionFocusTests: XCTestCase {
    /// The sheet's focused element is drawn in reverse/focus style; Space acts on exactly that element.
    func testSpaceActsOnTheElementThatIsDrawnFocused() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        XCTAssertEqual(d.model.onboarding.sheetFocus, 3, "Allow has focus")
        XCTAssertFalse(d.model.keyHints(d.ctx).screen.contains { $0.label == "Space" && $0.inFooter },
                       "the footer does not offer Space Toggle while a button has focus")
        // Space on Allow presses Allow: nothing is toggled behind the user's back.
        await d.press(.char(" "))
        XCTAssertEqual(d.model.route, .today)
        XCTAssertEqual(d.model.shared.settings.authorization["activeEnergyBurned"], .authorized)
    }

    func testTabMovesToARowAndSpaceTogglesThatRow() async {
        let d = Driver()
        defer { d.cleanUp() }
        await d.openPermissionSheet()
        await d.press(.tab, .tab) // Allow → Steps → Active Energy
        XCTAssertEqual(d.model.onboarding.sheetFocus, 1)
        XCTAssertTrue(d.model.keyHints(d.ctx).screen.contains { $0.label == "Space" && $0.inFooter })
        let focusedRow = d.render().lines.first { $0.contains("Active Energy") } ?? ""
        XCTAssertFalse(focusedRow.isEmpty)
        await d.press(.char(" "))
        XCTAssertFalse(d.model.onboarding.allowed.contains(.activeEnergyBurned))
        XCTAssertTrue(d.model.onboarding.allowed.contains(.stepCount), "only the focused row changed")
        await d.advance(0.3) // the sheet has slid up
        let buffer = d.render()
        let y = buffer.lines.firstIndex { $0.contains("Active Energy") }!
        let x = buffer.lines[y].range(of: "Active Energy").map { buffer.lines[y].distance(from: buffer.lines[y].startIndex, to: $0.lowerBound) }!
        let stepsY = y - 1 // the Steps row is just above
        XCTAssertNotEqual(buffer[x, y].style, buffer[x, stepsY].style, "the focused row is drawn differently from the others")
        XCTAssertEqual(buffer[x - 2, y].symbol, "›", "the focus marker is on the row Space toggles:\n" + buffer.lines.joined(separator: "\n"))
    }

    /// Access denied at first launch, Limited Mode continued, Settings open on its Health access row.
    func settingsHealthAccessRowAfterDenying() async -> Driver {
        let d = Driver(scenario: .denied, size: Size(width: 100, height: 30))
        await d.onboard()
        await d.press(.tab, .enter) // Limited Mode: Continue
        await d.press(Driver.tabKey(.settings))
        for _ in 0..<20 where d.model.settingsScreen.selected != .permissions { await d.press(.down) }
        XCTAssertEqual(d.model.settingsScreen.selected, .permissions, "Settings reached its Health access row")
        return d
    }

    func testThePermissionSheetFromSettingsIsDrawnOverSettingsAndEscReturnsThere() async {
        let d = await settingsHealthAccessRowAfterDenying()
        defer { d.cleanUp() }
        await d.press(.enter)
        await d.advance(1)
        XCTAssertEqual(d.model.route, .onboarding)
        var screen = d.screenText
        XCTAssertTrue(screen.contains("Health Access"), screen)
        XCTAssertTrue(screen.contains("Daily step goal"), "Settings is behind the sheet:\n\(screen)")
        XCTAssertFalse(screen.contains("Connect Health"), "not the Welcome screen:\n\(screen)")
        XCTAssertTrue(d.render().lines[0].contains(" 7 Settings "), "the header shows the tab it came from: \(d.render().lines[0])")
        // Allow, denied by the provider: Limited Mode; Retry, then Esc twice goes back to Settings.
        await d.press(.char("a"))
        await d.advance(1)
        XCTAssertTrue(d.screenText.contains("Retry"), d.screenText)
        await d.press(.char("r"))
        await d.advance(1)
        screen = d.screenText
        XCTAssertTrue(screen.contains("Daily step goal") && screen.contains("Health Access"), "retry draws the sheet over Settings again:\n\(screen)")
        await d.press(.escape)
        XCTAssertEqual(d.model.route, .settings)
    }

    func testEscOnLimitedModeOpenedFromAScreenGoesBackThere() async {
        let d = await settingsHealthAccessRowAfterDenying()
        defer { d.cleanUp() }
        await d.press(.enter, .char("a"))
        await d.advance(1)
        guard case .limited = d.model[OnboardingViewModel.self].phase else { return XCTFail("limited mode expected") }
        await d.press(.escape)
        XCTAssertEqual(d.model.route, .settings)
    }

    func testSheetsHaveAFullBorder() async {
        let d = Driver(size: Size(width: 80, height: 24))
        defer { d.cleanUp() }
        await d.launch()
        await d.press(.enter)
        await d.advance(0.3) // the button's press shows, then the sheet opens
        await d.advance(1)   // and slides up
        let lines = d.render().lines
        let bottom = lines[lines.count - 2]
        XCTAssertTrue(bottom.contains("╰") && bottom.contains("╯"), "the sheet's bottom edge is drawn:\n\(lines.joined(separator: "\n"))")
    }
}
