import XCTest
import Platform

/// The memo the gauges, Month's plot and Today's insights share: a kept key is not computed
/// again; past its capacity the oldest kept goes first.
final class KeptResultsTests: XCTestCase {
    func testAKeptKeyIsNotComputedAgainAndTheOldestGoesFirst() {
        let kept = KeptResults<Int, String>(capacity: 2)
        var computed: [Int] = []
        func get(_ k: Int) -> String { kept.result(for: k) { computed.append($0); return "d\($0)" } }
        XCTAssertEqual([get(1), get(2), get(1)], ["d1", "d2", "d1"])
        XCTAssertEqual(computed, [1, 2])
        _ = get(3)               // replaces 1, the oldest
        _ = get(2); _ = get(1)   // 2 still kept; 1 computed again (replacing 2)
        XCTAssertEqual(computed, [1, 2, 3, 1])
    }
}
