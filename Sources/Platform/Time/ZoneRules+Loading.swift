import Glibc
import Synchronization

extension ZoneRules {
    static let defaultDirectory = "/usr/share/zoneinfo"
    static let localtimePath = "/etc/localtime"

    /// A named zone from TZif files: `$TZDIR` (when `directory` is nil and TZDIR is set) or /usr/share/zoneinfo;
    /// or a POSIX TZ rule string such as "EST5EDT,M3.2.0,M11.1.0" or "<+0330>-3:30"; "UTC"/"GMT"/"Z" give utc.
    /// nil when neither works (missing file, not a TZif file, bad rule). Never reads outside `directory`
    /// (reject ".." components and absolute names).
    public static func named(_ identifier: String, directory: String? = nil) -> ZoneRules? {
        // Our own fixed-offset identifiers round-trip with Foundation's sign, not POSIX's ("GMT+01:00" is UTC+1).
        if let seconds = fixedOffsetSeconds(identifier) { return ZoneRules(secondsFromGMT: seconds) }
        return load(identifier, directory: directory ?? environmentDirectory())
    }

    /// The process's zone, as the C library picks it: `TZ` from `environment` (":Europe/Paris" and "Europe/Paris"
    /// both name a file; a POSIX rule string works; empty TZ = UTC; an unknown name = UTC, as glibc does),
    /// else /etc/localtime (identifier from its symlink target after ".../zoneinfo/", else "localtime"), else UTC.
    public static func current(environment: [String: String]) -> ZoneRules {
        current(environment: environment, localtimePath: localtimePath)
    }

    static func current(environment: [String: String], localtimePath: String) -> ZoneRules {
        guard var tz = environment["TZ"] else {
            return cached(key: "file\0" + localtimePath) {
                fileRules(atPath: localtimePath, identifier: zoneinfoName(ofLink: localtimePath) ?? "localtime")
            } ?? .utc
        }
        if tz.hasPrefix(":") { tz.removeFirst() }
        if tz.isEmpty { return .utc }
        if tz.hasPrefix("/") {
            let path = tz
            return cached(key: "file\0" + path) {
                fileRules(atPath: path, identifier: zoneinfoName(inPath: path) ?? path)
            } ?? .utc
        }
        let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultDirectory
        return load(tz, directory: directory) ?? .utc
    }

    private static func load(_ identifier: String, directory: String) -> ZoneRules? {
        if identifier == "UTC" || identifier == "GMT" || identifier == "Z" { return .utc }
        return cached(key: directory + "\0" + identifier) {
            if isSafeRelativeName(identifier),
               let zone = fileRules(atPath: directory + "/" + identifier, identifier: identifier) {
                return zone
            }
            return PosixTimeZoneRule(identifier).map { ZoneRules(identifier: identifier, table: .rule($0)) }
        }
    }

    // MARK: - Cache

    /// Loaded zones by where they came from; misses are not kept, so a file that appears later is found.
    private static let cache = Mutex<[String: ZoneRules]>([:])
    private static let cacheLimit = 256

    private static func cached(key: String, load: () -> ZoneRules?) -> ZoneRules? {
        if let hit = cache.withLock({ $0[key] }) { return hit }
        guard let zone = load() else { return nil }
        cache.withLock { entries in
            if entries.count >= cacheLimit { entries.removeAll() }
            entries[key] = zone
        }
        return zone
    }

    // MARK: - Files

    private static func fileRules(atPath path: String, identifier: String) -> ZoneRules? {
        guard let bytes = readSmallFile(atPath: path), let table = TZifReader.read(bytes) else { return nil }
        return ZoneRules(identifier: identifier, table: table)
    }

    /// A regular file of at most `maxBytes` (zone files are a few KB); never blocks on a FIFO or device.
    private static func readSmallFile(atPath path: String, maxBytes: Int = 1 << 20) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes else { return nil }
        let size = Int(info.st_size)
        var filled = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while filled < size {
                let n = read(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                filled += n
            }
            count = filled
        }
        return bytes
    }

    /// Relative, no "..", no NUL: a name that cannot leave the zone directory.
    static func isSafeRelativeName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.utf8.contains(0) else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    private static func environmentDirectory() -> String {
        guard let value = getenv("TZDIR"), value.pointee != 0 else { return defaultDirectory }
        return String(cString: value)
    }

    /// "Europe/Paris" from a link such as "/usr/share/zoneinfo/Europe/Paris" or "../usr/share/zoneinfo/Europe/Paris".
    private static func zoneinfoName(ofLink path: String) -> String? {
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &target, target.count - 1)
        guard length > 0 else { return nil }
        let bytes = target[0..<length].map { UInt8(bitPattern: $0) }
        return zoneinfoName(inPath: String(decoding: bytes, as: UTF8.self))
    }

    private static func zoneinfoName(inPath path: String) -> String? {
        let marker = Array("zoneinfo/".utf8), bytes = Array(path.utf8)
        guard bytes.count > marker.count else { return nil }
        for start in 0...(bytes.count - marker.count)
        where (start == 0 || bytes[start - 1] == UInt8(ascii: "/")) && bytes[start..<(start + marker.count)].elementsEqual(marker) {
            let name = bytes[(start + marker.count)...]
            return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
        }
        return nil
    }

    /// Seconds east of UTC for "GMT+01:00", "GMT-05:30", "GMT+01:00:30" (the identifiers `init(secondsFromGMT:)` makes).
    private static func fixedOffsetSeconds(_ identifier: String) -> Int? {
        let bytes = Array(identifier.utf8)
        guard bytes.count == 9 || bytes.count == 12, bytes.starts(with: Array("GMT".utf8)),
              bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-") else { return nil }
        var fields: [Int] = []
        var index = 4
        while index + 1 < bytes.count {
            let tens = Int(bytes[index]) - 48, ones = Int(bytes[index + 1]) - 48
            guard (0...9).contains(tens), (0...9).contains(ones) else { return nil }
            fields.append(tens * 10 + ones)
            index += 2
            if index < bytes.count {
                guard bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        guard index == bytes.count, fields.count >= 2, fields.dropFirst().allSatisfy({ $0 <= 59 }) else { return nil }
        let seconds = fields[0] * 3600 + fields[1] * 60 + (fields.count > 2 ? fields[2] : 0)
        guard seconds <= TZifReader.maxOffset else { return nil }
        return bytes[3] == UInt8(ascii: "-") ? -seconds : seconds
    }
}
