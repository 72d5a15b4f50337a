import XCTest
@testable import CursesBackend

/// When the terminal's wait first listens for a quiet moment to give the heap's free pages back.
final class HeapTrimScheduleTests: XCTestCase {
    func testATrimIsOwedAtStartAndAfterEventsOnly() {
        var schedule = HeapTrimSchedule()
        XCTAssertEqual(schedule.probe(for: nil), HeapTrimSchedule.quiet, "the launch's reads")
        schedule.trimmed()
        XCTAssertNil(schedule.probe(for: nil), "nothing happened since the last trim: the wait is as asked")
        XCTAssertNil(schedule.probe(for: 10))
        schedule.eventsArrived()
        XCTAssertEqual(schedule.probe(for: 10), HeapTrimSchedule.quiet)
    }

    func testAShortWaitIsNeverLengthenedOrSplit() {
        let schedule = HeapTrimSchedule()
        XCTAssertNil(schedule.probe(for: 0), "a frame due now")
        XCTAssertNil(schedule.probe(for: 1.0 / 30), "an animation's next frame")
        XCTAssertNil(schedule.probe(for: HeapTrimSchedule.quiet))
        XCTAssertEqual(schedule.remaining(after: 0.5)!, 0.5 - HeapTrimSchedule.quiet, accuracy: 1e-9)
        XCTAssertNil(schedule.remaining(after: nil), "no deadline before the probe, none after")
    }

    func testTrimmingLeavesAllocationsIntact() {
        // A heap with holes: every other block freed, then the free pages handed back.
        var blocks = (0..<2_000).map { i in [UInt8](repeating: UInt8(truncatingIfNeeded: i), count: 600) }
        for i in stride(from: 0, to: blocks.count, by: 2) { blocks[i] = [] }
        HeapTrimSchedule.trim()
        for i in stride(from: 1, to: blocks.count, by: 2) {
            XCTAssertEqual(blocks[i], [UInt8](repeating: UInt8(truncatingIfNeeded: i), count: 600))
        }
    }
}
