import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// The header's tabs, from the registry. Full names when they fit; otherwise
/// the current tab keeps its name and the others show their number; when even
/// that is too wide, a window around the current tab with ‹ › marks. The
/// current tab is always visible.
enum TabBar {
    /// Draws the tabs from `rect.x`; returns the column after the last one (plus a space).
    static func render(_ current: FeatureID, _ ctx: AppContext, _ r: RenderContext, in rect: Rect, _ buffer: inout Buffer) -> Int {
        let t = r.theme
        let tabs = FeatureRegistry.tabs
        let full = tabs.enumerated().map { i, type in " \(number(i)) \(ctx.strings("route.\(type.id)")) " }
        let compact = tabs.enumerated().map { i, type in type.id == current ? full[i] : " \(number(i)) " }
        let active = tabs.firstIndex { $0.id == current } ?? 0
        func width(_ labels: [String]) -> Int { labels.reduce(0) { $0 + TextWidth.of($1) + 1 } }

        var labels = width(full) <= rect.width ? full : compact
        var range = labels.indices
        if width(labels) > rect.width {
            // Slide a window over the compact labels, keeping the current tab in it.
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
            x += width + 1
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
        guard current != .onboarding else { return nil }
        let count = min(9, FeatureRegistry.tabs.count)
        guard count > 0 else { return nil }
        let keys = count <= 3 ? (1...count).map(String.init).joined(separator: "/") : "1–\(count)"
        return HelpOverlay.Entry(keys: keys, action: ctx.strings("help.tabs"))
    }
}
