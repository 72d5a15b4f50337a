import DesignSystem
import TerminalUI

/// The palette panel: the query on top, the matching actions with their keys below.
enum PaletteView {
    /// Where the palette is drawn on `screen` (nothing outside it changes), for its `entries`.
    /// Sized for every entry, not for those the query leaves: the box stays where it
    /// opened while the list shortens under it (centred on its height, it moved).
    static func box(entries: [Palette.Entry], on screen: Rect) -> Rect {
        screen.centered(width: min(64, screen.width - 4), height: min(screen.height - 2, max(8, entries.count + 6)))
    }

    /// `entries`: `palette.entries(for: model, ctx)`, which the caller has built already.
    static func render(_ palette: Palette, entries: [Palette.Entry], _ ctx: AppContext, _ r: RenderContext, over screen: Rect,
                       dimming: Bool = true, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        let found = palette.matches(entries)
        let box = box(entries: entries, on: screen)
        let inner = Dialog(title: s("palette.title"), width: box.width, height: box.height).render(over: screen, dimming: dimming, r, &buffer)
        guard inner.height >= 3, inner.width >= 8 else { return }
        let prompt = (r.glyphs.isUnicode ? "› " : "> ")
        buffer.write(prompt, x: inner.x, y: inner.y, style: t.text(.accent, .bold))
        let text = palette.query.text
        if text.isEmpty {
            buffer.write(TextWidth.truncate(s("palette.prompt"), to: inner.width - 2), x: inner.x + 2, y: inner.y, style: Typography.hint.style(t))
        } else {
            buffer.write(TextWidth.truncate(text, to: inner.width - 2), x: inner.x + 2, y: inner.y, style: t.text(.textPrimary, .bold))
        }
        let listTop = inner.y + 2, rows = max(1, inner.maxY - 1 - listTop)
        if found.isEmpty {
            buffer.write(TextWidth.truncate(s("palette.none"), to: inner.width), x: inner.x, y: listTop, style: Typography.caption.style(t))
        }
        let first = max(0, min(palette.selected - rows + 1, found.count - rows))
        for (i, entry) in found.enumerated().dropFirst(first).prefix(rows) {
            let y = listTop + i - first
            let isSelected = i == palette.selected
            let style = isSelected ? t.fill(.selection, text: .textPrimary, .bold) : Typography.body.style(t)
            buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: isSelected ? t.fill(.selection) : t.fill(.surfaceRaised))
            let keyWidth = TextWidth.of(entry.keyLabel)
            buffer.write(TextWidth.truncate(entry.title, to: max(1, inner.width - keyWidth - 3)), x: inner.x + 1, y: y, style: style)
            if keyWidth > 0 {
                buffer.write(entry.keyLabel, x: inner.maxX - keyWidth - 1, y: y, style: isSelected ? style : t.text(.accent, .bold))
            }
        }
        // Entries out of view are counted on the hint row ("↓ 10 more"), as help counts its rows; the hint
        // gives way where both do not fit.
        var hint = ctx.keysText("palette.hint")
        if let mark = ScrollMark.text(above: first, below: max(0, found.count - first - rows), r.glyphs) {
            let more = s("palette.more", mark)
            hint = TextWidth.firstFitting([hint + "  " + more, more], to: inner.width)
        }
        buffer.write(TextWidth.truncate(hint, to: inner.width), x: inner.x, y: inner.maxY - 1, style: Typography.hint.style(t))
    }
}
