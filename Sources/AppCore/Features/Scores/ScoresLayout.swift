import HealthDomain
import Platform
import TerminalUI

/// Where the three widgets go for a content size: side by side when wide, two
/// above one at about 80 columns, one compact block per score at the minimum.
/// Frames are relative to the top of the (possibly scrolled) content.
struct ScoresLayout: Equatable {
    var form: ScoreWidget.Form
    /// The bottom widget of the 2+1 layout is a row; the others follow `form`.
    var forms: [ScoreKind: ScoreWidget.Form]
    var frames: [ScoreKind: Rect]
    var contentHeight: Int
    /// A spare row for the legend under the widgets, if any.
    var legendRow: Int?

    static let columnsMinWidth = 105
    static let twoPlusOneMinWidth = 60

    /// `ring`: the gauges can be rings (a UTF-8 terminal). Without, a gauge is a bar of two
    /// rows, and the cards take the rows they need instead of a ring's.
    static func plan(width: Int, height: Int, cards: DailyScoreCards, ring: Bool = true) -> ScoresLayout {
        let kinds = ScoreKind.allCases
        var frames: [ScoreKind: Rect] = [:]
        var forms: [ScoreKind: ScoreWidget.Form] = [:]
        let form: ScoreWidget.Form
        var used: Int
        if width >= columnsMinWidth && height >= 14 {
            form = .column
            let w = (width - 2) / 3
            let needed = kinds.map { ScoreWidget.preferredHeight(cards.card($0), .column, ring: ring) }.max() ?? 14
            let h = min(height, ring ? max(18, needed) : needed)
            for (i, kind) in kinds.enumerated() {
                frames[kind] = Rect(x: i * (w + 1), y: 0, width: i == 2 ? width - 2 * (w + 1) : w, height: h)
                forms[kind] = .column
            }
            used = h
        } else if width >= twoPlusOneMinWidth && height >= 17 {
            form = .column
            let bottom = ring ? 8 : 6
            let top = ring ? min(16, max(12, height - bottom))
                : kinds.prefix(2).map { ScoreWidget.preferredHeight(cards.card($0), .column, ring: false) }.max() ?? 9
            let w = (width - 1) / 2
            frames[.sleep] = Rect(x: 0, y: 0, width: w, height: top)
            frames[.recovery] = Rect(x: w + 1, y: 0, width: width - w - 1, height: top)
            frames[.strain] = Rect(x: 0, y: top, width: width, height: bottom)
            forms = [.sleep: .column, .recovery: .column, .strain: .row]
            used = top + bottom
        } else {
            form = .compact
            let heights = kinds.map { ScoreWidget.preferredHeight(cards.card($0), .compact) }
            let gap = heights.reduce(0, +) + 2 <= height ? 1 : 0
            var y = 0
            for (kind, h) in zip(kinds, heights) {
                frames[kind] = Rect(x: 0, y: y, width: width, height: h)
                forms[kind] = .compact
                y += h + gap
            }
            used = y - gap
        }
        // A blank row between the widgets and the legend where there is room, else (the compact
        // form at 48×16) the row right under them.
        let legend = used + 1 < height ? used + 1 : form == .compact && used < height ? used : nil
        return ScoresLayout(form: form, forms: forms, frames: frames, contentHeight: used, legendRow: legend)
    }

    /// The first content row shown in `height` rows so the focused widget is in view.
    func scrollOffset(focus: ScoreKind, height: Int) -> Int {
        guard contentHeight > height, let frame = frames[focus] else { return 0 }
        let maxOffset = contentHeight - height
        // Show the whole widget if it fits, else its top.
        let wanted = frame.height <= height ? max(0, frame.maxY - height) : frame.y
        return min(maxOffset, max(0, min(wanted, frame.y)))
    }
}
