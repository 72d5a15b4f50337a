import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Draws the onboarding flow into `area`.
enum OnboardingView {
    static func render(_ vm: OnboardingViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        switch vm.phase {
        case .welcome:
            welcome(vm, shared, ctx, r, area, &buffer)
        case .permission, .requesting:
            // Opened from a screen, the shell draws that screen behind the sheet.
            if vm.returnTo == nil { welcome(vm, shared, ctx, r, area, &buffer) }
            permissionSheet(vm, shared, ctx, r, area, &buffer)
        case .limited(let denied):
            limited(denied, vm, ctx, r, area, &buffer)
        case .unavailable:
            message(title: ctx.strings("unavailable.title"), icon: r.glyphs.lock,
                    lines: [ctx.strings("unavailable.body"), ctx.strings("unavailable.works")],
                    buttons: [ctx.strings("unavailable.openNutrition"), ctx.strings("unavailable.checkAgain")],
                    focus: vm.buttonFocus, tone: .warning, ctx, r, area, &buffer)
        case .failed(let reason):
            message(title: ctx.strings("failed.title"), icon: "!", lines: [reason, ctx.strings("failed.body")],
                    buttons: [ctx.strings("failed.tryAgain"), ctx.strings("key.back")],
                    focus: vm.buttonFocus, tone: .danger, ctx, r, area, &buffer)
        }
    }

    /// The column the onboarding content sits in: comfortable line length, centered.
    static func column(_ area: Rect, height: Int) -> Rect {
        let width = min(66, area.width - 4)
        let h = min(height, area.height)
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - h) / 2), width: width, height: h)
    }

    /// The welcome: every line wraps (never cut); when the terminal is short the
    /// spacing goes first, then the brand line (the header has it), then the subtitle.
    static func welcome(_ vm: OnboardingViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                        _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let benefits = [s("onboarding.benefit1"), s("onboarding.benefit2"), s("onboarding.benefit3")]
        let col = column(area, height: area.height)
        let w = max(1, col.width)
        let title = TextWidth.wrap(s("onboarding.title"), to: w)
        let subtitle = TextWidth.wrap(s("onboarding.subtitle"), to: w)
        let benefitLines = benefits.map { TextWidth.wrap($0, to: max(1, w - 4)) }
        let privacy = TextWidth.wrap(s("onboarding.privacy"), to: w)
        // Gaps: after the brand, after the subtitle, before the button, after it.
        var gaps = area.height >= 17 ? [2, 1, 2, 1] : [1, 1, 1, 1]
        var showBrand = true, showSubtitle = true
        func total() -> Int {
            (showBrand ? 1 : 0) + title.count + (showSubtitle ? subtitle.count : 0) + benefitLines.joined().count + 1
                + privacy.count + gaps.reduce(0, +)
        }
        let cuts: [() -> Void] = [
            { gaps[0] = min(gaps[0], 1); gaps[2] = min(gaps[2], 1) },
            { showBrand = false; gaps[0] = 0 },
            { gaps[3] = 0 }, { gaps[1] = 0 }, { showSubtitle = false }, { gaps[2] = 0 },
        ]
        for cut in cuts where total() > area.height { cut() }
        var y = area.y + max(0, (area.height - total()) / 2)
        func line(_ text: String, x: Int, _ style: Style) {
            if y < area.maxY { buffer.write(text, x: x, y: y, style: style) }
            y += 1
        }
        if showBrand { line(r.glyphs.diamond + " " + s("app.name"), x: col.x, Typography.headline.style(t)) }
        y += gaps[0]
        for l in title { line(l, x: col.x, Typography.display.style(t)) }
        if showSubtitle { for l in subtitle { line(l, x: col.x, Typography.caption.style(t)) } }
        y += gaps[1]
        for b in benefitLines {
            if y < area.maxY { buffer.write(r.glyphs.check, x: col.x + 1, y: y, style: t.text(.success, .bold)) }
            for l in b { line(l, x: col.x + 4, Typography.body.style(t)) }
        }
        y += gaps[2]
        let pressed = vm.pressedAt != nil && vm.phase == .welcome
        let state: ControlState = pressed ? .pressed : (vm.phase == .welcome ? .focused : .normal)
        let pulses = vm.phase == .welcome && shared.now.timeIntervalSince(vm.pressedAt ?? .distantPast) > 0
        if y < area.maxY {
            Button(s("onboarding.connect"), state: state, isPrimary: true, pulses: pulses, tap: .key(.enter))
                .render(at: Point(x: col.x, y: y), maxWidth: col.width, r, &buffer)
        }
        y += 1 + gaps[3]
        for l in privacy { line(l, x: col.x, Typography.caption.style(t)) }
    }

    static func permissionSheet(_ vm: OnboardingViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                                _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let progress = vm.sheetOpenedAt.map { r.reduceMotion ? 1 : min(1, shared.now.timeIntervalSince($0) / OnboardingViewModel.sheetDuration) } ?? 1
        let height = min(area.height, 12)
        let inner = Sheet(title: s("permission.title"), height: height, maxWidth: 60).render(over: area, progress: progress, r, &buffer)
        guard inner.height >= 3 else { return }
        var y = inner.y
        for line in TextWidth.wrap(s("permission.intro"), to: max(1, inner.width), maxLines: 2) {
            buffer.write(line, x: inner.x, y: y, style: Typography.body.style(t))
            y += 1
        }
        y += 1
        for (i, type) in OnboardingViewModel.requestedTypes.enumerated() where y < inner.maxY {
            let focused = vm.sheetFocus == i && vm.phase == .permission
            buffer.addClickTarget(Rect(x: inner.x, y: y, width: inner.width, height: 1), .message(OnboardingClick.row(i)))
            let on = vm.allowed.contains(type)
            let marker = focused ? r.glyphs.arrowRight : " "
            buffer.write(marker, x: inner.x, y: y, style: t.text(.focus, .bold))
            let name = type == .stepCount ? s("metric.steps") : s("metric.energy")
            buffer.write(name, x: inner.x + 2, y: y, style: focused ? t.text(.textPrimary, .bold) : Typography.body.style(t))
            let chip = Chip(on ? s("permission.on") : s("permission.off"), tone: on ? .success : .textSecondary, selected: focused)
            chip.render(at: Point(x: inner.maxX - chip.width, y: y), maxWidth: chip.width, r, &buffer)
            y += 1
        }
        y += 1
        // The privacy note wraps into the rows above the buttons (never cut mid-word).
        let privacy = TextWidth.wrap(s("permission.privacy"), to: max(1, inner.width))
        let privacyRows = max(0, min(privacy.count, inner.maxY - 1 - y - 1))
        for line in privacy.prefix(privacyRows) {
            buffer.write(line, x: inner.x, y: y, style: Typography.caption.style(t))
            y += 1
        }
        let buttonRow = min(inner.maxY - 1, y + 1)
        guard buttonRow > y else { return }
        if vm.phase == .requesting {
            let frames = r.glyphs.isUnicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
            let frame = r.reduceMotion ? frames[0] : frames[Int(r.time * 12) % frames.count]
            buffer.write(frame + " " + s("permission.waiting"), x: inner.x, y: buttonRow, style: t.text(.accent, .bold))
            return
        }
        let allow = Button(s("permission.allow"), state: vm.sheetFocus == 3 ? .focused : .normal, isPrimary: true, tap: .key(.char("a")))
        let deny = Button(s("permission.deny"), state: vm.sheetFocus == 2 ? .focused : .normal, tap: .key(.char("d")))
        let allowX = inner.maxX - allow.width
        allow.render(at: Point(x: allowX, y: buttonRow), maxWidth: allow.width, r, &buffer)
        deny.render(at: Point(x: max(inner.x, allowX - deny.width - 2), y: buttonRow), maxWidth: deny.width, r, &buffer)
    }

    static func limited(_ denied: [QuantityType], _ vm: OnboardingViewModel, _ ctx: AppContext, _ r: RenderContext,
                        _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let deniedNames = denied.map { $0 == .stepCount ? s("metric.steps") : s("metric.energy") }.joined(separator: s("list.and"))
        let allDenied = denied.contains(.stepCount)
        let col = column(area, height: min(area.height, 18))
        var y = col.y
        buffer.write(r.glyphs.lock + " " + s("limited.title"), x: col.x, y: y, style: t.text(.warning, .bold))
        y += 2
        for line in TextWidth.wrap(s("limited.body", deniedNames), to: col.width, maxLines: 3) {
            buffer.write(line, x: col.x, y: y, style: Typography.body.style(t)); y += 1
        }
        y += 1
        let unavailable = allDenied
            ? [s("limited.lost.today"), s("limited.lost.trend"), s("limited.lost.celebrate")]
            : [s("limited.lost.energy"), s("limited.lost.energyTrend")]
        let works = allDenied ? [s("limited.works.nutrition"), s("limited.works.goals")]
            : [s("limited.works.steps"), s("limited.works.nutrition")]
        let halves = Rect(x: col.x, y: y, width: col.width, height: 4).columns(2, gap: 2)
        buffer.write(s("limited.unavailableHeader"), x: halves[0].x, y: y, style: Typography.label.style(t))
        buffer.write(s("limited.worksHeader"), x: halves[1].x, y: y, style: Typography.label.style(t))
        // Each item wraps inside its column (a narrow terminal gives it two lines, never "…").
        var left = y + 1, right = y + 1
        for line in unavailable {
            buffer.write(r.glyphs.cross, x: halves[0].x, y: left, style: Typography.caption.style(t))
            for part in TextWidth.wrap(line, to: max(1, halves[0].width - 2)) where left < area.maxY - 1 {
                buffer.write(part, x: halves[0].x + 2, y: left, style: Typography.caption.style(t)); left += 1
            }
        }
        for line in works {
            buffer.write(r.glyphs.check, x: halves[1].x, y: right, style: t.text(.success, .bold))
            for part in TextWidth.wrap(line, to: max(1, halves[1].width - 2)) where right < area.maxY - 1 {
                buffer.write(part, x: halves[1].x + 2, y: right, style: Typography.body.style(t)); right += 1
            }
        }
        y = max(left, right, y + 4) + 1
        if col.height > 14 {
            // Which access was not given (Deny, or a type switched off before Allow), in the rows
            // there are above the buttons; the shorter wording rather than a cut one.
            let rows = max(0, min(col.maxY, area.maxY - 1) - 1 - y)
            let why = [s.plural("limited.why", count: denied.count, deniedNames), s("limited.whyShort")]
                .map { TextWidth.wrap($0, to: col.width) }.first { $0.count <= rows } ?? []
            for line in why {
                buffer.write(line, x: col.x, y: y, style: Typography.caption.style(t)); y += 1
            }
            if !why.isEmpty { y += 1 }
        }
        buttons([s("limited.retry"), s("limited.continue")], focus: vm.buttonFocus, at: Point(x: col.x, y: min(y, area.maxY - 1)),
                width: col.width, r, &buffer)
    }

    static func message(title: String, icon: String, lines: [String], buttons labels: [String], focus: Int, tone: ColorToken,
                        _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let t = r.theme
        let col = column(area, height: min(area.height, 12))
        var y = col.y
        buffer.write(icon + " " + title, x: col.x, y: y, style: t.text(tone, .bold))
        y += 2
        for text in lines {
            for line in TextWidth.wrap(text, to: col.width, maxLines: 3) where y < col.maxY - 2 {
                buffer.write(line, x: col.x, y: y, style: Typography.body.style(t)); y += 1
            }
            y += 1
        }
        buttons(labels, focus: focus, at: Point(x: col.x, y: min(y, area.maxY - 1)), width: col.width, r, &buffer)
    }

    static func buttons(_ labels: [String], focus: Int, at p: Point, width: Int, _ r: RenderContext, _ buffer: inout Buffer) {
        var x = p.x
        for (i, label) in labels.enumerated() {
            let b = Button(label, state: i == focus ? .focused : .normal, isPrimary: i == 0, tap: .message(OnboardingClick.button(i)))
            b.render(at: Point(x: x, y: p.y), maxWidth: max(0, p.x + width - x), r, &buffer)
            x += b.width + 2
        }
    }
}
