import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Renders the whole app for a model: header, the screen, footer, overlays.
public enum AppView {
    public static func render(_ model: AppModel, _ ctx: AppContext, now: Date) -> Buffer {
        var buffer = Buffer(size: Size(width: 0, height: 0))
        render(model, ctx, now: now, into: &buffer)
        return buffer
    }

    /// `render` drawn in `buffer`'s storage (the run loop passes the frame before the one
    /// on screen): the same cells as a new buffer.
    public static func render(_ model: AppModel, _ ctx: AppContext, now: Date, into buffer: inout Buffer) {
        var none: OverlayBackdrop?
        render(model, ctx, now: now, into: &buffer, backdrop: &none, shown: nil)
    }

    /// `render`, keeping in `backdrop` what the frame on screen was drawn as: while
    /// `model.screenRevision` says nothing under an overlay changed, the next frame starts
    /// from `shown` (the frame on screen) instead of the whole screen drawn again: an
    /// overlay that opens dims it (all but the footer, drawn again: it lists the overlay's
    /// keys), one that stays open is drawn again over its own box (a key typed into the
    /// palette, a scroll of help). The same cells as `render`.
    /// With `memo`, a part drawn from the same inputs as in the last frame is copied from it.
    public static func render(_ model: AppModel, _ ctx: AppContext, now: Date, into buffer: inout Buffer,
                              backdrop: inout OverlayBackdrop?, shown: Buffer?, memo: RenderMemo? = nil) {
        var model = model
        model.shared.now = now
        let r = RenderContext(theme: model.theme, glyphs: ctx.glyphs, reduceMotion: ctx.reduceMotion, time: model.animationTime(now),
                              memo: memo)
        memo?.begin(r, language: ctx.strings.language + " " + ctx.formats.locale.identifier)
        let screen = Rect(size: model.size)
        if model.isTooSmall {
            backdrop = nil
            buffer.reset(size: model.size, fill: Cell(" ", style: model.theme.base))
            tooSmall(model.size, ctx, r, &buffer)
            return
        }
        // Built once: the footer asks it whether it scrolls.
        let helpPanel = model.showHelp ? help(model, ctx) : nil
        let paletteEntries = model.palette.map { $0.entries(for: model, ctx) }
        var overlay: (kind: OverlayBackdrop.Overlay, box: Rect)?
        if let helpPanel { overlay = (.help, helpPanel.box(on: screen)) }
        else if let paletteEntries { overlay = (.palette, PaletteView.box(entries: paletteEntries, on: screen)) }
        // Under an overlay everything above the footer is dimmed; the footer lists the overlay's
        // keys, in full colour (they are the keys in use).
        let footer = rows(of: screen).footer
        let underOverlay = Rect(x: screen.x, y: screen.y, width: screen.width, height: footer.y - screen.y)
        if let overlay, let kept = backdrop, let shown, kept.holds(overlay.kind, box: overlay.box, model, shown: shown) {
            buffer.copy(from: shown)
        } else if let overlay, let kept = backdrop, let shown, kept.holdsScreen(model, shown: shown) {
            buffer.copy(from: shown)
            dimmedBackdrop(underOverlay, r, &buffer)
            // The one row that changes: the screen's keys become the overlay's.
            renderFooter(model, ctx, r, footer, help: helpPanel, &buffer)
            backdrop = OverlayBackdrop(overlay.kind, model, box: overlay.box)
        } else {
            buffer.reset(size: model.size, fill: Cell(" ", style: model.theme.base))
            renderScreen(model, ctx, r, help: helpPanel, &buffer)
            if overlay != nil { dimmedBackdrop(underOverlay, r, &buffer) }
            backdrop = OverlayBackdrop(overlay?.kind, model, box: overlay?.box)
        }
        // A click anywhere closes an overlay: nothing under it is a target.
        if overlay != nil { buffer.clearClickTargets() }
        if let helpPanel {
            helpPanel.render(over: screen, dimming: false, r, &buffer)
        } else if let palette = model.palette, let paletteEntries {
            PaletteView.render(palette, entries: paletteEntries, ctx, r, over: screen, dimming: false, &buffer)
        }
    }

    /// The header's row, the rows between (the toast's line, then the screen's), the footer's row.
    static func rows(of screen: Rect) -> (header: Rect, body: Rect, footer: Rect) {
        let (header, rest) = screen.splitTop(1)
        let (body, footer) = rest.splitBottom(1)
        return (header, body, footer)
    }

    /// Where a screen draws on a terminal of `size`: under the header and the toast's line, above the footer.
    static func content(screen size: Size) -> Rect {
        let r = rows(of: Rect(x: 0, y: 0, width: size.width, height: size.height)).body.inset(top: 1, left: 1, bottom: 0, right: 1)
        return Rect(x: r.x, y: r.y, width: max(0, r.width), height: max(0, r.height))
    }

    /// Header, screen, toast and footer: everything but an overlay.
    static func renderScreen(_ model: AppModel, _ ctx: AppContext, _ r: RenderContext, help helpPanel: HelpOverlay?,
                             _ buffer: inout Buffer) {
        let (header, body, footer) = rows(of: buffer.bounds)
        let content = Self.content(screen: buffer.size)
        if let behind = model.current.backdrop, let feature = model.features[behind] {
            // A sheet opened from a screen is drawn over that screen, under its tab.
            var shown = model
            shown.shared.route = behind
            renderHeader(shown, ctx, r, header, &buffer)
            feature.render(shown.shared, ctx, r, in: content, &buffer)
        } else {
            renderHeader(model, ctx, r, header, &buffer)
        }
        model.current.render(model.shared, ctx, r, in: content, &buffer)
        if let toast = model.shared.toast {
            let text = toastText(toast, room: body.width - 8, ctx)
            let width = min(body.width - 4, max(30, TextWidth.of(text) + 6))
            // The blank row under the header is the toast's own line: it never covers content or borders.
            let y = body.y
            // The whole line is the toast's while it shows: no piece of the status moved there peeks out beside it.
            buffer.fill(Rect(x: body.x, y: y, width: body.width, height: 1), style: r.theme.base)
            let strip = Rect(x: body.x + (body.width - width) / 2, y: y, width: width, height: 1)
            Banner(text, tone: toast.tone).render(in: strip, r, &buffer)
            // A warning kept in the session's messages opens them when clicked.
            if toast.logged, FeatureRegistry.tabsReachable(from: model.route) { buffer.addClickTarget(strip, .message(ShellMessage.readMessages)) }
        }
        renderFooter(model, ctx, r, footer, help: helpPanel, &buffer)
    }

    /// The toast's wording for `room` columns: a warning kept in the session's messages
    /// that is cut anyway ends by saying where to read it whole.
    static func toastText(_ toast: Toast, room: Int, _ ctx: AppContext) -> String {
        if toast.alsoKept > 0 {
            // More than one to read: the message and the count of the rest, else the count alone.
            let rest = ctx.formats.integer(toast.alsoKept), all = ctx.formats.integer(toast.alsoKept + 1)
            let wordings = [toast.message, toast.short].compactMap { $0 }.map { ctx.strings("toast.moreNotices", $0, rest) }
                + [ctx.strings("toast.noticesShort", all), ctx.strings("toast.noticesShorter", all)]
            return TextWidth.firstFitting(wordings, to: room)
        }
        let text = toast.text(fitting: room)
        guard toast.logged, TextWidth.of(text) > room else { return text }
        let hint = ctx.strings("toast.cutHint")
        let kept = room - TextWidth.of(hint)
        guard kept >= 12 else { return text }
        // Cut at a word's end where one is near, so no word reads half.
        var cut = TextWidth.truncate(text, to: kept, ellipsis: "")
        let endsAWord = text.dropFirst(cut.count).first.map { $0.isWhitespace || $0.isPunctuation } ?? true
        if !endsAWord, let space = cut.lastIndex(of: " "), TextWidth.of(String(cut[..<space])) >= kept - 12 { cut = String(cut[..<space]) }
        while cut.last == " " || cut.last == "," || cut.last == ":" { cut.removeLast() }
        return cut + hint
    }

    /// The header: the brand, the tabs, the screen's status. From 80 columns
    /// every tab shows its name and the status its longest wording; when both
    /// do not fit on the top row, the status moves to the right of the row
    /// under it (the toast's line, which a toast covers while it shows).
    /// Below 80 columns the status takes its shorter wordings instead (on the
    /// top row when one fits there).
    static func renderHeader(_ model: AppModel, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        buffer.fill(rect, style: t.fill(.surface))
        let status = model.current.status(model.shared, ctx) ?? HeaderStatus([])
        let isTab = FeatureRegistry.tabs.contains { $0.id == model.route }
        let title = model.current.title(ctx) ?? s("route.\(model.route)")
        let wide = rect.width >= 80
        let longest = status.texts.map { TextWidth.of($0) + 2 }.max() ?? 0
        let shortest = status.texts.map { TextWidth.of($0) + 2 }.min() ?? 0
        let diamond = TextWidth.of(r.glyphs.diamond) + 1
        let brand = TextWidth.of(s("app.name")) + 3
        // Tabs first: names (whole or abbreviated) before the status from 60 columns, and before the brand.
        let tabRoom = rect.width - 2 - diamond - (rect.width >= 60 ? 0 : shortest)
        let tabsWidth = isTab ? TabBar.width(TabBar.form(model.route, ctx, room: tabRoom), model.route, ctx)
                              : TextWidth.of(title)
        let showBrand = !isTab || FeatureRegistry.tabs.count <= 3
            || diamond + brand + tabsWidth + longest + 2 <= rect.width
        var x = rect.x + 1
        x += buffer.write(r.glyphs.diamond + " ", x: x, y: rect.y, style: t.text(.accent, .bold))
        if showBrand {
            x += buffer.write(s("app.name"), x: x, y: rect.y, style: t.text(.textPrimary, .bold))
            x += 3
        }
        if isTab {
            x = TabBar.render(model.route, ctx, r, in: Rect(x: x, y: rect.y, width: max(0, tabRoom), height: 1), &buffer)
        } else {
            x += buffer.write(title, x: x, y: rect.y, style: t.text(.textSecondary))
        }
        guard !status.texts.isEmpty else { return }
        let fitsTop: (String) -> Bool = { rect.maxX - TextWidth.of($0) - 1 > x }
        let style = t.text(status.tone)
        if let first = status.texts.first, fitsTop(first) {
            buffer.write(first, x: rect.maxX - TextWidth.of(first) - 1, y: rect.y, style: style)
        } else if !wide, let text = status.texts.dropFirst().first(where: fitsTop) {
            buffer.write(text, x: rect.maxX - TextWidth.of(text) - 1, y: rect.y, style: style)
        } else if rect.y + 1 < buffer.size.height - 1,
                  let text = status.texts.first(where: { TextWidth.of($0) + 2 <= rect.width }) {
            buffer.write(text, x: rect.maxX - TextWidth.of(text) - 1, y: rect.y + 1, style: style)
        }
    }

    /// Screen keys on the left, global keys on the right. Only keys that work
    /// right now; when they don't fit, the lowest priority gives way first
    /// (Esc and Save last).
    static func renderFooter(_ model: AppModel, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, help: HelpOverlay? = nil,
                             _ buffer: inout Buffer) {
        let t = r.theme
        buffer.fill(rect, style: t.fill(.surface))
        let hints = model.keyHints(ctx, help: help)
        let (left, right) = FooterLayout.fit(screen: hints.screen.filter(\.inFooter), global: hints.global.filter(\.inFooter),
                                             width: rect.width - 2, more: ctx.strings("key.more"))
        func draw(_ items: [KeyHint], from start: Int) {
            var x = start
            for item in items {
                let start = x
                x += buffer.write(item.label, x: x, y: rect.y, style: t.text(.accent, .bold))
                x += buffer.write(" " + item.shortTitle, x: x, y: rect.y, style: t.text(.textSecondary))
                if let key = item.key { buffer.addClickTarget(Rect(x: start, y: rect.y, width: x - start, height: 1), .key(key)) }
                x += 2
            }
        }
        draw(left, from: rect.x + 1)
        draw(right, from: rect.maxX - FooterLayout.width(right) + 1)
    }

    /// The help panel for the screen on top: its keys, then the global ones.
    static func help(_ model: AppModel, _ ctx: AppContext) -> HelpOverlay {
        let s = ctx.strings
        var model = model
        model.showHelp = false
        let hints = model.keyHints(ctx)
        var sections: [HelpOverlay.Section] = []
        if !hints.screen.isEmpty {
            sections.append(.init(title: s("help.screen", model.current.helpTitle(ctx) ?? s("route.\(model.route.rawValue)")),
                                  entries: hints.screen.map { .init(keys: $0.helpLabel, action: $0.title) }))
        }
        if model.current.editsText { sections.append(editingKeys(ctx)) }
        // The number keys are one line: "1/2 Go to a tab", "1–7 Go to a tab".
        var global = hints.global.filter { !TabBar.isNumberKey($0.label) }.map { HelpOverlay.Entry(keys: $0.helpLabel, action: $0.title) }
        if !model.current.capturesText, let line = TabBar.helpEntry(model.route, ctx) { global.insert(line, at: 0) }
        global.append(.init(keys: "Esc", action: s("help.esc")))
        sections.append(.init(title: s("help.everywhere"), entries: global))
        return HelpOverlay(title: s("help.title"), sections: sections, footer: s("help.close"), scroll: model.helpScroll)
    }

    /// What a text field's keys do (`TextField.handle`), as help lists them.
    static func editingKeys(_ ctx: AppContext) -> HelpOverlay.Section {
        let s = ctx.strings
        let keys: [([Key], String)] = [([.left, .right], "help.edit.move"), ([.home, .ctrl("a")], "help.edit.start"),
                                       ([.end, .ctrl("e")], "help.edit.end"), ([.backspace], "help.edit.backspace"),
                                       ([.delete, .ctrl("d")], "help.edit.delete"), ([.ctrl("u")], "help.edit.toStart"),
                                       ([.ctrl("k")], "help.edit.toEnd")]
        let entries = keys.map { keys, title in
            var hint = KeyHint(label: Key.helpLabel(keys), title: s(title), keys: keys)
            if !ctx.glyphs.isUnicode { hint = hint.namingArrows() }
            return HelpOverlay.Entry(keys: hint.helpLabel, action: hint.title)
        }
        return .init(title: s("help.editing"), entries: entries)
    }

    static func tooSmall(_ size: Size, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let t = r.theme
        let need = AppModel.minimumSize
        let s = ctx.strings, needed = "\(need.width)×\(need.height)", now = "\(size.width)×\(size.height)"
        // The longest wording whose every line is on screen (at 10×4 the whole one read "Terminal /
        // too / small / Need" and stopped before the size it needs).
        let wordings = [[s("tooSmall.title"), s("tooSmall.body", needed, now)], [s("tooSmall.title"), s("tooSmall.need", needed, now)],
                        [s("tooSmall.titleShort"), s("tooSmall.needShort", needed)], [s("tooSmall.needShort", needed)], [needed]]
        // A column of margin each side while there is room for one ("48×16" whole at 6 columns).
        func wrap(_ lines: [String]) -> [String] { lines.flatMap { TextWidth.wrap($0, to: max(1, size.width >= 12 ? size.width - 2 : size.width)) } }
        let wrapped = wordings.lazy.map(wrap).first { $0.count <= size.height } ?? wrap(wordings[wordings.count - 1])
        let top = max(0, (size.height - wrapped.count) / 2)
        for (i, line) in wrapped.enumerated() where top + i < size.height {
            buffer.write(TextWidth.pad(line, to: size.width, alignment: .center), x: 0, y: top + i,
                         style: i == 0 ? t.text(.warning, .bold) : Typography.caption.style(t))
        }
    }
}
