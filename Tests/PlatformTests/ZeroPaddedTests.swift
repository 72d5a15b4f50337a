import XCTest
import Platform

/// `String.zeroPadded(_:width:)` writes what the C library's "%0*d" writes, checked against it.
final class ZeroPaddedTests: XCTestCase {
    func testItWritesWhatPrintfWrites() {
        let values = [0, 1, 7, 9, 10, 42, 99, 100, 999, 1_000, 2_026, 12_345, 999_999, 1_000_000, Int(Int32.max),
                      -1, -7, -10, -42, -999, -2_026, Int(Int32.min) + 1]
        for n in values {
            for width in 0...8 {
                XCTAssertEqual(String.zeroPadded(n, width: width), String(cFormat: "%0*d", Int32(width), Int32(n)), "\(n) to \(width)")
            }
        }
    }

    /// A clock of whole seconds, against printf with the hours, minutes and seconds worked out by hand.
    func testAClockReadsAsPrintfWritesIt() {
        for s in [0, 7, 59, 60, 187, 599, 3_599, 3_600, 3_725, 86_399, 359_999] {
            let expected = s >= 3_600 ? String(cFormat: "%d:%02d:%02d", Int32(s / 3_600), Int32(s / 60 % 60), Int32(s % 60))
                                      : String(cFormat: "%d:%02d", Int32(s / 60), Int32(s % 60))
            XCTAssertEqual(String.clock(seconds: s), expected, "\(s) s")
        }
        XCTAssertEqual(String.clock(seconds: -5), "0:00")
    }

    /// Neither is an initializer that `String.init` passed as a function could pick (it wrote
    /// glance's and the stores' numbers as clocks when one was).
    func testStringInitOfAnIntStillWritesTheNumber() {
        XCTAssertEqual([5537, -7, 0].map(String.init), ["5537", "-7", "0"])
    }
}
