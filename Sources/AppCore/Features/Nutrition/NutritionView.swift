import Foundation
import DesignSystem
import HealthDomain
import TerminalUI

enum NutritionView {
    static func render(_ vm: NutritionViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        if let scan = vm.scan {
            ScanView.render(scan, shared, ctx, r, in: area, &buffer)
            return
        }
        mealList(vm, shared, ctx, r, area, &buffer)
        if let form = vm.form {
            MealSheetView.render(form, openedAt: vm.sheetOpenedAt, shared, ctx, r, over: area, &buffer)
        }
    }

    static func mealList(_ vm: NutritionViewModel, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                         _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, f = ctx.formats, t = r.theme
        let meals = vm.mealsOfDay(shared, ctx)
        let day = vm.day(shared, ctx)
        // Toolbar: day navigation on the left, the two actions on the right.
        let dayTitle = vm.dayOffset == 0 ? s("nutrition.today") : (vm.dayOffset == -1 ? s("nutrition.yesterday") : f.dayAndMonth(day))
        let arrows = r.glyphs.isUnicode ? ("‹", "›") : ("<", ">")
        var x = area.x + 1
        x += buffer.write(arrows.0 + " ", x: x, y: area.y, style: Typography.caption.style(t))
        x += buffer.write(dayTitle, x: x, y: area.y, style: Typography.title.style(t))
        buffer.write(" " + arrows.1, x: x, y: area.y, style: vm.dayOffset < 0 ? Typography.caption.style(t) : t.text(.border))
        let scan = Button(s("nutrition.scan") + " (s)", state: vm.focus == .scan ? .focused : .normal)
        let log = Button(s("nutrition.logMeal") + " (n)", state: vm.focus == .logMeal ? .focused : .normal, isPrimary: true)
        let logX = area.maxX - log.width - 1
        let scanX = logX - scan.width - 1
        if scanX > x + 4 {
            scan.render(at: Point(x: scanX, y: area.y), maxWidth: scan.width, r, &buffer)
            log.render(at: Point(x: logX, y: area.y), maxWidth: log.width, r, &buffer)
        }
        let body = area.inset(top: 2)
        guard !body.isEmpty else { return }
        if meals.isEmpty {
            emptyState(vm, ctx, r, body, &buffer)
            return
        }
        let (listArea, totalsArea) = body.splitBottom(body.height >= 12 ? 5 : 3)
        let inner = Card(title: s("nutrition.meals"), trailing: s("nutrition.count", f.integer(meals.count)),
                         focused: vm.focus == .list).render(in: listArea, r, &buffer)
        let rowHeight = inner.height >= 8 ? 2 : 1
        let visible = max(1, inner.height / rowHeight)
        let first = max(0, min(vm.selected - visible + 1, meals.count - visible))
        for (i, meal) in meals.enumerated().dropFirst(first).prefix(visible) {
            let y = inner.y + (i - first) * rowHeight
            mealRow(meal, selected: i == vm.selected, twoLines: rowHeight == 2, ctx, r,
                    Rect(x: inner.x - 1, y: y, width: inner.width + 2, height: rowHeight), &buffer)
        }
        if meals.count > visible {
            let indicator = "\(vm.selected + 1)/\(meals.count)"
            buffer.write(indicator, x: listArea.maxX - TextWidth.of(indicator) - 3, y: listArea.maxY - 1, style: Typography.caption.style(t))
        }
        dayTotals(meals, ctx, r, totalsArea, &buffer)
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
            x += Chip("\(label) \(f.decimal(grams)) g", tone: tone).render(at: Point(x: x, y: rect.y + 1), maxWidth: max(0, rect.maxX - x - 1), r, &buffer) + 1
        }
    }

    static func dayTotals(_ meals: [Meal], _ ctx: AppContext, _ r: RenderContext, _ rect: Rect, _ buffer: inout Buffer) {
        let t = r.theme, f = ctx.formats, s = ctx.strings
        let kcal = meals.reduce(0) { $0 + $1.calories }
        let p = meals.reduce(0.0) { $0 + $1.protein }, c = meals.reduce(0.0) { $0 + $1.carbs }, fat = meals.reduce(0.0) { $0 + $1.fat }
        let inner = Card(title: s("nutrition.total"), trailing: s("nutrition.kcal", f.integer(kcal))).render(in: rect, r, &buffer)
        guard inner.height >= 1, inner.width > 10 else { return }
        let energy = [p * 4, c * 4, fat * 9]
        let sum = energy.reduce(0, +)
        let tones: [ColorToken] = [.chartSteps, .chartCalories, .chartGoal]
        if sum > 0 {
            var x = inner.x
            for i in 0..<3 {
                let w = i == 2 ? inner.maxX - x : Int((energy[i] / sum * Double(inner.width)).rounded())
                let style = t.isMonochrome ? Style(attributes: i == 1 ? [.dim] : [.bold]) : Style(fg: t[tones[i]])
                buffer.write(String(repeating: i == 1 && t.isMonochrome ? r.glyphs.blockShade : r.glyphs.blockFull, count: max(0, w)),
                             x: x, y: inner.y, style: style)
                x += max(0, w)
            }
        } else {
            buffer.write(TextWidth.truncate(s("nutrition.noMacros"), to: inner.width), x: inner.x, y: inner.y, style: Typography.caption.style(t))
        }
        // No macros: the message says it all; a legend of zeros would only repeat it.
        guard sum > 0, inner.height >= 2 else { return }
        let y = inner.y + 1
        var x = inner.x
        for (i, (label, grams)) in [(s("macro.protein"), p), (s("macro.carbs"), c), (s("macro.fat"), fat)].enumerated() {
            let pct = sum > 0 ? Int((energy[i] / sum * 100).rounded()) : 0
            buffer.write(r.glyphs.blockFull, x: x, y: y, style: t.isMonochrome ? Style(attributes: [.bold]) : Style(fg: t[tones[i]]))
            let text = " \(label) \(f.decimal(grams)) g · \(pct)%   "
            x += 1 + buffer.write(TextWidth.truncate(text, to: max(0, inner.maxX - x - 1)), x: x + 1, y: y, style: Typography.caption.style(t))
            if x >= inner.maxX { break }
        }
    }

    static func emptyState(_ vm: NutritionViewModel, _ ctx: AppContext, _ r: RenderContext, _ area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        let width = min(58, area.width - 2)
        let box = area.centered(width: width, height: min(area.height, 9))
        let inner = Card().render(in: box, r, &buffer)
        guard inner.height >= 1 else { return }
        let title = vm.dayOffset == 0 ? s("nutrition.empty.title") : s("nutrition.empty.pastTitle")
        buffer.write(TextWidth.pad(r.glyphs.sparkle + " " + title, to: inner.width, alignment: .center), x: inner.x, y: inner.y,
                     style: Typography.title.style(t))
        var y = inner.y + 2
        let lines = vm.dayOffset == 0 ? [s("nutrition.empty.body"), s("nutrition.empty.scan")] : [s("nutrition.empty.pastBody")]
        for text in lines {
            for line in TextWidth.wrap(text, to: inner.width) where y < inner.maxY {
                buffer.write(TextWidth.pad(line, to: inner.width, alignment: .center), x: inner.x, y: y, style: Typography.caption.style(t))
                y += 1
            }
        }
    }
}

enum MealSheetView {
    static func render(_ form: MealForm, openedAt: Date?, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       over area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme, locale = ctx.formats.locale
        let progress = openedAt.map { r.reduceMotion ? 1 : min(1, shared.now.timeIntervalSince($0) / NutritionViewModel.sheetDuration) } ?? 1
        let inner = Sheet(title: s("form.title"), height: min(area.height, 15), maxWidth: 76).render(over: area, progress: progress, r, &buffer)
        guard inner.height >= 3 else { return }
        let validation = form.validation(locale)
        let labelWidth = 11
        var y = inner.y + (inner.height >= 13 ? 1 : 0)
        let units: [MealFields.Field: String] = [.calories: s("unit.kcal"), .protein: "g", .carbs: "g", .fat: "g"]
        var focusedMessage: String?
        for (i, field) in MealForm.fields.enumerated() where y < inner.maxY - 2 {
            let focused = form.focus == i && !form.confirmingDiscard
            let error = form.visibleError(field, locale)
            let message = error.map { FormMessages.text($0, field, ctx) }
            let inputWidth = field == .name ? min(40, inner.width - labelWidth - 1) : 12
            let view = TextFieldView(label: s("form.field.\(field.rawValue)"), state: form.inputs[field]!, focused: focused,
                                     placeholder: s("form.placeholder.\(field.rawValue)"), message: message, isError: error != nil)
            view.render(in: Rect(x: inner.x, y: y, width: labelWidth + 1 + inputWidth, height: 1), labelWidth: labelWidth, r, &buffer)
            var x = inner.x + labelWidth + 1 + inputWidth + 1
            if let unit = units[field] { x += buffer.write(unit, x: x, y: y, style: Typography.caption.style(t)) + 1 }
            let spacious = inner.height >= 13
            if let message {
                let text = r.glyphs.arrowUp + " " + message
                if spacious {
                    // Under its own field, in a calm style.
                    buffer.write(TextWidth.truncate(text, to: inner.width - labelWidth - 1), x: inner.x + labelWidth + 1, y: y + 1,
                                 style: t.text(.danger))
                } else if inner.maxX - x - 1 >= TextWidth.of(message) + 1 {
                    buffer.write(message, x: x + 1, y: y, style: t.text(.danger))
                } else if focused || focusedMessage == nil {
                    focusedMessage = message
                }
            }
            y += inner.height >= 13 ? 2 : 1
        }
        // The line above the buttons: a narrow-screen error, the macro warning, or a save error.
        let noteRow = inner.maxY - 2
        if let e = form.saveError {
            buffer.write(TextWidth.truncate(r.glyphs.cross + " " + e, to: inner.width), x: inner.x, y: noteRow, style: t.text(.danger, .bold))
        } else if let m = focusedMessage {
            buffer.write(TextWidth.truncate(m, to: inner.width), x: inner.x, y: noteRow, style: t.text(.danger))
        } else if let mismatch = validation.macroMismatch {
            let text = s("form.macroWarning", ctx.formats.integer(mismatch.macros), ctx.formats.integer(mismatch.calories))
            buffer.write(TextWidth.truncate("! " + text, to: inner.width), x: inner.x, y: noteRow, style: t.text(.warning))
        } else if !validation.isValid {
            buffer.write(TextWidth.truncate(s("form.saveHint"), to: inner.width), x: inner.x, y: noteRow, style: Typography.caption.style(t))
        }
        let buttonRow = inner.maxY - 1
        let saveState: ControlState = form.isSaving ? .pressed : (validation.isValid ? (form.focus == MealForm.savePosition ? .focused : .normal) : .disabled)
        let saveLabel = validation.isValid ? s("form.save") : (r.glyphs.isUnicode ? s("form.save") + " " + r.glyphs.lock : s("form.save"))
        let save = Button(saveLabel, state: saveState, isPrimary: true)
        let cancel = Button(s("form.cancel"), state: form.focus == MealForm.cancelPosition ? .focused : .normal)
        save.render(at: Point(x: inner.maxX - save.width, y: buttonRow), maxWidth: save.width, r, &buffer)
        cancel.render(at: Point(x: inner.maxX - save.width - cancel.width - 2, y: buttonRow), maxWidth: cancel.width, r, &buffer)
        if form.focus == MealForm.savePosition && !validation.isValid {
            let hint = s("form.saveDisabled")
            buffer.write(TextWidth.truncate(hint, to: max(0, inner.width - save.width - cancel.width - 4)), x: inner.x, y: buttonRow,
                         style: t.text(.warning))
        }
        if form.confirmingDiscard {
            let dialog = Dialog(title: s("form.discard.title"), width: min(area.width - 4, 44), height: 6)
            let d = dialog.render(over: area, r, &buffer)
            guard d.height >= 2 else { return }
            buffer.write(TextWidth.truncate(s("form.discard.body"), to: d.width), x: d.x, y: d.y, style: Typography.body.style(t))
            buffer.write(TextWidth.truncate(s("form.discard.keys"), to: d.width), x: d.x, y: d.y + 2, style: Typography.caption.style(t))
        }
    }
}

/// Field errors in words.
enum FormMessages {
    static func text(_ e: FieldError, _ field: MealFields.Field, _ ctx: AppContext) -> String {
        let s = ctx.strings, f = ctx.formats
        switch e {
        case .required: return s(field == .name ? "error.nameRequired" : "error.required")
        case .tooLong(let max): return s("error.tooLong", f.integer(max))
        case .notANumber: return s("error.notANumber")
        case .notWholeNumber: return s("error.wholeNumber")
        case .tooManyDecimals: return s("error.oneDecimal")
        case .outOfRange(let lo, let hi): return s("error.range", f.integer(lo), f.integer(hi))
        }
    }
}

enum ScanView {
    static func render(_ scan: NutritionViewModel.ScanState, _ shared: SharedState, _ ctx: AppContext, _ r: RenderContext,
                       in area: Rect, _ buffer: inout Buffer) {
        let s = ctx.strings, t = r.theme
        buffer.write(TextWidth.truncate(s("scan.title"), to: area.width - 2), x: area.x + 1, y: area.y, style: Typography.title.style(t))
        let frameHeight = max(3, min(11, area.height - 8))
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
        buffer.write(String(repeating: g.isUnicode ? "━" : "=", count: max(0, frame.width - 4)), x: frame.x + 2, y: lineY, style: t.text(.danger, .bold))
        let hintY = frame.maxY + 1
        buffer.write(TextWidth.pad(s("scan.hint"), to: area.width - 2, alignment: .center), x: area.x + 1, y: hintY, style: Typography.caption.style(t))
        let field = TextFieldView(label: s("scan.code"), state: scan.code, focused: true, placeholder: s("scan.placeholder"))
        let fieldWidth = min(area.width - 4, 40)
        field.render(in: Rect(x: area.x + (area.width - fieldWidth) / 2, y: hintY + 2, width: fieldWidth, height: 1), labelWidth: 9, r, &buffer)
        if let m = scan.message {
            buffer.write(TextWidth.pad(m, to: area.width - 2, alignment: .center), x: area.x + 1, y: hintY + 3, style: t.text(.warning))
        } else if hintY + 3 < area.maxY {
            let sample = s("scan.try", ProductCatalog.all.first?.code ?? "")
            buffer.write(TextWidth.pad(sample, to: area.width - 2, alignment: .center), x: area.x + 1, y: hintY + 3, style: Typography.caption.style(t))
        }
    }
}
