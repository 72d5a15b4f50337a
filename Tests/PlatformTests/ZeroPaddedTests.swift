import XCTest
import Platform

/// `String(zeroPadded:width:)` writes what the C library's "%0*d" writes, checked against it.
final class ZeroPaddedTests: XCTestCase {
    func testItWritesWhatPrintfWrites() {
        let values = [0, 1, 7, 9, 10, 42, 99, 100, 999, 1_000, 2_026, 12_345, 999_999, 1_000_000, Int(Int32.max),
                      -1, -7, -10, -42, -999, -2_026, Int(Int32.min) + 1]
        for n in values {
            for width in 0...8 {
                XCTAssertEqual(String(zeroPadded: n, width: width), String(cFormat: "%0*d", Int32(width), Int32(n)), "\(n) to \(width)")
            }
        }
    }
}
