import FoundationEssentials
import Platform

/// A breath number (1-based) and its phase.
public struct BreathCue: Hashable, Sendable {
    public var breath: Int
    public var phase: BreathPhase
    public init(breath: Int, phase: BreathPhase) { self.breath = breath; self.phase = phase }
}

/// One opened task going through the flow.
public struct CareVisit: Hashable, Sendable {
    public var task: CareTask
    public var openedAt: Date
    public var plan: BreathingPlan
    /// Logged early in the waiting room, or after the session.
    public var mood: String?
}

public enum CareStage: Hashable, Sendable {
    /// `joinPrompt`: the provider came online and the user is asked "finish or join now"
    /// (non-blocking: breathing goes on under it). `promptDismissed`: they chose to finish.
    /// `lastCue`: the breath and phase last announced, so each new phase is cued once.
    case breathing(BreathingSession, lastCue: BreathCue, joinPrompt: Bool, promptDismissed: Bool)
    case waitingRoom(since: Date)
    case session(providerName: String, startedAt: Date)
    /// The session was left without a mood yet: one is required to complete.
    case moodLog(sessionEndedAt: Date)
    case completed(CareCompletion)
}

public enum CareFlowState: Hashable, Sendable {
    case list
    case visit(CareVisit, CareStage)
}

public enum CareFlowEvent: Hashable, Sendable {
    case open(CareTaskRow, at: Date)
    case tick(Date)
    case pause(Date)
    case resume(Date)
    case joinNow(Date)
    /// "Finish the exercise first": hides the join prompt.
    case keepBreathing
    case logMood(String, at: Date)
    case exitSession(Date)
    /// Leave the flow (after the UI's confirmation). Never completes a task.
    case quit
}

/// What the UI or the app must do after an event.
public enum CareFlowEffect: Hashable, Sendable {
    /// A phase of breathing began (the gentle bell/flash).
    case cue(BreathPhase)
    /// The provider is now in the session (a bell, the prompt or the session screen).
    case providerOnline
    /// Persist this; the task is complete.
    case saveCompletion(CareCompletion)
    /// The event does not apply now; a message for the status line.
    case rejected(String)
}

/// The care flow as a pure state machine: events in, state and effect requests out.
///
///     list ─open─▶ provider there? ─yes─▶ session
///                        │no
///                        ▼
///                    breathing ─provider comes online─▶ prompt: join now ─▶ session
///                        │ finished                       └ keep breathing ┘
///                        ▼
///             provider there? ─no─▶ waiting room (mood may be logged) ─provider─▶ session
///                        │yes
///                        ▼
///                     session ─exit─▶ mood logged? ─no─▶ mood log ─▶ completed
///                                          └─yes─────────────────────▶ completed
///
/// The completion time is when the session was exited (the brief: "when the session
/// is exited, the task is considered complete"); it is saved once a mood is known.
public struct CareFlow: Sendable {
    public private(set) var state: CareFlowState = .list
    public let presence: any ProviderPresenceService
    public let inhaleSeconds: Double
    public let exhaleSeconds: Double

    public init(presence: any ProviderPresenceService, inhaleSeconds: Double = 4, exhaleSeconds: Double = 6) {
        self.presence = presence
        self.inhaleSeconds = inhaleSeconds
        self.exhaleSeconds = exhaleSeconds
    }

    @discardableResult
    public mutating func handle(_ event: CareFlowEvent) -> [CareFlowEffect] {
        switch (state, event) {
        case (.list, .open(let row, let t)):
            return open(row, at: t)
        case (.visit, .quit), (.list, .quit):
            state = .list
            return []
        case (.visit(let visit, let stage), _):
            var v = visit
            let (next, effects) = step(&v, stage, event)
            state = .visit(v, next)
            return effects
        default:
            return [.rejected("Open an eligible task first")]
        }
    }

    private func providerOnline(_ v: CareVisit, at t: Date) -> Bool {
        presence.isOnline(at: t, visitStart: v.openedAt, exerciseSeconds: v.plan.totalSeconds)
    }

    private mutating func open(_ row: CareTaskRow, at t: Date) -> [CareFlowEffect] {
        switch row.status {
        case .locked: return [.rejected("This task unlocks on its due date")]
        case .completed: return [.rejected("This task is already completed")]
        case .waiting: return [.rejected("Finish the earlier task first")]
        case .eligible: break
        }
        let plan = BreathingPlan(breaths: row.task.breathCount, inhaleSeconds: inhaleSeconds, exhaleSeconds: exhaleSeconds)
        let visit = CareVisit(task: row.task, openedAt: t, plan: plan, mood: nil)
        if providerOnline(visit, at: t) {
            // Someone is there: skip the breathing to maximise time together.
            state = .visit(visit, .session(providerName: presence.providerName, startedAt: t))
            return [.providerOnline]
        }
        let session = BreathingSession(plan: plan, startedAt: t)
        state = .visit(visit, .breathing(session, lastCue: BreathCue(breath: 1, phase: .inhale), joinPrompt: false, promptDismissed: false))
        return [.cue(.inhale)]
    }

    private func step(_ v: inout CareVisit, _ stage: CareStage, _ event: CareFlowEvent) -> (CareStage, [CareFlowEffect]) {
        switch (stage, event) {
        case (.breathing(let s, let last, let prompt, let dismissed), .tick(let t)):
            if s.isFinished(at: t) {
                let finished = s.finishesAt ?? t
                if providerOnline(v, at: t) {
                    return (.session(providerName: presence.providerName, startedAt: t), prompt || dismissed ? [] : [.providerOnline])
                }
                return (.waitingRoom(since: min(finished, t)), [.cue(.done)])
            }
            var effects: [CareFlowEffect] = []
            let frame = s.frame(at: t)
            let cue = BreathCue(breath: frame.breathNumber, phase: frame.phase)
            if cue != last { effects.append(.cue(frame.phase)) }
            var showPrompt = prompt
            if !prompt && !dismissed && providerOnline(v, at: t) {
                showPrompt = true
                effects.append(.providerOnline)
            }
            return (.breathing(s, lastCue: cue, joinPrompt: showPrompt, promptDismissed: dismissed), effects)

        case (.breathing(var s, let last, let prompt, let dismissed), .pause(let t)):
            s.pause(at: t)
            return (.breathing(s, lastCue: last, joinPrompt: prompt, promptDismissed: dismissed), [])
        case (.breathing(var s, let last, let prompt, let dismissed), .resume(let t)):
            s.resume(at: t)
            return (.breathing(s, lastCue: last, joinPrompt: prompt, promptDismissed: dismissed), [])
        case (.breathing(_, _, let prompt, _), .joinNow(let t)):
            guard prompt || providerOnline(v, at: t) else { return (stage, [.rejected("Your provider is not online yet")]) }
            return (.session(providerName: presence.providerName, startedAt: t), [])
        case (.breathing(let s, let last, _, _), .keepBreathing):
            return (.breathing(s, lastCue: last, joinPrompt: false, promptDismissed: true), [])

        case (.waitingRoom, .tick(let t)):
            guard providerOnline(v, at: t) else { return (stage, []) }
            return (.session(providerName: presence.providerName, startedAt: t), [.providerOnline])
        case (.waitingRoom, .logMood(let mood, _)):
            guard let m = matchMood(mood, in: v.task) else { return (stage, [.rejected(unknownMood(mood, v.task))]) }
            v.mood = m
            return (stage, [])

        case (.session, .exitSession(let t)):
            if let mood = v.mood {
                let c = CareCompletion(taskID: v.task.id, completedAt: t, mood: mood)
                return (.completed(c), [.saveCompletion(c)])
            }
            return (.moodLog(sessionEndedAt: t), [])

        case (.moodLog(let ended), .logMood(let mood, _)):
            guard let m = matchMood(mood, in: v.task) else { return (stage, [.rejected(unknownMood(mood, v.task))]) }
            v.mood = m
            let c = CareCompletion(taskID: v.task.id, completedAt: ended, mood: m)
            return (.completed(c), [.saveCompletion(c)])

        case (_, .tick), (_, .pause), (_, .resume), (_, .keepBreathing):
            return (stage, [])
        case (.breathing, .logMood), (.session, .logMood):
            return (stage, [.rejected("The mood is logged after the session, or while waiting for your provider")])
        default:
            return (stage, [.rejected("Not available now")])
        }
    }

    private func matchMood(_ mood: String, in task: CareTask) -> String? {
        let wanted = mood.trimmed().lowercased()
        return task.moodChoices.first { $0.lowercased() == wanted }
    }

    private func unknownMood(_ mood: String, _ task: CareTask) -> String {
        "\"\(mood)\" is not one of this task's moods (\(task.moodChoices.joined(separator: ", ")))"
    }
}
