import HealthDomain
import Platform
import TerminalUI

/// The keys that work on every screen: tabs by number, help, theme, quit.
enum GlobalKeys {
    enum Action: Sendable { case help, theme, quit, suspend, palette, go(FeatureID) }

    static func bindings(for model: AppModel, _ ctx: AppContext) -> [Binding<Action>] {
        let s = ctx.strings
        var list: [Binding<Action>] = []
        if FeatureRegistry.tabsReachable(from: model.route) {
            // Number keys reach the first nine tabs; a tenth is reached from the palette or the tab bar.
            for (i, type) in FeatureRegistry.tabs.enumerated() where i < 9 {
                let digit = Character(String(i + 1))
                list.append(Binding([.char(digit)], String(digit), s("route.\(type.id)"), .go(type.id), footer: false))
            }
        }
        // While a text field has focus, printable keys are text: F1 opens help, Ctrl-C still quits.
        if model.current.capturesText {
            return [
                Binding([.function(1)], "F1", s("key.help"), .help, priority: 2),
                Binding([.ctrl("c")], "Ctrl-C", s("key.quit"), .quit, footer: false),
                Binding([.ctrl("z")], "Ctrl-Z", s("key.suspend"), .suspend, footer: false),
            ]
        }
        list += [
            Binding([.char("?"), .function(1)], "?", s("key.help"), .help, priority: 2),
            Binding([.char(":"), .ctrl("p")], ":", s("key.palette"), .palette, footer: false),
            Binding([.char("t")], "t", s("key.theme"), .theme, priority: 2),
            Binding([.char("q"), .ctrl("c")], "q", s("key.quit"), .quit, priority: 2),
            Binding([.ctrl("z")], "Ctrl-Z", s("key.suspend"), .suspend, footer: false),
        ]
        return list
    }
}
