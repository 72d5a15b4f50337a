import HealthDomain
import TerminalUI

/// The keys that work on every screen: tabs by number, help, theme, quit.
enum GlobalKeys {
    enum Action: Sendable { case help, theme, quit, go(FeatureID) }

    static func bindings(for model: AppModel, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        var list: [Binding<Action>] = []
        if model.route != .onboarding {
            // Number keys reach the first nine tabs; a tenth is reached from the palette or the tab bar.
            for (i, type) in FeatureRegistry.tabs.enumerated() where i < 9 {
                let digit = Character(String(i + 1))
                list.append(Binding([.char(digit)], String(digit), s("route.\(type.id)"), .go(type.id), footer: false))
            }
        }
        list += [
            Binding([.char("?"), .function(1)], "?", s("key.help"), .help),
            Binding([.char("t")], "t", s("key.theme"), .theme),
            Binding([.char("q"), .ctrl("c")], "q", s("key.quit"), .quit),
        ]
        return list
    }
}
