import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let care = FeatureID("care")
}

/// Care's mock telehealth provider: `--provider` (default mid-exercise), seeded by `--seed`.
public enum CarePresence: ServiceKey {
    public static func make(_ env: AppEnvironment) -> any ProviderPresenceService {
        MockProviderPresence(scenario: env.options.value(of: "--provider").flatMap(PresenceScenario.init(name:)) ?? .onlineMidExercise,
                             seed: env.options.seed)
    }
}

/// Care as a feature: tasks and completions read after the first frame, each
/// completion written by the storage owner, the flow driven by the app clock.
extension CareViewModel: BindingFeature {
    public static let id = FeatureID.care
    public static var snapshotScreens: [String] { ["care", "breathing"] }
    public static var serviceKeys: [any ServiceKey.Type] { [CarePresence.self] }
    public static var commandLineOptions: [FeatureOption] {
        [FeatureOption(OptionEntry(names: ["--provider"], placeholder: "NAME", values: .words(PresenceScenario.words), subcommands: [],
                                   help: ["Care's mock provider: available-now, after-delay[:S],", "mid-exercise, never"], listed: true)) { v in
            PresenceScenario(name: v) != nil ? nil : "unknown provider presence \"\(v)\" (choose from \(PresenceScenario.names.joined(separator: ", ")))"
        },
         FeatureOption(OptionEntry(names: ["--tasks"], placeholder: "FILE", values: .file, subcommands: [],
                                   help: ["Care tasks (default: $XDG_DATA_HOME/tmm-tui/tasks.json,", "else the built-in sample)"], listed: true)) { v in
             v.isEmpty ? "--tasks needs a file" : nil
         }]
    }
    public static var stringTables: [String: [UInt8]] {
        ["en": PackageResources.care_en_json, "fr": PackageResources.care_fr_json]
    }

    /// Tasks, completions and the presence service, ready for the list.
    struct Loaded: Sendable {
        var content: CareLoaded
        var presence: any ProviderPresenceService
    }

    struct CompletionSaved: Sendable {
        var taskID: String
        var error: String?
    }

    static func load(_ sources: CareSources) -> Effect {
        .run(Work(WorkID(.care, "load")) { services in
            let content = await services.storage.onQueue { CareTaskSource.load(sources, now: services.now(), calendar: services.calendar) }
            return Loaded(content: content, presence: services[CarePresence.self])
        })
    }

    /// Appends the completion to its file on the storage queue (one work per task, so two never cancel each other).
    static func save(_ completion: CareCompletion, to file: URL) -> Effect {
        .run(Work(WorkID(.care, "save-\(completion.taskID)")) { services in
            let error = await services.storage.onQueue { CareTaskSource.save(completion, to: file, lock: services.storage.lock, now: services.now()) }
            return CompletionSaved(taskID: completion.taskID, error: error)
        })
    }

    mutating func take(_ loaded: Loaded, now: Date, _ calendar: LocalCalendar) {
        tasks = loaded.content.tasks
        problems = loaded.content.problems
        origin = loaded.content.origin
        // Keep completions made before the file was read (none in practice; never lose one).
        completions = loaded.content.completions.merging(completions) { old, _ in old }
        if flow == nil { flow = CareFlow(presence: loaded.presence) }
        self.loaded = true
        selected = Self.eligibleIndex(rows(now: now, calendar)) ?? 0
    }

    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        let now = env.now(), calendar = env.context.calendar
        let sources = CareSources(options: env.options, paths: env.paths)
        let content = await env.storage.onQueue { CareTaskSource.load(sources, now: now, calendar: calendar) }
        var care = model.care
        care.sources = sources
        care.take(Loaded(content: content, presence: env.service(CarePresence.self)), now: now, calendar)
        if screen == "breathing", let index = Self.eligibleIndex(care.rows(now: now, calendar)) {
            // Mid-inhale of the first breath, whoever the provider is (a provider there now would skip it).
            var flow = CareFlow(presence: MockProviderPresence(scenario: .never))
            let row = care.rows(now: now, calendar)[index]
            flow.handle(.open(row, at: now.addingTimeInterval(-flow.inhaleSeconds / 2)))
            flow.handle(.tick(now))
            care.flow = flow
        }
        model.care = care
    }

    public mutating func prepareFirstFrame(_ env: AppEnvironment, _ shared: inout SharedState) {
        sources = CareSources(options: env.options, paths: env.paths)
    }


    public mutating func start(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard !loaded, let sources else { return [] }
        return [Self.load(sources)]
    }

    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch message {
        case let m as Loaded:
            take(m, now: shared.now, ctx.calendar)
            if let notice = m.content.notice { shared.showToast(notice, .warning, seconds: 8) }
            return []
        case let m as CompletionSaved:
            // The completion stays on screen for this run; the toast says it is not on disk.
            if let error = m.error { shared.showToast(ctx.strings("care.toast.saveFailed", error), .danger, seconds: 8) }
            return []
        case is DayChanged:
            // A new day may unlock a task: keep the cursor on the one to do, unless mid-task.
            if stage == nil { selected = Self.eligibleIndex(rows(now: shared.now, ctx.calendar)) ?? selected }
            return []
        default:
            return []
        }
    }

    public var presentsSheet: Bool { choosingMoodEarly }

    public func status(_ shared: SharedState, _ ctx: AppContext) -> HeaderStatus? {
        let s = ctx.strings, now = shared.now
        guard loaded else { return HeaderStatus([s("status.loading")]) }
        switch stage {
        case nil:
            let list = rows(now: now, ctx.calendar)
            let done = list.filter { if case .completed = $0.status { return true } else { return false } }.count
            let ready = Self.eligibleIndex(list) != nil
            let doneText = s("care.status.done", ctx.formats.integer(done), ctx.formats.integer(list.count))
            if list.isEmpty && !problems.isEmpty {
                return HeaderStatus([s("care.status.fileProblem")], tone: .danger)
            }
            return HeaderStatus([s(ready ? "care.status.ready" : "care.status.caughtUp") + " · " + doneText, doneText],
                                tone: ready ? .accent : .textSecondary)
        case .breathing(let session, _, _, _)?:
            if session.isPaused { return HeaderStatus([s("care.status.paused")], tone: .warning) }
            let f = session.frame(at: now)
            return HeaderStatus([s("care.status.breath", ctx.formats.integer(f.breathNumber), ctx.formats.integer(session.plan.breaths))])
        case .waitingRoom(let since)?:
            return HeaderStatus([s("care.status.waiting", ctx.formats.elapsed(seconds: now.timeIntervalSince(since)))])
        case .session(_, let startedAt)?:
            return HeaderStatus([s("care.status.inSession", ctx.formats.elapsed(seconds: now.timeIntervalSince(startedAt)))], tone: .success)
        case .moodLog?:
            return HeaderStatus([s("care.status.mood")])
        case .completed?:
            // The screen says "Task complete"; the header says where the list stands.
            let list = rows(now: now, ctx.calendar)
            let done = list.filter { if case .completed = $0.status { return true } else { return false } }.count
            return HeaderStatus([s("care.status.done", ctx.formats.integer(done), ctx.formats.integer(list.count))], tone: .success)
        }
    }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        CareView.render(self, shared, ctx, r, in: rect, &buffer)
    }
}

public extension AppModel {
    var care: CareViewModel {
        get { self[CareViewModel.self] }
        set { self[CareViewModel.self] = newValue }
    }
}
