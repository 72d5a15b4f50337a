import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The meal log: any past day's meals (←/→), the meal sheet (log to the day on
/// screen, or edit a meal), the Scan screen, and the day's energy eaten vs burned.
/// Every change is saved at once; a failed save keeps what was typed; deletes
/// and edits can be undone.
public struct NutritionViewModel: Sendable {
    public enum Focus: Int, Sendable, CaseIterable { case list, logMeal, scan }

    public struct ScanState: Sendable, Equatable {
        public var code = TextFieldState("", maxLength: 14)
        public var message: String?
        public var openedAt: Date
    }

    enum PendingSave: Sendable, Equatable { case add(Meal), edit(before: Meal, after: Meal), delete(Meal), undo(UndoEntry) }

    /// What `u` puts back.
    public enum UndoEntry: Sendable, Equatable {
        case deleted(Meal)
        case edited(before: Meal)
        /// Just logged: undo takes it back out of the log.
        case added(Meal)
        var meal: Meal {
            switch self {
            case .deleted(let m), .edited(let m), .added(let m): return m
            }
        }
    }

    public var dayOffset = 0
    public var selected = 0
    public var focus: Focus = .list
    public var form: MealForm?
    public var sheetOpenedAt: Date?
    public var scan: ScanState?
    public var undoable: UndoEntry?
    /// Active energy burned per day, from health loads and live updates.
    public var burned: [DayKey: Double] = [:]
    /// The last health load could read active energy (false until one has).
    var energyReadable = false
    /// Days before the loads' window already read for their energy (with or without a reading).
    var energyAsked = Set<DayKey>()
    /// The day whose energy is being read.
    var energyReading: DayKey?
    var pending: PendingSave?
    /// Every logged meal, all days.
    public var meals: [Meal] = [] { didSet { keptDay = nil } }
    /// The meals of the day on screen as of the last event (`settle`), so a frame and a key
    /// do not each look through every meal (5,000: 3–4 times a key). Used only while the day
    /// and calendar asked for are the ones it was made for; any change to `meals` drops it.
    private(set) var keptDay: ShownDay?

    struct ShownDay: Sendable {
        var day: DayKey
        var calendar: LocalCalendar
        /// The day's meals in the log's order (what `DayBalance` adds up, in that order).
        var logged: [Meal]
        /// …and as the list shows them.
        var sorted: [Meal]
    }
    /// False until the meal log is read (right after the first frame): never edit a log not yet read.
    public var mealsLoaded = false

    public static let sheetDuration = 0.16

    public init() {}

    /// The sheet, its discard question included, and the scan field: past their own keys only
    /// F1 (help) and Ctrl-C (quit) reach the shell. On the question `q` or a tab's number quit or
    /// left the sheet with the meal and the question waiting behind.
    public var capturesText: Bool { form != nil || scan != nil }
    /// A field of the sheet or its time (both typed and edited the same way; not its buttons,
    /// nor the question) or the scan's code.
    public var editsText: Bool { form.map { !$0.confirmingDiscard && ($0.focusedField != nil || $0.timeFocused) } ?? (scan != nil) }

    func day(_ shared: SharedState, _ ctx: AppContext) -> DayKey {
        DayKey(shared.now, calendar: ctx.calendar).adding(days: dayOffset)
    }

    func mealsOfDay(_ shared: SharedState, _ ctx: AppContext) -> [Meal] {
        dayMeals(day(shared, ctx), ctx.calendar).sorted
    }

    /// The meals of `day`: kept from the last event when they are that day's, or found now.
    func dayMeals(_ day: DayKey, _ calendar: LocalCalendar) -> ShownDay {
        if let kept = keptDay, kept.day == day, kept.calendar == calendar { return kept }
        return Self.findDay(meals, day, calendar)
    }

    static func findDay(_ meals: [Meal], _ day: DayKey, _ calendar: LocalCalendar) -> ShownDay {
        let logged = meals.on(day, calendar: calendar)
        // Same-minute meals in the order they were logged (the log's order, the same in every window), so a
        // row never jumps and the coffee logged after the salad lists after it (by id it was either way).
        let sorted = logged.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        return ShownDay(day: day, calendar: calendar, logged: logged, sorted: sorted)
    }

    /// Keeps the meals of the day on screen for the frames and keys that follow (after each event).
    mutating func keepShownDay(_ shared: SharedState, _ ctx: AppContext) {
        let day = day(shared, ctx)
        if let kept = keptDay, kept.day == day, kept.calendar == ctx.calendar { return }
        keptDay = Self.findDay(meals, day, ctx.calendar)
    }

    public enum Action: Sendable {
        case logMeal, scan, up, down, first, last, previousDay, nextDay, edit, delete, undo, focusNext, focusPrevious, activate
        // sheet
        case fieldNext, fieldPrevious, save, cancel, discardYes, discardNo
        // scan
        case lookup, closeScan
    }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        if let form {
            if form.confirmingDiscard {
                return [Binding([.char("y"), .enter], "y", s(form.discardQuits ? "form.discard.yesQuit" : "form.discard.yes"), .discardYes),
                        Binding([.char("n"), .escape], "n/Esc", s("form.discard.no"), .discardNo)]
            }
            return [
                Binding([.tab, .down], "Tab/↓", s("form.key.next"), .fieldNext),
                Binding([.backTab, .up], "Shift-Tab/↑", s("form.key.previous"), .fieldPrevious, footer: false),
                Binding([.enter], "Enter", s("form.key.enter"), .activate, footer: false),
            ] + (form.deletedElsewhere ? [] : [Binding([.ctrl("s")], "Ctrl-S", s("form.save"), .save)]) + [
                Binding([.escape], "Esc", s("form.cancel"), .cancel),
            ]
        }
        if scan != nil {
            return [Binding([.enter], "Enter", s("scan.lookup"), .lookup),
                    Binding([.escape], "Esc", s("key.back"), .closeScan)]
        }
        // Keys for the meals only when there are meals to act on.
        let count = mealsOfDay(shared, ctx).count
        // Enter does what the focused button does, or edits the selected meal from the list:
        // it is one more key of that action (help and the palette list it there).
        // On its button the footer says so too ("s/Enter Scan") and keeps it when short of room.
        func enter(on button: Focus) -> [Key] { focus == button ? [.enter] : [] }
        func label(_ key: String, on button: Focus) -> String { focus == button ? key + "/Enter" : key }
        func priority(on button: Focus) -> Int? { focus == button ? 2 : nil }
        var list: [Binding<Action>] = [Binding([.char("n")] + enter(on: .logMeal), label("n", on: .logMeal), s("nutrition.logMeal"), .logMeal,
                                               priority: priority(on: .logMeal))]
        if count > 1 {
            // The arrows are the first to leave a short footer (help keeps them): Edit and Delete act on what they select.
            list += [Binding([.up, .char("k")], "↑/↓", s("nutrition.key.up"), .up, priority: 0, footerTitle: s("nutrition.key.select")),
                     Binding([.down, .char("j")], "↓/j", s("nutrition.key.down"), .down, footer: false)]
        }
        if count > 0 {
            // Short in the footer ("d Delete": the highlight says which meal), whole in help.
            list += [Binding([.char("e")] + enter(on: .list), focus == .list ? "Enter/e" : "e", s("nutrition.key.edit"), .edit,
                             footerTitle: s("nutrition.key.editShort")),
                     Binding([.char("d"), .delete, .backspace], "d", s("nutrition.key.delete"), .delete, footerTitle: s("nutrition.key.deleteShort"))]
        }
        list += [
            Binding([.left, .char("h")], "←/→", s("nutrition.key.previousDay"), .previousDay, footerTitle: s("nutrition.key.days")),
            Binding([.right, .char("l")], "→/l", s("nutrition.key.nextDay"), .nextDay, footer: false),
            Binding([.char("s")] + enter(on: .scan), label("s", on: .scan), s("nutrition.scan"), .scan, priority: priority(on: .scan)),
        ]
        if count > 1 {
            list += [Binding([.home], "Home", s("nutrition.key.first"), .first, footer: false),
                     Binding([.end], "End", s("nutrition.key.last"), .last, footer: false)]
        }
        list += [
            Binding([.tab], "Tab", s("key.focus"), .focusNext, footer: false),
            Binding([.backTab], "Shift-Tab", s("key.focusBack"), .focusPrevious, footer: false),
        ]
        if let undoable {
            let label = switch undoable {
            case .edited: s("nutrition.key.undoEdit")
            case .added: s("nutrition.key.undoAdd")
            case .deleted: s("nutrition.key.undo")
            }
            // Beside Delete, before the day keys (a short footer drops those first). After a delete or an edit it is
            // the key most wanted and outlasts the rest; after a log (offered until the next change) Edit and Delete outlast it.
            let added = if case .added = undoable { true } else { false }
            let undo = Binding([.char("u")], "u", label, Action.undo, priority: added ? 1 : 2)
            let afterDelete = list.firstIndex { if case .delete = $0.action { true } else { false } }.map { $0 + 1 }
            list.insert(undo, at: afterDelete ?? list.endIndex)
        }
        return list
    }

    public mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        guard mealsLoaded else { return false }
        // Ctrl-C with a meal typed and not saved asks first, as Esc does; pressed again on the
        // question it quits (the question lets it through).
        if key == .ctrl("c"), let f = form, f.isDirty, !f.confirmingDiscard {
            form?.confirmingDiscard = true
            form?.discardQuits = true
            return true
        }
        if performBound(key, &shared, ctx, &effects) { return true }
        // Typing goes to the focused field; keys a field does not use fall through.
        if var f = form, !f.confirmingDiscard, f.timeFocused {
            // A whole time ("12:04") with the cursor after it: typing starts a new one, as typing
            // over a selected field does (it was refused without a word: the field holds five).
            if case .char = key, f.time.characters.count >= f.time.maxLength, f.time.cursor == f.time.characters.count {
                f.time.setText("")
            }
            if f.time.handle(key) {
                f.saveError = nil
                form = f
                return true
            }
            return isTyping(key)
        }
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
            if case .char(let c) = key, !(c.isASCII && c.isNumber) {
                // Refused, never filtered later: what is in the field is exactly what was accepted.
                sc.message = ctx.strings("scan.refused", String(c))
                scan = sc
                return true
            }
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

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let list = mealsOfDay(shared, ctx)
        switch action {
        case .logMeal: openNewForm(&shared, ctx)
        case .scan: scan = ScanState(openedAt: shared.now)
        case .up: selected = max(0, selected - 1); focus = .list
        case .down: selected = min(max(0, list.count - 1), selected + 1); focus = .list
        case .first: selected = 0; focus = .list
        case .last: selected = max(0, list.count - 1); focus = .list
        case .previousDay: dayOffset = max(-3650, dayOffset - 1); selected = 0
        case .nextDay:
            if dayOffset >= 0 {
                shared.showToast(ctx.strings("nutrition.noFuture"), .info, seconds: 3)
            } else {
                dayOffset += 1
                selected = 0
            }
        case .edit:
            guard list.indices.contains(selected) else { return [] }
            openForm(MealForm.edit(list[selected], ctx), &shared)
        case .focusNext: focus = Focus(rawValue: (focus.rawValue + 1) % Focus.allCases.count)!
        case .focusPrevious: focus = Focus(rawValue: (focus.rawValue + Focus.allCases.count - 1) % Focus.allCases.count)!
        case .delete:
            guard pending == nil, list.indices.contains(selected) else { return [] }
            let meal = list[selected]
            pending = .delete(meal)
            undoable = .deleted(meal)
            shared.showToast(ctx.strings("nutrition.deleted", meal.name), .info, seconds: 8)
            return takeOut(meal, shared, ctx)
        case .undo:
            guard pending == nil, let entry = undoable else { return [] }
            pending = .undo(entry)
            if case .added(let meal) = entry { return takeOut(meal, shared, ctx) }
            return [Self.save(.restore(entry.meal))]
        case .activate:
            if form != nil { return activateInForm(&shared, ctx) }
            switch focus {
            case .logMeal: openNewForm(&shared, ctx)
            case .scan: scan = ScanState(openedAt: shared.now)
            case .list: return perform(.edit, &shared, ctx)
            }
        case .fieldNext: form?.moveFocus(by: 1)
        case .fieldPrevious: form?.moveFocus(by: -1)
        case .save: return save(&shared, ctx)
        case .cancel:
            guard let f = form else { return [] }
            if f.isDirty && !f.deletedElsewhere { form?.confirmingDiscard = true } else { form = nil }
        case .discardYes:
            let quits = form?.discardQuits == true
            form = nil
            if quits { return [.quit] }
        case .discardNo:
            form?.confirmingDiscard = false
            form?.discardQuits = false
        case .lookup: return lookup(&shared, ctx)
        case .closeScan: scan = nil
        }
        return []
    }

    private mutating func openForm(_ f: MealForm, _ shared: inout SharedState) {
        form = f
        sheetOpenedAt = shared.now
    }

    /// A new meal for the day on screen.
    private mutating func openNewForm(_ shared: inout SharedState, _ ctx: AppContext, prefill: MealFields = MealFields()) {
        openForm(MealForm.new(day: day(shared, ctx), now: shared.now, ctx.calendar, prefill: prefill), &shared)
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
        guard var f = form, !f.isSaving, !f.deletedElsewhere, pending == nil else { return [] }
        f.attemptedSave = true
        let v = f.validation(ctx.formats.locale)
        let time = f.timeResult(now: shared.now, ctx.calendar)
        guard let m = v.meal, v.isValid, case .success(let date) = time else {
            // Save is disabled: show every message and go to the first problem.
            if let first = MealForm.fields.firstIndex(where: { v.errors[$0] != nil }) { f.focus = first } else { f.focus = MealForm.timePosition }
            form = f
            return []
        }
        f.isSaving = true
        form = f
        if let before = f.editing {
            let after = Meal(id: before.id, time: date, name: m.name, calories: m.calories, protein: m.protein, carbs: m.carbs, fat: m.fat)
            pending = .edit(before: before, after: after)
            return [Self.save(.edit(after))]
        }
        let meal = Meal(time: date, name: m.name, calories: m.calories, protein: m.protein, carbs: m.carbs, fat: m.fat)
        pending = .add(meal)
        return [Self.save(.add(meal))]
    }

    private mutating func lookup(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard var sc = scan else { return [] }
        let code = sc.code.text
        guard !code.isEmpty else { sc.message = ctx.strings("scan.enterCode"); scan = sc; return [] }
        if case .failure(let problem) = Barcode.validate(code) {
            sc.message = ScanMessages.text(problem, code, ctx)
            scan = sc
            return []
        }
        guard let product = ProductCatalog.lookup(code) else {
            sc.message = ctx.strings("scan.unknown", code)
            scan = sc
            return []
        }
        scan = nil
        let locale = ctx.formats.locale
        openNewForm(&shared, ctx, prefill: MealFields(
            name: product.name, calories: String(product.calories),
            protein: LocaleNumber.format(product.protein, locale: locale, maxDecimals: 1),
            carbs: LocaleNumber.format(product.carbs, locale: locale, maxDecimals: 1),
            fat: LocaleNumber.format(product.fat, locale: locale, maxDecimals: 1)))
        form?.focus = MealForm.savePosition
        return []
    }

    mutating func mealsSaved(_ result: Result<[Meal], StorageError>, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let what = pending
        pending = nil
        switch result {
        case .success(let meals):
            let highlighted = selectedMeal(shared, ctx)?.id
            self.meals = meals
            switch what {
            case .add(let meal)?:
                form = nil
                undoable = .added(meal)
                show(meal, shared, ctx)
                shared.showToast(ctx.strings("nutrition.saved", meal.name, ctx.formats.integer(meal.calories)), .success)
            case .edit(let before, let after)?:
                form = nil
                undoable = .edited(before: before)
                show(after, shared, ctx)
                shared.showToast(ctx.strings("nutrition.edited", after.name), .success, seconds: 8)
            case .delete?:
                reselect(highlighted, shared, ctx)  // the delete was shown before the write: the row after it
            case .undo(.added(let meal))?:
                undoable = nil
                reselect(highlighted, shared, ctx)
                shared.showToast(ctx.strings("nutrition.unlogged", meal.name), .success)
            case .undo(let entry)?:
                undoable = nil
                show(entry.meal, shared, ctx)
                shared.showToast(ctx.strings("nutrition.restored", entry.meal.name), .success)
            case nil:
                reselect(highlighted, shared, ctx)
            }
            return [.send(.everyone, MealsChanged(meals: meals))]
        case .failure(let error):
            switch what {
            case .edit? where error.message == StorageOwner.deletedElsewhere:
                // Another window deleted this meal: say so, keep what was typed, never bring the meal back.
                form?.isSaving = false
                form?.saveError = ctx.strings("form.deletedElsewhere")
                form?.deletedElsewhere = true
            case .add?, .edit?:
                form?.isSaving = false
                form?.saveError = ctx.strings("form.saveFailed", error.message)
                shared.messages.append(ctx.strings("toast.saveFailed", error.message), .danger, at: shared.now)
            case .delete(let meal)?, .undo(.added(let meal))?:
                // The delete was shown before the write: the meal comes back, and nothing is offered to undo.
                if !meals.contains(where: { $0.id == meal.id }) { meals.append(meal) }
                if undoable?.meal.id == meal.id { undoable = nil }
                shared.showToast(ctx.strings("toast.saveFailed", error.message), .danger, seconds: 6)
                return [.send(.everyone, MealsChanged(meals: meals))]
            default:
                shared.showToast(ctx.strings("toast.saveFailed", error.message), .danger, seconds: 6)
            }
        }
        return []
    }

    /// Another tmm-tui process changed the meal log: show it as it is now. A
    /// meal open in the sheet that was deleted there is said so on the sheet.
    mutating func mealsReloaded(_ list: [Meal], _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let highlighted = selectedMeal(shared, ctx)?.id
        meals = list
        mealsLoaded = true
        let deletedMessage = ctx.strings("form.deletedElsewhere")
        if let editing = form?.editing {
            if !list.contains(where: { $0.id == editing.id }) {
                form?.saveError = deletedMessage
                form?.deletedElsewhere = true
            } else if form?.deletedElsewhere == true {
                // Back again (undone in the other window): Save works, so the sheet stops saying it won't.
                form?.saveError = nil
                form?.deletedElsewhere = false
            }
        }
        if case .deleted(let m)? = undoable, list.contains(where: { $0.id == m.id }) { undoable = nil }
        // Deleted in another window: nothing left here to take back.
        if case .added(let m)? = undoable, !list.contains(where: { $0.id == m.id }) { undoable = nil }
        reselect(highlighted, shared, ctx)
        return [.send(.everyone, MealsChanged(meals: meals))]
    }

    /// A delete (`d`, or undoing a log): gone from the screen at once, the write follows (a failure puts
    /// the meal back and says so).
    private mutating func takeOut(_ meal: Meal, _ shared: SharedState, _ ctx: AppContext) -> [Effect] {
        meals.removeAll { $0.id == meal.id }
        selected = max(0, min(selected, mealsOfDay(shared, ctx).count - 1))
        return [Self.save(.delete(id: meal.id)), .send(.everyone, MealsChanged(meals: meals))]
    }

    /// The meal the list's highlight is on (what `e` and `d` act on).
    func selectedMeal(_ shared: SharedState, _ ctx: AppContext) -> Meal? {
        let list = mealsOfDay(shared, ctx)
        return list.indices.contains(selected) ? list[selected] : nil
    }

    /// The highlight back on the meal `id` after the list changed under it (another window's meal
    /// logged above it moved it down a row: `d` must not delete that one); where `id` is gone, the
    /// row it was on, or the last.
    private mutating func reselect(_ id: UUID?, _ shared: SharedState, _ ctx: AppContext) {
        let list = mealsOfDay(shared, ctx)
        selected = id.flatMap { id in list.firstIndex { $0.id == id } } ?? max(0, min(selected, list.count - 1))
    }

    /// Moves to `meal`'s day (never a future one) and selects it.
    private mutating func show(_ meal: Meal, _ shared: SharedState, _ ctx: AppContext) {
        let today = DayKey(shared.now, calendar: ctx.calendar)
        let day = DayKey(meal.time, calendar: ctx.calendar)
        let offset = ctx.calendar.dateComponents([.day], from: today.startDate(in: ctx.calendar), to: day.startDate(in: ctx.calendar)).day ?? 0
        dayOffset = max(-3650, min(0, offset))
        selected = mealsOfDay(shared, ctx).firstIndex { $0.id == meal.id } ?? 0
    }

    /// The day on screen's energy in and out.
    func balance(_ shared: SharedState, _ ctx: AppContext) -> DayBalance {
        let day = day(shared, ctx)
        return DayBalance(mealsOfDay: dayMeals(day, ctx.calendar).logged, day: day, burned: burned)
    }

    /// Remembers active energy per day from a load (nil: no access, forget it all).
    /// A load's days replace what was known of them; days read further back are kept.
    mutating func noteEnergy(_ totals: [DailyTotal]?) {
        energyReadable = totals != nil
        guard let totals else {
            burned = [:]
            energyAsked = []
            return
        }
        for t in totals where t.value.isFinite && t.value >= 0 { burned[t.day] = t.value }
    }

    /// Adds a live update's active energy, while the last load could read it: the live feed
    /// totals every day its samples touch, so without access a day would read 0 kcal burned.
    mutating func noteLiveEnergy(_ totals: [DailyTotal]) {
        guard energyReadable else { return }
        for t in totals where t.value.isFinite && t.value >= 0 { burned[t.day] = t.value }
    }

    public func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool {
        guard !ctx.reduceMotion else { return false }
        if scan != nil { return true }
        if form != nil, let opened = sheetOpenedAt { return now.timeIntervalSince(opened) < Self.sheetDuration }
        return false
    }
}
