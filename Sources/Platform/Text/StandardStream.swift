import Glibc

/// The process's standard output and error, written with write(2) (no
/// buffering to flush, nothing lost when the process exits right after).
public enum StandardStream: Sendable {
    case output, error

    private var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var written = 0
            while written < bytes.count {
                let n = Glibc.write(descriptor, base + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return } // a closed pipe: nothing more can be said
                written += n
            }
        }
    }

    public var isTerminal: Bool { isatty(descriptor) == 1 }
}
