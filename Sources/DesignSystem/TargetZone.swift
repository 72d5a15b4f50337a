/// A range of a 0–100 score the user should aim for (e.g. a day's target strain).
/// Only a validated zone exists: both ends within 0…100 and start ≤ end.
public struct TargetZone: Sendable, Equatable {
    public let start: Double
    public let end: Double

    public init(start: Double, end: Double) throws(TargetZoneError) {
        guard start.isFinite, end.isFinite else { throw .notANumber }
        guard (0...100).contains(start) else { throw .outOfRange(start) }
        guard (0...100).contains(end) else { throw .outOfRange(end) }
        guard start <= end else { throw .startAfterEnd(start: start, end: end) }
        self.start = start
        self.end = end
    }

    /// The same check as a value, for code that reports problems instead of throwing.
    public static func validated(start: Double, end: Double) -> Result<TargetZone, TargetZoneError> {
        do { return .success(try TargetZone(start: start, end: end)) } catch { return .failure(error) }
    }

    public enum Position: Sendable, Equatable { case below, inside, above }

    /// Where a score falls against the zone (out-of-range scores are clamped first).
    public func position(of score: Double) -> Position {
        let s = ScoreGauge.clamp(score)
        if s < start { return .below }
        if s > end { return .above }
        return .inside
    }
}

public enum TargetZoneError: Error, Equatable, Sendable, CustomStringConvertible {
    case notANumber
    case outOfRange(Double)
    case startAfterEnd(start: Double, end: Double)

    public var description: String {
        switch self {
        case .notANumber: return "target zone start and end must be numbers"
        case .outOfRange(let v): return "target zone edge \(Self.format(v)) is outside 0–100"
        case let .startAfterEnd(start, end):
            return "target zone start (\(Self.format(start))) is after its end (\(Self.format(end)))"
        }
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
