import Glibc

/// A POSIX thread of its own for work that blocks (Foundation's `Thread`
/// lives outside FoundationEssentials).
enum DedicatedThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread with `stackSize` bytes of stack; runs it
    /// on the caller's thread if no thread can be made, so the work is never lost.
    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, box)
        if made != 0 { Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body() }
    }
}
