#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// The string of `bytes` when they are valid UTF-8, else nil — what `String(validating:as:)`
    /// answers, at a fraction of its cost: that initializer is generic and, unspecialized in the
    /// standard library, looks up type metadata for every byte (1,100 instructions a meal name).
    /// The decoding initializer checks the bytes with the library's fast validator and mends any
    /// invalid sequence; a string that comes back with other bytes than it was given was mended.
    public init?(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        var copy = decoded
        let same = copy.withUTF8 { out in
            out.count == bytes.count && (bytes.isEmpty || memcmp(out.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        guard same else { return nil }
        self = decoded
    }
}
