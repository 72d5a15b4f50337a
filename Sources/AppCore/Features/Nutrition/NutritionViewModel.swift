import Foundation
import DesignSystem
import HealthDomain
import TerminalUI

/// The meal log: today's meals (older days with ←/→), the Log Meal sheet and the
/// Scan screen. Every change is saved at once; a failed save keeps what was typed.
public struct NutritionViewModel: Sendable {
    public enum Focus: Int, Sendable, CaseIterable { case list, logMeal, scan }

    public struct ScanState: Sendable, Equatable {
        public var code = TextFieldState("", maxLength: 14)
        public var message: String?
        public var openedAt: Date
    }

    enum PendingSave: Sendable, Equatable { case add(Meal), delete(Meal), undo(Meal) }

    public var dayOffset = 0
    public var selected = 0
    public var focus: Focus = .list
    public var form: MealForm?
    public var sheetOpenedAt: Date?
    public var scan: ScanState?
    public var undoable: Meal?
    var pending: PendingSave?
    /// Every logged meal, all days.
    public var meals: [Meal] = []
    /// False until the meal log is read (right after the first frame): never edit a log not yet read.
    public var mealsLoaded = false

    public static let sheetDuration = 0.16

    public init() {}

    public var capturesText: Bool { (form != nil && form?.confirmingDiscard == false) || scan != nil }

    func day(_ shared: SharedState, _ ctx: AppContext) -> DayKey {
        DayKey(shared.now, calendar: ctx.calendar).adding(days: dayOffset, calendar: ctx.calendar)
    }

    func mealsOfDay(_ shared: SharedState, _ ctx: AppContext) -> [Meal] {
        let d = day(shared, ctx)
        return meals.filter { DayKey($0.time, calendar: ctx.calendar) == d }.sorted { $0.time < $1.time }
    }

    enum Action: Sendable {
        case logMeal, scan, up, down, previousDay, nextDay, delete, undo, focusNext, focusPrevious, activate
        // sheet
        case fieldNext, fieldPrevious, save, cancel, discardYes, discardNo
        // scan
        case lookup, closeScan
    }

    func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        if let form {
            if form.confirmingDiscard {
                return [Binding([.char("y"), .enter], "y", s("form.discard.yes"), .discardYes),
                        Binding([.char("n"), .escape], "n/Esc", s("form.discard.no"), .discardNo)]
            }
            return [
                Binding([.tab, .down], "Tab/↓", s("form.key.next"), .fieldNext),
                Binding([.backTab, .up], "Shift-Tab/↑", s("form.key.previous"), .fieldPrevious, footer: false),
                Binding([.enter], "Enter", s("form.key.enter"), .activate, footer: false),
                Binding([.ctrl("s")], "Ctrl-S", s("form.save"), .save),
                Binding([.escape], "Esc", s("form.cancel"), .cancel),
            ]
        }
        if scan != nil {
            return [Binding([.enter], "Enter", s("scan.lookup"), .lookup),
                    Binding([.escape], "Esc", s("key.back"), .closeScan)]
        }
        var list: [Binding<Action>] = [
            Binding([.char("n")], "n", s("nutrition.logMeal"), .logMeal),
            Binding([.char("s")], "s", s("nutrition.scan"), .scan),
            Binding([.up, .char("k")], "↑/k", s("nutrition.key.up"), .up, footer: false),
            Binding([.down, .char("j")], "↓/j", s("nutrition.key.down"), .down, footer: false),
            Binding([.left, .char("h")], "←/→", s("nutrition.key.days"), .previousDay),
            Binding([.right, .char("l")], "→/l", s("nutrition.key.nextDay"), .nextDay, footer: false),
            Binding([.char("d"), .delete, .backspace], "d", s("nutrition.key.delete"), .delete, footer: false),
            Binding([.tab], "Tab", s("key.focus"), .focusNext, footer: false),
            Binding([.backTab], "Shift-Tab", s("key.focusBack"), .focusPrevious, footer: false),
            Binding([.enter], "Enter", s("key.select"), .activate, footer: false),
        ]
        if undoable != nil { list.append(Binding([.char("u")], "u", s("nutrition.key.undo"), .undo)) }
        return list
    }

    public mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        guard mealsLoaded else { return false }
        if let action = bindings(shared, ctx).action(for: key) {
            effects += perform(action, &shared, ctx)
            return true
        }
        // Typing goes to the focused field; keys a field does not use fall through.
        if var f = form, !f.confirmingDiscard, let field = f.focusedField {
            var input = f.inputs[field]!
            if input.handle(key) {
                f.inputs[field] = input
                f.saveError = nil
                form = f
                return true
            }
            return isTyping(key)
        }
        if var sc = scan {
            if case .char(let c) = key, !c.isNumber { sc.message = ctx.strings("scan.digitsOnly"); scan = sc; return true }
            if sc.code.handle(key) { sc.message = nil; scan = sc; return true }
            return isTyping(key)
        }
        return false
    }

    /// Printable keys never reach the global bindings while a text field has focus.
    private func isTyping(_ key: Key) -> Bool {
        if case .char = key { return true }
        return false
    }

    mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let list = mealsOfDay(shared, ctx)
        switch action {
        case .logMeal: openForm(MealForm(), &shared)
        case .scan: scan = ScanState(openedAt: shared.now)
        case .up: selected = max(0, selected - 1); focus = .list
        case .down: selected = min(max(0, list.count - 1), selected + 1); focus = .list
        case .previousDay: dayOffset = max(-3650, dayOffset - 1); selected = 0
        case .nextDay: dayOffset = min(0, dayOffset + 1); selected = 0
        case .focusNext: focus = Focus(rawValue: (focus.rawValue + 1) % Focus.allCases.count)!
        case .focusPrevious: focus = Focus(rawValue: (focus.rawValue + Focus.allCases.count - 1) % Focus.allCases.count)!
        case .delete:
            guard pending == nil, list.indices.contains(selected) else { return [] }
            let meal = list[selected]
            pending = .delete(meal)
            return [Self.save(meals.filter { $0.id != meal.id })]
        case .undo:
            guard pending == nil, let meal = undoable else { return [] }
            pending = .undo(meal)
            return [Self.save(meals + [meal])]
        case .activate:
            if form != nil { return activateInForm(&shared, ctx) }
            switch focus {
            case .logMeal: openForm(MealForm(), &shared)
            case .scan: scan = ScanState(openedAt: shared.now)
            case .list: break
            }
        case .fieldNext: form?.moveFocus(by: 1)
        case .fieldPrevious: form?.moveFocus(by: -1)
        case .save: return save(&shared, ctx)
        case .cancel:
            guard let f = form else { return [] }
            if f.isDirty { form?.confirmingDiscard = true } else { form = nil }
        case .discardYes: form = nil
        case .discardNo: form?.confirmingDiscard = false
        case .lookup: return lookup(&shared, ctx)
        case .closeScan: scan = nil
        }
        return []
    }

    private mutating func openForm(_ f: MealForm, _ shared: inout SharedState) {
        form = f
        sheetOpenedAt = shared.now
        dayOffset = 0
    }

    private mutating func activateInForm(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard let f = form else { return [] }
        switch f.focus {
        case MealForm.savePosition: return save(&shared, ctx)
        case MealForm.cancelPosition: return perform(.cancel, &shared, ctx)
        default:
            // Enter on a field moves on, like a well-behaved form.
            form?.moveFocus(by: 1)
            return []
        }
    }

    private mutating func save(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard var f = form, !f.isSaving, pending == nil else { return [] }
        f.attemptedSave = true
        let v = f.validation(ctx.formats.locale)
        guard let m = v.meal, v.isValid else {
            // Save is disabled: show every message and go to the first problem.
            if let first = MealForm.fields.firstIndex(where: { v.errors[$0] != nil }) { f.focus = first }
            form = f
            return []
        }
        let meal = Meal(time: shared.now, name: m.name, calories: m.calories, protein: m.protein, carbs: m.carbs, fat: m.fat)
        f.isSaving = true
        form = f
        pending = .add(meal)
        return [Self.save(meals + [meal])]
    }

    private mutating func lookup(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard var sc = scan else { return [] }
        let code = sc.code.text
        guard !code.isEmpty else { sc.message = ctx.strings("scan.enterCode"); scan = sc; return [] }
        guard let product = ProductCatalog.lookup(code) else {
            sc.message = ctx.strings("scan.unknown", code)
            scan = sc
            return []
        }
        scan = nil
        let locale = ctx.formats.locale
        openForm(MealForm(prefill: MealFields(
            name: product.name, calories: String(product.calories),
            protein: LocaleNumber.format(product.protein, locale: locale, maxDecimals: 1),
            carbs: LocaleNumber.format(product.carbs, locale: locale, maxDecimals: 1),
            fat: LocaleNumber.format(product.fat, locale: locale, maxDecimals: 1))), &shared)
        form?.focus = MealForm.savePosition
        return []
    }

    mutating func mealsSaved(_ result: Result<[Meal], StorageError>, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let what = pending
        pending = nil
        switch result {
        case .success(let meals):
            self.meals = meals
            switch what {
            case .add(let meal)?:
                form = nil
                undoable = nil
                let list = mealsOfDay(shared, ctx)
                selected = list.firstIndex { $0.id == meal.id } ?? 0
                shared.showToast(ctx.strings("nutrition.saved", meal.name, ctx.formats.integer(meal.calories)), .success)
            case .delete(let meal)?:
                undoable = meal
                selected = max(0, min(selected, mealsOfDay(shared, ctx).count - 1))
                shared.showToast(ctx.strings("nutrition.deleted", meal.name), .info, seconds: 8)
            case .undo(let meal)?:
                undoable = nil
                shared.showToast(ctx.strings("nutrition.restored", meal.name), .success)
            case nil:
                break
            }
        case .failure(let error):
            if case .add? = what {
                form?.isSaving = false
                form?.saveError = ctx.strings("form.saveFailed", error.message)
            } else {
                shared.showToast(ctx.strings("toast.saveFailed", error.message), .danger, seconds: 6)
            }
        }
        return []
    }

    public func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool {
        guard !ctx.reduceMotion else { return false }
        if scan != nil { return true }
        if form != nil, let opened = sheetOpenedAt { return now.timeIntervalSince(opened) < Self.sheetDuration }
        return false
    }
}
