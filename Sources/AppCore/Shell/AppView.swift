import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Renders the whole app for a model: header, the screen, footer, overlays.
public enum AppView {
    public static func render(_ model: AppModel, _ ctx: AppContext, now: Date) -> Buffer {
        var model = model
        model.shared.now = now
        let r = RenderContext(theme: model.theme, glyphs: ctx.glyphs, reduceMotion: ctx.reduceMotion, time: model.animationTime(now))
        var buffer = Buffer(size: model.size, fill: Cell(" ", style: model.theme.base))
        let screen = buffer.bounds
        if model.isTooSmall {
            tooSmall(model.size, ctx, r, &buffer)
            return buffer
        }
        let (header, rest) = screen.splitTop(1)
        let (body, footer) = rest.splitBottom(1)
        renderHeader(model, ctx, r, header, &buffer)
        let content = body.inset(top: 1, left: 1, bottom: 0, right: 1)
        model.current.render(model.shared, ctx, r, in: content, &buffer)
        if let toast = model.shared.toast {
            let width = min(body.width - 4, max(30, TextWidth.of(toast.message) + 6))
            // The blank row under the header is the toast's own line: it never covers content or borders.
            let y = body.y
            Banner(toast.message, tone: toast.tone).render(in: Rect(x: body.x + (body.width - width) / 2, y: y, width: width, height: 1), r, &buffer)
        }
        renderFooter(model, ctx, r, footer, &buffer)
        if model.showHelp {
            buffer.clearClickTargets()
            helpOverlay(model, ctx, r, screen, &buffer)
        } else if let palette = model.palette {
            PaletteView.render(palette, model, ctx, r, over: screen, &buffer)
        }
        return buffer
    }

    static func renderHeader(_ model: AppModel, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        buffer.fill(rect, style: t.fill(.surface))
        var x = rect.x + 1
        x += buffer.write(r.glyphs.diamond + " ", x: x, y: rect.y, style: t.text(.accent, .bold))
        // Narrow terminals give the name's room to the tabs.
        if rect.width >= 100 || FeatureRegistry.tabs.count <= 3 || !FeatureRegistry.tabs.contains(where: { $0.id == model.route }) {
            x += buffer.write(s("app.name"), x: x, y: rect.y, style: t.text(.textPrimary, .bold))
            x += 3
        } else {
            x += 1
        }
        let status = model.current.status(model.shared, ctx) ?? HeaderStatus([])
        // The tabs shorten before the status's shortest wording would have to go.
        let statusRoom = status.texts.map { TextWidth.of($0) + 2 }.min() ?? 0
        if FeatureRegistry.tabs.contains(where: { $0.id == model.route }) {
            x = TabBar.render(model.route, ctx, r, in: Rect(x: x, y: rect.y, width: max(0, rect.maxX - x - statusRoom), height: 1), &buffer)
        } else {
            x += buffer.write(s("route.\(model.route)"), x: x, y: rect.y, style: t.text(.textSecondary))
        }
        // The longest wording that fits beside the tabs.
        if let text = status.texts.first(where: { rect.maxX - TextWidth.of($0) - 1 > x + 1 }) {
            buffer.write(text, x: rect.maxX - TextWidth.of(text) - 1, y: rect.y, style: t.text(status.tone))
        }
    }

    /// Screen keys on the left, global keys on the right. Only keys that work
    /// right now; when they don't fit, the lowest priority gives way first
    /// (Esc and Save last).
    static func renderFooter(_ model: AppModel, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme
        buffer.fill(rect, style: t.fill(.surface))
        let hints = model.keyHints(ctx)
        let (left, right) = FooterLayout.fit(screen: hints.screen.filter(\.inFooter), global: hints.global.filter(\.inFooter),
                                             width: rect.width - 2)
        func draw(_ items: [KeyHint], from start: Int) {
            var x = start
            for item in items {
                let start = x
                x += buffer.write(item.label, x: x, y: rect.y, style: t.text(.accent, .bold))
                x += buffer.write(" " + item.title, x: x, y: rect.y, style: t.text(.textSecondary))
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
        let hints = model.keyHints(ctx)
        var sections: [HelpOverlay.Section] = []
        if !hints.screen.isEmpty {
            sections.append(.init(title: s("help.screen", s("route.\(model.route.rawValue)")),
                                  entries: hints.screen.map { .init(keys: $0.label, action: $0.title) }))
        }
        // The number keys are one line: "1/2 Go to a tab", "1–7 Go to a tab".
        var global = hints.global.filter { !TabBar.isNumberKey($0.label) }.map { HelpOverlay.Entry(keys: $0.label, action: $0.title) }
        if !model.current.capturesText, let line = TabBar.helpEntry(model.route, ctx) { global.insert(line, at: 0) }
        global.append(.init(keys: "Esc", action: s("help.esc")))
        sections.append(.init(title: s("help.everywhere"), entries: global))
        return HelpOverlay(title: s("help.title"), sections: sections, footer: s("help.close"), scroll: model.helpScroll)
    }

    static func helpOverlay(_ model: AppModel, _ ctx: AppContext, _ r: RenderContext, _ screen: Rect, _ buffer: inout Buffer) {
        help(model, ctx).render(over: screen, r, &buffer)
    }

    static func tooSmall(_ size: Size, _ ctx: AppContext, _ r: RenderContext, _ buffer: inout Buffer) {
        let t = r.theme
        let need = AppModel.minimumSize
        let lines = [ctx.strings("tooSmall.title"), ctx.strings("tooSmall.body", "\(need.width)×\(need.height)", "\(size.width)×\(size.height)")]
        let wrapped = lines.flatMap { TextWidth.wrap($0, to: max(1, size.width - 2)) }
        let top = max(0, (size.height - wrapped.count) / 2)
        for (i, line) in wrapped.enumerated() where top + i < size.height {
            buffer.write(TextWidth.pad(line, to: size.width, alignment: .center), x: 0, y: top + i,
                         style: i == 0 ? t.text(.warning, .bold) : Typography.caption.style(t))
        }
    }
}
