import Foundation
import DesignSystem
import HealthDomain
import TerminalUI

/// What the model and views need besides state: strings, formats, preferences.
public struct AppContext: Sendable {
    public var strings: Strings
    public var formats: Formats
    public var glyphs: Glyphs
    public var reduceMotion: Bool
    public var bell: Bool
    public var monochrome: Bool
    public var userThemesDirectory: URL?

    public init(strings: Strings, formats: Formats, glyphs: Glyphs = .unicode, reduceMotion: Bool = false,
                bell: Bool = true, monochrome: Bool = false, userThemesDirectory: URL? = nil) {
        self.strings = strings
        self.formats = formats
        self.glyphs = glyphs
        self.reduceMotion = reduceMotion
        self.bell = bell
        self.monochrome = monochrome
        self.userThemesDirectory = userThemesDirectory
    }

    public var calendar: Calendar { formats.calendar }
}

/// The screens. Onboarding is shown on first launch; the others are tabs.
public enum Route: String, Sendable, CaseIterable {
    case onboarding, today, nutrition

    public static let tabs: [Route] = [.today, .nutrition]
}

/// Everything that can happen to the app arrives as one of these.
public enum AppEvent: Sendable {
    case key(Key)
    case resize(Size)
    case tick
    case availability(Bool)
    case authorization(Result<[QuantityType: AuthorizationStatus], HealthError>)
    case health(Result<HealthSnapshot, HealthError>, saveError: String?)
    case storageFailed(String)
    /// The stores opened after the first frame: the meals, and what went wrong opening any of them.
    case storesOpened(meals: [Meal], notices: [String])
    case mealsSaved(Result<[Meal], StorageError>)
    /// A throttled batch of live samples, with recomputed totals.
    case live(LiveUpdate)
    /// Live samples could not be written (they stay in memory and are retried).
    case liveWriteFailed(String)
}

/// Work the runtime does for the model: I/O, haptics, quitting.
public enum Effect: Equatable, Sendable {
    case checkAvailability
    case requestAuthorization(allowed: Set<QuantityType>)
    case refreshHealth
    case saveSettings(Settings)
    /// Opens the meal log and the live-sample log (after the first frame).
    case openStores
    case saveMeals([Meal])
    case haptic
    case quit
    /// Not for the runtime: the app model turns it into a trip to the permission sheet.
    case reconnectHealth
}

/// A short message over the footer that goes away by itself.
public struct Toast: Equatable, Sendable {
    public var message: String
    public var tone: BannerTone
    public var expiresAt: Date

    public init(message: String, tone: BannerTone, expiresAt: Date) {
        self.message = message
        self.tone = tone
        self.expiresAt = expiresAt
    }
}
