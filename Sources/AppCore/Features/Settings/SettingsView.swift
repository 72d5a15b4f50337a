import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

enum SettingsView {
    static let maxWidth = 96

    /// One line a row, single-spaced; the data row has a second line: where the settings file is.
    static func lines(_ vm: SettingsViewModel) -> [(row: SettingsRow, second: Bool)] {
        SettingsRow.allCases.flatMap { row in
            row == .dataDirectory && vm.settingsFile != nil ? [(row, false), (row, true)] : [(row, false)]
        }
    }

    /// Detail lines under the list: what the selected row does, its range, the preview.
    static func detailHeight(_ full: Rect) -> Int { full.height >= 20 ? 5 : (full.height >= 15 ? 3 : 2) }

    /// The Settings card (it hugs its `lines` rows) and the details' part right under it.
    static func split(_ full: Rect, lines: Int) -> (card: Rect, rest: Rect) {
        let area = full.width > maxWidth ? Rect(x: full.x + (full.width - maxWidth) / 2, y: full.y, width: maxWidth, height: full.height) : full
        let split = area.splitTop(min(area.height - detailHeight(full), lines + 2))
        return (split.0, split.1)
    }

    /// The Settings card's frame on a screen whose content part is `full`.
    static func card(_ vm: SettingsViewModel, in full: Rect) -> Rect { split(full, lines: lines(vm).count).card }

    static func render(_ vm: SettingsViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in full: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let rows = SettingsRow.allCases
        let lines = Self.lines(vm)
        let (listArea, rest) = Self.split(full, lines: lines.count)
        let detailArea = rest.inset(top: rest.height > detailHeight(full) ? 1 : 0)
        let inner = Card(title: s("route.settings")).render(in: listArea, r, &buffer)
        guard inner.height >= 1 else { return }
        let visible = min(lines.count, inner.height)
        let selectedLine = lines.firstIndex { $0.row == vm.selected } ?? 0
        // Scroll only when the rows do not all fit, keeping the selected row (and the data row's second line) in view.
        let lastNeeded = vm.selected == .dataDirectory && vm.settingsFile != nil ? selectedLine + 1 : selectedLine
        let first = max(0, min(lastNeeded - visible + 1, lines.count - visible))
        let labelWidth = min(22, max(12, inner.width / 2 - 2))
        let valueX = inner.x + 2 + labelWidth
        for (i, line) in lines.enumerated().dropFirst(first).prefix(visible) {
            let y = inner.y + (i - first)
            let row = line.row
            let selected = row == vm.selected
            let rect = Rect(x: inner.x - 1, y: y, width: inner.width + 2, height: 1)
            if selected { buffer.fill(rect, style: t.fill(.selection)) }
            if line.second {
                // "Settings: PATH"; when narrow the path gives up its start first (the file name matters most),
                // and the label stays while it leaves the path room to name its folder and file.
                let room = max(1, inner.maxX - valueX), path = vm.settingsFile ?? ""
                let full = s("settings.settingsFile", path), label = s("settings.settingsFile", "")
                let pathRoom = room - TextWidth.of(label)
                let text = TextWidth.of(full) <= room ? full
                    : pathRoom >= 16 ? label + TextWidth.truncatePathFront(path, to: pathRoom, ellipsis: r.glyphs.ellipsis)
                    : TextWidth.of(path) <= room ? path
                    : TextWidth.truncatePathFront(path, to: room, ellipsis: r.glyphs.ellipsis)
                buffer.write(text, x: valueX, y: y, style: Typography.caption.style(t))
                continue
            }
            buffer.write(selected ? r.glyphs.arrowRight : " ", x: rect.x, y: y, style: t.text(.focus, .bold))
            buffer.write(TextWidth.truncate(s("settings.row.\(row.name)"), to: labelWidth), x: inner.x + 1, y: y,
                         style: selected ? t.text(.textPrimary, .bold) : Typography.body.style(t))
            let room = max(0, inner.maxX - valueX)
            let value = valueText(vm, row, shared, ctx, r, room: room)
            let fitted = row == .dataDirectory && TextWidth.of(value) > room
                ? TextWidth.truncatePathFront(value, to: room, ellipsis: r.glyphs.ellipsis) : TextWidth.truncate(value, to: room)
            buffer.write(fitted, x: valueX, y: y,
                         style: row == .dataDirectory || (row == .messages && shared.messages.isEmpty) ? Typography.caption.style(t)
                            : row == .messages ? t.text(.warning, .bold) : t.text(.textPrimary, .bold))
        }
        if lines.count > visible {
            let indicator = "\(vm.selected.rawValue + 1)/\(rows.count)"
            buffer.write(indicator, x: listArea.maxX - TextWidth.of(indicator) - 3, y: listArea.maxY - 1, style: Typography.caption.style(t))
        }
        // Under the messages sheet the row's help would peek out cut: the sheet says it all.
        if !vm.readingMessages { detail(vm, shared, ctx, r, detailArea.inset(left: 1, right: 1), &buffer) }
        if vm.confirmingReset {
            let dialog = Dialog(title: s("settings.reset.title"), width: min(full.width - 4, 50), height: 7)
            // Inside the card when it has the room (with a row clear around it), so no border lies beside the card's.
            dimmedBackdrop(full, r, &buffer)
            let inCard = listArea.height >= dialog.height + 4
            let d = dialog.render(over: inCard ? listArea : full, dimming: false, r, &buffer)
            guard d.height >= 1 else { return }
            var y = d.y
            for line in TextWidth.wrap(s("settings.reset.body"), to: d.width) where y < d.maxY - 1 {
                buffer.write(line, x: d.x, y: y, style: Typography.body.style(t))
                y += 1
            }
            buffer.write(TextWidth.truncate(s("settings.reset.keys"), to: d.width), x: d.x, y: d.maxY - 1, style: Typography.caption.style(t))
        }
        if vm.readingMessages {
            MessagesSheet(shared.messages, card: listArea, content: full, ctx).render(scroll: vm.messagesScroll, ctx, r, over: full, &buffer)
        }
    }

    static func valueText(_ vm: SettingsViewModel, _ row: SettingsRow, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                          room: Int = .max) -> String {
        let s = ctx.strings, f = ctx.formats, settings = shared.settings
        let (l, rt) = r.glyphs.isUnicode ? ("‹ ", " ›") : ("< ", " >")
        switch row {
        case .stepGoal, .energyGoal:
            // The caret after the digits; under LANG=C an underscore (the bar has no ASCII form: it showed "?").
            if row == vm.selected, let typing = vm.typing { return typing.text + (r.glyphs.isUnicode ? "▏" : "_") }
            let v = row == .stepGoal ? f.integer(settings.stepGoal) : s("nutrition.kcal", f.integer(settings.energyGoal))
            return row == vm.selected ? l + v + rt : v
        case .theme:
            // The theme in use (a --theme flag is not saved; a saved user theme may have failed to load).
            let name = vm.cursorTheme(settings) ?? r.theme.name
            var label = s.hasKey("settings.theme.\(name)") ? s("settings.theme.\(name)") : name
            if vm.isSetByFlag(row, settings, themeInUse: r.theme.name) {
                label += " " + flagNote(row, s, room: room - TextWidth.of(label) - 1 - (row == vm.selected ? TextWidth.of(l + rt) : 0))
            }
            return row == vm.selected ? l + label + rt : label
        case .reduceMotion, .bell, .liveUpdates:
            let on = vm.isOn(row, settings)
            let box = on ? "[x] " : "[ ] "
            let word = s(on ? "settings.on" : "settings.off")
            guard vm.isSetByFlag(row, settings, themeInUse: r.theme.name) else { return box + word }
            return box + word + " " + flagNote(row, s, room: room - TextWidth.of(box + word) - 1)
        case .permissions:
            return s("settings.permissions.value")
        case .dataDirectory:
            // A long path gives up its start (the end names the folder): see `fitPath`.
            let path = vm.dataDirectory ?? s("nutrition.unknown")
            return vm.importProblem == nil ? path : "! " + path
        case .messages:
            let count = shared.messages.entries.count
            guard count > 0 else { return s("settings.messages.none") }
            let n = ctx.formats.integer(count)
            // The row's room: the words shorten before they are cut ("3 this session · Read…", "3 · Read…").
            return TextWidth.firstFitting([s("settings.messages.count", n), s("settings.messages.countShort", n)], to: room)
        case .reset:
            return s("settings.reset.value")
        }
    }

    /// "(--no-bell)" after a value a flag set, "(flag)" where the row has no room for the flag's name.
    static func flagNote(_ row: SettingsRow, _ s: Strings, room: Int) -> String {
        TextWidth.firstFitting(row.flag.map { ["(\($0))", s("settings.byFlag")] } ?? [s("settings.byFlag")], to: room)
    }

    /// What the selected row means: the allowed range, the keys, a message, and the theme preview.
    static func detail(_ vm: SettingsViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, _ area: Rect,
                       _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        guard area.height >= 1, area.width > 4 else { return }
        var lines: [(String, Style)] = []
        if let m = vm.message { lines.append((m, t.text(.warning))) }
        // A flag set the value for this run only: said first, so a short detail area keeps it.
        if vm.isSetByFlag(vm.selected, shared.settings, themeInUse: r.theme.name), let flag = vm.selected.flag { lines.append((s("settings.help.flag", flag), Typography.caption.style(t))) }
        switch vm.selected {
        case .stepGoal, .energyGoal:
            // While a goal is typed: how to finish, not how to start.
            let help = vm.typing == nil ? ctx.keysText("settings.goalHelp", ctx.formats.integer(GoalStepper.step(vm.selected)))
                : ctx.keysText("settings.goalTypingHelp")
            lines.append((vm.rangeText(vm.selected, ctx) + " · " + help, Typography.caption.style(t)))
        case .dataDirectory:
            if let problem = vm.importProblem { lines.append((problem, t.text(.danger))) }
            // The whole path, wrapped: the row may have had to cut it.
            lines.append((s("settings.help.dataDirectory") + " " + (vm.dataDirectory ?? ""), Typography.caption.style(t)))
        case .theme:
            lines.append((ctx.keysText("settings.help.theme", vm.themesDirectory ?? ""), Typography.caption.style(t)))
        case .reset where vm.message != nil:
            break // "Settings reset. Meals untouched." says what the row's help says, done.
        default:
            lines.append((ctx.keysText("settings.help.\(vm.selected.name)"), Typography.caption.style(t)))
        }
        var y = area.y
        var wrapped = lines.flatMap { text, style in TextWidth.wrap(text, to: area.width).map { ($0, style) } }
        // More than the rows hold: the last one shown ends "…", so a sentence is never cut silently.
        if wrapped.count > area.height, area.height > 0 {
            let last = area.height - 1
            wrapped[last].0 = TextWidth.truncate(wrapped[last].0 + " " + wrapped[last + 1].0, to: area.width, ellipsis: r.glyphs.ellipsis)
            wrapped = Array(wrapped.prefix(area.height))
        }
        for (line, style) in wrapped {
            buffer.write(line, x: area.x, y: y, style: style)
            y += 1
        }
        // The preview follows the theme in use once `t` (or another process) changed it.
        if vm.selected == .theme, y < area.maxY, let preview = vm.cursorTheme(shared.settings) != nil ? vm.previewTheme : r.theme {
            themePreview(preview, ctx, r, Rect(x: area.x, y: y, width: area.width, height: 1), &buffer)
        }
    }

    /// One line drawn in the chosen theme's own colours (glyphs and words too, for NO_COLOR).
    static func themePreview(_ theme: Theme, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings
        let bg = theme[.background]
        buffer.fill(rect, style: theme.isMonochrome ? Style() : Style(fg: theme[.textPrimary], bg: bg))
        var x = rect.x + 1
        let parts: [(String, ColorToken)] = [(s("settings.preview.text"), .textPrimary), (s("settings.preview.accent"), .accent),
                                             (r.glyphs.blockFull + r.glyphs.blockFull + " " + s("metric.steps"), .chartSteps),
                                             (r.glyphs.blockFull + r.glyphs.blockFull + " " + s("unit.kcal"), .chartCalories),
                                             (r.glyphs.check + " " + s("settings.preview.success"), .success),
                                             ("! " + s("settings.preview.warning"), .warning)]
        for (text, token) in parts {
            guard x + TextWidth.of(text) < rect.maxX else { break }
            let style = theme.isMonochrome ? Style(attributes: token == .textPrimary ? [] : [.bold]) : Style(fg: theme[token], bg: bg, attributes: token == .accent ? [.bold] : [])
            x += buffer.write(text, x: x, y: rect.y, style: style) + 2
        }
    }
}
