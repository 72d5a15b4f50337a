import FoundationEssentials
import DesignSystem
import TerminalUI

/// The demo's whole screen: the app's frame in the top-left (smaller while the
/// tour shows a resize, with the uncovered part shaded), and the caption banner
/// on the bottom row in the theme's quiet colors.
enum DemoCanvas {
    static func compose(app: Buffer?, canvas size: Size, theme: Theme, caption: String?, clock: String,
                        glyphs: Glyphs) -> Buffer {
        let outside = theme.isMonochrome ? Style(attributes: [.dim])
            : Style(fg: theme[.border], bg: theme[.background].mixed(with: RGB(0, 0, 0), 0.45))
        var out = Buffer(size: size, fill: Cell(" ", style: outside))
        if let app {
            for y in 0..<min(app.size.height, size.height - 1) {
                for x in 0..<min(app.size.width, size.width) {
                    let cell = app[x, y]
                    // A wide glyph cut by the edge becomes a blank.
                    if cell.width == 2 && x + 1 >= size.width { out.setCell(Cell(" ", style: cell.style), x: x, y: y); continue }
                    out.setCell(cell, x: x, y: y)
                }
            }
        }
        drawBanner(&out, row: size.height - 1, theme: theme, caption: caption, clock: clock, glyphs: glyphs)
        return out
    }

    static func drawBanner(_ out: inout Buffer, row y: Int, theme: Theme, caption: String?, clock: String, glyphs: Glyphs) {
        let base = theme.fill(.surface, text: .textSecondary)
        let width = out.size.width
        out.fill(Rect(x: 0, y: y, width: width, height: 1), style: base)
        let right = " \(clock) "
        let rightWidth = TextWidth.of(right)
        let room = max(0, width - rightWidth - 1)
        if let caption, !caption.isEmpty, room > 4 {
            let mark = glyphs == .ascii ? ">" : "▸"
            out.write(" \(mark) ", x: 0, y: y, style: theme.text(.accent, .bold))
            // A caption too long for a small terminal ends at a word with "…", never mid-word.
            out.write(fitting(caption, max(0, room - 3), glyphs: glyphs), x: 3, y: y, style: theme.text(.textSecondary, .italic),
                      clip: Rect(x: 3, y: y, width: max(0, room - 3), height: 1))
        }
        if rightWidth < width {
            out.write(right, x: width - rightWidth, y: y, style: theme.text(.textSecondary, .dim))
        }
    }

    /// `text` whole when it fits in `width` columns, else cut after the last whole word that
    /// leaves room for the ellipsis.
    static func fitting(_ text: String, _ width: Int, glyphs: Glyphs) -> String {
        if TextWidth.of(text) <= width { return text }
        let ellipsis = glyphs == .ascii ? "..." : "…"
        var out = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let next = out.isEmpty ? String(word) : out + " " + word
            if TextWidth.of(next) + TextWidth.of(ellipsis) > width { break }
            out = next
        }
        return out.isEmpty ? "" : out + ellipsis
    }

    /// "1:05 / 3:30".
    static func clockText(_ elapsed: Double, of total: Double) -> String {
        func mmss(_ s: Double) -> String {
            let t = Int(max(0, s.isFinite ? s : 0).rounded(.down))
            let sec = t % 60
            return "\(t / 60):" + (sec < 10 ? "0\(sec)" : "\(sec)")
        }
        return "demo \(mmss(elapsed)) / \(mmss(total))"
    }
}
