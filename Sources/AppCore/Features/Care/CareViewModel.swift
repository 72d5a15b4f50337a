import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The Care screen: the task list, and the opened task going through the
/// `CareFlow` (breathing, prompt, waiting room, session, mood log). The flow
/// decides; this model turns keys and ticks into flow events and the flow's
/// effects into bells, toasts and saves.
public struct CareViewModel: Sendable {
    public var tasks: [CareTask] = []
    public var problems: [TasksFileProblem] = []
    public var origin: CareTaskOrigin = .sample
    public var completions: [String: CareCompletion] = [:]
    /// False until tasks and completions are read (right after the first frame).
    public var loaded = false
    /// Built once the presence service is known (with the tasks).
    public var flow: CareFlow?
    /// Row of the task list under the cursor.
    public var selected = 0
    /// The mood under the cursor (mood log, or the early picker in the waiting room).
    public var moodIndex: Int?
    /// The waiting room's "log your mood now" picker is open.
    public var choosingMoodEarly = false
    /// "Leave this task?" is asked.
    public var confirmingQuit = false
    /// The tasks file's problems are listed in a dialog.
    public var showingProblems = false
    /// Files to read and write; set before the first frame.
    var sources: CareSources?
    /// The breathing was paused by the "Leave this task?" question (Stay resumes it).
    var pausedForQuestion = false
    /// The last moment the screen was seen: leaving the tab pauses the breathing from here.
    var onScreenAt: Date?

    public init() {}

    // MARK: Derived state

    public var visit: CareVisit? {
        if case .visit(let v, _)? = flow?.state { return v }
        return nil
    }

    public var stage: CareStage? {
        if case .visit(_, let s)? = flow?.state { return s }
        return nil
    }

    public var breathing: BreathingSession? {
        if case .breathing(let s, _, _, _)? = stage { return s }
        return nil
    }

    public var joinPromptShown: Bool {
        if case .breathing(_, _, let prompt, _)? = stage { return prompt }
        return false
    }

    public func rows(now: Date, _ calendar: LocalCalendar) -> [CareTaskRow] {
        CareEligibility.rows(tasks: tasks, completions: completions, now: now, calendar: calendar)
    }

    static func eligibleIndex(_ rows: [CareTaskRow]) -> Int? {
        rows.firstIndex { $0.status == .eligible }
    }

    // MARK: Keys

    public enum Action: Sendable, Equatable {
        case up, down, first, last, open, problems, closeProblems
        case pauseResume, joinNow, keepBreathing
        case logMoodEarly, moodUp, moodDown, moodFirst, moodLast, chooseMood, closeMoodPicker
        case endSession, askQuit, quitYes, quitNo, backToList
    }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        if confirmingQuit {
            // Stay is the default: Enter never discards a task in progress.
            return [Binding([.enter, .char("n"), .escape], "Enter", s("care.key.stay"), .quitNo),
                    Binding([.char("y")], "y", s("care.key.leave"), .quitYes)]
        }
        if showingProblems {
            return [Binding([.escape, .enter, .char("p")], "Esc", s("key.back"), .closeProblems)]
        }
        let moodKeys = [
            Binding([.up, .char("k"), .left, .char("h")], "↑/↓", s("care.key.previousMood"), Action.moodUp, footerTitle: s("care.key.chooseMood")),
            Binding([.down, .char("j"), .right, .char("l")], "↓/j", s("care.key.chooseMoodDown"), .moodDown, footer: false),
            Binding([.enter, .char(" ")], "Enter", s("care.key.logMood"), .chooseMood),
            Binding([.home], "Home", s("care.key.firstMood"), .moodFirst, footer: false),
            Binding([.end], "End", s("care.key.lastMood"), .moodLast, footer: false),
        ]
        if choosingMoodEarly {
            return moodKeys + [Binding([.escape], "Esc", s("key.back"), .closeMoodPicker)]
        }
        let leave = Binding([.escape], "Esc", s("care.key.leaveTask"), Action.askQuit)
        switch stage {
        case nil:
            // Enter starts the ready task; on another it says why it cannot start.
            let selectedRow = rows(now: shared.now, ctx.calendar).dropFirst(max(0, selected)).first
            let startable: Bool
            if case .eligible? = selectedRow?.status { startable = true } else { startable = false }
            var list: [Binding<Action>] = selectedRow == nil ? [] : [
                Binding([.enter, .char(" ")], "Enter", s(startable ? "care.key.start" : "care.key.why"), .open),
                Binding([.up, .char("k")], "↑/↓", s("care.key.moveUp"), .up, footerTitle: s("care.key.move")),
                Binding([.down, .char("j")], "↓/j", s("care.key.moveDown"), .down, footer: false),
                Binding([.home], "Home", s("care.key.first"), .first, footer: false),
                Binding([.end], "End", s("care.key.last"), .last, footer: false),
            ]
            if !problems.isEmpty { list.append(Binding([.char("p")], "p", s("care.key.problems"), .problems)) }
            return list
        case .breathing(let session, _, let prompt, _)?:
            var list: [Binding<Action>] = []
            if prompt {
                list.append(Binding([.enter], "Enter", s("care.key.joinNow"), .joinNow))
                list.append(Binding([.char("f")], "f", s("care.key.finishBreathing"), .keepBreathing))
            }
            list.append(Binding([.char(" ")], "Space", s(session.isPaused ? "care.key.resume" : "care.key.pause"), .pauseResume))
            list.append(leave)
            return list
        case .waitingRoom?:
            return [Binding([.char("m")], "m", s(visit?.mood == nil ? "care.key.logMoodEarly" : "care.key.changeMood"), .logMoodEarly), leave]
        case .session?:
            return [Binding([.enter], "Enter", s("care.key.endSession"), .endSession), leave]
        case .moodLog?:
            return moodKeys + [leave]
        case .completed?:
            return [Binding([.enter, .escape], "Enter", s("care.key.backToList"), .backToList)]
        }
    }

    public mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        onScreenAt = shared.now
        return loaded && performBound(key, &shared, ctx, &effects)
    }

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let now = shared.now
        switch action {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(max(0, tasks.count - 1), selected + 1)
        case .first: selected = 0
        case .last: selected = max(0, tasks.count - 1)
        case .open: return open(&shared, ctx)
        case .problems: showingProblems = !problems.isEmpty
        case .closeProblems: showingProblems = false
        case .pauseResume:
            guard let session = breathing else { return [] }
            return apply(session.isPaused ? .resume(now) : .pause(now), &shared, ctx)
        case .joinNow: return apply(.joinNow(now), &shared, ctx)
        case .keepBreathing: return apply(.keepBreathing, &shared, ctx)
        case .logMoodEarly:
            moodIndex = currentMoodIndex
            choosingMoodEarly = true
        case .moodUp: moodIndex = moodIndex.map { max(0, $0 - 1) } ?? 0
        case .moodDown: moodIndex = moodIndex.map { min(max(0, (visit?.task.moodChoices.count ?? 1) - 1), $0 + 1) } ?? 0
        case .moodFirst: moodIndex = 0
        case .moodLast: moodIndex = max(0, (visit?.task.moodChoices.count ?? 1) - 1)
        case .chooseMood: return chooseMood(&shared, ctx)
        case .closeMoodPicker: choosingMoodEarly = false
        case .endSession: return apply(.exitSession(now), &shared, ctx)
        case .askQuit:
            confirmingQuit = true
            // The exercise waits while the question is asked.
            if let session = breathing, !session.isPaused {
                pausedForQuestion = true
                return apply(.pause(now), &shared, ctx)
            }
        case .quitNo:
            confirmingQuit = false
            if pausedForQuestion {
                pausedForQuestion = false
                return apply(.resume(now), &shared, ctx)
            }
        case .quitYes:
            confirmingQuit = false
            pausedForQuestion = false
            choosingMoodEarly = false
            let effects = apply(.quit, &shared, ctx)
            shared.showToast(ctx.strings("care.toast.notCompleted"), .info)
            return effects
        case .backToList:
            let effects = apply(.quit, &shared, ctx)
            selected = Self.eligibleIndex(rows(now: now, ctx.calendar)) ?? selected
            return effects
        }
        return []
    }

    /// The logged mood's row; nil when none is logged (the question has no preselected answer).
    private var currentMoodIndex: Int? {
        guard let v = visit, let mood = v.mood else { return nil }
        return v.task.moodChoices.firstIndex(of: mood)
    }

    private mutating func open(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        let list = rows(now: shared.now, ctx.calendar)
        guard list.indices.contains(selected) else { return [] }
        let row = list[selected]
        let s = ctx.strings
        switch row.status {
        case .locked:
            let due = ctx.formats.dayAndMonth(row.task.due)
            shared.showToast(s("care.toast.locked", due), .info, short: s("care.toast.lockedShort", due))
            return []
        case .completed(let c):
            shared.showToast(s("care.toast.alreadyDone", ctx.formats.dayAndMonth(DayKey(c.completedAt, calendar: ctx.calendar))), .info)
            return []
        case .waiting:
            shared.showToast(s("care.toast.waitTurn"), .info, short: s("care.toast.waitTurnShort"))
            return []
        case .eligible:
            // A "why not that one" note from the list is about the list: the session starts without it.
            if shared.toast?.tone == .info { shared.toast = nil }
            moodIndex = nil
            choosingMoodEarly = false
            confirmingQuit = false
            return apply(.open(row, at: shared.now), &shared, ctx)
        }
    }

    private mutating func chooseMood(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard let v = visit else { return [] }
        guard let index = moodIndex, v.task.moodChoices.indices.contains(index) else {
            shared.showToast(ctx.keysText("care.toast.chooseMood"), .info)
            return []
        }
        let mood = v.task.moodChoices[index]
        let early = choosingMoodEarly
        choosingMoodEarly = false
        let effects = apply(.logMood(mood, at: shared.now), &shared, ctx)
        if early { shared.showToast(ctx.strings("care.toast.moodLogged", mood), .success, seconds: 3) }
        return effects
    }

    // MARK: The flow

    /// Sends one event to the flow and turns what it asks for into app effects.
    mutating func apply(_ event: CareFlowEvent, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard var f = flow else { return [] }
        let requests = f.handle(event)
        flow = f
        let onScreen = shared.route == Self.id
        var effects: [Effect] = []
        var bell = false
        for request in requests {
            switch request {
            case .cue:
                bell = bell || onScreen
            case .providerOnline:
                bell = true
                if !onScreen { shared.showToast(ctx.strings("care.toast.providerOnline", f.presence.providerName), .info, seconds: 6) }
            case .saveCompletion(let c):
                completions[c.taskID] = c
                if let file = sources?.completionsFile { effects.append(Self.save(c, to: file)) }
                // The completion screen says so on the Care tab; elsewhere a toast tells it once.
                if !onScreen { shared.showToast(ctx.strings("care.toast.completed"), .success, seconds: 3) }
            case .rejected(let message):
                shared.showToast(message, .warning, remember: false)
            }
        }
        // One gentle cue at a time, even when a phase change and the provider coincide.
        if bell { effects.append(.haptic) }
        return effects
    }

    // MARK: Time

    public mutating func tick(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard stage != nil else { return [] }
        var effects: [Effect] = []
        // Off the tab the exercise waits: paused from the moment the screen was left.
        if shared.route != Self.id, let session = breathing, !session.isPaused {
            effects += apply(.pause(onScreenAt ?? shared.now), &shared, ctx)
        }
        return effects + apply(.tick(shared.now), &shared, ctx)
    }

    public mutating func settle(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        onScreenAt = shared.now
        return []
    }

    /// The next moment something on screen changes: a phase, a second of a countdown,
    /// the provider's arrival. A hair late so the frame computed then is past the boundary.
    public func nextTimer(after now: Date) -> Date? {
        guard let flow, case .visit(let v, let stage) = flow.state else { return nil }
        var candidates: [Date] = []
        let online = flow.presence.onlineAt(visitStart: v.openedAt, exerciseSeconds: v.plan.totalSeconds)
        func nextSecond(from start: Date) {
            let elapsed = max(0, now.timeIntervalSince(start))
            candidates.append(start.addingTimeInterval(elapsed.rounded(.down) + 1))
        }
        switch stage {
        case .breathing(let session, _, let prompt, let dismissed):
            if !prompt && !dismissed, let online, online > now { candidates.append(online) }
            if !session.isPaused {
                let left = session.frame(at: now).secondsLeftInPhase
                let fraction = left - left.rounded(.down)
                candidates.append(now.addingTimeInterval(fraction > 0.0005 ? fraction : min(1, max(left, 0.001))))
            }
        case .waitingRoom(let since):
            if let online, online > now { candidates.append(online) }
            nextSecond(from: since)
        case .session(_, let startedAt):
            nextSecond(from: startedAt)
        case .moodLog, .completed:
            return nil
        }
        return candidates.min().map { max($0, now).addingTimeInterval(0.001) }
    }

    public func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool {
        guard !ctx.reduceMotion, let session = breathing else { return false }
        return !session.isPaused && !session.isFinished(at: now)
    }

    /// "3:07", or "1:02:05" past an hour; negative counts as zero.
    static func clock(_ seconds: TimeInterval) -> String {
        String.clock(seconds: seconds.isFinite ? Int(min(max(0, seconds), 359_999)) : 0)
    }
}
