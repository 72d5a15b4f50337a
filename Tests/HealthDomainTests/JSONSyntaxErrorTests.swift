import XCTest
@testable import HealthDomain
@testable import Platform

/// Where a tasks file's JSON breaks, as line and column worked out by hand.
final class JSONSyntaxErrorTests: XCTestCase {
    func first(_ text: String) -> JSONSyntaxError? { JSONSyntaxError.first(in: Array(text.utf8)) }

    func testValidJSONHasNoError() {
        for text in [#"[[10, ["Calm"], "2026-11-20"]]"#, "  {\"a\": [1, -2.5e3, true, null, \"\\u00e9\\n\"]}\n", "[]", "0"] {
            XCTAssertNil(first(text), text)
        }
    }

    func testPositions() {
        // `[[10, ["Calm"] "2026-11-20"]]`: the quote after `]` is the 16th character.
        XCTAssertEqual(first(#"[[10, ["Calm"] "2026-11-20"]]"#),
                       JSONSyntaxError(line: 1, column: 16, message: "expected ',' or ']', found '\"'"))
        // Cut off after the third line's value: the end is line 4, column 1.
        let cut = "[\n  [10, [\"Calm\"], \"2026-11-20\"],\n  [12, [\"Tired\"], \"2026-11-21\"\n"
        XCTAssertEqual(first(cut), JSONSyntaxError(line: 4, column: 1, message: "expected ',' or ']', found the end of the file (cut off?)"))
        // Columns count characters: é is one column although two bytes.
        XCTAssertEqual(first("[\"é\" x]")?.column, 6)
        // A trailing comma: `]` where a value must be.
        XCTAssertEqual(first("[1,]"), JSONSyntaxError(line: 1, column: 4, message: "expected a value, found ']'"))
        XCTAssertEqual(first("[1] 2")?.description, "line 1, column 5: unexpected text after the end of the JSON value")
        XCTAssertEqual(first("[\"abc]")?.column, 2, "an unterminated string is pointed at where it starts")
    }
}
