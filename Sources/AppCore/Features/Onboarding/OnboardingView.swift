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

    static func welcome(_ vm: OnboardingViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                        _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let benefits = [s("onboarding.benefit1"), s("onboarding.benefit2"), s("onboarding.benefit3")]
        let roomy = area.height >= 17
        let col = column(area, height: roomy ? 17 : 12)
        var y = col.y
        buffer.write(r.glyphs.diamond + " " + s("app.name"), x: col.x, y: y, style: Typography.headline.style(t))
        y += roomy ? 2 : 1
        for line in TextWidth.wrap(s("onboarding.title"), to: col.width, maxLines: 2) {
            buffer.write(line, x: col.x, y: y, style: Typography.display.style(t)); y += 1
        }
        for line in TextWidth.wrap(s("onboarding.subtitle"), to: col.width, maxLines: roomy ? 2 : 1) {
            buffer.write(line, x: col.x, y: y, style: Typography.caption.style(t)); y += 1
        }
        y += 1
        for b in benefits {
            buffer.write(r.glyphs.check, x: col.x + 1, y: y, style: t.text(.success, .bold))
            buffer.write(TextWidth.truncate(b, to: col.width - 4), x: col.x + 4, y: y, style: Typography.body.style(t))
            y += roomy ? 1 : 1
        }
        y += roomy ? 2 : 1
        let pressed = vm.pressedAt != nil && vm.phase == .welcome
        let state: ControlState = pressed ? .pressed : (vm.phase == .welcome ? .focused : .normal)
        let pulses = vm.phase == .welcome && shared.now.timeIntervalSince(vm.pressedAt ?? .distantPast) > 0
        Button(s("onboarding.connect"), state: state, isPrimary: true, pulses: pulses, tap: .key(.enter))
            .render(at: Point(x: col.x, y: y), maxWidth: col.width, r, &buffer)
        if roomy { y += 2 } else { y += 1 }
        if y < area.maxY {
            buffer.write(TextWidth.truncate(s("onboarding.privacy"), to: col.width), x: col.x, y: y, style: Typography.caption.style(t))
        }
    }

    static func permissionSheet(_ vm: OnboardingViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                                _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let progress = vm.sheetOpenedAt.map { r.reduceMotion ? 1 : min(1, shared.now.timeIntervalSince($0) / OnboardingViewModel.sheetDuration) } ?? 1
        let height = min(area.height, 12)
        let inner = Sheet(title: s("permission.title"), height: height, maxWidth: 60).render(over: area, progress: progress, r, &buffer)
        guard inner.height >= 3 else { return }
        var y = inner.y
        buffer.write(TextWidth.truncate(s("permission.intro"), to: inner.width), x: inner.x, y: y, style: Typography.body.style(t))
        y += 2
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
        if y < inner.maxY {
            buffer.write(TextWidth.truncate(s("permission.privacy"), to: inner.width), x: inner.x, y: y, style: Typography.caption.style(t))
        }
        let buttonRow = min(inner.maxY - 1, y + 2)
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
        for (i, line) in unavailable.enumerated() {
            buffer.write(r.glyphs.cross + " " + TextWidth.truncate(line, to: halves[0].width - 2), x: halves[0].x, y: y + 1 + i, style: Typography.caption.style(t))
        }
        for (i, line) in works.enumerated() {
            buffer.write(r.glyphs.check, x: halves[1].x, y: y + 1 + i, style: t.text(.success, .bold))
            buffer.write(TextWidth.truncate(line, to: halves[1].width - 2), x: halves[1].x + 2, y: y + 1 + i, style: Typography.body.style(t))
        }
        y += 5
        if col.height > 14 {
            for line in TextWidth.wrap(s("limited.why"), to: col.width, maxLines: 2) where y < col.maxY {
                buffer.write(line, x: col.x, y: y, style: Typography.caption.style(t)); y += 1
            }
            y += 1
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
