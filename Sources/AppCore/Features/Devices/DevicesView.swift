import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Draws the Devices screen: a toolbar (the band, its state, the one action),
/// then the state's card, the synced data and the steps beside Today's.
enum DevicesView {
    static func render(_ vm: DevicesViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        guard area.width >= 10, area.height >= 3 else { return }
        toolbar(vm, shared, ctx, r, area, &buffer)
        var body = area.inset(top: 3)
        let now = shared.now
        switch vm.connection.state {
        case .notConnected:
            if let sync = vm.connection.lastSync {
                syncedData(vm, sync, title: ctx.strings("devices.card.last", DevicesText.when(sync.syncedAt, now: now, ctx)),
                           shared, ctx, r, body, &buffer)
            } else {
                intro(vm, ctx, r, body, &buffer)
            }
        case .connecting, .fetching:
            body = progressCard(vm, now: now, ctx, r, body, &buffer)
            lastSyncBelow(vm, shared, ctx, r, body, &buffer)
        case .synced(let sync):
            syncedData(vm, sync, title: ctx.strings("devices.card.synced", DevicesText.when(sync.syncedAt, now: now, ctx)),
                       shared, ctx, r, body, &buffer)
        case .failed(let error, _):
            body = errorCard(error, ctx, r, body, &buffer)
            lastSyncBelow(vm, shared, ctx, r, body, &buffer)
        }
    }

    // MARK: Toolbar

    static func toolbar(_ vm: DevicesViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                        _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let (chipText, tone): (String, ColorToken)
        let button: Button
        switch vm.connection.state {
        case .notConnected:
            (chipText, tone) = (s("devices.state.notConnected"), .textSecondary)
            // Never synced: the intro card's button has the focus.
            button = Button(s("devices.button.connect"), state: vm.connection.lastSync == nil ? .normal : .focused, isPrimary: true)
        case .connecting:
            (chipText, tone) = (s("devices.state.connecting"), .accent)
            button = Button(s("devices.button.cancel"))
        case .fetching:
            (chipText, tone) = (s("devices.state.fetching"), .accent)
            button = Button(s("devices.button.cancel"))
        case .synced:
            (chipText, tone) = (r.glyphs.check + " " + s("devices.state.synced"), .success)
            button = Button(s("devices.button.syncAgain"), isPrimary: true)
        case .failed:
            (chipText, tone) = (r.glyphs.cross + " " + s("devices.state.failed"), .danger)
            button = Button(s("devices.button.retry"), state: .focused, isPrimary: true)
        }
        let buttonX = area.maxX - button.width
        var x = area.x + 1
        let nameRoom = max(0, buttonX - x - 2)
        x += buffer.write(TextWidth.truncate(vm.deviceName(ctx), to: nameRoom), x: x, y: area.y, style: Typography.title.style(t))
        let chip = Chip(chipText, tone: tone, selected: false)
        if x + 1 + chip.width < buttonX - 1 {
            _ = chip.render(at: Point(x: x + 1, y: area.y), maxWidth: chip.width, r, &buffer)
        }
        if buttonX > area.x + 12 { button.render(at: Point(x: buttonX, y: area.y), maxWidth: button.width, r, &buffer) }
        let line: String
        if let sync = vm.shownSync {
            line = DevicesText.lastSync(sync, now: shared.now, ctx)
        } else {
            line = s("devices.neverSynced")
        }
        buffer.write(TextWidth.truncate(line, to: area.width - 2), x: area.x + 1, y: area.y + 1, style: Typography.caption.style(t))
    }

    // MARK: Not connected, never synced

    static func intro(_ vm: DevicesViewModel, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        guard area.height >= 4 else { return }
        let width = min(area.width, 64)
        let text = TextWidth.wrap(s("devices.intro", vm.deviceName(ctx)), to: max(1, width - 4), maxLines: 4)
        let height = min(area.height, text.count + 6)
        let rect = Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 3), width: width, height: height)
        let inner = Card(title: s("devices.card.intro")).render(in: rect, r, &buffer)
        guard inner.height >= 1 else { return }
        var y = inner.y
        centered(r.glyphs.diamond + " " + s("devices.state.notConnected"), inner, y, Typography.headline.style(t), &buffer)
        y += 2
        for line in text where y < inner.maxY - 2 {
            centered(line, inner, y, Typography.body.style(t), &buffer)
            y += 1
        }
        let button = Button(s("devices.button.connect"), state: .focused, isPrimary: true)
        if inner.maxY - 1 > y {
            button.render(at: Point(x: inner.x + max(0, (inner.width - button.width) / 2), y: inner.maxY - 1),
                          maxWidth: inner.width, r, &buffer)
        }
    }

    // MARK: Connecting and fetching

    /// The two steps, a progress bar and the elapsed time; returns the room left below.
    static func progressCard(_ vm: DevicesViewModel, now: Date, _ ctx: AppContext, _ r: RenderContext,
                             _ area: Rect, _ buffer: inout Buffer) -> Rect {
        let s = ctx.strings, t = r.theme
        let roomy = area.height >= 12
        let height = min(area.height, roomy ? 8 : 5)
        guard height >= 3 else { return Rect(x: area.x, y: area.maxY, width: area.width, height: 0) }
        let (rect, rest) = area.splitTop(height)
        let inner = Card(title: s("devices.card.syncing"), focused: true).render(in: rect, r, &buffer)
        let fetching: Bool
        if case .fetching = vm.connection.state { fetching = true } else { fetching = false }
        var rows: [(String, Style)] = []
        let name = vm.deviceName(ctx)
        let step1 = (fetching ? r.glyphs.check : r.glyphs.arrowRight) + " " + s("devices.step.connect", name)
        let step2 = (fetching ? r.glyphs.arrowRight : " ") + " " + s("devices.step.fetch")
        if roomy || !fetching { rows.append((step1, fetching ? Typography.caption.style(t) : t.text(.accent, .bold))) }
        if roomy || fetching { rows.append((step2, fetching ? t.text(.accent, .bold) : Typography.caption.style(t))) }
        if roomy { rows.append(("", Typography.body.style(t))) }
        var y = inner.y
        for (text, style) in rows where y < inner.maxY {
            buffer.write(TextWidth.truncate(text, to: inner.width), x: inner.x, y: y, style: style)
            y += 1
        }
        let elapsed = vm.connection.elapsed(at: now) ?? 0
        if y < inner.maxY {
            ProgressBar(fraction: vm.progress(now: now)).render(in: Rect(x: inner.x, y: y, width: inner.width, height: 1), r, &buffer)
            y += 1
        }
        if y < inner.maxY {
            let line = s("devices.elapsed", DevicesText.seconds(elapsed, ctx), DevicesText.seconds(vm.connection.timeoutSeconds, ctx))
            buffer.write(TextWidth.truncate(line, to: inner.width), x: inner.x, y: y, style: Typography.caption.style(t))
            y += 1
        }
        if y < inner.maxY {
            buffer.write(TextWidth.truncate(s("devices.escCancels"), to: inner.width), x: inner.x, y: inner.maxY - 1, style: Typography.hint.style(t))
        }
        return rest.inset(top: 1)
    }

    // MARK: Failed

    /// The reason, the advice and how to retry; returns the room left below.
    static func errorCard(_ error: WearableError, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) -> Rect {
        let s = ctx.strings, t = r.theme
        let advice = TextWidth.wrap(DevicesText.advice(error, ctx), to: max(1, area.width - 4), maxLines: 2)
        let message = TextWidth.wrap(r.glyphs.cross + " " + DevicesText.message(error, ctx), to: max(1, area.width - 4), maxLines: 2)
        let height = min(area.height, 2 + message.count + advice.count + 2)
        guard height >= 3 else { return Rect(x: area.x, y: area.maxY, width: area.width, height: 0) }
        let (rect, rest) = area.splitTop(height)
        let inner = Card(title: s("devices.card.failed"), focused: true).render(in: rect, r, &buffer)
        var y = inner.y
        for line in message where y < inner.maxY {
            buffer.write(line, x: inner.x, y: y, style: t.text(.danger, .bold))
            y += 1
        }
        for line in advice where y < inner.maxY {
            buffer.write(line, x: inner.x, y: y, style: Typography.body.style(t))
            y += 1
        }
        if y < inner.maxY {
            buffer.write(TextWidth.truncate(s("devices.retryHint"), to: inner.width), x: inner.x, y: inner.maxY - 1, style: Typography.hint.style(t))
        }
        return rest.inset(top: 1)
    }

    /// While busy or after a failure, the last good sync stays on screen if there is room.
    static func lastSyncBelow(_ vm: DevicesViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                              _ area: Rect, _ buffer: inout Buffer) {
        guard let sync = vm.connection.lastSync, area.height >= 4 else { return }
        let title = ctx.strings("devices.card.kept", DevicesText.when(sync.syncedAt, now: shared.now, ctx))
        dataCard(sync.payload, title: title, focused: false, shared, ctx, r, area.splitTop(min(area.height, 4)).0, &buffer)
    }

    // MARK: Synced data

    static func syncedData(_ vm: DevicesViewModel, _ sync: LastSync, title: String, _ shared: SharedState, _ ctx: AppContext,
                           _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        guard area.height >= 4 else { return }
        let dataHeight = area.height >= 14 ? 6 : 4
        let (top, rest) = area.splitTop(dataHeight)
        dataCard(sync.payload, title: title, focused: true, shared, ctx, r, top, &buffer)
        let below = rest.inset(top: 1)
        if below.height >= 4 {
            StepsComparisonView.render(vm, sync, shared, ctx, r, in: below.splitTop(min(below.height, 7)).0, &buffer)
        }
    }

    /// Steps, heart rate and sleep side by side; with room, each with a bar or a range.
    static func dataCard(_ p: WearablePayload, title: String, focused: Bool, _ shared: SharedState, _ ctx: AppContext,
                         _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let inner = Card(title: title, focused: focused).render(in: rect, r, &buffer)
        guard inner.height >= 2, inner.width >= 12 else { return }
        let goal = max(1, shared.settings.stepGoal)
        let columns: [(label: String, value: String, tone: ColorToken, fraction: Double?, note: String)] = [
            (s("devices.steps"), f.integer(p.steps), .chartSteps, Double(p.steps) / Double(goal),
             s("devices.steps.goal", f.integer(goal))),
            (s("devices.heartRate"), s("devices.bpm", f.integer(p.heartRate)), .danger, nil,
             s("devices.heartRate.note")),
            (s("devices.sleep"), DevicesText.sleep(p.sleepHours, ctx), .accent, p.sleepHours / 8, s("devices.sleep.note")),
        ]
        for (rect, column) in zip(inner.columns(3, gap: 2), columns) {
            buffer.write(TextWidth.truncate(ctx.formats.locale.uppercased(column.label), to: rect.width), x: rect.x, y: rect.y,
                         style: Typography.label.style(t))
            buffer.write(TextWidth.truncate(column.value, to: rect.width), x: rect.x, y: rect.y + 1, style: t.text(column.tone, .bold))
            guard inner.height >= 4 else { continue }
            if let fraction = column.fraction {
                ProgressBar(fraction: fraction, tone: column.tone).render(in: Rect(x: rect.x, y: rect.y + 2, width: max(0, rect.width - 1), height: 1), r, &buffer)
            }
            // The note wraps into the rows below; a single row takes the short wording.
            var note = TextWidth.wrap(column.note, to: max(1, rect.width))
            if note.count > inner.maxY - (rect.y + 3), column.label == s("devices.heartRate") {
                note = TextWidth.wrap(s("devices.heartRate.noteShort"), to: max(1, rect.width))
            }
            for (i, line) in note.prefix(max(1, inner.maxY - (rect.y + 3))).enumerated() {
                buffer.write(TextWidth.truncate(line, to: rect.width), x: rect.x, y: rect.y + 3 + i, style: Typography.caption.style(t))
            }
        }
    }

    static func centered(_ text: String, _ rect: Rect, _ y: Int, _ style: Style, _ buffer: inout Buffer) {
        let line = TextWidth.truncate(text, to: rect.width)
        buffer.write(line, x: rect.x + max(0, (rect.width - TextWidth.of(line)) / 2), y: y, style: style)
    }
}
