import Synchronization
#if canImport(Glibc)
import Glibc
#endif

private let interrupted = Atomic<Bool>(false)

/// Ctrl-C during an import: the first one sets a flag the reader polls between
/// chunks (it stops, cleans up and changes nothing); a second one exits at once.
enum InterruptFlag {
    static var isSet: Bool { interrupted.load(ordering: .relaxed) }

    static func install() {
        interrupted.store(false, ordering: .relaxed)
        signal(SIGINT) { _ in
            if interrupted.exchange(true, ordering: .relaxed) { _exit(130) }
        }
    }

    static func uninstall() {
        signal(SIGINT, SIG_DFL)
    }
}
