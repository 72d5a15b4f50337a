import CZlib
import Foundation

/// A tiny zip writer for fixtures: stored or deflated entries, optional data
/// descriptors (zero sizes in the local header), a zip64 variant and a comment.
public struct TestZipEntry {
    public enum Method { case stored, deflate }
    public var name: String
    public var data: [UInt8]
    public var method: Method = .deflate
    public var dataDescriptor = false
    /// Write a wrong CRC in the directory.
    public var wrongCRC = false

    public init(_ name: String, _ text: String, method: Method = .deflate, dataDescriptor: Bool = false) {
        self.name = name
        self.data = Array(text.utf8)
        self.method = method
        self.dataDescriptor = dataDescriptor
    }
}

public enum TestZipWriter {
    public static func make(_ entries: [TestZipEntry], zip64: Bool = false, comment: String = "") -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let payload = entry.method == .deflate ? deflate(entry.data) : entry.data
            var crc = UInt32(truncatingIfNeeded: crc32(0, entry.data, uInt(entry.data.count)))
            if entry.wrongCRC { crc ^= 0xDEAD_BEEF }
            let name = Array(entry.name.utf8)
            let method: UInt16 = entry.method == .deflate ? 8 : 0
            let flags: UInt16 = entry.dataDescriptor ? 0x0008 : 0
            let offset = UInt64(out.count)

            // Local header.
            var zip64Local: [UInt8] = []
            if zip64 {
                zip64Local += le16(1) + le16(16)
                zip64Local += entry.dataDescriptor ? le64(0) + le64(0) : le64(UInt64(entry.data.count)) + le64(UInt64(payload.count))
            }
            out += le32(0x0403_4b50) + le16(zip64 ? 45 : 20) + le16(flags) + le16(method) + le16(0) + le16(0x21)
            if entry.dataDescriptor {
                out += le32(0) + le32(zip64 ? 0xFFFF_FFFF : 0) + le32(zip64 ? 0xFFFF_FFFF : 0)
            } else {
                out += le32(crc) + le32(zip64 ? 0xFFFF_FFFF : UInt32(payload.count))
                out += le32(zip64 ? 0xFFFF_FFFF : UInt32(entry.data.count))
            }
            out += le16(UInt16(name.count)) + le16(UInt16(zip64Local.count)) + name + zip64Local
            out += payload
            if entry.dataDescriptor {
                out += le32(0x0807_4b50) + le32(crc)
                out += zip64 ? le64(UInt64(payload.count)) + le64(UInt64(entry.data.count))
                    : le32(UInt32(payload.count)) + le32(UInt32(entry.data.count))
            }

            // Central directory header.
            var extra: [UInt8] = []
            if zip64 {
                extra = le16(1) + le16(24) + le64(UInt64(entry.data.count)) + le64(UInt64(payload.count)) + le64(offset)
            }
            central += le32(0x0201_4b50) + le16(0x031E) + le16(zip64 ? 45 : 20) + le16(flags) + le16(method)
            central += le16(0) + le16(0x21) + le32(crc)
            central += zip64 ? le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
                : le32(UInt32(payload.count)) + le32(UInt32(entry.data.count))
            central += le16(UInt16(name.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0) + le16(0) + le32(0)
            central += le32(zip64 ? 0xFFFF_FFFF : UInt32(offset)) + name + extra
        }
        let centralOffset = UInt64(out.count)
        out += central
        if zip64 {
            let recordOffset = UInt64(out.count)
            out += le32(0x0606_4b50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(UInt64(entries.count)) + le64(UInt64(entries.count))
            out += le64(UInt64(central.count)) + le64(centralOffset)
            out += le32(0x0706_4b50) + le32(0) + le64(recordOffset) + le32(1)
        }
        let commentBytes = Array(comment.utf8)
        out += le32(0x0605_4b50) + le16(0) + le16(0)
        out += zip64 ? le16(0xFFFF) + le16(0xFFFF) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
            : le16(UInt16(entries.count)) + le16(UInt16(entries.count)) + le32(UInt32(central.count)) + le32(UInt32(centralOffset))
        out += le16(UInt16(commentBytes.count)) + commentBytes
        return out
    }

    public static func deflate(_ data: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        precondition(tmm_deflate_init_raw(&stream, 6) == Z_OK)
        defer { deflateEnd(&stream) }
        var input = data
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                precondition(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    private static func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }
}

/// A scratch folder per test, removed at the end.
public final class TemporaryFolder {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tmm-import-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) -> String {
        let file = url.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
        return file.path
    }

    @discardableResult
    public func write(_ name: String, _ text: String) -> String { write(name, Array(text.utf8)) }
}
