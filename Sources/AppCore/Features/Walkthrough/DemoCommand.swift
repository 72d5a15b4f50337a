import FoundationEssentials
import HealthDomain
import Platform
import Glibc
import TerminalUI

extension Commands {
    /// The size a recording is made at.
    public static let demoRecordingSize = Size(width: 100, height: 30)

    /// `tmm-tui demo [--ux] [--record FILE.cast]`: the narrated tour (or the
    /// UX-only cut), played live on this terminal, or written to an asciicast
    /// v2 file without needing a terminal.
    public static func demo(_ options: Options, _ request: DemoRequest, environment: [String: String]) async -> Int32 {
        let script = request.ux ? TourScripts.ux() : TourScripts.tour()
        let unicode = TerminalEnvironment.localeIsUTF8(environment)
        if let path = request.record {
            let start = options.now ?? DemoPlayer.defaultStart
            let depth: ColorDepth = (environment["NO_COLOR"] ?? "").isEmpty ? .trueColor : .monochrome
            let player = DemoPlayer(script: script, canvas: demoRecordingSize, options: options, environment: environment,
                                    unicode: unicode, depth: depth)
            let result = await onOwnThread { () -> Result<DemoPlayer.Outcome, DemoError> in
                do {
                    let output = try AsciicastFileOutput(path: path, size: demoRecordingSize, startedAt: start)
                    return .success(player.play(output: output))
                } catch {
                    return .failure(error as? DemoError ?? DemoError("\(error)"))
                }
            }
            switch result {
            case .failure(let error):
                StandardStream.error.write("tmm-tui: \(error)\n")
                return 1
            case .success(let outcome):
                let minutes = String(cFormat: "%.1f", outcome.duration / 60)
                StandardStream.error.write("tmm-tui: recorded \(minutes) min (\(outcome.frames) frames) to \(path)\n")
                return outcome.completed ? 0 : 1
            }
        }
        guard let size = LiveTerminalOutput.terminalSize(), isatty(STDIN_FILENO) == 1 else {
            StandardStream.error.write("tmm-tui: demo plays on a terminal; without one, record it: tmm-tui demo --record FILE.cast\n")
            return 2
        }
        let needed = Size(width: AppModel.minimumSize.width, height: AppModel.minimumSize.height + 1)
        guard size.width >= needed.width, size.height >= needed.height else {
            StandardStream.error.write("tmm-tui: the demo needs a terminal of at least \(needed.width)×\(needed.height); this one is \(size.width)×\(size.height)\n")
            return 2
        }
        var start = options
        if start.now == nil { start.now = Date() }
        let player = DemoPlayer(script: script, canvas: size, options: start, environment: environment,
                                unicode: unicode, depth: LiveTerminalOutput.colorDepth(environment))
        let played = await onOwnThread { () -> Bool in
            guard let output = LiveTerminalOutput() else { return false }
            _ = player.play(output: output)
            LiveTerminalOutput.restoreTerminal()
            return true
        }
        if !played { StandardStream.error.write("tmm-tui: cannot set up the terminal for the demo\n") }
        return played ? 0 : 2
    }

    /// The player blocks while it waits for work; it gets a thread of its own so
    /// the concurrency pool stays free for that work.
    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DedicatedThread.start(stackSize: 8 << 20) { continuation.resume(returning: body()) }
        }
    }
}
