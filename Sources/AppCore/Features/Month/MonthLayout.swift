import FoundationEssentials
import TerminalUI

/// Where the Month screen's cards go for a content area, and how far it
/// scrolls. The cards keep their natural heights; when the terminal is shorter
/// than all of them the whole screen scrolls, and when it is taller the chart
/// takes the extra rows.
struct MonthLayout: Hashable {
    static let summaryHeight = 5
    static let minimumChartHeight = 11
    static let achievementsHeight = 9
    static let naturalHeight = summaryHeight + minimumChartHeight + achievementsHeight

    /// The content width (without the scroll indicator column when it scrolls).
    var width: Int
    /// Rows of the visible area.
    var viewportHeight: Int
    /// Rows of all the cards (the virtual page the viewport shows part of).
    var pageHeight: Int
    var summary: Rect
    var chart: Rect
    var achievements: Rect

    init(content: Size) {
        viewportHeight = max(0, content.height)
        let scrolls = content.height < Self.naturalHeight
        width = max(0, content.width - (scrolls ? 1 : 0))
        pageHeight = max(content.height, Self.naturalHeight)
        let chartHeight = pageHeight - Self.summaryHeight - Self.achievementsHeight
        summary = Rect(x: 0, y: 0, width: width, height: Self.summaryHeight)
        chart = Rect(x: 0, y: summary.maxY, width: width, height: chartHeight)
        achievements = Rect(x: 0, y: chart.maxY, width: width, height: Self.achievementsHeight)
    }

    /// The content area the shell gives a screen of `screen` size (AppView:
    /// header and footer rows, one blank row and one column each side).
    static func content(screen: Size) -> Size { AppView.content(screen: screen).size }

    /// The same layout with its cards moved `x` columns right and `y` rows down (the page's
    /// corner at (x, y) of the screen).
    func placed(at x: Int, _ y: Int) -> MonthLayout {
        var moved = self
        moved.summary = Rect(x: summary.x + x, y: summary.y + y, width: summary.width, height: summary.height)
        moved.chart = Rect(x: chart.x + x, y: chart.y + y, width: chart.width, height: chart.height)
        moved.achievements = Rect(x: achievements.x + x, y: achievements.y + y, width: achievements.width, height: achievements.height)
        return moved
    }

    var maxScroll: Int { max(0, pageHeight - viewportHeight) }
    var scrolls: Bool { maxScroll > 0 }

    func clamp(_ scroll: Int) -> Int { min(maxScroll, max(0, scroll)) }

    /// The smallest scroll change that shows all of `rect` (its top when it is taller than the view).
    func reveal(_ rect: Rect, from scroll: Int) -> Int {
        var s = scroll
        if rect.maxY > s + viewportHeight { s = rect.maxY - viewportHeight }
        if rect.y < s { s = rect.y }
        return clamp(s)
    }

    // MARK: The achievements row

    /// Columns of an earned badge's slot, and the room it leaves for captions: names of up to 13 columns
    /// ("Getting Going", "Steady Walker") fit whole with two blank columns between neighbours (14 ran them together).
    static let earnedSlot = 15
    static let maximumLockedSlot = 21

    /// Slots that fit from `first` on, given every slot's width.
    static func visibleCount(from first: Int, slots: [Int], room: Int) -> Int {
        var used = 0, count = 0
        for w in slots.dropFirst(max(0, first)) {
            if used + w > room, count > 0 { break }
            used += w
            count += 1
        }
        return count
    }

    /// The first visible slot that keeps `selected` in view, moving as little as possible.
    static func scrollToShow(_ selected: Int, from first: Int, slots: [Int], room: Int) -> Int {
        guard !slots.isEmpty else { return 0 }
        let selected = min(max(0, selected), slots.count - 1)
        var start = min(max(0, first), selected)
        while start < selected, start + visibleCount(from: start, slots: slots, room: room) <= selected { start += 1 }
        return start
    }

    /// Columns the badges can use inside the achievements card (the ‹ › columns kept aside).
    var badgeRoom: Int { max(1, width - 4 - 4) }
}
