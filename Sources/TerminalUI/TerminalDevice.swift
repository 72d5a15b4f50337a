/// What a terminal reported while the app waited.
public enum TerminalEvent: Equatable, Sendable {
    case keys([Key])
    case resized(Size)
    case signal(Int32)
    case wake
}

/// The screen the run loop draws on: the real curses terminal, or a test double.
public protocol TerminalDevice: AnyObject {
    var size: Size { get }
    func present(_ buffer: Buffer)
    /// Waits up to `timeout` seconds (nil: until something happens).
    func waitForEvents(timeout: Double?) -> [TerminalEvent]
    func bell()
    func flashScreen()
    /// Hands the terminal back and stops the process (Ctrl-Z); returns on resume.
    func suspend()
}
