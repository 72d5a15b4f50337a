import FoundationEssentials

/// One file inside a zip archive, as its central directory describes it.
public struct ZipEntry: Sendable, Equatable {
    public let name: String
    /// 0 = stored, 8 = deflate.
    public let method: UInt16
    public let flags: UInt16
    public let crc32: UInt32
    public let compressedSize: UInt64
    public let uncompressedSize: UInt64
    public let localHeaderOffset: UInt64

    public var isDirectory: Bool { name.hasSuffix("/") }
    public var isEncrypted: Bool { flags & 1 != 0 }
}

/// A small zip reader: the central directory (zip64 too), then streamed entries.
/// The directory is trusted over local headers, which may carry zero sizes when
/// a data descriptor follows the data.
public struct ZipArchive: Sendable {
    public let url: URL
    public let fileSize: UInt64
    public let entries: [ZipEntry]

    private static let eocdSignature: UInt32 = 0x0605_4b50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4b50
    private static let zip64EndSignature: UInt32 = 0x0606_4b50
    private static let centralHeaderSignature: UInt32 = 0x0201_4b50
    static let localHeaderSignature: UInt32 = 0x0403_4b50

    public init(url: URL) throws(ZipError) {
        let file = try ZipFile(url: url)
        defer { file.close() }
        self.url = url
        self.fileSize = file.size
        self.entries = try Self.readDirectory(file)
    }

    /// True when the file starts like a zip (a local header or an empty archive's directory end).
    public static func hasZipSignature(_ prefix: [UInt8]) -> Bool {
        guard prefix.count >= 4, prefix[0] == 0x50, prefix[1] == 0x4b else { return false }
        return (prefix[2] == 3 && prefix[3] == 4) || (prefix[2] == 5 && prefix[3] == 6)
    }

    // MARK: - Directory

    private struct DirectoryLocation {
        var entryCount: UInt64
        var size: UInt64
        var offset: UInt64
    }

    private static func readDirectory(_ file: ZipFile) throws(ZipError) -> [ZipEntry] {
        let location = try findDirectory(file)
        guard location.offset <= file.size, location.size <= file.size - location.offset else {
            throw .truncated
        }
        // A directory entry is at least 46 bytes: a count beyond that is a lie, not a reason to allocate.
        guard location.size <= UInt64(Int.max), location.entryCount <= location.size / 46 + 1 else {
            throw .notAZip
        }
        let reader = LittleEndianReader(bytes: try file.read(at: location.offset, count: Int(location.size)))
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(location.entryCount))
        var position = 0
        for _ in 0..<location.entryCount {
            guard let signature = reader.u32(position) else { throw .truncated }
            guard signature == centralHeaderSignature else { throw .notAZip }
            guard let flags = reader.u16(position + 8), let method = reader.u16(position + 10),
                  let crc = reader.u32(position + 16), let compressed32 = reader.u32(position + 20),
                  let uncompressed32 = reader.u32(position + 24), let nameLength = reader.u16(position + 28),
                  let extraLength = reader.u16(position + 30), let commentLength = reader.u16(position + 32),
                  let offset32 = reader.u32(position + 42),
                  let nameBytes = reader.slice(position + 46, Int(nameLength)),
                  let extra = reader.slice(position + 46 + Int(nameLength), Int(extraLength))
            else { throw .truncated }
            var compressed = UInt64(compressed32)
            var uncompressed = UInt64(uncompressed32)
            var offset = UInt64(offset32)
            applyZip64Extra(Array(extra), compressed: &compressed, uncompressed: &uncompressed, offset: &offset,
                            needsCompressed: compressed32 == .max, needsUncompressed: uncompressed32 == .max,
                            needsOffset: offset32 == .max)
            entries.append(ZipEntry(
                name: decodeName(Array(nameBytes)), method: method, flags: flags, crc32: crc,
                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset))
            position += 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
        }
        return entries
    }

    /// The end-of-central-directory record sits in the last 22 + up to 65,535 comment bytes.
    private static func findDirectory(_ file: ZipFile) throws(ZipError) -> DirectoryLocation {
        let tailLength = Int(min(file.size, 22 + 65_535))
        guard tailLength >= 22 else { throw try looksLikeZipStart(file) ? .truncated : .notAZip }
        let tailStart = file.size - UInt64(tailLength)
        let tail = LittleEndianReader(bytes: try file.read(at: tailStart, count: tailLength))
        var candidate = tailLength - 22
        while candidate >= 0 {
            if tail.u32(candidate) == eocdSignature, let commentLength = tail.u16(candidate + 20),
               candidate + 22 + Int(commentLength) <= tailLength,
               let count = tail.u16(candidate + 10), let size = tail.u32(candidate + 12),
               let offset = tail.u32(candidate + 16) {
                let eocdOffset = tailStart + UInt64(candidate)
                if let zip64 = try readZip64Location(file, eocdOffset: eocdOffset) { return zip64 }
                return DirectoryLocation(entryCount: UInt64(count), size: UInt64(size), offset: UInt64(offset))
            }
            candidate -= 1
        }
        throw try looksLikeZipStart(file) ? .truncated : .notAZip
    }

    private static func looksLikeZipStart(_ file: ZipFile) throws(ZipError) -> Bool {
        guard file.size >= 4 else { return false }
        return hasZipSignature(try file.read(at: 0, count: 4))
    }

    /// A zip64 locator, when present, sits right before the classic record.
    private static func readZip64Location(_ file: ZipFile, eocdOffset: UInt64) throws(ZipError) -> DirectoryLocation? {
        guard eocdOffset >= 20 else { return nil }
        let locator = LittleEndianReader(bytes: try file.read(at: eocdOffset - 20, count: 20))
        guard locator.u32(0) == zip64LocatorSignature, let recordOffset = locator.u64(8) else { return nil }
        let record = LittleEndianReader(bytes: try file.read(at: recordOffset, count: 56))
        guard record.u32(0) == zip64EndSignature else { throw .notAZip }
        guard let count = record.u64(32), let size = record.u64(40), let offset = record.u64(48) else {
            throw .truncated
        }
        return DirectoryLocation(entryCount: count, size: size, offset: offset)
    }

    /// The zip64 extra field (id 1) lists, in order, only the values whose 32-bit field is saturated.
    private static func applyZip64Extra(
        _ extra: [UInt8], compressed: inout UInt64, uncompressed: inout UInt64, offset: inout UInt64,
        needsCompressed: Bool, needsUncompressed: Bool, needsOffset: Bool
    ) {
        guard needsCompressed || needsUncompressed || needsOffset else { return }
        let reader = LittleEndianReader(bytes: extra)
        var position = 0
        while let id = reader.u16(position), let length = reader.u16(position + 2) {
            let body = position + 4
            if id == 1 {
                var field = body
                if needsUncompressed, let value = reader.u64(field) { uncompressed = value; field += 8 }
                if needsCompressed, let value = reader.u64(field) { compressed = value; field += 8 }
                if needsOffset, let value = reader.u64(field) { offset = value }
                return
            }
            position = body + Int(length)
        }
    }

    /// Names are UTF-8 in practice (macOS and iOS write NFD UTF-8 without setting the
    /// UTF-8 flag); anything that is not valid UTF-8 is read as Latin-1 so it still prints.
    private static func decodeName(_ bytes: [UInt8]) -> String {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }
}
