import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// A screen's stable name: its route, its tab, its strings' prefix
/// (`route.<id>`) and its snapshot name.
public struct FeatureID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// One screen of the app: its state, how it answers keys and messages, what it
/// asks the runtime to do, and how it draws. The shell knows features only
/// through `FeatureRegistry`; every method but `render` has a quiet default.
public protocol Feature: Sendable {
    static var id: FeatureID { get }
    /// Listed in the tab bar (and reachable with a number key).
    static var isTab: Bool { get }
    /// The first-run flow: where the app opens until it has been set up, and
    /// while it is on screen the tabs are not reachable.
    static var isFirstRun: Bool { get }
    /// Names `tmm-tui snapshot` accepts for this feature, its own id first.
    static var snapshotScreens: [String] { get }
    /// The feature's own strings by language ("en", "fr"), e.g. `["en": PackageResources.month_en_json]`.
    static var stringTables: [String: [UInt8]] { get }
    /// The flags this feature owns, parsed and listed in `--help` with the app's own.
    static var commandLineOptions: [FeatureOption] { get }
    /// The services this feature's work uses (`services[Key.self]`).
    static var serviceKeys: [any ServiceKey.Type] { get }
    /// Names `--scenario` accepts for this feature's mocked service, beyond the health provider's.
    static var scenarioNames: [String] { get }
    /// Puts the model in the state `snapshot NAME` shows (the route is set already).
    static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async

    init()

    /// The keys that work right now, in the order the footer shows them.
    func keyHints(_ shared: SharedState, _ ctx: AppContext) -> [KeyHint]
    /// A key while this feature is on screen; false lets the global keys have it.
    mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool
    /// A message: the result of this feature's work, or one every feature hears.
    mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect]
    /// Before the first frame: what can be read at once (cached numbers). Keep it cheap.
    mutating func prepareFirstFrame(_ env: AppEnvironment, _ shared: inout SharedState)
    /// At launch, after the first frame.
    mutating func start(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect]
    /// After every event while this feature is on screen (e.g. "never sit idle with no data").
    mutating func settle(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect]
    /// A timer or animation frame came due (every feature hears it).
    mutating func tick(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect]
    func nextTimer(after now: Date) -> Date?
    func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool
    /// A bottom sheet is up: toasts move under the header.
    var presentsSheet: Bool { get }
    /// A text field has focus: printable keys are text, not shortcuts.
    var capturesText: Bool { get }
    /// A text field with the usual editing keys has focus (help lists them).
    var editsText: Bool { get }
    /// The screen drawn (with its tab) behind this one while it shows a sheet over it.
    var backdrop: FeatureID? { get }
    /// The header's right-hand status, longest wording first.
    func status(_ shared: SharedState, _ ctx: AppContext) -> HeaderStatus?
    /// The header's name for a screen that is not a tab, when it is not the route's
    /// ("Limited Mode" in the first-run flow, which is otherwise "Welcome").
    func title(_ ctx: AppContext) -> String?
    /// Help's name for the keys of what is on screen: the title, or a mode's ("Year view").
    func helpTitle(_ ctx: AppContext) -> String?
    func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer)
    /// The key a turn of the mouse wheel stands for (↑/↓ scroll lists by default).
    func wheelKey(up: Bool) -> Key
}

public extension Feature {
    static var isTab: Bool { true }
    static var isFirstRun: Bool { false }
    static var snapshotScreens: [String] { [id.rawValue] }
    static var stringTables: [String: [UInt8]] { [:] }
    static var commandLineOptions: [FeatureOption] { [] }
    static var serviceKeys: [any ServiceKey.Type] { [] }
    static var scenarioNames: [String] { [] }
    static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {}
    func keyHints(_ shared: SharedState, _ ctx: AppContext) -> [KeyHint] { [] }
    mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] { [] }
    mutating func prepareFirstFrame(_ env: AppEnvironment, _ shared: inout SharedState) {}
    mutating func start(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] { [] }
    mutating func settle(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] { [] }
    mutating func tick(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] { [] }
    func nextTimer(after now: Date) -> Date? { nil }
    func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool { false }
    var presentsSheet: Bool { false }
    var capturesText: Bool { false }
    var editsText: Bool { capturesText }
    var backdrop: FeatureID? { nil }
    func status(_ shared: SharedState, _ ctx: AppContext) -> HeaderStatus? { nil }
    func title(_ ctx: AppContext) -> String? { nil }
    func helpTitle(_ ctx: AppContext) -> String? { title(ctx) }
    func wheelKey(up: Bool) -> Key { up ? .up : .down }
}

/// Words for the header's right side; the longest that fits is shown.
public struct HeaderStatus: Equatable, Sendable {
    public var texts: [String]
    public var tone: ColorToken
    public init(_ texts: [String], tone: ColorToken = .textSecondary) {
        self.texts = texts
        self.tone = tone
    }
}
