import FoundationEssentials
import DesignSystem
import TerminalUI

/// The demo's whole screen: the app's frame in the top-left (smaller while the
/// tour shows a resize, with the uncovered part shaded), and the caption banner
/// on the bottom rows in the theme's quiet colors. The banner has as many rows
/// as the script's longest caption needs at this width (at most four, and
/// never taking a row the app needs), so a
/// caption wraps instead of being cut and the app's size stays the same from
/// one caption to the next.
enum DemoCanvas {
    static let maximumBannerRows = 4

    /// The rows the banner takes on a canvas `width` columns wide for these captions.
    static func bannerRows(for captions: [String], width: Int, clock: String, canvasHeight: Int) -> Int {
        let room = captionRoom(width: width, clock: clock)
        let needed = captions.map { room > 4 ? TextWidth.wrap($0, to: room).count : 1 }.max() ?? 1
        // The app keeps the rows it needs to draw a screen; below that the caption ends with "…".
        return max(1, min(needed, maximumBannerRows, canvasHeight - AppModel.minimumSize.height))
    }

    /// The room a caption's line has beside the mark and the clock.
    static func captionRoom(width: Int, clock: String) -> Int {
        max(0, width - TextWidth.of(" \(clock) ") - 1 - 3)
    }

    static func compose(app: Buffer?, canvas size: Size, bannerRows: Int = 1, theme: Theme, caption: String?, clock: String,
                        glyphs: Glyphs) -> Buffer {
        let outside = theme.isMonochrome ? Style(attributes: [.dim])
            : Style(fg: theme[.border], bg: theme[.background].mixed(with: RGB(0, 0, 0), 0.45))
        var out = Buffer(size: size, fill: Cell(" ", style: outside))
        let rows = max(1, min(bannerRows, size.height))
        if let app {
            for y in 0..<max(0, min(app.size.height, size.height - rows)) {
                for x in 0..<min(app.size.width, size.width) {
                    let cell = app[x, y]
                    // A wide glyph cut by the edge becomes a blank.
                    if cell.width == 2 && x + 1 >= size.width { out.setCell(Cell(" ", style: cell.style), x: x, y: y); continue }
                    out.setCell(cell, x: x, y: y)
                }
            }
        }
        drawBanner(&out, rows: (size.height - rows)..<size.height, theme: theme, caption: caption, clock: clock, glyphs: glyphs)
        return out
    }

    static func drawBanner(_ out: inout Buffer, rows: Range<Int>, theme: Theme, caption: String?, clock: String, glyphs: Glyphs) {
        let base = theme.fill(.surface, text: .textSecondary)
        let width = out.size.width
        guard let top = rows.first else { return }
        out.fill(Rect(x: 0, y: top, width: width, height: rows.count), style: base)
        let right = " \(clock) "
        let rightWidth = TextWidth.of(right)
        let room = captionRoom(width: width, clock: clock)
        if let caption, !caption.isEmpty, room > 4 {
            let mark = glyphs == .ascii ? ">" : "▸"
            out.write(" \(mark) ", x: 0, y: top, style: theme.text(.accent, .bold))
            // Wrapped at words; only a caption longer than the banner's rows ends with "…".
            let lines = fitting(caption, room, rows: rows.count, glyphs: glyphs)
            for (i, line) in lines.enumerated() {
                out.write(line, x: 3, y: top + i, style: theme.text(.textSecondary, .italic),
                          clip: Rect(x: 3, y: top + i, width: room, height: 1))
            }
        }
        if rightWidth < width {
            out.write(right, x: width - rightWidth, y: top, style: theme.text(.textSecondary, .dim))
        }
    }

    /// `text` wrapped at words into at most `rows` lines of `width` columns; when it
    /// needs more, the last line ends after a whole word with an ellipsis.
    static func fitting(_ text: String, _ width: Int, rows: Int = 1, glyphs: Glyphs) -> [String] {
        guard width > 0, rows > 0 else { return [] }
        var lines = TextWidth.wrap(text, to: width)
        guard lines.count > rows else { return lines }
        let ellipsis = glyphs == .ascii ? "..." : "…"
        let rest = lines[(rows - 1)...].joined(separator: " ")
        lines = Array(lines.prefix(rows - 1))
        var last = ""
        for word in rest.split(separator: " ", omittingEmptySubsequences: false) {
            let next = last.isEmpty ? String(word) : last + " " + word
            if TextWidth.of(next) + TextWidth.of(ellipsis) > width { break }
            last = next
        }
        if !last.isEmpty { lines.append(last + ellipsis) }
        return lines
    }

    /// "1:05 / 3:30".
    static func clockText(_ elapsed: Double, of total: Double) -> String {
        func mmss(_ s: Double) -> String { String.clock(seconds: Int(min(max(0, s.isFinite ? s : 0), 359_999).rounded(.down))) }
        return "demo \(mmss(elapsed)) / \(mmss(total))"
    }
}
