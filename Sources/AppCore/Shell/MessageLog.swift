import FoundationEssentials
import DesignSystem

/// The warnings and failures the app told the user this session, oldest first, so a
/// toast missed, replaced by the next one or cut at the terminal's width can be read
/// whole afterwards (Settings ▸ Messages). Kept in memory until the app quits.
public struct MessageLog: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var text: String
        public var tone: BannerTone
        /// When it was last said.
        public var at: Date
        /// How many times in a row it was said (a refresh failing again is one entry).
        public var count: Int
    }

    /// The most kept; older ones are counted in `dropped`.
    public static let capacity = 200

    public private(set) var entries: [Entry] = []
    public private(set) var dropped = 0

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    public mutating func append(_ text: String, _ tone: BannerTone, at date: Date) {
        if let last = entries.indices.last, entries[last].text == text, entries[last].tone == tone {
            entries[last].count += 1
            entries[last].at = date
            return
        }
        entries.append(Entry(text: text, tone: tone, at: date, count: 1))
        if entries.count > Self.capacity {
            let excess = entries.count - Self.capacity
            entries.removeFirst(excess)
            dropped += excess
        }
    }
}
