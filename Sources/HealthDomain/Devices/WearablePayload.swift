import FoundationEssentials
import Platform

/// One sync's data, e.g. `{"steps": 7342, "heartRate": 72, "sleepHours": 7.3}`.
public struct WearablePayload: Codable, Hashable, Sendable {
    public var steps: Int
    /// Beats per minute.
    public var heartRate: Int
    public var sleepHours: Double

    public init(steps: Int, heartRate: Int, sleepHours: Double) {
        self.steps = steps
        self.heartRate = heartRate
        self.sleepHours = sleepHours
    }

    /// Plausible values: anything outside is a damaged payload, not a number to show.
    public static let stepsRange = 0...150_000
    public static let heartRateRange = 25...250
    public static let sleepHoursRange = 0.0...24.0

    /// Decodes and validates the device's JSON; every problem is an `invalidPayload` error.
    public static func decode(_ data: Data) throws(WearableError) -> WearablePayload {
        guard data.count <= 64 * 1024, let root = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw .invalidPayload(.notJSON)
        }
        guard case .object(let fields) = root else { throw .invalidPayload(.notAnObject(found: root.kindName)) }
        func number(_ key: String) throws(WearableError) -> Double {
            guard let value = fields[key] else { throw .invalidPayload(.missing(field: key)) }
            guard case .number(let n) = value, n.isFinite else {
                throw .invalidPayload(.notANumber(field: key, found: value.kindName))
            }
            return n
        }
        func whole(_ key: String, _ range: ClosedRange<Int>) throws(WearableError) -> Int {
            let n = try number(key)
            guard n == n.rounded() else { throw .invalidPayload(.notWhole(field: key, value: n)) }
            guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                throw .invalidPayload(.outOfRange(field: key, value: n, lowest: Double(range.lowerBound), highest: Double(range.upperBound)))
            }
            return Int(n)
        }
        let steps = try whole("steps", stepsRange)
        let heartRate = try whole("heartRate", heartRateRange)
        let sleep = try number("sleepHours")
        guard sleepHoursRange.contains(sleep) else {
            throw .invalidPayload(.outOfRange(field: "sleepHours", value: sleep, lowest: sleepHoursRange.lowerBound,
                                              highest: sleepHoursRange.upperBound))
        }
        return WearablePayload(steps: steps, heartRate: heartRate, sleepHours: sleep)
    }
}

/// What is wrong with a payload, kept as facts so each reader words them in its own language
/// and number format (the app: "steps -12 is outside 0–150,000"; `description` is the domain's English).
public enum PayloadProblem: Error, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    case notJSON
    case notAnObject(found: String)
    case missing(field: String)
    case notANumber(field: String, found: String)
    case notWhole(field: String, value: Double)
    case outOfRange(field: String, value: Double, lowest: Double, highest: Double)
    /// Anything else, already in words.
    case other(String)

    public init(stringLiteral value: String) { self = .other(value) }

    public var description: String {
        switch self {
        case .notJSON: return "it is not valid JSON"
        case .notAnObject(let found): return "expected an object, found \(found)"
        case .missing(let field): return "\(field) is missing"
        case .notANumber(let field, let found): return "\(field) should be a number, found \(found)"
        case .notWhole(let field, let value): return "\(field) \(value) is not a whole number"
        case .outOfRange(let field, let value, let lowest, let highest):
            return "\(field) \(Self.plain(value)) is outside \(Self.plain(lowest))–\(Self.plain(highest))"
        case .other(let words): return words
        }
    }

    /// A whole number without ".0"; anything else as Swift spells it.
    static func plain(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n) }
}

/// The last successful sync, cached in the settings store and shown before any new connection.
public struct LastSync: Codable, Hashable, Sendable {
    public var payload: WearablePayload
    public var syncedAt: Date
    public var deviceName: String

    public init(payload: WearablePayload, syncedAt: Date, deviceName: String) {
        self.payload = payload
        self.syncedAt = syncedAt
        self.deviceName = deviceName
    }
}
