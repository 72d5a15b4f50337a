import XCTest
@testable import TerminalUI

final class MouseDecoderTests: XCTestCase {
    func raw(_ s: String) -> [RawInput] { s.unicodeScalars.map { .scalar($0.value) } }

    func testSGRReportsDecodeAnyWidth() {
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[<0;10;5M")), [.mouse(MouseEvent(.press, x: 9, y: 4))])
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[<0;300;60m")), [.mouse(MouseEvent(.release, x: 299, y: 59))], "past column 223")
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[<64;3;4M")), [.mouse(MouseEvent(.wheelUp, x: 2, y: 3))])
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[<65;3;4M")), [.mouse(MouseEvent(.wheelDown, x: 2, y: 3))])
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[<32;7;8M")), [.mouse(MouseEvent(.drag, x: 6, y: 7))])
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[<2;1;1M")), [.mouse(MouseEvent(.press, button: 2, x: 0, y: 0))])
    }

    func testX10ReportsDecode() {
        // ESC [ M, then button+32, column+33, row+33.
        let press = "\u{1B}[M" + String(UnicodeScalar(32)) + String(UnicodeScalar(33 + 9)!) + String(UnicodeScalar(33 + 4)!)
        XCTAssertEqual(KeyDecoder.decode(raw(press)), [.mouse(MouseEvent(.press, x: 9, y: 4))])
        let wheel = "\u{1B}[M" + String(UnicodeScalar(32 + 65)!) + String(UnicodeScalar(34)!) + String(UnicodeScalar(34)!)
        XCTAssertEqual(KeyDecoder.decode(raw(wheel)), [.mouse(MouseEvent(.wheelDown, x: 1, y: 1))])
    }

    func testBrokenReportsNeverBecomeTextOrTrap() {
        for bad in ["\u{1B}[<0;;M", "\u{1B}[<0;9999999999;1M", "\u{1B}[<0;1", "\u{1B}[<x", "\u{1B}[M", "\u{1B}[<0;0;0M"] {
            let keys = KeyDecoder.decode(raw(bad))
            XCTAssertFalse(keys.contains { if case .char = $0 { return true } else { return false } }, "\(bad.debugDescription): \(keys)")
        }
        // Keys after a report still arrive.
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[<0;2;2Mq")), [.mouse(MouseEvent(.press, x: 1, y: 1)), .char("q")])
    }
}
