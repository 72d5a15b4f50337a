import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Settings ▸ Messages: the session's warnings and failures, newest first, each whole
/// (wrapped under its time), over the Settings screen. The model and the view share
/// its geometry, so the scroll keys are offered only where they move.
enum MessagesSheet {
    /// The sheet's frame in Settings' content area: as tall as its lines, up to the area's height less two.
    static func frame(in content: Rect, _ log: MessageLog, _ ctx: AppContext) -> Rect {
        let width = min(content.width - 2, 80)
        let lineCount = lines(log, width: width - 4, ctx).count
        let height = min(max(5, content.height - 2), max(5, lineCount + 2))
        return content.centered(width: width, height: height)
    }

    /// The content area for a terminal of `screen` (the shell's header, toast line and footer taken off).
    static func content(screen: Size) -> Rect {
        Rect(x: 1, y: 2, width: max(0, screen.width - 2), height: max(0, screen.height - 3))
    }

    /// The rows inside the sheet's border and padding (its keys are the footer's).
    static func textArea(of frame: Rect) -> Rect {
        frame.inset(top: 1, left: 2, bottom: 1, right: 2)
    }

    struct Line: Equatable {
        var time: String
        var text: String
        var tone: BannerTone
    }

    /// Every line of the sheet at `width` columns: a time and a mark on the first line of
    /// each message, its words wrapped under it.
    static func lines(_ log: MessageLog, width: Int, _ ctx: AppContext) -> [Line] {
        let s = ctx.strings
        guard !log.isEmpty else {
            return TextWidth.wrap(s("settings.messages.empty"), to: max(1, width)).map { Line(time: "", text: $0, tone: .info) }
        }
        let times = stamps(log, ctx)
        let gutter = Self.gutter(log, ctx)
        var out: [Line] = []
        for (entry, time) in zip(log.entries, times).reversed() {
            let text = entry.count > 1 ? entry.text + " " + s("settings.messages.repeated", ctx.formats.integer(entry.count)) : entry.text
            let wrapped = TextWidth.wrap(TerminalSafeText.clean(text), to: max(1, width - gutter))
            for (i, line) in wrapped.enumerated() {
                out.append(Line(time: i == 0 ? time : "", text: line, tone: entry.tone))
            }
        }
        if log.dropped > 0 {
            out.append(Line(time: "", text: s("settings.messages.dropped", ctx.formats.integer(log.dropped)), tone: .info))
        }
        return out
    }

    /// When each message was said: its time, and its weekday when that was another day than the
    /// newest message's (a session that ran past midnight: "Sun 23:59" under "00:00").
    static func stamps(_ log: MessageLog, _ ctx: AppContext) -> [String] {
        guard let newest = log.entries.last.map({ DayKey($0.at, calendar: ctx.calendar) }) else { return [] }
        return log.entries.map { entry in
            let day = DayKey(entry.at, calendar: ctx.calendar)
            let time = ctx.formats.time(entry.at)
            return day == newest ? time : ctx.formats.weekday(day) + " " + time
        }
    }

    /// Where a message's words start: after its mark and the widest stamp.
    static func gutter(_ log: MessageLog, _ ctx: AppContext) -> Int {
        (stamps(log, ctx).map(TextWidth.of).max() ?? 5) + 4
    }

    /// How far the sheet scrolls at `screen`'s size.
    static func maxScroll(_ log: MessageLog, screen: Size, _ ctx: AppContext) -> Int {
        let area = textArea(of: frame(in: content(screen: screen), log, ctx))
        guard area.height > 0 else { return 0 }
        return max(0, lines(log, width: area.width, ctx).count - area.height)
    }

    static func render(_ log: MessageLog, scroll: Int, _ ctx: AppContext, _ r: RenderContext, over content: Rect, _ buffer: inout Buffer) {
        let t = r.theme
        let box = frame(in: content, log, ctx)
        dimmedBackdrop(content, r, &buffer)
        let inner = Card(title: ctx.strings("settings.messages.title"), focused: true, fill: .surfaceRaised).render(in: box, r, &buffer)
        let area = textArea(of: box)
        guard inner.height >= 1, area.height >= 1 else { return }
        let all = lines(log, width: area.width, ctx)
        let first = min(max(0, scroll), max(0, all.count - area.height))
        let gutter = Self.gutter(log, ctx)
        for (i, line) in all.dropFirst(first).prefix(area.height).enumerated() {
            let y = area.y + i
            guard !log.isEmpty, line.tone != .info else {
                buffer.write(line.text, x: area.x, y: y, style: Typography.caption.style(t))
                continue
            }
            if !line.time.isEmpty {
                let mark = line.tone == .danger ? r.glyphs.cross : "!"
                buffer.write(mark, x: area.x, y: y, style: t.text(line.tone == .danger ? .danger : .warning, .bold))
                buffer.write(line.time, x: area.x + 2, y: y, style: Typography.caption.style(t))
            }
            buffer.write(line.text, x: area.x + gutter, y: y, style: Typography.body.style(t))
        }
        // More above or below: an arrow in the border, clear of the words.
        if first > 0 { buffer.write(ScrollMark.up(r.glyphs), x: box.maxX - 3, y: box.y, style: Typography.caption.style(t)) }
        if first + area.height < all.count { buffer.write(ScrollMark.down(r.glyphs), x: box.maxX - 3, y: box.maxY - 1, style: Typography.caption.style(t)) }
    }
}
