import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

public extension FeatureID {
    static let onboarding = FeatureID("onboarding")
}

/// Onboarding as a feature: shown on first launch, not a tab.
extension OnboardingViewModel: BindingFeature {
    public static let id = FeatureID.onboarding
    public static var isTab: Bool { false }
    public static var isFirstRun: Bool { true }

    public func title(_ ctx: AppContext) -> String? {
        if case .limited = phase { return ctx.strings("limited.title") }
        return nil
    }
    /// Help names the permission sheet as its card does ("Health Access"), wherever it was opened
    /// from (Settings, Today's `a`), not "Welcome".
    public func helpTitle(_ ctx: AppContext) -> String? {
        if case .permission = phase { return ctx.strings("permission.title") }
        return title(ctx)
    }
    public static var snapshotScreens: [String] { ["onboarding", "permission", "limited", "unavailable"] }

    public static func prepareSnapshot(_ screen: String, _ model: inout AppModel, _ env: AppEnvironment) async {
        switch screen {
        case "permission": model.onboarding.phase = .permission
        case "limited":
            // What Limited Mode says after Allow in this scenario (the provider's answer: `partial`
            // denies some types), or, where Allow would be granted, after Don't Allow.
            let requested = Set(requestedTypes)
            let answer = (try? await env.provider.requestAuthorization(toRead: requested, userResponse: requested)) ?? [:]
            let denied = requestedTypes.filter { answer[$0] == .denied }
            model.onboarding.phase = .limited(denied: denied.isEmpty ? requestedTypes : denied)
        case "unavailable": model.onboarding.phase = .unavailable
        default: break
        }
    }

    /// Asks the provider whether the device has health data.
    static let checkAvailability = Effect.run(Work(WorkID(.onboarding, "availability"), to: .everyone) { services in
        HealthAvailability(available: await services.provider.isHealthDataAvailable())
    })


    public mutating func start(_ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        [Self.checkAvailability]
    }

    /// The permission sheet opened from a screen (Settings, `a` on Today) is drawn over it.
    public var backdrop: FeatureID? {
        switch phase {
        case .permission, .requesting: return returnTo
        default: return nil
        }
    }

    public mutating func receive(_ message: any Sendable, _ shared: inout SharedState, _ ctx: AppContext) -> [Effect] {
        switch message {
        case let m as HealthAvailability:
            availabilityChanged(m.available, &shared, ctx)
        case let m as AuthorizationAnswer:
            return authorizationFinished(m.result, &shared, ctx)
        case let m as OnboardingMessage:
            if case .reopenPermission(let origin) = m { returnTo = origin }
            reopenPermission(&shared)
        case let click as OnboardingClick:
            switch click {
            case .row(let i) where phase == .permission:
                // A click toggles the row it lands on, and focus follows it.
                sheetFocus = i
                return perform(.toggle, &shared, ctx)
            case .button(let i):
                buttonFocus = i
                return perform(.activate, &shared, ctx)
            default:
                break
            }
        default:
            break
        }
        return []
    }

    public var presentsSheet: Bool { phase == .permission }

    public func render(_ shared: SharedState, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) {
        OnboardingView.render(self, shared, ctx, r, in: rect, &buffer)
    }
}

/// Clicks on onboarding: a permission row, a button of Limited Mode / unavailable / failed.
enum OnboardingClick: Sendable {
    case row(Int)
    case button(Int)
}

/// What other features may ask of onboarding.
public enum OnboardingMessage: Sendable {
    /// "Allow access" from a screen that needs it: straight to the permission sheet,
    /// and back to that screen when the sheet is closed or answered.
    case reopenPermission(from: FeatureID)

    /// What a screen returns to ask for health access again: the permission
    /// sheet, and back to that screen once it is answered or closed.
    static func askForAccess(from origin: FeatureID) -> [Effect] {
        [.navigate(.onboarding), .send(.feature(.onboarding), OnboardingMessage.reopenPermission(from: origin))]
    }
}

public extension AppModel {
    var onboarding: OnboardingViewModel {
        get { self[OnboardingViewModel.self] }
        set { self[OnboardingViewModel.self] = newValue }
    }
}
