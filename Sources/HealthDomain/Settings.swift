import FoundationEssentials
import Platform

/// User settings. Every field has a default and is decoded on its own: a
/// missing key takes the default silently, a bad value (wrong type, out of
/// range) resets or clamps just that field and is reported in `loadRepairs`.
/// Adding a setting never needs a schema bump.
public struct Settings: Codable, Equatable, Sendable, RepairedOnLoad {
    public var onboardingCompleted = false
    public var limitedMode = false
    public var authorization: [String: AuthorizationStatus] = [:]
    public var stepGoal = 10_000
    public var energyGoal = 500
    public var theme: String?
    /// The theme a run without `--theme` draws in: the saved one, else dark.
    public var themeName: String { theme ?? Self.defaultTheme }
    public static let defaultTheme = "dark"
    public var celebratedDays: [String] = []
    /// Preferences from the Settings screen (command-line flags still override them for one run).
    public var reduceMotion = false
    public var bell = true
    public var liveUpdates = true
    /// The Devices screen's last successful sync, shown at the next launch.
    public var lastDeviceSync: LastSync?

    public static let stepGoalRange = 1_000...50_000
    public static let energyGoalRange = 50...3_000

    /// What decoding fixed, one phrase per field ("stepGoal was 1e+300, …"); never saved, not part of `==`.
    public private(set) var loadRepairs: [String] = []

    public init() {}

    enum CodingKeys: String, CodingKey {
        case onboardingCompleted, limitedMode, authorization, stepGoal, energyGoal, theme, celebratedDays
        case reduceMotion, bell, liveUpdates
        case lastDeviceSync
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var repairs: [String] = []
        func field<T: Decodable>(_ key: CodingKeys, _ fallback: T) -> T {
            guard c.contains(key) else { return fallback }
            if let v = try? c.decode(T.self, forKey: key) { return v }
            repairs.append("\(key.stringValue) was not readable and was reset")
            return fallback
        }
        onboardingCompleted = field(.onboardingCompleted, false)
        limitedMode = field(.limitedMode, false)
        theme = field(.theme, String?.none)
        celebratedDays = field(.celebratedDays, [String]())
        reduceMotion = field(.reduceMotion, false)
        bell = field(.bell, true)
        liveUpdates = field(.liveUpdates, true)
        lastDeviceSync = field(.lastDeviceSync, LastSync?.none)
        if let sync = lastDeviceSync, !sync.isPlausible {
            repairs.append("lastDeviceSync had values outside their ranges and was reset")
            lastDeviceSync = nil
        }
        stepGoal = Self.goal(c, .stepGoal, range: Self.stepGoalRange, fallback: 10_000, &repairs)
        energyGoal = Self.goal(c, .energyGoal, range: Self.energyGoalRange, fallback: 500, &repairs)
        // Statuses one by one: an unknown one drops that entry only.
        let raw = field(.authorization, [String: String]())
        var statuses: [String: AuthorizationStatus] = [:]
        for (type, value) in raw {
            if let status = AuthorizationStatus(rawValue: value) { statuses[type] = status } else {
                repairs.append("authorization for \(type) was \"\(value)\" and was dropped")
            }
        }
        authorization = statuses
        loadRepairs = repairs
    }

    /// A goal within `range`: a number outside it is clamped to the nearest end,
    /// anything else (a string, null, an object) takes the default.
    static func goal(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, range: ClosedRange<Int>, fallback: Int,
                     _ repairs: inout [String]) -> Int {
        guard c.contains(key) else { return fallback }
        let name = key.stringValue
        let limits = "\(range.lowerBound)–\(range.upperBound)"
        if let i = try? c.decode(Int.self, forKey: key) {
            if range.contains(i) { return i }
            let clamped = Swift.min(range.upperBound, Swift.max(range.lowerBound, i))
            repairs.append("\(name) was \(i), outside \(limits), and is now \(clamped)")
            return clamped
        }
        if let d = try? c.decode(Double.self, forKey: key), d.isFinite {
            let clamped = Swift.min(range.upperBound, Swift.max(range.lowerBound, Int(saturating: d.rounded())))
            repairs.append("\(name) was \(d), \(range.contains(Int(saturating: d.rounded())) ? "not a whole number" : "outside \(limits)"), and is now \(clamped)")
            return clamped
        }
        repairs.append("\(name) was not a number and is now the default \(fallback)")
        return fallback
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(onboardingCompleted, forKey: .onboardingCompleted)
        try c.encode(limitedMode, forKey: .limitedMode)
        try c.encode(authorization, forKey: .authorization)
        try c.encode(stepGoal, forKey: .stepGoal)
        try c.encode(energyGoal, forKey: .energyGoal)
        try c.encodeIfPresent(theme, forKey: .theme)
        try c.encode(celebratedDays, forKey: .celebratedDays)
        try c.encode(reduceMotion, forKey: .reduceMotion)
        try c.encode(bell, forKey: .bell)
        try c.encode(liveUpdates, forKey: .liveUpdates)
        try c.encodeIfPresent(lastDeviceSync, forKey: .lastDeviceSync)
    }

    public static func == (a: Settings, b: Settings) -> Bool {
        a.onboardingCompleted == b.onboardingCompleted && a.limitedMode == b.limitedMode && a.authorization == b.authorization
            && a.stepGoal == b.stepGoal && a.energyGoal == b.energyGoal && a.theme == b.theme && a.celebratedDays == b.celebratedDays
            && a.reduceMotion == b.reduceMotion && a.bell == b.bell && a.liveUpdates == b.liveUpdates
            && a.lastDeviceSync == b.lastDeviceSync
    }

    /// Back to the default preferences (goals, theme, motion, bell, live updates);
    /// onboarding, access answers and celebrations are the user's history and stay.
    public func resettingPreferences() -> Settings {
        var s = Settings()
        s.onboardingCompleted = onboardingCompleted
        s.limitedMode = limitedMode
        s.authorization = authorization
        s.celebratedDays = celebratedDays
        s.lastDeviceSync = lastDeviceSync
        return s
    }

    public var authorizationByType: [QuantityType: AuthorizationStatus] {
        var out: [QuantityType: AuthorizationStatus] = [:]
        for (k, v) in authorization { if let t = QuantityType(rawValue: k) { out[t] = v } }
        return out
    }

    /// Sleep's status, stored under "sleepAnalysis" beside the quantity types.
    public var categoryAuthorization: [CategoryType: AuthorizationStatus] {
        var out: [CategoryType: AuthorizationStatus] = [:]
        for (k, v) in authorization { if let t = CategoryType(rawValue: k) { out[t] = v } }
        return out
    }
}
