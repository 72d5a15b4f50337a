import XCTest
@testable import DesignSystem

/// A bar's percent label: the share cut to a whole percent, where a share that is a whole
/// percent but for a double's last bits counts as that percent.
final class WholePercentTests: XCTestCase {
    func testWholePercents() {
        // Shares worked out as a person would: part ÷ whole, then cut.
        let cases: [(part: Double, whole: Double, percent: Int)] = [
            (290, 500, 58),          // 290 / 500 * 100 is 57.999… in doubles
            (29, 100, 29), (57, 100, 57), (7, 10, 70), (1, 3, 33), (2, 3, 66),
            (5_799, 10_000, 57),     // 57.99%: cut, not rounded
            (9_999, 10_000, 99), (10_000, 10_000, 100), (12_345, 10_000, 123),
            (0, 500, 0), (-5, 500, 0),
        ]
        for c in cases {
            XCTAssertEqual(ProgressBar.wholePercent(c.part / c.whole), c.percent, "\(c.part) of \(c.whole)")
        }
        // Every whole percent from its own fraction (n / 100 and n × 5 / 500 alike).
        for n in 0...200 {
            XCTAssertEqual(ProgressBar.wholePercent(Double(n) / 100), n)
            XCTAssertEqual(ProgressBar.wholePercent(Double(n * 5) / 500), n)
        }
        XCTAssertEqual(ProgressBar.wholePercent(.nan), 0)
        XCTAssertEqual(ProgressBar.wholePercent(.infinity), 0)
    }
}
