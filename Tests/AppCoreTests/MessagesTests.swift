import XCTest
import Glibc
@testable import AppCore
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Settings ▸ Messages: every warning and failure a toast said this session can be read
/// whole afterwards — the second of two startup problems, a toast cut at the terminal's
/// width, one replaced by the next before it was read.
@MainActor
final class MessagesTests: XCTestCase {
    func testTheLogKeepsOrderFoldsRepeatsInARowAndCountsWhatItDrops() {
        var log = MessageLog()
        let t0 = Date(timeIntervalSince1970: 1_000)
        log.append("a", .warning, at: t0)
        log.append("a", .warning, at: t0.addingTimeInterval(5))
        log.append("a", .danger, at: t0.addingTimeInterval(6))
        log.append("b", .warning, at: t0.addingTimeInterval(7))
        log.append("a", .warning, at: t0.addingTimeInterval(8))
        XCTAssertEqual(log.entries.map(\.text), ["a", "a", "b", "a"], "a repeat in a row folds; another tone or a later one does not")
        XCTAssertEqual(log.entries.map(\.count), [2, 1, 1, 1])
        XCTAssertEqual(log.entries[0].at, t0.addingTimeInterval(5), "a folded entry carries its last time")
        var full = MessageLog()
        for i in 0..<203 { full.append("m\(i)", .warning, at: t0) }
        XCTAssertEqual(full.entries.count, 200)
        XCTAssertEqual(full.dropped, 3)
        XCTAssertEqual(full.entries.first?.text, "m3")
        XCTAssertEqual(full.entries.last?.text, "m202")
    }

    func testWarningsAndFailuresAreKeptButNotInfoOrHints() {
        var shared = SharedState(route: .today, settings: Settings(), toast: nil, now: Driver.start, lastInputAt: Driver.start, day: nil)
        shared.showToast("Saved", .success)
        shared.showToast("Dark theme", .info)
        shared.showToast("Finish the earlier task first", .warning, remember: false)
        shared.showToast("Could not refresh", .warning)
        shared.showToast("Could not save: disk full", .danger)
        XCTAssertEqual(shared.messages.entries.map(\.text), ["Could not refresh", "Could not save: disk full"])
        XCTAssertEqual(shared.messages.entries.map(\.tone), [.warning, .danger])
        XCTAssertEqual(shared.toast?.logged, true)
        XCTAssertEqual(shared.toast?.alsoKept, 1, "the refresh's toast was still showing")
        // The same failure again is one entry with a count: the toast's count of the others stays.
        shared.showToast("Could not save: disk full", .danger)
        XCTAssertEqual(shared.messages.entries.map(\.count), [1, 2])
        XCTAssertEqual(shared.toast?.alsoKept, 1)
    }

    /// A damaged settings file and a theme that cannot be found: the toast names the first and
    /// how many more there are; both are kept, in the order they were found.
    func testTwoStartupProblemsAreBothKeptAndTheToastSaysSo() throws {
        let dir = try damagedSettingsDirectory()
        let d = Driver(theme: "nosuch", dataDir: dir)
        defer { d.cleanUp() }
        let texts = d.model.shared.messages.entries.map(\.text)
        XCTAssertEqual(texts.count, 2, "\(texts)")
        XCTAssertTrue(texts[0].contains("settings.json") && texts[0].contains("settings.json.corrupt-"), texts[0])
        XCTAssertTrue(texts[1].contains("Theme not found (using dark)"), texts[1])
        // 80 columns: the sentence does not fit; the short form does, whole.
        let line = d.render().lines[1]
        XCTAssertTrue(line.contains("2 problems: read them in Settings ▸ Messages"), line)
        // 200 columns: the first problem itself, and the count of the rest.
        let wide = Driver(size: Size(width: 200, height: 60), theme: "nosuch", dataDir: try damagedSettingsDirectory())
        defer { wide.cleanUp() }
        let wideLine = wide.render().lines[1]
        XCTAssertTrue(wideLine.contains("(+1 more: Settings ▸ Messages)"), wideLine)
    }

    func testTheSettingsRowOpensTheMessagesWholeAndEscClosesThem() async throws {
        let d = Driver(theme: "nosuch", dataDir: try damagedSettingsDirectory())
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(Driver.tabKey(.settings), .end, .up)
        XCTAssertEqual(d.model.settingsScreen.selected, .messages)
        XCTAssertTrue(d.screenText.contains("Messages               2 this session · Read…"), d.screenText)
        XCTAssertTrue(d.footerText.contains("Enter Read messages"), d.footerText)
        await d.press(.enter)
        let text = d.screenText
        XCTAssertTrue(text.contains("Messages this session"), text)
        // Newest first: the theme (found second), then the settings file, its words whole.
        let theme = try XCTUnwrap(text.range(of: "Theme not found")), file = try XCTUnwrap(text.range(of: "settings.json could not be opened"))
        XCTAssertLessThan(theme.lowerBound, file.lowerBound, text)
        XCTAssertTrue(text.contains("! 15:30"), "each message says when: \(text)")
        XCTAssertTrue(d.footerText.contains("Esc Close") && !d.footerText.contains("Scroll"), "all of it fits at 80×24: \(d.footerText)")
        await d.press(.escape)
        XCTAssertFalse(d.model.settingsScreen.readingMessages)
        XCTAssertEqual(d.model.route, .settings, "Esc closes the sheet, not the screen")
        XCTAssertFalse(d.screenText.contains("Messages this session"))
    }

    /// At 48×16 four messages are taller than the sheet: only the way that moves is offered,
    /// End shows the oldest message's last words, Home the newest's first.
    func testALongListScrollsAndOffersOnlyTheWayThatMoves() async throws {
        let d = Driver(size: Size(width: 48, height: 16), theme: "nosuch", dataDir: try damagedSettingsDirectory())
        defer { d.cleanUp() }
        await d.onboard()
        d.model.shared.toast = nil
        for n in 1...2 {
            d.model.shared.messages.append("Problem \(n) said later, long enough to take two lines of the sheet", .warning, at: d.clock.now)
        }
        await d.press(Driver.tabKey(.settings), .end, .up)
        XCTAssertTrue(d.screenText.contains("kept until you quit: Enter reads them."), "the row's help is whole at 48×16: \(d.screenText)")
        await d.press(.enter)
        XCTAssertTrue(d.model.settingsScreen.readingMessages)
        XCTAssertTrue(d.footerText.contains("↓ Scroll") && !d.footerText.contains("↑"), d.footerText)
        XCTAssertTrue(d.screenText.contains("Problem 2"), d.screenText)
        XCTAssertFalse(d.screenText.contains("starting fresh"), "the oldest message's end is below: \(d.screenText)")
        await d.press(.up)
        XCTAssertEqual(d.model.settingsScreen.messagesScroll, 0, "↑ at the top does nothing (and is not offered)")
        await d.press(.end)
        XCTAssertTrue(d.screenText.contains("starting fresh"), d.screenText)
        XCTAssertFalse(d.screenText.contains("Problem 2"), d.screenText)
        XCTAssertTrue(d.footerText.contains("↑ Scroll") && !d.footerText.contains("↓"), d.footerText)
        let bottom = d.model.settingsScreen.messagesScroll
        await d.press(.down)
        XCTAssertEqual(d.model.settingsScreen.messagesScroll, bottom, "↓ at the end does nothing")
        await d.press(.home)
        XCTAssertTrue(d.screenText.contains("Problem 2"), d.screenText)
    }

    func testThePaletteOffersTheMessagesOnlyWhenThereAreSome() async throws {
        let quiet = Driver()
        defer { quiet.cleanUp() }
        await quiet.onboard()
        await quiet.press(.char(":"))
        XCTAssertFalse(Palette.entries(quiet.model, quiet.ctx).contains { $0.title.contains("messages") })

        let d = Driver(theme: "nosuch", dataDir: try damagedSettingsDirectory())
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char(":"))
        await d.type("messages")
        XCTAssertTrue(d.screenText.contains("Read this session's messages (2)"), d.screenText)
        await d.press(.enter)
        XCTAssertEqual(d.model.route, .settings)
        XCTAssertTrue(d.model.settingsScreen.readingMessages)
        XCTAssertTrue(d.screenText.contains("Theme not found"), d.screenText)
    }

    /// A kept warning too long for the toast's line says where to read it whole; a click on it opens it.
    func testACutWarningPointsToItsWholeTextAndAClickOpensIt() async {
        let d = Driver(size: Size(width: 60, height: 20))
        defer { d.cleanUp() }
        await d.onboard()
        let long = "Could not save: the meal log is read-only because the folder's permissions changed after the app started"
        await d.send(.message(.shell, ShellMessage.storageFailed(long.replacingOccurrences(of: "Could not save: ", with: ""))))
        let line = d.render().lines[1]
        XCTAssertTrue(line.contains("Could not save: the meal… see Settings ▸ Messages"), "cut at a word's end: \(line)")
        XCTAssertEqual(d.model.shared.messages.entries.map(\.text), [long])
        let x = line.firstIndex(of: "!").map { line.distance(from: line.startIndex, to: $0) } ?? 10
        await d.press(.mouse(MouseEvent(.press, x: x, y: 1)))
        XCTAssertEqual(d.model.route, .settings)
        XCTAssertTrue(d.model.settingsScreen.readingMessages)
        XCTAssertTrue(d.screenText.contains("permissions changed"), d.screenText)
    }

    /// A problem found after the first frame (the meal log, read then) replaces the startup toast
    /// while it shows: the toast counts every problem instead of dropping the first two from sight.
    func testALaterProblemWhileTheStartupToastShowsIsCountedWithIt() async throws {
        let dir = try damagedSettingsDirectory()
        let data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try "[{".write(to: data.appendingPathComponent("meals.json"), atomically: true, encoding: .utf8)
        let d = Driver(theme: "nosuch", dataDir: dir)
        defer { d.cleanUp() }
        await d.onboard()
        await d.press(.char("2"))
        XCTAssertEqual(d.model.shared.messages.entries.count, 3, "\(d.model.shared.messages.entries.map(\.text))")
        XCTAssertTrue(d.model.shared.messages.entries[2].text.contains("meals.json"), "the meal log's, found last")
        let line = d.render().lines[1]
        XCTAssertTrue(line.contains("3 problems: read them in Settings ▸ Messages"), line)
        // At 48 columns (40 for the words) the count still reads whole, in fewer words.
        let toast = try XCTUnwrap(d.model.shared.toast)
        XCTAssertEqual(AppView.toastText(toast, room: 40, d.ctx), "3 problems: Settings ▸ Messages")
        // Once it has gone, the next one is on its own again.
        await d.advance(10)
        d.model.shared.showToast("Could not refresh", .warning)
        XCTAssertEqual(d.model.shared.toast?.alsoKept, 0)
    }

    /// A day before the newest message's is named: a session that ran past midnight does not read
    /// "00:00" above "23:59" as if it were the same day. 22 Nov 2026 is a Sunday.
    func testAMessageFromAnotherDayNamesItsWeekday() {
        let d = Driver()
        defer { d.cleanUp() }
        var log = MessageLog()
        let iso = ISO8601DateFormatter()
        log.append("late", .warning, at: iso.date(from: "2026-11-22T23:59:00Z")!)
        log.append("early", .danger, at: iso.date(from: "2026-11-23T00:00:00Z")!)
        XCTAssertEqual(MessagesSheet.stamps(log, d.ctx), ["Sun 23:59", "00:00"])
        let lines = MessagesSheet(log, settings: SettingsViewModel(), screen: Size(width: 80, height: 24), d.ctx).lines
        XCTAssertEqual(lines.map(\.time), ["00:00", "Sun 23:59"], "newest first")
    }

    /// On the Welcome screen the toast is not a way into Settings: onboarding comes first.
    func testAClickOnTheToastDoesNotSkipOnboarding() async throws {
        let d = Driver(theme: "nosuch", dataDir: try damagedSettingsDirectory())
        defer { d.cleanUp() }
        let route = d.model.route
        await d.press(.mouse(MouseEvent(.press, x: 40, y: 1)))
        XCTAssertEqual(d.model.route, route)
        await d.send(.message(.shell, ShellMessage.readMessages))
        XCTAssertEqual(d.model.route, route, "not even by message")
        XCTAssertFalse(d.model.settingsScreen.readingMessages)
    }

    /// A file left untouched (a FIFO) says why in the toast's short form, whole at 80 columns.
    func testAFileLeftUntouchedSaysWhyInItsShortForm() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-messages-\(UUID().uuidString)")
        let config = dir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(config.appendingPathComponent("settings.json").path, 0o600), 0)
        let d = Driver(dataDir: dir)
        defer { d.cleanUp() }
        let line = d.render().lines[1]
        XCTAssertTrue(line.contains("settings.json left untouched: a named pipe (FIFO), not a regular file"), line)
        XCTAssertTrue(d.model.shared.messages.entries.first?.text.contains("changes will not be saved") == true)
    }

    /// The cut keeps a word that ends where the room does ("unreadable" before its comma), and
    /// goes back to a word's end only when it would split one.
    func testACutToastKeepsAWholeWordAndDropsAHalfOne() async {
        let d = Driver()
        defer { d.cleanUp() }
        let toast = Toast(message: "settings.json unreadable, kept as settings.json.corrupt-20261127T152023Z", tone: .warning,
                          expiresAt: Driver.start, logged: true)
        let hint = TextWidth.of("… see Settings ▸ Messages")
        XCTAssertEqual(AppView.toastText(toast, room: hint + 24, d.ctx), "settings.json unreadable… see Settings ▸ Messages")
        XCTAssertEqual(AppView.toastText(toast, room: hint + 20, d.ctx), "settings.json… see Settings ▸ Messages")
    }

    /// A folder whose settings file is damaged (it will be set aside at launch).
    private func damagedSettingsDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-messages-\(UUID().uuidString)")
        let config = dir.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "{\"schemaVersion\": 1, \"data\": {".write(to: config.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
        return dir
    }
}
