import FoundationEssentials
import HealthDomain
import Platform
import TerminalUI

/// Where the demo's terminal bytes go: an asciicast file, memory (tests), or a
/// real terminal that a person watches.
protocol DemoOutput: AnyObject {
    /// Terminal output produced `seconds` into the tour (virtual time).
    func write(_ text: String, at seconds: Double)
    /// Lets `seconds` of virtual time pass for the viewer. A live player waits
    /// that long in real time, pausing on any key, and stops early when the
    /// viewer leaves or resizes the terminal.
    func pace(_ seconds: Double, pause: (Bool) -> Void) -> PaceOutcome
    func finish(at seconds: Double)
}

enum PaceOutcome: Equatable {
    case waited
    case left
    /// The terminal is now `canvas` big, `after` seconds into the wait.
    case resized(canvas: Size, after: Double)
}

/// Writes an asciicast v2 recording to a file as the tour plays: nothing waits.
final class AsciicastFileOutput: DemoOutput {
    private var writer: AsciicastWriter
    private let handle: PosixFile
    private var pending = ""

    init(path: String, size: Size, startedAt: Date) throws {
        writer = AsciicastWriter(width: size.width, height: size.height, timestamp: startedAt,
                                 env: ["TERM": "xterm-256color", "SHELL": "/bin/sh"])
        let handle: PosixFile
        do { handle = try PosixFile(writingAt: path) } catch { throw DemoError("cannot write \(path): \(error)") }
        self.handle = handle
        pending = writer.header()
    }

    func write(_ text: String, at seconds: Double) {
        guard !text.isEmpty else { return }
        pending += writer.output(text, at: seconds)
        if pending.utf8.count > 64 * 1024 { flush() }
    }

    func pace(_ seconds: Double, pause: (Bool) -> Void) -> PaceOutcome { .waited }

    func finish(at seconds: Double) {
        flush()
        handle.close()
    }

    private func flush() {
        try? handle.write(contentsOf: Array(pending.utf8))
        pending = ""
    }
}

/// Keeps the recording in memory (tests read it back).
final class AsciicastMemoryOutput: DemoOutput {
    private var writer: AsciicastWriter
    private(set) var text: String

    init(size: Size, startedAt: Date) {
        writer = AsciicastWriter(width: size.width, height: size.height, timestamp: startedAt)
        text = writer.header()
    }

    func write(_ chunk: String, at seconds: Double) { text += writer.output(chunk, at: seconds) }
    func pace(_ seconds: Double, pause: (Bool) -> Void) -> PaceOutcome { .waited }
    func finish(at seconds: Double) {}
}

struct DemoError: Error, CustomStringConvertible, Sendable {
    var description: String
    init(_ description: String) { self.description = description }
}
