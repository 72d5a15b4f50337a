import Glibc

extension String {
    /// printf-style formatting through the C library (`%d`, `%02d`, `%.1f`, `%06d`…;
    /// numbers only, no `%@`): what Foundation's `String(cFormat:)` gives for these,
    /// without Foundation. Numbers are written with a "." whatever the locale, as
    /// the C library does until a program calls `setlocale(LC_NUMERIC, …)`, which this one never does.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 64)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            if needed < 0 { return "" }
            if needed < buffer.count { return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            return withVaList(arguments) { again in
                var big = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&big, big.count, format, again)
                return String(decoding: big.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
    }
}
