import FoundationEssentials
import TerminalUI

/// One moment of a scripted tour, at `time` seconds of virtual time from the start.
public struct DemoCue: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// Keys, delivered to the app as one batch of terminal input.
        case keys([Key])
        /// The caption shown in the banner (nil hides it).
        case caption(String?)
        /// The app's window changes size (nil: back to the whole screen).
        case resize(Size?)
        /// The tour is over: the app is asked to quit.
        case end
    }
    public var time: Double
    public var action: Action
}

/// Builds a timeline the way a presenter speaks: say something, wait, press a
/// key, type a word at a person's pace. Time only moves forward.
public struct DemoScript: Sendable {
    public private(set) var cues: [DemoCue] = []
    /// Where the next cue goes, in seconds from the start.
    public private(set) var time: Double = 0
    /// Seconds between the characters of `type`.
    public var typingInterval = 0.14

    public init() {}

    /// The whole length of the tour.
    public var duration: Double { cues.last?.time ?? 0 }

    /// Shows a caption, then lets `seconds` pass.
    public mutating func say(_ caption: String, _ seconds: Double = 0) {
        cues.append(DemoCue(time: time, action: .caption(caption)))
        wait(seconds)
    }

    public mutating func wait(_ seconds: Double) {
        time += max(0, seconds.isFinite ? seconds : 0)
    }

    /// Presses keys one after another (`gap` seconds apart), then lets `after` pass.
    public mutating func press(_ keys: Key..., gap: Double = 0.6, after: Double = 1.2) {
        for (i, key) in keys.enumerated() {
            if i > 0 { wait(gap) }
            cues.append(DemoCue(time: time, action: .keys([key])))
        }
        wait(after)
    }

    /// Types text one character at a time, then lets `after` pass.
    public mutating func type(_ text: String, after: Double = 0.8) {
        for (i, ch) in text.enumerated() {
            if i > 0 { wait(typingInterval) }
            cues.append(DemoCue(time: time, action: .keys([.char(ch)])))
        }
        wait(after)
    }

    public mutating func resize(_ size: Size?, after: Double = 2) {
        cues.append(DemoCue(time: time, action: .resize(size)))
        wait(after)
    }

    /// Ends the tour now (call last).
    public mutating func end() {
        cues.append(DemoCue(time: time, action: .caption(nil)))
        cues.append(DemoCue(time: time, action: .end))
    }
}
