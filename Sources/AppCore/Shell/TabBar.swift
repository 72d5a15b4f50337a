import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The header's tabs, from the registry. Every name when they fit (which they
/// do from 80 columns in English); then the other tabs' names shorten to a
/// consistent abbreviation (their first three letters); then the other tabs
/// show only their number; when even that is too wide, a window around the
/// current tab with ‹ › marks. The current tab always shows its whole name.
enum TabBar {
    enum Form: Equatable { case full(gap: Int), abbreviated, numbers, window }

    /// The labels of a form, without the padding the current tab gets.
    static func labels(_ form: Form, _ current: FeatureID, _ ctx: AppContext) -> [String] {
        FeatureRegistry.tabs.enumerated().map { i, type in
            let name = ctx.strings("route.\(type.id)")
            if type.id == current { return "\(number(i)) \(name)" }
            switch form {
            case .full: return "\(number(i)) \(name)"
            case .abbreviated: return "\(number(i)) \(abbreviation(name))"
            case .numbers, .window: return number(i)
            }
        }
    }

    /// A name's short form: its first three letters and a dot ("Nutrition" →
    /// "Nut."), the same rule in every language; names of four letters or
    /// fewer stay whole. Marks around a name (the pseudo-locale's "[…]") are skipped.
    static func abbreviation(_ name: String) -> String {
        let letters = name.drop { !$0.isLetter }
        let word = letters.prefix { $0.isLetter }
        guard word.count > 4 || letters.count > word.count else { return name }
        return String(word.prefix(3)) + "."
    }

    static func gap(_ form: Form) -> Int { if case .full(let g) = form { g } else { 1 } }

    /// Columns a form takes: labels, the current tab's padding, gaps.
    static func width(_ form: Form, _ current: FeatureID, _ ctx: AppContext) -> Int {
        let l = labels(form, current, ctx)
        return l.reduce(0) { $0 + TextWidth.of($1) } + 2 + max(0, l.count - 1) * gap(form)
    }

    /// The widest form that fits in `room` columns.
    static func form(_ current: FeatureID, _ ctx: AppContext, room: Int) -> Form {
        for f in [Form.full(gap: 2), .full(gap: 1), .abbreviated, .numbers] where width(f, current, ctx) <= room { return f }
        return .window
    }

    /// Draws the tabs from `rect.x`; returns the column after the last one (plus a space).
    static func render(_ current: FeatureID, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) -> Int {
        let t = r.theme
        let tabs = FeatureRegistry.tabs
        let chosen = form(current, ctx, room: rect.width)
        var labels = labels(chosen, current, ctx)
        let active = tabs.firstIndex { $0.id == current } ?? 0
        labels = labels.enumerated().map { $0.offset == active ? " \($0.element) " : $0.element }
        let gap = gap(chosen)
        func width(_ labels: [String]) -> Int { labels.reduce(0) { $0 + TextWidth.of($1) + gap } }

        var range = labels.indices
        if chosen == .window {
            // Slide a window over the number labels, keeping the current tab in it.
            let room = max(1, rect.width - 4)
            var lo = active, hi = active
            while true {
                let grewRight = hi + 1 < labels.count && width(Array(labels[lo...(hi + 1)])) <= room
                if grewRight { hi += 1 }
                let grewLeft = lo > 0 && width(Array(labels[(lo - 1)...hi])) <= room
                if grewLeft { lo -= 1 }
                if !grewRight && !grewLeft { break }
            }
            range = lo..<(hi + 1)
            labels = Array(labels[range])
        }
        var x = rect.x
        let markStyle = t.text(.textSecondary)
        if range.lowerBound > 0 { x += buffer.write(r.glyphs == .ascii ? "<" : "‹", x: x, y: rect.y, style: markStyle) + 1 }
        for (offset, label) in labels.enumerated() {
            let isActive = range.lowerBound + offset == active
            let style = isActive ? t.fill(.accent, text: .onAccent, .bold) : t.text(.textSecondary)
            let width = buffer.write(label, x: x, y: rect.y, style: style, clip: rect)
            buffer.addClickTarget(Rect(x: x, y: rect.y, width: width, height: 1),
                                  .message(ShellMessage.navigate(tabs[range.lowerBound + offset].id)))
            x += width + gap
        }
        if range.upperBound < tabs.count { x += buffer.write(r.glyphs == .ascii ? ">" : "›", x: x, y: rect.y, style: markStyle) + 1 }
        return x
    }

    /// Tabs past the ninth have no number key.
    static func number(_ index: Int) -> String { index < 9 ? String(index + 1) : "·" }

    static func isNumberKey(_ label: String) -> Bool {
        label.count == 1 && label.first.map { ("1"..."9").contains($0) } == true
    }

    /// The help line for the number keys ("1/2", "1–7").
    static func helpEntry(_ current: FeatureID, _ ctx: AppContext) -> HelpOverlay.Entry? {
        guard FeatureRegistry.tabsReachable(from: current) else { return nil }
        let count = min(9, FeatureRegistry.tabs.count)
        guard count > 0 else { return nil }
        let keys = count <= 3 ? (1...count).map(String.init).joined(separator: "/") : "1–\(count)"
        return HelpOverlay.Entry(keys: keys, action: ctx.strings("help.tabs"))
    }
}
