import XCTest
@testable import HealthDomain
@testable import Platform

final class CareEligibilityTests: XCTestCase {
    func calendar(_ zone: String) -> LocalCalendar {
        let c = LocalCalendar(zoneNamed: zone)!
        return c
    }

    func task(_ n: Int, _ due: String) -> CareTask {
        let day = DayKey(string: due)!
        return CareTask(id: "\(due)#\(n)", breathCount: 5, moodChoices: ["Calm"], due: day)
    }

    func done(_ t: CareTask) -> CareCompletion {
        CareCompletion(taskID: t.id, completedAt: Date(timeIntervalSince1970: 1_700_000_000), mood: "Calm")
    }

    /// A compact status code per task: E eligible, W waiting, L locked, C completed.
    func codes(_ tasks: [CareTask], completed: [CareTask] = [], now: Date, _ cal: LocalCalendar) -> String {
        let byID = Dictionary(uniqueKeysWithValues: completed.map { ($0.id, done($0)) })
        return CareEligibility.rows(tasks: tasks, completions: byID, now: now, calendar: cal).map { row in
            switch row.status {
            case .eligible: return "E"
            case .waiting: return "W"
            case .locked: return "L"
            case .completed: return "C"
            }
        }.joined()
    }

    func at(_ text: String, _ cal: LocalCalendar) -> Date {
        let n = text.split(whereSeparator: { " -:".contains($0) }).map { Int($0)! }
        return cal.date(year: n[0], month: n[1], day: n[2], hour: n[3], minute: n[4], second: n[5])
    }

    func testTable() {
        let london = calendar("Europe/London")
        let yesterday = task(1, "2026-11-19"), today = task(1, "2026-11-20"), tomorrow = task(1, "2026-11-21")
        let older = task(1, "2026-11-17"), today2 = task(2, "2026-11-20")
        let noon = at("2026-11-20 12:00:00", london)
        let rows: [(String, [CareTask], [CareTask], String)] = [
            ("today only", [today], [], "E"),
            ("tomorrow is locked", [tomorrow], [], "L"),
            ("yesterday overdue comes before today", [yesterday, today, tomorrow], [], "EWL"),
            ("several overdue: the oldest, whatever the file order", [today, yesterday, older], [], "WWE"),
            ("oldest done: next oldest", [older, yesterday, today], [older], "CEW"),
            ("all due done: nothing eligible", [yesterday, today, tomorrow], [yesterday, today], "CCL"),
            ("same day: file order", [today, today2], [], "EW"),
            ("same day, first done", [today, today2], [today], "CE"),
            ("completed future task still shows completed", [tomorrow], [tomorrow], "C"),
            ("no tasks", [], [], ""),
        ]
        for (name, tasks, completed, want) in rows {
            XCTAssertEqual(codes(tasks, completed: completed, now: noon, london), want, name)
        }
    }

    func testExactlyOneEligibleWhileAnythingIsDue() {
        let cal = calendar("Europe/London")
        let tasks = (0..<10).map { task(1, DayKey(year: 2026, month: 11, day: 10 + $0).description) }
        let now = at("2026-11-15 09:00:00", cal)
        for doneCount in 0...10 {
            let c = codes(tasks, completed: Array(tasks.prefix(doneCount)), now: now, cal)
            let eligible = c.filter { $0 == "E" }.count
            XCTAssertEqual(eligible, doneCount < 6 ? 1 : 0, c)
            XCTAssertTrue(c.suffix(4).allSatisfy { $0 == "L" || $0 == "C" }, c)
        }
    }

    func testMidnightAndDSTChanges() {
        let cases: [(String, String, String, String)] = [
            // zone, now, task due, expected
            ("Europe/London", "2026-11-20 23:59:59", "2026-11-21", "L"),
            ("Europe/London", "2026-11-21 00:00:00", "2026-11-21", "E"),
            // London springs forward 2026-03-29 01:00 → 02:00.
            ("Europe/London", "2026-03-28 23:59:59", "2026-03-29", "L"),
            ("Europe/London", "2026-03-29 00:00:00", "2026-03-29", "E"),
            ("Europe/London", "2026-03-29 23:30:00", "2026-03-30", "L"),
            ("Europe/London", "2026-03-30 00:00:00", "2026-03-30", "E"),
            // London falls back 2026-10-25 02:00 → 01:00: a 25-hour day.
            ("Europe/London", "2026-10-25 23:59:59", "2026-10-26", "L"),
            ("Europe/London", "2026-10-26 00:00:01", "2026-10-26", "E"),
            // New York springs forward 2026-03-08 02:00 → 03:00, falls back 2026-11-01.
            ("America/New_York", "2026-03-07 23:59:59", "2026-03-08", "L"),
            ("America/New_York", "2026-03-08 00:00:00", "2026-03-08", "E"),
            ("America/New_York", "2026-03-08 03:00:00", "2026-03-08", "E"),
            ("America/New_York", "2026-11-01 23:59:59", "2026-11-02", "L"),
            ("America/New_York", "2026-11-02 00:00:00", "2026-11-02", "E"),
        ]
        for (zone, now, due, want) in cases {
            let cal = calendar(zone)
            XCTAssertEqual(codes([task(1, due)], now: at(now, cal), cal), want, "\(zone) \(now) due \(due)")
        }
    }

    func testTheSameInstantIsADifferentDayInAnotherZone() {
        // 2026-11-21 03:00 UTC: already the 21st in London, still the 20th in New York.
        let instant = Date(timeIntervalSince1970: 1_795_230_000)
        let t = task(1, "2026-11-21")
        XCTAssertEqual(codes([t], now: instant, calendar("Europe/London")), "E")
        XCTAssertEqual(codes([t], now: instant, calendar("America/New_York")), "L")
    }

    func testOverdueFlag() {
        let cal = calendar("Europe/London")
        let rows = CareEligibility.rows(tasks: [task(1, "2026-11-19"), task(1, "2026-11-20")], completions: [:],
                                        now: at("2026-11-20 08:00:00", cal), calendar: cal)
        XCTAssertEqual(rows.map(\.isOverdue), [true, false])
    }
}
