import FoundationEssentials
import TerminalUI

/// The two cuts of the walkthrough: the narrated tour of every screen and
/// flow (2–5 minutes of virtual time) and the short UX-only cut (1–2 minutes).
/// Keys are the ones a person would press; tab numbers come from the registry.
enum TourScripts {
    /// The number key of a tab, from the registry (the order can change).
    static func tab(_ id: FeatureID) -> Key {
        let index = FeatureRegistry.tabs.firstIndex { $0.id == id } ?? 0
        return .char(Character(String(min(index + 1, 9))))
    }

    static func tour() -> DemoScript {
        var s = DemoScript()
        // Onboarding and Limited Mode.
        s.say("tmm-tui, a health dashboard for the terminal: the real app, run by a script.", 5)
        s.say("First launch: what it does, three benefits and one action: Connect Health.", 4)
        s.press(.enter, after: 2)
        s.say("The permission sheet asks for Steps and Active Energy. Let's deny it first.", 3.5)
        s.press(.char("d"), after: 1.5)
        s.say("Denied: Limited Mode explains what still works and offers a retry.", 6)
        s.say("Retry (r), and this time allow both.", 1.5)
        s.press(.char("r"), after: 2)
        s.press(.char("a"), after: 2)

        // Today.
        s.say("Today: steps, active calories and the goal ring, cached first, then refreshed.", 6)
        s.say("The 7-day trend switches between steps and calories with c.", 1.5)
        s.press(.char("c"), after: 3)
        s.press(.char("c"), after: 1.5)
        s.say("Insight cards: the best day this week and the pace against last week.", 5)
        s.say("g simulates reaching the goal: a short celebration.", 1)
        s.press(.char("g"), after: 5)
        s.say("Live updates: a simulated watch streams samples every 1-5 s.", 10)

        // Nutrition.
        s.press(tab(.nutrition), after: 0.5)
        s.say("Nutrition: Log Meal (n) opens a bottom sheet.", 2.5)
        s.press(.char("n"), after: 1)
        s.type("Oat bowl")
        s.press(.tab, after: 0.4)
        s.type("4x0")
        s.say("Validation: a bad number is named; Save stays disabled until all is valid.", 1.5)
        s.press(.ctrl("s"), after: 4)
        s.press(.backspace, .backspace, gap: 0.2, after: 0.4)
        s.type("20")
        s.press(.tab, after: 0.3)
        s.type("12")
        s.press(.tab, after: 0.3)
        s.type("68")
        s.press(.tab, after: 0.3)
        s.type("9")
        s.say("Valid now: Ctrl-S saves, and the list and the day's balance update.", 1.5)
        s.press(.ctrl("s"), after: 5)
        s.say("Scan (s) looks a barcode up in a small catalog and fills the form.", 1.5)
        s.press(.char("s"), after: 1)
        s.type("5010029000061", after: 0.5)
        s.press(.enter, after: 2.5)
        s.press(.ctrl("s"), after: 4)

        // Month and an achievement.
        s.press(tab(.month), after: 0.5)
        s.say("Month: the month's total, its steps day by day, and the badges earned.", 5)
        s.say("Tab moves to the badges; Enter opens one.", 1)
        s.press(.tab, after: 1)
        s.press(.enter, after: 5)
        s.press(.escape, after: 1.5)

        // Scores.
        s.press(tab(.scores), after: 0.5)
        s.say("Scores: sleep, recovery and strain, each with its reasons.", 5)
        s.press(.tab, after: 1)
        s.press(.enter, after: 5)
        s.press(.escape, after: 1)

        // Care: breathing, telehealth, mood.
        s.press(tab(.care), after: 0.5)
        s.say("Care: the day's task opens a guided breathing exercise.", 3)
        s.press(.enter, after: 1)
        s.say("Breathe in 4 s, out 6 s. The provider comes online part-way through.", 31)
        s.say("The provider is here: Enter joins the visit now.", 1.5)
        s.press(.enter, after: 1)
        s.say("A telehealth session; ending it asks how you feel.", 5)
        s.press(.enter, after: 2)
        s.press(.down, .down, gap: 0.6, after: 1)
        s.press(.enter, after: 1)
        s.say("The mood is logged: the task is complete and saved.", 5)
        s.press(.enter, after: 1)

        // Devices: a failure, then a retry that works.
        s.press(tab(.devices), after: 0.5)
        s.say("Devices: connect a wearable over a simulated radio link.", 2)
        s.press(.enter, after: 5)
        s.say("The first attempt fails with a plain reason. Retry.", 3)
        s.press(.enter, after: 6)
        s.say("Synced: the band's steps beside the phone's, and the last sync is remembered.", 5)

        // Settings, themes, resizing.
        s.press(tab(.settings), after: 0.5)
        s.say("Settings: goals, theme, motion, bell and live updates, saved at once.", 5)
        s.press(tab(.today), after: 0.5)
        s.say("t switches the theme, dark and light.", 1)
        s.press(.char("t"), after: 3.5)
        s.press(.char("t"), after: 2.5)
        s.say("Resizing: the layout adapts to a smaller window...", 1)
        s.resize(Size(width: 72, height: 22), after: 3.5)
        s.resize(Size(width: 56, height: 18), after: 3.5)
        s.say("...and says so plainly when the window is too small.", 1)
        s.resize(Size(width: 44, height: 14), after: 3)
        s.resize(nil, after: 2)
        s.say("? lists every key of every screen.", 1)
        s.press(.char("?"), after: 4)
        s.press(.escape, after: 1)
        s.say("That's the tour. Run it yourself: make run (or tmm-tui demo).", 5)
        s.end()
        return s
    }

    /// The user-experience cut: no narration of the engineering, just the flows.
    static func ux() -> DemoScript {
        var s = DemoScript()
        s.say("tmm-tui: the user experience", 3)
        s.press(.enter, after: 2)
        s.press(.char("a"), after: 3)
        s.say("Today", 3)
        s.press(.char("c"), after: 2.5)
        s.press(.char("c"), after: 1)
        s.press(.char("g"), after: 5)
        s.say("Logging a meal", 0.5)
        s.press(tab(.nutrition), after: 1)
        s.press(.char("n"), after: 1)
        s.type("Salmon bowl")
        s.press(.tab, after: 0.3)
        s.type("6x0")
        s.press(.ctrl("s"), after: 2.5)
        s.press(.backspace, .backspace, gap: 0.2, after: 0.3)
        s.type("40")
        s.press(.ctrl("s"), after: 3.5)
        s.say("Month and a badge", 0.5)
        s.press(tab(.month), after: 2.5)
        s.press(.tab, after: 0.8)
        s.press(.enter, after: 3.5)
        s.press(.escape, after: 1)
        s.say("Scores", 0.5)
        s.press(tab(.scores), after: 4)
        s.say("A breathing exercise before a visit", 0.5)
        s.press(tab(.care), after: 1.5)
        s.press(.enter, after: 31) // breathe until the provider is online (about 30 s in, for the demo's seed)
        s.press(.enter, after: 3)
        s.press(.enter, after: 1.5)
        s.press(.down, .enter, gap: 0.6, after: 3)
        s.press(.enter, after: 0.5)
        s.say("A wearable", 0.5)
        s.press(tab(.devices), after: 1)
        s.press(.enter, after: 4.5)
        s.press(.enter, after: 5)
        s.say("Settings, themes and resizing", 0.5)
        s.press(tab(.settings), after: 2.5)
        s.press(tab(.today), after: 1)
        s.press(.char("t"), after: 3)
        s.press(.char("t"), after: 1.5)
        s.resize(Size(width: 64, height: 20), after: 3)
        s.resize(nil, after: 2)
        s.end()
        return s
    }
}
