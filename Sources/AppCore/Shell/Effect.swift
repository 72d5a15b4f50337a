import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// Who hears a message.
public enum MessageTarget: Hashable, Sendable {
    /// One feature.
    case feature(FeatureID)
    /// Every feature (health data arrived, access changed).
    case everyone
    /// The shell itself (toasts about storage).
    case shell
}

/// Names a piece of work so it can be replaced or cancelled: starting work
/// with the id of work still running cancels the older one, and a result
/// from cancelled work is dropped.
public struct WorkID: Hashable, Sendable, CustomStringConvertible {
    public let feature: FeatureID
    public let name: String
    public init(_ feature: FeatureID, _ name: String) {
        self.feature = feature
        self.name = name
    }
    public var description: String { "\(feature).\(name)" }
}

/// Async work a feature hands to the runtime: run off the draw loop over the
/// services, its result delivered back as a message (nil: nothing to say).
public struct Work: Sendable {
    public let id: WorkID
    public let target: MessageTarget
    public let run: @Sendable (Services) async -> (any Sendable)?

    public init(_ id: WorkID, to target: MessageTarget? = nil, _ run: @escaping @Sendable (Services) async -> (any Sendable)?) {
        self.id = id
        self.target = target ?? .feature(id.feature)
        self.run = run
    }
}

/// What a feature asks of the runtime. There is no list of every feature's
/// effects: a feature's own work travels as `run(Work)`.
public enum Effect: Sendable {
    case run(Work)
    case cancel(WorkID)
    /// A feature changed `SharedState.settings` and wants it kept. The model
    /// turns it into `storeSettings` with the value before this event.
    case saveSettings(Settings)
    /// Written by the storage owner off the loop, only the fields changed from
    /// `base` (another process may have changed others); quick repeats coalesce.
    case storeSettings(base: Settings, mine: Settings)
    /// Start listening to the provider's new samples (once health data has loaded).
    case startLiveUpdates
    case haptic
    case quit
    /// Stop as Ctrl-Z does (the terminal restored; back on `fg`): asked from the palette,
    /// as the run loop takes Ctrl-Z itself before the model sees it.
    case suspend
    /// Handled inside the model: show another screen.
    case navigate(FeatureID)
    /// Handled inside the model: a message to a feature, delivered now.
    case send(MessageTarget, any Sendable)

    /// The id of the work this effect starts, if it starts any.
    public var workID: WorkID? {
        if case .run(let work) = self { return work.id }
        return nil
    }
}

/// Everything that can happen to the app arrives as one of these.
public enum AppEvent: Sendable {
    case key(Key)
    case resize(Size)
    case tick
    case message(MessageTarget, any Sendable)
}

/// The local calendar day changed while the app ran (every feature hears it).
public struct DayChanged: Sendable {
    public var day: DayKey
}

/// Messages the shell handles itself.
public enum ShellMessage: Sendable {
    /// A write failed; the toast says what.
    case storageFailed(String)
    /// A warning from work that has no screen of its own (the live sample log):
    /// the string table's `key` filled with `argument`.
    case warning(key: String, argument: String)
    /// Problems found opening stores after the first frame.
    case notices([String])
    /// A click on a tab (or the palette's "Go to").
    case navigate(FeatureID)
    /// The palette's "use this theme".
    case theme(String)
    /// The palette's or a toast's way to the session's messages (Settings shows them).
    case readMessages
}

/// Sent to every feature: open the session's messages (the Settings screen takes it).
public struct ReadMessages: Sendable {}

/// A short message over the footer that goes away by itself.
public struct Toast: Equatable, Sendable {
    public var message: String
    /// A shorter wording for a line too narrow for `message` (rather than cut it mid-sentence).
    public var short: String?
    public var tone: BannerTone
    public var expiresAt: Date
    /// Kept in the session's messages: a cut wording says where to read it whole.
    public var logged: Bool
    /// How many other kept messages came with this one or were replaced by it while showing
    /// (a second problem at start, a failure right after another): the toast says how many.
    public var alsoKept: Int

    public init(message: String, short: String? = nil, tone: BannerTone, expiresAt: Date, logged: Bool = false, alsoKept: Int = 0) {
        self.message = message
        self.short = short
        self.tone = tone
        self.expiresAt = expiresAt
        self.logged = logged
        self.alsoKept = alsoKept
    }

    /// The wording that fits `room` columns of text, the longer first.
    public func text(fitting room: Int) -> String {
        guard let short, TextWidth.of(message) > room else { return message }
        return short
    }
}
