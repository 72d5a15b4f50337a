import Dispatch
import FoundationEssentials
import HealthDomain
import Platform
import Glibc

/// `TMM_TUI_TRACE_STARTUP=1`: prints milliseconds since launch at each step of
/// startup to stderr, to see where the first frame's time goes.
public enum StartupTrace {
    private static let start = DispatchTime.now().uptimeNanoseconds
    nonisolated(unsafe) private static var enabled = false // set once by main before any other thread exists

    public static func enable() { enabled = true; _ = start }

    public static func mark(_ step: String) {
        guard enabled else { return }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        StandardStream.error.write(String(cFormat: "tmm-tui startup: %7.2f ms  ", ms) + step + "\n")
    }
}
