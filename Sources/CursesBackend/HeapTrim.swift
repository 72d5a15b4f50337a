#if canImport(Glibc)
import Glibc
#endif

/// When the terminal's wait gives the heap's free pages back to the kernel.
///
/// What a key, a resize or finished work sets off (a screen's first visit, a file read
/// and decoded) leaves free blocks between the heap's live ones, and glibc keeps them
/// resident: only free memory at the top of the heap goes back by itself. After a tour
/// of the screens that was 0.45 MB of the 2.9 MB of anonymous memory (README, "Where the
/// memory goes"). So once events have come in, the next wait first listens for `quiet`
/// seconds; if nothing arrives, `malloc_trim` returns those pages (tens of µs for this
/// heap) and the wait goes on. A key that comes sooner is handled first: the trim waits
/// for the next quiet moment, never in front of a frame.
struct HeapTrimSchedule {
    static let quiet = 0.05
    /// Events came in since the last trim (and at start: the launch's reads).
    private(set) var owed = true

    /// How long the first listen lasts before a trim, for a wait of `timeout` seconds (nil:
    /// until something happens); nil when no trim is owed or the wait is that short anyway.
    func probe(for timeout: Double?) -> Double? {
        guard owed, timeout.map({ $0 > Self.quiet }) ?? true else { return nil }
        return Self.quiet
    }

    /// What is left of `timeout` after the probe.
    func remaining(after timeout: Double?) -> Double? {
        timeout.map { max(0, $0 - Self.quiet) }
    }

    mutating func eventsArrived() { owed = true }
    mutating func trimmed() { owed = false }

    /// Returns the heap's free pages to the kernel.
    static func trim() {
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if canImport(Glibc)
@_silgen_name("malloc_trim") private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
