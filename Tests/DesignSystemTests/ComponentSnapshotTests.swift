import XCTest
import DesignSystem
import SnapshotTesting
import TerminalUI

/// Each component, rendered into a small buffer in both themes (and monochrome
/// where it differs), compared as text plus style runs.
final class ComponentSnapshotTests: XCTestCase {
    let themes: [(String, Theme)] = [("dark", ThemeLoader.dark), ("light", ThemeLoader.light)]

    func render(_ w: Int, _ h: Int, _ theme: Theme, glyphs: Glyphs = .unicode, time: Double = 0,
                _ draw: (RenderContext, inout Buffer) -> Void) -> Buffer {
        var b = Buffer(size: Size(width: w, height: h), fill: Cell(" ", style: theme.base))
        draw(RenderContext(theme: theme, glyphs: glyphs, reduceMotion: false, time: time), &b)
        return b
    }

    func testCard() {
        for (name, t) in themes {
            assertSnapshot(render(30, 5, t) { r, b in
                let inner = Card(title: "Steps", trailing: "Goal 10,000", focused: false).render(in: Rect(x: 0, y: 0, width: 30, height: 5), r, &b)
                b.write("12,408", x: inner.x, y: inner.y, style: Typography.display.style(t))
            }, named: "card-\(name)")
            assertSnapshot(render(20, 3, t) { r, b in
                Card(title: "Focused card with a long title", focused: true).render(in: Rect(x: 0, y: 0, width: 20, height: 3), r, &b)
            }, named: "card-focused-\(name)")
        }
    }

    func testButtonsInEveryState() {
        for (name, t) in themes {
            assertSnapshot(render(24, 4, t) { r, b in
                for (i, state) in [ControlState.normal, .focused, .pressed, .disabled].enumerated() {
                    Button("Save", state: state, isPrimary: true).render(at: Point(x: 0, y: i), maxWidth: 24, r, &b)
                }
            }, named: "buttons-\(name)")
        }
        assertSnapshot(render(24, 2, ThemeLoader.dark.monochrome(), glyphs: .ascii) { r, b in
            Button("Save", state: .focused).render(at: Point(x: 0, y: 0), maxWidth: 24, r, &b)
            Button("Save", state: .disabled).render(at: Point(x: 0, y: 1), maxWidth: 24, r, &b)
        }, named: "buttons-mono-ascii")
    }

    func testChipsAndSegmentedToggle() {
        for (name, t) in themes {
            assertSnapshot(render(36, 2, t) { r, b in
                var x = 0
                x += Chip("P 12 g", tone: .chartSteps).render(at: Point(x: x, y: 0), maxWidth: 36, r, &b) + 1
                x += Chip("On", tone: .success, selected: true).render(at: Point(x: x, y: 0), maxWidth: 36, r, &b) + 1
                SegmentedToggle(options: ["Steps", "Calories"], selected: 1, focused: true).render(at: Point(x: 0, y: 1), maxWidth: 36, r, &b)
            }, named: "chips-toggle-\(name)")
        }
    }

    func testProgressBar() {
        for (name, t) in themes {
            assertSnapshot(render(20, 4, t) { r, b in
                for (i, f) in [0.0, 0.33, 1.0, 1.7].enumerated() {
                    ProgressBar(fraction: f, tone: .chartSteps).render(in: Rect(x: 0, y: i, width: 20, height: 1), r, &b)
                }
            }, named: "progress-\(name)")
        }
        assertSnapshot(render(20, 1, ThemeLoader.dark, glyphs: .ascii) { r, b in
            ProgressBar(fraction: 0.5).render(in: Rect(x: 0, y: 0, width: 20, height: 1), r, &b)
        }, named: "progress-ascii")
    }

    func testBarAndLineCharts() {
        let bars = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].enumerated().map {
            BarChart.Bar(label: $1, value: [8200, 12400, 4100, 9900, 0, 15100, 3000][$0])
        }
        for (name, t) in themes {
            assertSnapshot(render(44, 10, t) { r, b in
                BarChart(bars: bars, goal: 10_000, highlighted: 6, formatAxis: { "\(Int($0 / 1000))k" })
                    .render(in: Rect(x: 0, y: 0, width: 44, height: 10), r, &b)
            }, named: "barchart-\(name)")
            assertSnapshot(render(30, 6, t) { r, b in
                LineChart(values: [1, 4, 2, 8, 5, 9, 3, 7]).render(in: Rect(x: 0, y: 0, width: 30, height: 6), r, &b)
            }, named: "linechart-\(name)")
        }
        XCTAssertEqual(BarChart.niceMaximum(15100), 20000)
        XCTAssertEqual(BarChart.niceMaximum(12000), 20000)
        XCTAssertEqual(BarChart.niceMaximum(2400), 2500)
        XCTAssertEqual(BarChart.niceMaximum(0), 1)
        XCTAssertEqual(BarChart.niceMaximum(.nan), 1)
    }

    /// In ASCII a bar's partly filled top cell is "=" (half a cell or more) or "_" (less), never the
    /// full cell's "#": worked by hand on 5 rows of 4k each (top 20k): 7,500 is a full row and 7/8 of
    /// the next ("="); 9,000 two full rows and 2/8 of the third ("_"); 12,000 three full rows.
    func testASCIIBarsShowAPartialTopCell() {
        var b = Buffer(size: Size(width: 20, height: 6))
        BarChart(bars: [.init(label: "a", value: 7_500), .init(label: "b", value: 9_000), .init(label: "c", value: 12_000)],
                 goal: nil, formatAxis: { String(Int($0)) })
            .render(in: Rect(x: 0, y: 0, width: 20, height: 6), RenderContext(theme: ThemeLoader.dark, glyphs: .ascii), &b)
        let rows = Snapshot.render(b).components(separatedBy: "\n").filter { $0.hasPrefix("|") }.prefix(5)
        func column(_ x: Int) -> String { String(rows.map { Array($0)[x + 1] }) }  // +1: the snapshot's frame
        let plotX = 6 // "20000" and a space
        XCTAssertEqual(column(plotX + 1), "   =#", rows.joined(separator: "\n"))
        XCTAssertEqual(column(plotX + 5), "  _##", rows.joined(separator: "\n"))
        XCTAssertEqual(column(plotX + 9), "  ###", rows.joined(separator: "\n"))
    }

    func testTextFieldWithCursorAndScrolling() {
        var state = TextFieldState("Porridge 🍣 with crème", maxLength: 60)
        state.handle(.left)
        for (name, t) in themes {
            assertSnapshot(render(30, 3, t) { r, b in
                TextFieldView(label: "Food", state: state, focused: true).render(in: Rect(x: 0, y: 0, width: 30, height: 1), labelWidth: 6, r, &b)
                TextFieldView(label: "Kcal", state: TextFieldState(), focused: false, placeholder: "0–5000")
                    .render(in: Rect(x: 0, y: 1, width: 30, height: 1), labelWidth: 6, r, &b)
                TextFieldView(label: "Fat", state: TextFieldState("abc"), focused: false, message: "Enter a number", isError: true)
                    .render(in: Rect(x: 0, y: 2, width: 30, height: 1), labelWidth: 6, r, &b)
            }, named: "textfield-\(name)")
        }
    }

    func testSheetDialogBannerAndSkeleton() {
        for (name, t) in themes {
            assertSnapshot(render(40, 10, t) { r, b in
                b.write("content behind", x: 1, y: 1, style: Typography.body.style(t))
                let inner = Sheet(title: "Log Meal", height: 5, maxWidth: 30).render(over: b.bounds, r, &b)
                b.write("Food name", x: inner.x, y: inner.y, style: Typography.body.style(t))
            }, named: "sheet-\(name)")
            assertSnapshot(render(40, 7, t) { r, b in
                Dialog(title: "Discard?", width: 24, height: 4).render(over: b.bounds, r, &b)
                Banner("Saved Oats · 350 kcal", tone: .success).render(in: Rect(x: 0, y: 6, width: 40, height: 1), r, &b)
            }, named: "dialog-banner-\(name)")
            assertSnapshot(render(20, 2, t, time: 0.4) { r, b in
                Skeleton().render(in: Rect(x: 0, y: 0, width: 20, height: 2), r, &b)
            }, named: "skeleton-\(name)")
        }
    }

    func testHelpOverlay() {
        let overlay = HelpOverlay(title: "Keyboard shortcuts", sections: [
            .init(title: "Today", entries: [.init(keys: "c", action: "Steps/Calories"), .init(keys: "g", action: "Simulate goal")]),
            .init(title: "Everywhere", entries: [.init(keys: "?", action: "Help"), .init(keys: "q", action: "Quit")]),
        ], footer: "Esc or ? to close")
        for (name, t) in themes {
            assertSnapshot(render(50, 14, t) { r, b in overlay.render(over: b.bounds, r, &b) }, named: "help-\(name)")
        }
    }

    /// Help is where every key is spelled out: a long list of keys is shown whole,
    /// its words pushed right, never cut to "PgUp/PgDn/Home/…".
    func testHelpNeverCutsAListOfKeys() {
        let long = "PgUp/PgDn/Home/End", longer = "Shift-Tab/↑/k/←/h/PgUp/PgDn"
        let overlay = HelpOverlay(title: "Keyboard shortcuts", sections: [
            .init(title: "Month", entries: [.init(keys: long, action: "Page up/down, top/bottom"), .init(keys: "y", action: "Year view"),
                                            .init(keys: longer, action: "Previous")]),
        ], footer: "Esc or ? to close")
        let lines = render(80, 24, themes[0].1) { r, b in overlay.render(over: b.bounds, r, &b) }.lines
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains(long + " ") && $0.contains("Page up/down, top/bottom") }, text)
        XCTAssertTrue(lines.contains { $0.contains(longer + "  Previous") }, text)
    }

    /// Up to 26 columns of keys (every arrow spelled out, as without UTF-8) keep the actions in one column.
    func testActionsStayInLineWithArrowsSpelledOut() {
        let overlay = HelpOverlay(title: "Keyboard shortcuts", sections: [
            .init(title: "Year view", entries: [.init(keys: "Left/h/Right/l/Up/k/Down/j", action: "Move"), .init(keys: "Enter", action: "Open")]),
        ], footer: "Esc or ? to close")
        let lines = render(60, 20, themes[0].1) { r, b in overlay.render(over: b.bounds, r, &b) }.lines
        let move = lines.first { $0.contains(" Move ") }, open = lines.first { $0.contains(" Open ") }
        XCTAssertNotNil(move); XCTAssertNotNil(open)
        XCTAssertEqual(move.map { Array($0).firstIndex(of: "M") }, open.map { Array($0).firstIndex(of: "O") }, lines.joined(separator: "\n"))
    }

    func testBigDigits() {
        XCTAssertEqual(BigDigits("12,408").width, 21)
        XCTAssertNil(BigDigits("12a").width, "letters have no big glyph")
        for (name, t) in themes {
            assertSnapshot(render(26, 3, t) { r, b in BigDigits("12,408").render(at: Point(x: 0, y: 0), r, &b) }, named: "bigdigits-\(name)")
        }
    }

    func testComponentsSurviveTinyAreas() {
        var b = Buffer(size: Size(width: 3, height: 2))
        let r = RenderContext(theme: ThemeLoader.dark)
        Card(title: "Title", trailing: "x").render(in: Rect(x: 0, y: 0, width: 1, height: 1), r, &b)
        ProgressBar(fraction: .infinity).render(in: Rect(x: 0, y: 0, width: 0, height: 1), r, &b)
        BarChart(bars: [.init(label: "M", value: 5)]).render(in: b.bounds, r, &b)
        LineChart(values: []).render(in: b.bounds, r, &b)
        Sheet(title: "S", height: 10).render(over: b.bounds, r, &b)
        HelpOverlay(title: "H", sections: [], footer: "f").render(over: b.bounds, r, &b)
        TextFieldView(label: "L", state: TextFieldState("x"), focused: true).render(in: b.bounds, labelWidth: 5, r, &b)
        Banner("m", tone: .danger).render(in: b.bounds, r, &b)
        XCTAssertEqual(b.size, Size(width: 3, height: 2))
    }
}
