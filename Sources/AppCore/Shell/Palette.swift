import DesignSystem
import TerminalUI

/// The command palette (`:` or Ctrl-P): every action of the screen on top and
/// every global one, from the same binding tables as the footer and help,
/// filtered as you type and run with Enter. Each row shows its key so people learn it.
public struct Palette: Sendable {
    public struct Entry: Sendable {
        public var title: String
        /// The key shown beside the action ("" for an action with no key).
        public var keyLabel: String
        public var action: ClickAction
    }

    public var query = TextFieldState("", maxLength: 60)
    public var selected = 0
    /// `entries` as they were at `AppModel.screenRevision` `kept.revision`: typing into the
    /// palette changes nothing they come from, so each key does not build them again.
    private var kept: (revision: UInt64, entries: [Entry])?

    public init() {}

    /// `entries(model, ctx)`, from the list kept at the model's revision when there is one.
    func entries(for model: AppModel, _ ctx: AppContext) -> [Entry] {
        if let kept, kept.revision == model.screenRevision { return kept.entries }
        return Self.entries(model, ctx)
    }

    /// `entries(for:)`, kept for the next key.
    mutating func keepingEntries(for model: AppModel, _ ctx: AppContext) -> [Entry] {
        let list = entries(for: model, ctx)
        kept = (model.screenRevision, list)
        return list
    }

    /// Every action for this model, in order: the screen's, then tabs, then global ones.
    static func entries(_ model: AppModel, _ ctx: AppContext) -> [Entry] {
        let s = ctx.strings
        var closed = model
        closed.palette = nil
        let hints = closed.keyHints(ctx)
        var list: [Entry] = hints.screen.compactMap { h in
            h.key.map { Entry(title: h.title, keyLabel: h.helpLabel, action: .key($0)) }
        }
        if FeatureRegistry.tabsReachable(from: model.route) {
            for (i, tab) in FeatureRegistry.tabs.enumerated() {
                list.append(Entry(title: s("palette.goTo", s("route.\(tab.id)")), keyLabel: i < 9 ? String(i + 1) : "",
                                  action: .message(ShellMessage.navigate(tab.id))))
            }
        }
        list += hints.global.filter { !TabBar.isNumberKey($0.label) }.compactMap { h in
            h.key.map { Entry(title: h.title, keyLabel: h.helpLabel, action: .key($0)) }
        }
        // Actions that have no key of their own.
        for name in ["high-contrast", "dark", "light"] where model.themeName != name {
            list.append(Entry(title: s("palette.theme", s("theme.\(name)")), keyLabel: "", action: .message(ShellMessage.theme(name))))
        }
        let messages = model.shared.messages.entries.count
        if messages > 0, FeatureRegistry.tabsReachable(from: model.route) {
            list.append(Entry(title: s("palette.messages", ctx.formats.integer(messages)), keyLabel: "", action: .message(ShellMessage.readMessages)))
        }
        return list
    }

    /// The entries matching the query, best first (a stable order among equals).
    func matches(_ entries: [Entry]) -> [Entry] {
        let q = query.text
        guard !q.isEmpty else { return entries }
        return entries.enumerated()
            .compactMap { i, e in Self.fuzzyScore(q, in: e.title).map { (score: $0, index: i, entry: e) } }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
            .map(\.entry)
    }

    /// Fuzzy match: every query character in order, case-insensitive. Consecutive
    /// characters and word starts score higher; nil when it doesn't match.
    static func fuzzyScore(_ query: String, in text: String) -> Int? {
        let lower = text.lowercased(), q = Array(query.lowercased()), t = Array(lower)
        // The query at the start of a word ranks above any scattered match ("high" →
        // "High contrast" before "Light"); at the title's own start above a later word. Equal
        // matches keep the palette's order ("go": the tabs in their order, not shortest first).
        if !q.isEmpty, !q.allSatisfy({ $0 == " " }) {
            for start in t.indices where start == 0 || !(t[start - 1].isLetter || t[start - 1].isNumber) {
                guard (t[start].isLetter || t[start].isNumber), t.count - start >= q.count,
                      Array(t[start..<(start + q.count)]) == q else { continue }
                return start == 0 ? 2_000 : 1_000
            }
        }
        var score = 0, qi = 0, previous = -2
        for (ti, c) in t.enumerated() where qi < q.count {
            guard c == q[qi] else { continue }
            score += 1
            if ti == previous + 1 { score += 3 }
            if ti == 0 || t[ti - 1] == " " { score += 5 }
            previous = ti
            qi += 1
        }
        return qi == q.count ? score - t.count / 10 : nil
    }
}
