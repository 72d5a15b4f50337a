import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

enum NutritionView {
    static func render(_ vm: NutritionViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        if let scan = vm.scan {
            ScanView.render(scan, shared, ctx, r, in: area, &buffer)
            return
        }
        // The list is kept in the memo as drawn, and dimmed under the sheet: a key typed into the
        // sheet, or the sheet opening, copies it instead of drawing (and dimming) the day again.
        let list = MealList(vm, shared, ctx)
        guard let form = vm.form else {
            r.memoized("nutrition.list", key: list, in: area, &buffer) { mealList(list, ctx, r, area, &$0) }
            return
        }
        r.memoized("nutrition.underSheet", key: list, in: area, &buffer) { buffer in
            r.memoized("nutrition.list", key: list, in: area, &buffer) { mealList(list, ctx, r, area, &$0) }
            dimBackdrop(area, r, &buffer)
        }
        MealSheetView.render(form, openedAt: vm.sheetOpenedAt, shared, ctx, r, over: area, &buffer)
    }

    /// Everything the list under the toolbar draws from: the day's meals and balance, where the
    /// focus and selection are.
    struct MealList: Hashable {
        var meals: [Meal]
        var balance: DayBalance
        var day: DayKey
        var dayOffset: Int
        var focus: NutritionViewModel.Focus
        var selected: Int

        init(_ vm: NutritionViewModel, _ shared: SharedState, _ ctx: AppContext) {
            meals = vm.mealsOfDay(shared, ctx)
            balance = vm.balance(shared, ctx)
            day = vm.day(shared, ctx)
            dayOffset = vm.dayOffset
            focus = vm.focus
            selected = vm.selected
        }
    }

    /// Beyond this width the list stops growing, so the kcal column stays near the name.
    static let maxContentWidth = 100

    static func mealList(_ list: MealList, _ ctx: AppContext, _ r: RenderContext, _ full: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let area = full.width > maxContentWidth
            ? Rect(x: full.x + (full.width - maxContentWidth) / 2, y: full.y, width: maxContentWidth, height: full.height) : full
        let meals = list.meals
        let day = list.day
        // Toolbar: day navigation on the left, the two actions on the right.
        let dayTitle = list.dayOffset == 0 ? s("nutrition.today") : (list.dayOffset == -1 ? s("nutrition.yesterday") : f.dayAndMonth(day))
        let arrows = r.glyphs.isUnicode ? ("‹", "›") : ("<", ">")
        var x = area.x + 1
        x += buffer.write(arrows.0 + " ", x: x, y: area.y, style: Typography.caption.style(t))
        x += buffer.write(dayTitle, x: x, y: area.y, style: Typography.title.style(t))
        buffer.write(" " + arrows.1, x: x, y: area.y, style: list.dayOffset < 0 ? Typography.caption.style(t) : t.text(.border))
        let scan = Button(s("nutrition.scan") + " (s)", state: list.focus == .scan ? .focused : .normal, tap: .key(.char("s")))
        let log = Button(s("nutrition.logMeal") + " (n)", state: list.focus == .logMeal ? .focused : .normal, isPrimary: true,
                         tap: .key(.char("n")))
        buffer.addClickTarget(Rect(x: area.x + 1, y: area.y, width: 2, height: 1), .key(.left))
        buffer.addClickTarget(Rect(x: x, y: area.y, width: 2, height: 1), .key(.right))
        let logX = area.maxX - log.width - 1
        let scanX = logX - scan.width - 1
        if scanX > x + 4 {
            scan.render(at: Point(x: scanX, y: area.y), maxWidth: scan.width, r, &buffer)
            log.render(at: Point(x: logX, y: area.y), maxWidth: log.width, r, &buffer)
        }
        var body = area.inset(top: 1)
        guard !body.isEmpty else { return }
        // The day header: eaten vs burned, and the macro split.
        let headerHeight = body.height >= 16 ? 4 : 3
        let (header, rest) = body.splitTop(headerHeight)
        dayHeader(list.balance, ctx, r, header, &buffer)
        body = rest
        guard !body.isEmpty else { return }
        if meals.isEmpty {
            emptyState(list, ctx, r, body, &buffer)
            return
        }
        let inner = Card(title: s("nutrition.meals"), trailing: s("nutrition.count", f.integer(meals.count)),
                         focused: list.focus == .list).render(in: body, r, &buffer)
        guard inner.height >= 1 else { return }
        let rowHeight = inner.height >= 8 ? 2 : 1
        let visible = max(1, inner.height / rowHeight)
        let first = max(0, min(list.selected - visible + 1, meals.count - visible))
        for (i, meal) in meals.enumerated().dropFirst(first).prefix(visible) {
            let y = inner.y + (i - first) * rowHeight
            buffer.addClickTarget(Rect(x: inner.x, y: y, width: inner.width, height: rowHeight), .message(NutritionClick.row(i)))
            mealRow(meal, selected: i == list.selected, twoLines: rowHeight == 2, ctx, r,
                    Rect(x: inner.x - 1, y: y, width: inner.width + 2, height: rowHeight), &buffer)
        }
        if meals.count > visible {
            let indicator = "\(list.selected + 1)/\(meals.count)"
            buffer.write(indicator, x: body.maxX - TextWidth.of(indicator) - 3, y: body.maxY - 1, style: Typography.caption.style(t))
        }
    }

    /// "Eaten 980 kcal" ("Eaten —" with nothing logged), for Today's Active Energy card.
    static func eatenText(_ b: DayBalance, _ ctx: AppContext) -> String {
        ctx.strings("nutrition.eaten", kcalText(b.eaten.map(Double.init), ctx))
    }

    /// "Eaten 300 kcal", then "Eaten 300" for a place whose unit is already kcal and room is short.
    static func eatenWordings(_ b: DayBalance, _ ctx: AppContext) -> [String] {
        [eatenText(b, ctx), ctx.strings("nutrition.eaten", b.eaten.map { ctx.formats.integer($0) } ?? ctx.strings("nutrition.unknown"))]
    }

    /// "—" for a number nobody measured.
    static func kcalText(_ value: Double?, _ ctx: AppContext) -> String {
        value.map { ctx.strings("nutrition.kcal", ctx.formats.integer($0)) } ?? ctx.strings("nutrition.unknown")
    }

    static func gramsText(_ value: Double?, _ ctx: AppContext) -> String {
        value.map { "\(ctx.formats.decimal($0)) g" } ?? ctx.strings("nutrition.notLogged")
    }

    static func mealRow(_ meal: Meal, selected: Bool, twoLines: Bool, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect,
                        _ buffer: inout Buffer) {
        let t = r.theme, f = ctx.formats, s = ctx.strings
        if selected { buffer.fill(rect, style: t.fill(.selection)) }
        let marker = selected ? r.glyphs.arrowRight : " "
        buffer.write(marker, x: rect.x, y: rect.y, style: t.text(.focus, .bold))
        let time = f.time(meal.time)
        buffer.write(time, x: rect.x + 2, y: rect.y, style: Typography.caption.style(t))
        let kcal = s("nutrition.kcal", f.integer(meal.calories))
        let nameX = rect.x + 3 + TextWidth.of(time)
        let nameWidth = rect.maxX - nameX - TextWidth.of(kcal) - 3
        buffer.write(TextWidth.truncate(meal.name, to: max(0, nameWidth)), x: nameX, y: rect.y,
                     style: selected ? t.text(.textPrimary, .bold) : Typography.body.style(t))
        buffer.write(kcal, x: rect.maxX - TextWidth.of(kcal) - 2, y: rect.y, style: t.text(.textPrimary, .bold))
        guard twoLines else { return }
        var x = nameX
        for (label, grams, tone) in [(s("macro.p"), meal.protein, ColorToken.chartSteps), (s("macro.c"), meal.carbs, .chartCalories),
                                     (s("macro.f"), meal.fat, .chartGoal)] {
            x += Chip("\(label) \(gramsText(grams, ctx))", tone: grams == nil ? .textSecondary : tone)
                .render(at: Point(x: x, y: rect.y + 1), maxWidth: max(0, rect.maxX - x - 1), r, &buffer) + 1
        }
    }

    /// "Eaten 980 kcal · Burned 420 kcal" and a small protein/carbs/fat bar; a legend below when there is room.
    static func dayHeader(_ b: DayBalance, _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, s = ctx.strings
        let inner = Card(title: s("nutrition.total")).render(in: rect, r, &buffer)
        guard inner.height >= 1, inner.width > 10 else { return }
        let eaten = s("nutrition.eaten", kcalText(b.eaten.map(Double.init), ctx))
        let burned = s("nutrition.burned", kcalText(b.burned, ctx))
        var x = inner.x
        let label = Typography.caption.style(t), value = t.text(.textPrimary, .bold)
        let line = eaten + "  " + burned
        // The words in the caption style, the numbers bold; cut as one line when narrow.
        let shown = TextWidth.truncate(line, to: inner.width)
        buffer.write(shown, x: x, y: inner.y, style: label)
        if shown == line {
            let e = kcalText(b.eaten.map(Double.init), ctx), br = kcalText(b.burned, ctx)
            if let range = eaten.ranges(of: e).last {
                buffer.write(e, x: x + TextWidth.of(String(eaten[..<range.lowerBound])), y: inner.y, style: value)
            }
            x += TextWidth.of(eaten) + 2
            if let range = burned.ranges(of: br).last {
                buffer.write(br, x: x + TextWidth.of(String(burned[..<range.lowerBound])), y: inner.y, style: value)
            }
        }
        let tones: [ColorToken] = [.chartSteps, .chartCalories, .chartGoal]
        let barWidth = min(24, inner.width - TextWidth.of(line) - 2)
        if let shares = b.macroShares, barWidth >= 6 {
            macroBar([shares.protein, shares.carbs, shares.fat], tones, r, Rect(x: inner.maxX - barWidth, y: inner.y, width: barWidth, height: 1), &buffer)
        }
        guard inner.height >= 2 else { return }
        // The legend says what the bar cannot: grams and shares, "—" for macros nobody logged.
        let y = inner.y + 1
        x = inner.x
        guard b.eaten != nil else {
            buffer.write(TextWidth.truncate(s("nutrition.noMeals"), to: inner.width), x: x, y: y, style: label)
            return
        }
        guard let percents = b.macroPercents else {
            buffer.write(TextWidth.truncate(s("nutrition.noMacros"), to: inner.width), x: x, y: y, style: label)
            return
        }
        let values: [(Double?, Int)] = [(b.protein, percents.protein), (b.carbs, percents.carbs), (b.fat, percents.fat)]
        // The share of the day's kcal no logged macro accounts for (the bar's track): with it the shares
        // read as a whole ("… Fat 9 g · 11%  ░ 52% other"), so they are plainly shares of the kcal eaten.
        let rest = 100 - percents.protein - percents.carbs - percents.fat
        // The whole names when they fit (with the rest, then closer, then without it), then the initials
        // ("P 20 g · 30%"), then without the shares: never a cut word.
        let full = [s("macro.protein"), s("macro.carbs"), s("macro.fat")], initials = [s("macro.p"), s("macro.c"), s("macro.f")]
        let forms: [(names: [String], shares: Bool, gap: Int, rest: Bool)] = [
            (full, true, 3, true), (full, true, 2, true), (full, true, 3, false), (initials, true, 2, true), (initials, true, 2, false),
            (initials, false, 2, false),
        ]
        func texts(_ form: (names: [String], shares: Bool, gap: Int, rest: Bool)) -> [String] {
            zip(form.names, values).map { name, v in
                " \(name) \(gramsText(v.0, ctx))" + (v.0 == nil || !form.shares ? "" : " · \(v.1)%")
            } + (form.rest && rest > 0 ? [" " + s("nutrition.macroRest", ctx.formats.integer(rest))] : [])
        }
        let form = forms.first { f in texts(f).reduce(0) { $0 + 1 + TextWidth.of($1) + f.gap } - f.gap <= inner.width } ?? forms[5]
        for (i, text) in texts(form).enumerated() where x < inner.maxX {
            let swatch = i < 3 ? macroSwatch(i, tones, r) : restSwatch(r)
            buffer.write(swatch.glyph, x: x, y: y, style: swatch.style)
            x += 1 + buffer.write(text, x: x + 1, y: y, style: label, clip: inner) + form.gap
        }
    }

    /// The day's calories as a bar: protein, carbs and fat by their shares, the rest (energy no logged
    /// macro accounts for) as the bar's track. Edges at the rounded running total, so the parts
    /// always fill the bar's share whole.
    static func macroBar(_ shares: [Double], _ tones: [ColorToken], _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        var x = rect.x, running = 0.0
        for i in 0..<3 {
            running += shares[i]
            let edge = rect.x + min(rect.width, Int((running * Double(rect.width)).rounded()))
            let swatch = macroSwatch(i, tones, r)
            buffer.write(repeating: swatch.glyph, count: max(0, edge - x), x: x, y: rect.y, style: swatch.style)
            x = max(x, edge)
        }
        guard x < rect.maxX else { return }
        let track = restSwatch(r)
        buffer.write(repeating: track.glyph, count: rect.maxX - x, x: x, y: rect.y, style: track.style)
    }

    /// How the bar draws the kcal no logged macro accounts for (its track), and so how the legend names it.
    static func restSwatch(_ r: RenderContext) -> (glyph: String, style: Style) {
        let t = r.theme
        // Without colour the fat's swatch is already ░: the rest is dots there.
        return t.isMonochrome ? (r.glyphs.isUnicode ? "·" : ".", Style(attributes: [.dim]))
            : (r.glyphs.blockLight, Style(fg: t[.textSecondary].mixed(with: t[.surface], 0.7)))
    }

    /// How the bar draws macro `i` (protein, carbs, fat), and so how the legend names it: by
    /// colour, and without colour by glyph (full, shaded, light).
    static func macroSwatch(_ i: Int, _ tones: [ColorToken], _ r: RenderContext) -> (glyph: String, style: Style) {
        let t = r.theme
        guard t.isMonochrome else { return (r.glyphs.blockFull, Style(fg: t[tones[i]])) }
        return ([r.glyphs.blockFull, r.glyphs.blockShade, r.glyphs.blockLight][i], Style(attributes: i == 0 ? [.bold] : []))
    }

    static func emptyState(_ list: MealList, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let width = min(58, area.width - 2)
        let box = area.centered(width: width, height: min(area.height, 9))
        let inner = Card().render(in: box, r, &buffer)
        guard inner.height >= 1 else { return }
        let title = list.dayOffset == 0 ? s("nutrition.empty.title") : s("nutrition.empty.pastTitle")
        buffer.write(TextWidth.pad(r.glyphs.sparkle + " " + title, to: inner.width, alignment: .center), x: inner.x, y: inner.y,
                     style: Typography.title.style(t))
        var y = inner.y + 2
        let lines = list.dayOffset == 0 ? [s("nutrition.empty.body"), s("nutrition.empty.scan")] : [s("nutrition.empty.pastBody")]
        for text in lines {
            for line in TextWidth.wrap(text, to: inner.width) where y < inner.maxY {
                buffer.write(TextWidth.pad(line, to: inner.width, alignment: .center), x: inner.x, y: y, style: Typography.caption.style(t))
                y += 1
            }
        }
    }
}

enum MealSheetView {
    /// The sheet over `area`, which `buffer` holds dimmed already.
    static func render(_ form: MealForm, openedAt: Date?, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       over area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme, locale = ctx.formats.locale
        let progress = openedAt.map { r.reduceMotion ? 1 : min(1, shared.now.timeIntervalSince($0) / NutritionViewModel.sheetDuration) } ?? 1
        let inner = Sheet(title: title(form, shared, ctx), height: min(area.height, 18), maxWidth: 76)
            .render(over: area, progress: progress, dimming: false, r, &buffer)
        guard inner.height >= 3 else { return }
        let validation = form.validation(locale)
        let canSave = form.canSave(locale, now: shared.now, ctx.calendar) && !form.deletedElsewhere
        let labelWidth = 11
        // Spacious (a row under each field for its message) while that leaves a save error its rows:
        // from the Time row's message row (the 13th) to the row above the buttons.
        let errorRows = form.saveError.map { TextWidth.wrap(r.glyphs.cross + " " + $0, to: inner.width).count } ?? 1
        let spacious = inner.height >= 15 && errorRows <= inner.height - 13
        var y = inner.y + (spacious ? 1 : 0)
        let units: [MealFields.Field: String] = [.calories: s("unit.kcal"), .protein: "g", .carbs: "g", .fat: "g"]
        // Messages with no room beside their field, the focused field's first: said on the free rows above the buttons.
        var pendingMessages: [String] = []
        // The five fields, then the time: each with its message under it (spacious) or beside it.
        var rows: [(label: String, state: TextFieldState, placeholder: String, width: Int, unit: String?, message: String?, focused: Bool)] = []
        for (i, field) in MealForm.fields.enumerated() {
            let message = form.visibleError(field, locale).map { FormMessages.text($0, field, ctx) }
            rows.append((s("form.field.\(field.rawValue)"), form.inputs[field]!, s("form.placeholder.\(field.rawValue)"),
                         field == .name ? min(40, inner.width - labelWidth - 1) : 12, units[field], message,
                         form.focus == i && !form.confirmingDiscard))
        }
        let timeMessage = form.visibleTimeError(now: shared.now, ctx.calendar).map { FormMessages.timeText($0, ctx) }
        rows.append((s("form.field.time"), form.time, "HH:MM", 12, nil, timeMessage, form.timeFocused && !form.confirmingDiscard))
        // The first row below the fields that nothing is drawn on (a save error may use it).
        var firstFree = y
        for row in rows where y < inner.maxY - 2 {
            let view = TextFieldView(label: row.label, state: row.state, focused: row.focused, placeholder: row.placeholder,
                                     message: row.message, isError: row.message != nil)
            view.render(in: Rect(x: inner.x, y: y, width: labelWidth + 1 + row.width, height: 1), labelWidth: labelWidth, r, &buffer)
            var x = inner.x + labelWidth + 1 + row.width + 1
            if let unit = row.unit { x += buffer.write(unit, x: x, y: y, style: Typography.caption.style(t)) + 1 }
            if let message = row.message {
                let text = r.glyphs.arrowUp + " " + message
                if spacious {
                    // Under its own field, in a calm style.
                    buffer.write(TextWidth.truncate(text, to: inner.width - labelWidth - 1), x: inner.x + labelWidth + 1, y: y + 1,
                                 style: t.text(.danger))
                } else if inner.maxX - x - 1 >= TextWidth.of(message) + 1 {
                    buffer.write(message, x: x + 1, y: y, style: t.text(.danger))
                } else if row.focused {
                    pendingMessages.insert(row.label + ": " + message, at: 0)
                } else {
                    pendingMessages.append(row.label + ": " + message)
                }
            }
            firstFree = y + (spacious && row.message != nil ? 2 : 1)
            y += spacious ? 2 : 1
        }
        // The line above the buttons: a save error, a narrow-screen message, the macro warning, or what blocks Save.
        let noteRow = inner.maxY - 2
        if let e = form.saveError {
            // Why nothing was saved is read whole: it takes the free rows above its line too.
            let lines = TextWidth.wrap(r.glyphs.cross + " " + e, to: inner.width, maxLines: max(1, noteRow - firstFree + 1))
            for (i, line) in lines.enumerated() {
                buffer.write(line, x: inner.x, y: noteRow - lines.count + 1 + i, style: t.text(.danger, .bold))
            }
        } else if !pendingMessages.isEmpty {
            // Every field's message while there are free rows (at 48×16 only the first was said, three rows empty).
            let shown = Array(pendingMessages.prefix(max(1, noteRow - firstFree + 1)))
            for (i, m) in shown.enumerated() {
                buffer.write(TextWidth.truncate(m, to: inner.width), x: inner.x, y: noteRow - shown.count + 1 + i, style: t.text(.danger))
            }
        } else if !canSave {
            let hint = blockersText(form, shared, ctx, width: inner.width)
            buffer.write(TextWidth.truncate(hint, to: inner.width), x: inner.x, y: noteRow, style: Typography.caption.style(t))
        } else if let mismatch = validation.macroMismatch {
            let text = s(mismatch.partial ? "form.macroWarningPartial" : "form.macroWarning",
                         ctx.formats.integer(mismatch.macros), ctx.formats.integer(mismatch.calories))
            buffer.write(TextWidth.truncate("! " + text, to: inner.width), x: inner.x, y: noteRow, style: t.text(.warning))
        }
        let buttonRow = inner.maxY - 1
        let saveState: ControlState = form.isSaving ? .pressed : (canSave ? (form.focus == MealForm.savePosition ? .focused : .normal) : .disabled)
        // Disabled Save carries the lock mark in both glyph sets ("Save ⊘", "Save x"), never colour alone.
        let saveLabel = canSave ? s("form.save") : s("form.save") + " " + r.glyphs.lock
        let save = Button(saveLabel, state: saveState, isPrimary: true, tap: .key(.ctrl("s")), hasFocus: form.focus == MealForm.savePosition)
        let cancel = Button(s("form.cancel"), state: form.focus == MealForm.cancelPosition ? .focused : .normal, tap: .key(.escape))
        save.render(at: Point(x: inner.maxX - save.width, y: buttonRow), maxWidth: save.width, r, &buffer)
        cancel.render(at: Point(x: inner.maxX - save.width - cancel.width - 2, y: buttonRow), maxWidth: cancel.width, r, &buffer)
        if form.focus == MealForm.savePosition && !canSave {
            let hint = s("form.saveDisabled")
            buffer.write(TextWidth.truncate(hint, to: max(0, inner.width - save.width - cancel.width - 4)), x: inner.x, y: buttonRow,
                         style: t.text(.warning))
        }
        if form.confirmingDiscard {
            let title = form.editing == nil ? "form.discard.title" : "form.discardEdit.title"
            let dialog = Dialog(title: s(form.discardQuits ? title + "Quit" : title), width: min(area.width - 4, 44), height: 6)
            let d = dialog.render(over: area, r, &buffer)
            guard d.height >= 2 else { return }
            buffer.write(TextWidth.truncate(s(form.typedSinceOpened ? "form.discard.body" : "form.discard.scannedBody"), to: d.width), x: d.x, y: d.y, style: Typography.body.style(t))
            buffer.write(TextWidth.truncate(s(form.discardQuits ? "form.discard.keysQuit" : "form.discard.keys"), to: d.width), x: d.x, y: d.y + 2,
                         style: Typography.caption.style(t))
        }
    }

    /// "Log Meal · Yesterday", "Edit Meal · 20 Nov".
    static func title(_ form: MealForm, _ shared: SharedState, _ ctx: AppContext) -> String {
        let s = ctx.strings
        let today = DayKey(shared.now, calendar: ctx.calendar)
        let day = form.day == today ? s("nutrition.today")
            : (form.day == today.adding(days: -1) ? s("nutrition.yesterday") : ctx.formats.dayAndMonth(form.day))
        return s(form.editing == nil ? "form.titleOnDay" : "form.editTitle", day)
    }

    /// Exactly what stops Save, by field name; shorter wordings when narrow.
    static func blockersText(_ form: MealForm, _ shared: SharedState, _ ctx: AppContext, width: Int) -> String {
        let s = ctx.strings
        let (missing, invalid) = form.blockers(ctx.formats.locale, now: shared.now, ctx.calendar)
        let names: ([String]) -> String = { $0.map { s("form.field.\($0)") }.joined(separator: ", ") }
        let full: String
        switch (missing.isEmpty, invalid.isEmpty) {
        case (false, true): full = s("form.blocked.missing", names(missing))
        case (true, false): full = s("form.blocked.invalid", names(invalid))
        case (false, false): full = s("form.blocked.both", names(missing), names(invalid))
        case (true, true): return s("form.saveHint")
        }
        if TextWidth.of(full) <= width { return full }
        return s("form.blocked.count", ctx.formats.integer(missing.count + invalid.count))
    }
}

/// Field errors in words.
enum FormMessages {
    static func text(_ e: FieldError, _ field: MealFields.Field, _ ctx: AppContext) -> String {
        let s = ctx.strings, f = ctx.formats
        switch e {
        case .required: return s(field == .name ? "error.nameRequired" : "error.required")
        case .tooLong(let max): return s("error.tooLong", f.integer(max))
        // Every field says it the same way, with an example of its own kind.
        case .notANumber: return field == .calories ? s("error.caloriesNotANumber") : s("error.gramsNotANumber", f.decimal(12.5))
        case .negative: return s("error.negative")
        case .notWholeNumber: return s("error.wholeNumber")
        case .tooManyDecimals: return s("error.oneDecimal")
        case .outOfRange(let lo, let hi): return s("error.range", f.integer(lo), f.integer(hi))
        case .wrongSeparator(let suggestion):
            // Calories are whole numbers: the fix is the whole number, whichever separator was typed.
            if field == .calories, let value = LocaleNumber.parse(suggestion, locale: f.locale, maxDecimals: 9).value {
                return s("error.caloriesWhole", f.integer(value))
            }
            return s(suggestion.contains(",") ? "error.useComma" : "error.useDot", suggestion)
        case .notATime: return s("error.notATime")
        case .noSuchTime: return s("error.noSuchTime")
        case .inFuture: return s("error.inFuture")
        }
    }

    static func timeText(_ e: FieldError, _ ctx: AppContext) -> String {
        switch e {
        case .required, .notATime: return ctx.strings("error.notATime")
        default: return text(e, .name, ctx)
        }
    }
}

/// Barcode problems in words.
enum ScanMessages {
    static func text(_ p: Barcode.Problem, _ code: String, _ ctx: AppContext) -> String {
        let s = ctx.strings
        switch p {
        case .empty: return s("scan.enterCode")
        case .notDigits: return s("scan.digitsOnly", "")
        case .wrongLength(let n): return s("scan.length", ctx.formats.integer(n))
        case .checkDigit(let kind, let expected): return s("scan.checkDigit", kind.rawValue, String(expected))
        }
    }
}

enum ScanView {
    static func render(_ scan: NutritionViewModel.ScanState, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        buffer.write(TextWidth.truncate(s("scan.title"), to: area.width - 2), x: area.x + 1, y: area.y, style: Typography.title.style(t))
        // The instruction wraps (two lines on a narrow terminal); the viewfinder gives up the row.
        let hint = TextWidth.wrap(s("scan.hint"), to: max(1, area.width - 2), maxLines: 2)
        let frameHeight = max(3, min(11, area.height - 8 - (hint.count - 1)))
        let frameWidth = min(area.width - 4, frameHeight * 4)
        let frame = Rect(x: area.x + (area.width - frameWidth) / 2, y: area.y + 2, width: frameWidth, height: frameHeight)
        // Viewfinder: corner marks only, like a camera overlay.
        let c = t.text(.accent, .bold)
        let g = r.glyphs
        let corner = 3
        let h = String(repeating: g.horizontal, count: min(corner, frame.width / 3))
        buffer.write(g.topLeft + h, x: frame.x, y: frame.y, style: c)
        buffer.write(h + g.topRight, x: frame.maxX - 1 - TextWidth.of(h), y: frame.y, style: c)
        buffer.write(g.bottomLeft + h, x: frame.x, y: frame.maxY - 1, style: c)
        buffer.write(h + g.bottomRight, x: frame.maxX - 1 - TextWidth.of(h), y: frame.maxY - 1, style: c)
        // The animated scan line sweeps down and up.
        let span = max(1, frame.height - 2)
        let phase = r.reduceMotion ? 0.5 : (r.time.truncatingRemainder(dividingBy: 2.4) / 2.4)
        let pos = phase < 0.5 ? phase * 2 : (1 - phase) * 2
        let lineY = frame.y + 1 + min(span - 1, Int(pos * Double(span)))
        buffer.write(repeating: g.isUnicode ? "━" : "=", count: max(0, frame.width - 4), x: frame.x + 2, y: lineY, style: t.text(.danger, .bold))
        var hintY = frame.maxY + 1
        for (i, line) in hint.enumerated() {
            buffer.write(TextWidth.pad(line, to: area.width - 2, alignment: .center), x: area.x + 1, y: hintY + i, style: Typography.caption.style(t))
        }
        hintY += hint.count - 1
        let field = TextFieldView(label: s("scan.code"), state: scan.code, focused: true, placeholder: s("scan.placeholder"))
        let fieldWidth = min(area.width - 4, 40)
        field.render(in: Rect(x: area.x + (area.width - fieldWidth) / 2, y: hintY + 2, width: fieldWidth, height: 1), labelWidth: 9, r, &buffer)
        if let m = scan.message {
            // Wrapped, never cut: as many lines as the screen has below the field.
            let lines = TextWidth.wrap(m, to: max(1, area.width - 2), maxLines: max(1, area.maxY - hintY - 3))
            for (i, line) in lines.enumerated() {
                buffer.write(TextWidth.pad(line, to: area.width - 2, alignment: .center), x: area.x + 1, y: hintY + 3 + i, style: t.text(.warning))
            }
        } else if hintY + 3 < area.maxY {
            let sample = s("scan.try", ProductCatalog.sample?.code ?? "")
            buffer.write(TextWidth.pad(sample, to: area.width - 2, alignment: .center), x: area.x + 1, y: hintY + 3, style: Typography.caption.style(t))
        }
    }
}
