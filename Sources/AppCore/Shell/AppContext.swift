import FoundationEssentials
import DesignSystem
import HealthDomain
import Platform
import TerminalUI

/// What the model and views need besides state: strings, formats, preferences.
public struct AppContext: Sendable {
    public var strings: Strings
    public var formats: Formats
    public var glyphs: Glyphs
    public var reduceMotion: Bool
    public var bell: Bool
    public var monochrome: Bool
    public var userThemesDirectory: URL?

    public init(strings: Strings, formats: Formats, glyphs: Glyphs = .unicode, reduceMotion: Bool = false,
                bell: Bool = true, monochrome: Bool = false, userThemesDirectory: URL? = nil) {
        self.strings = strings
        self.formats = formats
        self.glyphs = glyphs
        self.reduceMotion = reduceMotion
        self.bell = bell
        self.monochrome = monochrome
        self.userThemesDirectory = userThemesDirectory
    }

    public var calendar: LocalCalendar { formats.calendar }

    /// A string that names keys ("←/→ by 500"): without UTF-8 its arrows are spelled out
    /// ("Left/Right by 500"), as the footer's and help's are, since `<` `>` would name other keys.
    public func keysText(_ key: String, _ args: String...) -> String {
        let text = strings.string(key, args)
        return glyphs.isUnicode ? text : KeyHint.arrowsNamed(text)
    }

    /// This context with the saved preferences applied; a command-line flag
    /// (`--reduce-motion`, `--no-bell`) still wins for the run.
    public func applying(_ settings: Settings) -> AppContext {
        var c = self
        c.reduceMotion = reduceMotion || settings.reduceMotion
        c.bell = bell && settings.bell
        return c
    }
}
