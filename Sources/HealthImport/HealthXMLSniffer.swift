/// Tells a Health export XML by its content: after an optional BOM, XML declaration,
/// comments and DOCTYPE, the root element must be `<HealthData`. (The export_cda.xml
/// next to it starts with `<ClinicalDocument`.)
public enum HealthXMLSniffer {
    public enum Verdict: Equatable, Sendable { case healthData, other, needMoreBytes }

    /// Give up looking for the root element after this many bytes.
    public static let window = 1 << 20

    public static func classify(_ prefix: [UInt8]) -> Verdict {
        var index = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while true {
            while index < prefix.count, HealthXMLScanner.isBlank(prefix[index]) { index += 1 }
            guard index < prefix.count else { return undecided(prefix) }
            guard prefix[index] == 0x3C else { return .other }
            let rest = prefix[index...]
            if rest.starts(with: Array("<?".utf8)) {
                guard let end = find(Array("?>".utf8), in: prefix, from: index + 2) else { return undecided(prefix) }
                index = end
            } else if rest.starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), in: prefix, from: index + 4) else { return undecided(prefix) }
                index = end
            } else if rest.starts(with: Array("<!DOCTYPE".utf8)) {
                guard let end = doctypeEnd(prefix, from: index + 9) else { return undecided(prefix) }
                index = end
            } else {
                let name = Array("<HealthData".utf8)
                guard prefix.count - index > name.count else {
                    return name.starts(with: rest) ? undecided(prefix) : .other
                }
                guard rest.starts(with: name) else { return .other }
                let next = prefix[index + name.count]
                return HealthXMLScanner.isBlank(next) || next == 0x3E || next == 0x2F ? .healthData : .other
            }
        }
    }

    private static func undecided(_ prefix: [UInt8]) -> Verdict {
        prefix.count >= window ? .other : .needMoreBytes
    }

    /// Just past `needle`, searching from `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index + needle.count }
        }
        return nil
    }

    /// Past the DOCTYPE: its `>`, or with an internal subset the `]` … `>` closing it.
    private static func doctypeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var inSubset = false
        var closing = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if !inSubset {
                if byte == 0x3E { return index }
                if byte == 0x5B { inSubset = true }
            } else if byte == 0x3E, closing {
                return index
            } else if byte == 0x5D {
                closing = true
            } else if !HealthXMLScanner.isBlank(byte) {
                closing = false
            }
        }
        return nil
    }
}
