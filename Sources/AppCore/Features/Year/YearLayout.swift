import TerminalUI

/// Where the Year view's parts go in a content area. Blank rows between the
/// parts go first when the terminal is short (48×16 keeps every part).
struct YearLayout: Equatable {
    /// Columns for the weekday labels ("Mon ").
    static let gutter = 4
    var cellWidth: Int
    var weeks: Int
    var titleY: Int
    var monthsY: Int
    var gridY: Int
    var legendY: Int
    var readoutY: Int
    var statsY: Int
    var statsRows: Int

    init(content: Size) {
        cellWidth = YearWindow.cellWidth(contentWidth: content.width)
        weeks = YearWindow.weeks(contentWidth: content.width, cellWidth: cellWidth)
        // Title, months, 7 rows, legend, readout, 2 rows of numbers = 13; 4 blank rows when there is room.
        let spare = max(0, content.height - 13)
        let gap = spare >= 4 ? 1 : 0
        titleY = 0
        monthsY = titleY + 1 + gap
        gridY = monthsY + 1
        legendY = gridY + 7 + gap
        readoutY = legendY + 1 + (spare >= 4 ? 1 : 0)
        statsY = readoutY + 1 + gap
        statsRows = max(1, content.height - statsY)
    }

    var gridWidth: Int { Self.gutter + weeks * cellWidth }
}
