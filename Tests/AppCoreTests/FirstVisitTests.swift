import XCTest
@testable import AppCore
import HealthDomain
import TerminalUI

/// What Month and Scores show on a first visit is read once the launch's refresh is in, so
/// the visit draws it in its own frame: the number key starts no read of what it shows.
@MainActor
final class FirstVisitTests: XCTestCase {
    func testTheFirstVisitToMonthOrScoresStartsNoRead() async {
        // 120×40: Scores shows the focused score's week under the gauges, read with the scores.
        let d = Driver(size: Size(width: 120, height: 40))
        defer { d.cleanUp() }
        await d.onboard()
        for (digit, name) in [("3", "Month"), ("4", "Scores")] {
            await d.press(.char("1"))
            let effects = d.model.handle(.key(.char(Character(digit))), now: d.clock.now, d.ctx)
            // Month reads its neighbours ahead for paging (nothing on screen waits for them).
            let reads = effects.compactMap { if case .run(let work) = $0, !work.id.name.contains("ahead") { work.id } else { nil } }
            XCTAssertTrue(reads.isEmpty, "\(name)'s first visit started \(reads)")
            await d.run(effects)
        }
        XCTAssertFalse(d.model.scores.isLoading)
        XCTAssertNotNil(d.model.scores.history[d.model.scores.focus], "the focused score's week is known before the visit")
        XCTAssertTrue(d.screenText.contains("7-day average"), d.screenText)
    }
}
