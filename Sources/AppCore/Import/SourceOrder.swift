import HealthImport

/// The priority order of an import's sources: `SourceRanking` (watches, then
/// iPhones, then the rest alphabetically), with each `--prefer NAME` moved to the
/// front — the first one given ends up first.
struct SourceOrder: Equatable {
    var ordered: [String]
    /// The same order as positions in the summary's `sourceCounts`.
    var orderedIndices: [Int]
    /// `--prefer` names that match no source.
    var unmatched: [String]
    /// The most trusted source before `--prefer` (the ranking is made once: 100,000 sources take a while to sort).
    var defaultFirst: String?

    init(_ summary: ImportSummary, prefer: [String]) {
        let ranking = summary.ranking()
        var names = ranking.ordered, indices = ranking.orderedIndices
        defaultFirst = names.first
        var unmatched: [String] = []
        for wanted in prefer.reversed() {
            let name = wanted.trimmed()
            if let i = names.firstIndex(where: { $0.lowercased() == name.lowercased() }) {
                names.insert(names.remove(at: i), at: 0)
                indices.insert(indices.remove(at: i), at: 0)
            } else {
                unmatched.insert(wanted, at: 0)
            }
        }
        ordered = names
        orderedIndices = indices
        self.unmatched = unmatched
    }
}
