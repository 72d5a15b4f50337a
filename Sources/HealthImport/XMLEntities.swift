/// Decodes attribute text: the five named XML entities and numeric references
/// (`&#38;`, `&#x26;`). Unknown or broken references are kept as written, and
/// stray control characters (exports carry 0x0B) are dropped.
enum XMLEntities {
    static func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        var needsWork = false
        for byte in bytes where byte == 0x26 || byte < 0x20 { needsWork = true; break }
        if !needsWork { return String(decoding: bytes, as: UTF8.self) }

        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                index += 1
                continue
            }
            if byte == 0x26, let (scalar, length) = reference(bytes, at: index) {
                out.append(contentsOf: String(Character(scalar)).utf8)
                index += length
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character an `&…;` reference at `start` stands for, and its length in bytes.
    private static func reference(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (Unicode.Scalar, Int)? {
        var end = start + 1
        while end < bytes.count, end - start <= 12, bytes[end] != 0x3B { end += 1 }
        guard end < bytes.count, bytes[end] == 0x3B else { return nil }
        let name = Array(bytes[(start + 1)..<end])
        let length = end - start + 1
        switch name {
        case Array("amp".utf8): return ("&", length)
        case Array("lt".utf8): return ("<", length)
        case Array("gt".utf8): return (">", length)
        case Array("quot".utf8): return ("\"", length)
        case Array("apos".utf8): return ("'", length)
        default: break
        }
        guard name.count >= 2, name[0] == 0x23 else { return nil }
        let hex = name[1] == 0x78 || name[1] == 0x58
        let digits = name.dropFirst(hex ? 2 : 1)
        guard !digits.isEmpty, case let text = String(decoding: digits, as: UTF8.self),
              let code = UInt32(text, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(code) else { return nil }
        return (scalar, length)
    }
}
