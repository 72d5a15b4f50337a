import FoundationEssentials

/// What kind of device or app a source is, from its device model or name.
public enum SourceKind: String, Codable, Sendable, CaseIterable, Comparable {
    case watch, phone, other

    public static func < (lhs: SourceKind, rhs: SourceKind) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .watch: return 0
        case .phone: return 1
        case .other: return 2
        }
    }

    /// A source is a watch when its device model or name says "Watch", a phone when it says "iPhone".
    public static func classify(name: String, deviceModels: some Sequence<String>) -> SourceKind {
        // No array of the words is made, and each text is read once for both words:
        // this runs once per source, and there may be 100,000.
        classify(named: NaturalOrder.kindWords(name), models: deviceModels)
    }

    /// `classify` from what the name says (`NaturalOrder.kindWords`), read by the caller.
    static func classify(nameSays named: (watch: Bool, iphone: Bool), deviceModels: Set<String>) -> SourceKind {
        // Most sources name no device model: no iterator made over an empty set.
        if deviceModels.isEmpty { return named.watch ? .watch : named.iphone ? .phone : .other }
        return classify(named: named, models: deviceModels)
    }

    private static func classify(named: (watch: Bool, iphone: Bool), models deviceModels: some Sequence<String>) -> SourceKind {
        if named.watch { return .watch }
        var phone = named.iphone
        for model in deviceModels {
            let words = NaturalOrder.kindWords(model)
            if words.watch { return .watch }
            phone = phone || words.iphone
        }
        return phone ? .phone : .other
    }
}

/// A source as the summary saw it.
public struct SourceDescriptor: Sendable, Hashable {
    public var name: String
    public var deviceModels: Set<String>

    public init(name: String, deviceModels: Set<String> = []) {
        self.name = name
        self.deviceModels = deviceModels
    }

    public var kind: SourceKind { SourceKind.classify(name: name, deviceModels: deviceModels) }
}

/// Whose samples count when sources overlap: watches first, then iPhones, then every
/// other device or app in alphabetical order of its name (each group alphabetical
/// too); `--prefer NAME` moves one source to the front.
public struct SourceRanking: Sendable, Equatable {
    /// Most trusted first.
    public let ordered: [String]
    /// The same order as positions in the `sources` the ranking was made from (for
    /// their counts, without looking names up).
    public let orderedIndices: [Int]
    /// Whether the `prefer` name matched a source (case-insensitive).
    public let preferredFound: Bool

    /// What the sort compares of a source, 24 bytes: its kind, the first 16 bytes of its
    /// order (`NaturalOrder.Prefix`) and its position.
    private struct Entry {
        var high: UInt64
        var low: UInt64
        var count: UInt8
        var kind: UInt8
        var index: Int32
    }

    public init(_ sources: [SourceDescriptor], prefer: String? = nil) { self.init(ranking: sources, prefer: prefer) }

    /// The same from the summary's counts, without a descriptor made (and let go of) per source.
    init(_ counts: [SourceCount], prefer: String? = nil) { self.init(ranking: counts, prefer: prefer) }

    private init(ranking sources: [some RankableSource], prefer: String?) {
        // Each source's kind and sort key are worked out once, not in every comparison
        // (an export may have 100,000 sources: 1.7 million comparisons), from one read of
        // its name's bytes. Most pairs are decided by the first 16 bytes of their order,
        // held in two integers; the full keys are read only if some pair is not. The sort
        // moves the entries themselves: a comparison reads nothing else.
        var entries: [Entry] = []
        entries.reserveCapacity(sources.count)
        for index in sources.indices {
            let read = NaturalOrder.prefixAndKindWords(sources[index].name)
            let kind = SourceKind.classify(nameSays: (read.watch, read.iphone), deviceModels: sources[index].deviceModels)
            entries.append(Entry(high: read.prefix.high, low: read.prefix.low, count: UInt8(read.prefix.count),
                                 kind: kind == .watch ? 0 : kind == .phone ? 1 : 2, index: Int32(index)))
        }
        var keys: NaturalOrder.Keys?
        entries.sort { a, b in
            if a.kind != b.kind { return a.kind < b.kind }
            let quick = NaturalOrder.Prefix.order(high: a.high, low: a.low, count: Int(a.count), b.high, b.low, Int(b.count))
            if quick != 0 { return quick < 0 }
            let l = Int(a.index), r = Int(b.index)
            if keys == nil { keys = NaturalOrder.Keys(sources.lazy.map(\.name)) }
            let order = keys!.compare(l, r)
            return order == 0 ? sources[l].name < sources[r].name : order < 0
        }
        var sorted = entries.map { Int($0.index) }
        let wanted = prefer?.trimmed() ?? ""
        if !wanted.isEmpty,
           let index = sorted.firstIndex(where: { NaturalOrder.equalIgnoringCase(sources[$0].name, wanted) }) {
            sorted.insert(sorted.remove(at: index), at: 0)
            preferredFound = true
        } else {
            preferredFound = false
        }
        orderedIndices = sorted
        ordered = sorted.map { sources[$0].name }
    }

    /// Higher wins: the first source gets `ordered.count`, the last 1, unknown sources 0.
    public var priorities: [String: Int] {
        Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, ordered.count - $0.offset) })
    }
}

/// What ranking reads of a source (descriptors and the summary's counts alike).
protocol RankableSource {
    var name: String { get }
    var deviceModels: Set<String> { get }
}

extension SourceDescriptor: RankableSource {}
extension SourceCount: RankableSource {}
