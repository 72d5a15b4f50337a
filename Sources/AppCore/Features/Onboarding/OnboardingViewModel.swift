import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// First launch: value statement → Connect Health → permission sheet → the
/// Today, or Limited Mode when access is denied, or an honest
/// "unavailable" state when the device has no health data.
public struct OnboardingViewModel: Sendable {
    public enum Phase: Equatable, Sendable {
        case welcome
        case permission
        case requesting
        case limited(denied: [QuantityType])
        case unavailable
        case failed(String)
    }

    public static let requestedTypes: [QuantityType] = [.stepCount, .activeEnergyBurned]
    static let pressDuration = 0.22
    static let sheetDuration = 0.18
    /// The Connect button pulses for this long after the last key, then rests.
    static let pulseWindow = 12.0

    public var phase: Phase = .welcome
    public var pressedAt: Date?
    public var sheetOpenedAt: Date?
    public var allowed: Set<QuantityType> = Set(requestedTypes)
    /// Permission sheet focus: 0 Steps, 1 Active Energy, 2 Don't Allow, 3 Allow.
    public var sheetFocus = 3
    /// Limited / unavailable / failed focus: 0 primary, 1 secondary.
    public var buttonFocus = 0
    /// nil until the provider answered.
    public var healthAvailable: Bool?
    /// The screen the permission sheet was opened from (Today, Settings), if not first launch.
    public var returnTo: FeatureID?

    public init() {}

    public enum Action: Sendable {
        case connect, moveNext, movePrevious, toggle, activate, allow, deny, cancel, retry, continueLimited, back
    }

    public func bindings(_ shared: SharedState, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        switch phase {
        case .welcome:
            return [Binding([.enter], "Enter", s("onboarding.connect"), .connect)]
        case .permission:
            return [
                Binding([.tab, .down, .char("j"), .right, .char("l")], "Tab/↓", s("key.next"), .moveNext),
                Binding([.backTab, .up, .char("k"), .left, .char("h")], "Shift-Tab/↑", s("key.previous"), .movePrevious, footer: false),
                // Space toggles the focused row; on a button it presses it (never a row the user can't see focused).
                // (On a button Space is a second key for Enter's action, listed with it.)
                sheetFocus <= 1 ? Binding([.char(" ")], "Space", s("key.toggle"), .toggle) : nil,
                Binding(sheetFocus <= 1 ? [.enter] : [.enter, .char(" ")], "Enter", s("key.select"), .activate),
                // The sheet's answers, in the footer too (the first keys a new user looks for).
                Binding([.char("a")], "a", s("permission.allow"), .allow, priority: 2),
                Binding([.char("d")], "d", s("permission.deny"), .deny),
                Binding([.escape], "Esc", s("key.back"), .cancel),
            ].compactMap { $0 }
        case .requesting:
            return []
        case .limited, .unavailable, .failed:
            return [
                Binding([.tab, .right, .char("l"), .down, .char("j")], "Tab/→", s("key.next"), .moveNext),
                Binding([.backTab, .left, .char("h"), .up, .char("k")], "Shift-Tab/←", s("key.previous"), .movePrevious, footer: false),
                Binding([.enter], "Enter", s("key.select"), .activate),
                Binding([.char("r")], "r", s("key.retry"), .retry),
            ] + (returnTo == nil ? [] : [Binding([.escape], "Esc", s("key.back"), .back)])
        }
    }

    /// Handles a key; returns false to let the global keys have it.
    public mutating func handle(_ key: Key, _ shared: inout SharedState, _ ctx: AppContext, _ effects: inout [Effect]) -> Bool {
        if performBound(key, &shared, ctx, &effects) { return true }
        // While asking, swallow everything but the global keys.
        return phase == .requesting && key != .char("q") && key != .ctrl("c") && key != .char("?") && key != .char("t")
    }

    public mutating func perform(_ action: Action, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch (phase, action) {
        case (.welcome, .connect):
            guard pressedAt == nil else { return [] }
            pressedAt = shared.now
            if ctx.reduceMotion { openSheetIfAvailable(&shared) }
            return [.haptic]

        case (.permission, .moveNext): sheetFocus = (sheetFocus + 1) % 4
        case (.permission, .movePrevious): sheetFocus = (sheetFocus + 3) % 4
        case (.permission, .toggle): if sheetFocus <= 1 { toggleFocused() }
        case (.permission, .activate):
            switch sheetFocus {
            case 0, 1: toggleFocused()
            case 2: return request(allowing: [], &shared)
            default: return request(allowing: allowed, &shared)
            }
        case (.permission, .allow): return request(allowing: allowed, &shared)
        case (.permission, .deny): return request(allowing: [], &shared)
        case (.permission, .cancel):
            phase = .welcome
            pressedAt = nil
            if let origin = returnTo {
                // Opened from a screen: Esc goes back there, nothing changed.
                returnTo = nil
                shared.route = origin
            }

        case (_, .back):
            // Opened from a screen: Esc goes back there, whatever the answer was.
            phase = .welcome
            pressedAt = nil
            if let origin = returnTo {
                returnTo = nil
                shared.route = origin
            }
        case (.limited, .moveNext), (.unavailable, .moveNext), (.failed, .moveNext),
             (.limited, .movePrevious), (.unavailable, .movePrevious), (.failed, .movePrevious):
            buttonFocus = 1 - buttonFocus
        case (.limited, .retry), (.failed, .retry):
            openSheet(&shared)
        case (.unavailable, .retry):
            return [Self.checkAvailability]
        case (.limited, .activate):
            if buttonFocus == 0 { openSheet(&shared) } else { return finish(limited: true, &shared, goTo: .today) }
        case (.unavailable, .activate):
            if buttonFocus == 0 { return finish(limited: true, &shared, goTo: .nutrition) }
            return [Self.checkAvailability]
        case (.failed, .activate):
            if buttonFocus == 0 { openSheet(&shared) } else { phase = .welcome; pressedAt = nil }
        default:
            break
        }
        return []
    }

    private mutating func toggleFocused() {
        guard Self.requestedTypes.indices.contains(sheetFocus) else { return }
        let type = Self.requestedTypes[sheetFocus]
        if allowed.contains(type) { allowed.remove(type) } else { allowed.insert(type) }
    }

    /// Each time the sheet opens it asks for every type again, switched on: a Retry from
    /// Limited Mode is for granting what was off, and the switches of the last answer
    /// left on the sheet made Allow repeat the same refusal.
    private mutating func openSheet(_ shared: inout SharedState) {
        phase = .permission
        allowed = Set(Self.requestedTypes)
        sheetOpenedAt = shared.now
        sheetFocus = 3
        buttonFocus = 0
    }

    private mutating func openSheetIfAvailable(_ shared: inout SharedState) {
        pressedAt = nil
        if healthAvailable == false {
            phase = .unavailable
            buttonFocus = 0
        } else {
            openSheet(&shared)
        }
    }

    private mutating func request(allowing types: Set<QuantityType>, _ shared: inout SharedState) -> [Effect] {
        phase = .requesting
        return [HealthWork.requestAuthorization(Self.id, types: Self.requestedTypes, allowed: types)]
    }

    /// Marks onboarding done (remembered) and leaves for the app.
    private mutating func finish(limited: Bool, _ shared: inout SharedState, goTo route: FeatureID) -> [Effect] {
        shared.settings.onboardingCompleted = true
        shared.settings.limitedMode = limited
        shared.route = returnTo ?? route
        returnTo = nil
        phase = .welcome
        pressedAt = nil
        return [.saveSettings(shared.settings)]
    }

    mutating func authorizationFinished(_ result: Result<[QuantityType: AuthorizationStatus], HealthError>,
                                        _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        guard shared.route == .onboarding, phase == .requesting else {
            // A retry from Today: remember the answer there.
            if case .success(let statuses) = result {
                for (t, s) in statuses { shared.settings.authorization[t.rawValue] = s }
                shared.settings.limitedMode = statuses.values.contains(.denied)
                return [.saveSettings(shared.settings)]
            }
            return []
        }
        switch result {
        case .success(let statuses):
            for (t, s) in statuses { shared.settings.authorization[t.rawValue] = s }
            let denied = Self.requestedTypes.filter { statuses[$0] != .authorized }
            if denied.isEmpty {
                return finish(limited: false, &shared, goTo: .today)
            }
            phase = .limited(denied: denied)
            buttonFocus = 0
            return [.saveSettings(shared.settings)]
        case .failure(.unavailable):
            healthAvailable = false
            phase = .unavailable
            buttonFocus = 0
        case .failure(let error):
            phase = .failed(error.description)
            buttonFocus = 0
        }
        return []
    }

    public mutating func tick(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        if phase == .welcome, let p = pressedAt, shared.now.timeIntervalSince(p) >= Self.pressDuration {
            openSheetIfAvailable(&shared)
        }
        return []
    }

    public func nextTimer(after now: Date) -> Date? {
        guard phase == .welcome, let p = pressedAt else { return nil }
        return p.addingTimeInterval(Self.pressDuration)
    }

    public func isAnimating(now: Date, _ shared: SharedState, _ ctx: AppContext) -> Bool {
        if ctx.reduceMotion { return false }
        switch phase {
        case .welcome: return pressedAt != nil || now.timeIntervalSince(shared.lastInputAt) < Self.pulseWindow
        case .permission: return sheetOpenedAt.map { now.timeIntervalSince($0) < Self.sheetDuration } ?? false
        case .requesting: return true
        default: return false
        }
    }
}

extension OnboardingViewModel {
    /// From Today's "allow access": straight to the permission sheet.
    mutating func reopenPermission(_ shared: inout SharedState) {
        allowed = Set(Self.requestedTypes)
        openSheet(&shared)
    }

    /// The answer to "check again" on the unavailable screen.
    mutating func availabilityChanged(_ available: Bool, _ shared: inout SharedState, _ ctx: AppContext) {
        healthAvailable = available
        guard shared.route == .onboarding, phase == .unavailable else { return }
        if available {
            openSheet(&shared)
        } else {
            shared.showToast(ctx.strings("unavailable.still"), .warning, remember: false)
        }
    }
}
