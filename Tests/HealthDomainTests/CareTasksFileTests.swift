import XCTest
@testable import HealthDomain
@testable import Platform

final class CareTasksFileTests: XCTestCase {
    let cal: LocalCalendar = {
        let c = LocalCalendar(zoneNamed: "America/New_York")!
        return c
    }()

    func parse(_ text: String) -> TasksFileResult { TasksFile.parse(Data(text.utf8), calendar: cal) }

    func testGoodFileLoadsInOrderWithStableIDs() {
        let r = parse(#"[[10, ["Calm", "Tired"], "2026-11-20"], [4, ["Okay"], "2026-11-20"], [6, ["Sad"], "2026-11-21"]]"#)
        XCTAssertEqual(r.problems, [])
        XCTAssertEqual(r.tasks.map(\.id), ["2026-11-20#1", "2026-11-20#2", "2026-11-21#1"])
        XCTAssertEqual(r.tasks[0].breathCount, 10)
        XCTAssertEqual(r.tasks[0].moodChoices, ["Calm", "Tired"])
        XCTAssertEqual(r.tasks[2].due, DayKey(year: 2026, month: 11, day: 21))
    }

    func testEachBadEntryIsReportedWithPlaceAndGoodOnesStillLoad() {
        let text = #"""
        [
          [10, ["Calm"], "2026-11-20"],
          ["ten", ["Calm"], "2026-11-20"],
          [-3, ["Calm"], "2026-11-20"],
          [500, ["Calm"], "2026-11-20"],
          [2.5, ["Calm"], "2026-11-20"],
          [true, ["Calm"], "2026-11-20"],
          [5, [], "2026-11-20"],
          [5, ["Calm", "calm "], "2026-11-20"],
          [5, ["Calm", 3, " "], "2026-11-20"],
          [5, "Calm", "2026-11-20"],
          [5, ["Calm"], "2026-02-30"],
          [5, ["Calm"], "11/20/2026"],
          [5, ["Calm"], 20261120],
          [5, ["Calm"]],
          {"breaths": 5},
          [0, [], "tomorrow"],
          [7, ["Hopeful"], "2026-11-22T03:30:00Z"]
        ]
        """#
        let r = parse(text)
        XCTAssertEqual(r.tasks.map(\.breathCount), [10, 7])
        // 03:30 UTC on the 22nd is still the 21st in New York.
        XCTAssertEqual(r.tasks.last?.due, DayKey(year: 2026, month: 11, day: 21))
        let lines = r.problems.map(\.description)
        let expected = [
            "entry 2, breath count: expected a whole number of breaths, found text",
            "entry 3, breath count: -3 is too few (1–60)",
            "entry 4, breath count: 500 is too many (1–60)",
            "entry 5, breath count: 2.5 is not a whole number of breaths",
            "entry 6, breath count: expected a whole number of breaths, found true/false",
            "entry 7, mood choices: the list is empty; give at least one mood word",
            "entry 8, mood choices: \"calm\" appears twice",
            "entry 9, mood choices: choice 2 should be text, found a number",
            "entry 9, mood choices: choice 3 is blank",
            "entry 10, mood choices: expected a list of mood words, found text",
            "entry 11, due date: \"2026-02-30\" is not a date; use YYYY-MM-DD like \"2026-11-20\"",
            "entry 12, due date: \"11/20/2026\" is not a date; use YYYY-MM-DD like \"2026-11-20\"",
            "entry 13, due date: expected a date like \"2026-11-20\", found a number",
            "entry 14: expected 3 values [breath count, mood choices, due date], found 2",
            "entry 15: expected [breath count, mood choices, due date], found an object",
            "entry 16, breath count: 0 is too few (1–60)",
            "entry 16, mood choices: the list is empty; give at least one mood word",
            "entry 16, due date: \"tomorrow\" is not a date; use YYYY-MM-DD like \"2026-11-20\"",
        ]
        XCTAssertEqual(lines, expected)
        XCTAssertEqual(r.problems.first?.entry, 1)
        XCTAssertEqual(r.problems.first?.field, .breathCount)
    }

    func testWholeFileProblemsNeverCrash() {
        let cases: [(String, String)] = [
            ("", "empty"),
            ("  \n", "empty"),
            ("{not json", "not valid JSON"),
            ("[[10, [\"Calm\"], \"2026-11-20\"]", "not valid JSON"),
            ("{\"tasks\": []}", "found an object"),
            ("42", "found a number"),
            ("null", "found null"),
        ]
        for (text, fragment) in cases {
            let r = parse(text)
            XCTAssertEqual(r.tasks, [], text)
            XCTAssertEqual(r.problems.count, 1, text)
            XCTAssertEqual(r.problems.first?.entry, nil, text)
            XCTAssertTrue(r.problems.first?.message.contains(fragment) ?? false, "\(text): \(r.problems)")
        }
        XCTAssertEqual(parse("[]").problems, [], "an empty list is valid: no homework")
        XCTAssertEqual(parse("[1e400]").tasks, [])
        XCTAssertEqual(TasksFile.parse(Data([0xFF, 0xFE, 0x00]), calendar: cal).tasks, [])
    }

    func testHugeFileIsRefusedAndManyEntriesAreCapped() {
        let huge = Data(repeating: 0x20, count: CareTaskLimits.maxFileBytes + 1)
        XCTAssertTrue(TasksFile.parse(huge, calendar: cal).problems.first?.message.contains("too large") ?? false)

        let many = "[" + Array(repeating: #"[5,["Calm"],"2026-11-20"]"#, count: 1_200).joined(separator: ",") + "]"
        let r = parse(many)
        XCTAssertEqual(r.tasks.count, CareTaskLimits.maxEntries)
        XCTAssertEqual(r.tasks.last?.id, "2026-11-20#1000")
        XCTAssertEqual(r.problems.map(\.description), ["only the first 1000 of 1200 tasks are read"])
    }

    func testDeeplyNestedJSONIsAProblemNotACrash() {
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let r = parse(deep)
        XCTAssertEqual(r.tasks, [])
        XCTAssertFalse(r.problems.isEmpty)
    }

    func testSampleIsDatedAroundTodayAndValid() {
        let today = DayKey(year: 2026, month: 3, day: 8)
        let r = SampleTasks.load(today: today, calendar: cal)
        XCTAssertEqual(r.problems, [])
        XCTAssertEqual(r.tasks.count, 6)
        XCTAssertEqual(r.tasks.map(\.due.description),
                       ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-13"])
    }
}
