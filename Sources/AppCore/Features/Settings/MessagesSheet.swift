import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Settings ▸ Messages: the session's warnings and failures, newest first, each whole
/// (wrapped under its time), over the Settings screen. The model and the view share
/// one layout, so the scroll keys are offered only where they move.
struct MessagesSheet {
    /// The sheet's frame: the Settings card's, as tall as its lines when they need more (up to the
    /// content's bottom), so no border of the sheet lies on or beside one of the card's.
    let frame: Rect
    /// The rows inside its border and padding (its keys are the footer's).
    let area: Rect
    /// Every line at the area's width.
    let lines: [Line]
    /// Where a message's words start: after its mark and the widest stamp.
    let gutter: Int

    struct Line: Equatable {
        var time: String
        var text: String
        var tone: BannerTone
    }

    /// The sheet in place of the Settings `card`, over `content` (Settings' part of the screen).
    init(_ log: MessageLog, card: Rect, content: Rect, _ ctx: AppContext) {
        let width = card.width
        let stamps = Self.stamps(log, ctx)
        gutter = (stamps.map(TextWidth.of).max() ?? 5) + 4
        lines = Self.lines(log, stamps: stamps, gutter: gutter, width: width - 4, ctx)
        let height = min(content.maxY - card.y, max(card.height, lines.count + 2))
        frame = Rect(x: card.x, y: card.y, width: width, height: height)
        area = frame.inset(top: 1, left: 2, bottom: 1, right: 2)
    }

    /// The sheet as the app draws it on a terminal of `screen` size.
    init(_ log: MessageLog, settings vm: SettingsViewModel, screen: Size, _ ctx: AppContext) {
        let content = AppView.content(screen: screen)
        self.init(log, card: SettingsView.card(vm, in: content), content: content, ctx)
    }

    /// How far it scrolls.
    var maxScroll: Int { area.height > 0 ? max(0, lines.count - area.height) : 0 }

    /// Every line at `width` columns: a time and a mark on the first line of each message,
    /// its words wrapped under it.
    static func lines(_ log: MessageLog, stamps: [String], gutter: Int, width: Int, _ ctx: AppContext) -> [Line] {
        let s = ctx.strings
        guard !log.isEmpty else {
            return TextWidth.wrap(s("settings.messages.empty"), to: max(1, width)).map { Line(time: "", text: $0, tone: .info) }
        }
        var out: [Line] = []
        for (entry, time) in zip(log.entries, stamps).reversed() {
            let text = entry.count > 1 ? entry.text + " " + s("settings.messages.repeated", ctx.formats.integer(entry.count)) : entry.text
            for (i, line) in TextWidth.wrap(TerminalSafeText.clean(text), to: max(1, width - gutter)).enumerated() {
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

    func render(scroll: Int, _ ctx: AppContext, _ r: RenderContext, over content: Rect, _ buffer: inout Buffer) {
        let t = r.theme
        dimmedBackdrop(content, r, &buffer)
        let inner = Card(title: ctx.strings("settings.messages.title"), focused: true, fill: .surfaceRaised).render(in: frame, r, &buffer)
        guard inner.height >= 1, area.height >= 1 else { return }
        let first = min(max(0, scroll), maxScroll)
        for (i, line) in lines.dropFirst(first).prefix(area.height).enumerated() {
            let y = area.y + i
            guard line.tone != .info else {
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
        if first > 0 { buffer.write(ScrollMark.up(r.glyphs), x: frame.maxX - 3, y: frame.y, style: Typography.caption.style(t)) }
        if first < maxScroll { buffer.write(ScrollMark.down(r.glyphs), x: frame.maxX - 3, y: frame.maxY - 1, style: Typography.caption.style(t)) }
    }
}
