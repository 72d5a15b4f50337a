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
            throw .invalidPayload("it is not valid JSON")
        }
        guard case .object(let fields) = root else { throw .invalidPayload("expected an object, found \(root.kindName)") }
        func number(_ key: String) throws(WearableError) -> Double {
            guard let value = fields[key] else { throw .invalidPayload("\(key) is missing") }
            guard case .number(let n) = value, n.isFinite else {
                throw .invalidPayload("\(key) should be a number, found \(value.kindName)")
            }
            return n
        }
        func whole(_ key: String, _ range: ClosedRange<Int>) throws(WearableError) -> Int {
            let n = try number(key)
            guard n == n.rounded() else { throw .invalidPayload("\(key) \(n) is not a whole number") }
            guard n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                throw .invalidPayload("\(key) \(shown(n)) is outside \(range.lowerBound)–\(range.upperBound)")
            }
            return Int(n)
        }
        let steps = try whole("steps", stepsRange)
        let heartRate = try whole("heartRate", heartRateRange)
        let sleep = try number("sleepHours")
        guard sleepHoursRange.contains(sleep) else { throw .invalidPayload("sleepHours \(sleep) is outside 0–24") }
        return WearablePayload(steps: steps, heartRate: heartRate, sleepHours: sleep)
    }

    private static func shown(_ n: Double) -> String { abs(n) < 1e15 ? String(Int64(n)) : String(n) }
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
