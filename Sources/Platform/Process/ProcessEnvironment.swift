#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read from `environ` as `getenv` reads them: the
/// first entry of a name wins, and an entry without `=` names nothing.
///
/// `ProcessInfo.processInfo.environment` reads the same variables, but its first use builds the
/// whole `ProcessInfo` (host name, arguments, a lock) and a dictionary through generic
/// metadata the runtime instantiates on the spot: 6–7% of a `glance` run's CPU, before
/// it reads a file (README "Performance", fourteenth round).
public enum ProcessEnvironment {
    public static func variables() -> [String: String] {
        #if canImport(Glibc)
        // Imported as never null, yet null after `clearenv()`: checked by its bits.
        guard var entry = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: Int(bitPattern: environ)) else { return [:] }
        var count = 0
        while entry[count] != nil { count += 1 }
        // Sized once: growing the table entry by entry rehashed it five times.
        var out = [String: String](minimumCapacity: count)
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
            if let equals = bytes.firstIndex(of: 0x3D), equals > 0 {
                let name = String(decoding: bytes[..<equals], as: UTF8.self)
                if out[name] == nil { out[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self) }
            }
            entry += 1
        }
        return out
        #else
        return [:]
        #endif
    }
}
