import CZlib
import FoundationEssentials

extension ZipArchive {
    /// Streams one entry's uncompressed bytes to `consumer`, one chunk at a time, so
    /// the entry never has to fit in memory. `consumer` also receives how many of the
    /// entry's compressed bytes have been read so far (for progress) and returns false
    /// to stop early. The CRC-32 is checked when the whole entry has been read.
    ///
    /// - Returns: true when the entry was read to its end and verified, false when the consumer stopped.
    /// - Throws: `ZipError`, or whatever `consumer` throws.
    @discardableResult
    public func read(
        _ entry: ZipEntry,
        chunkSize: Int = 256 * 1024,
        consumer: (_ chunk: UnsafeRawBufferPointer, _ compressedBytesRead: UInt64) throws -> Bool
    ) throws -> Bool {
        if entry.isEncrypted { throw ZipError.encrypted(entry: entry.name) }
        guard entry.method == 0 || entry.method == 8 else {
            throw ZipError.unsupportedMethod(entry: entry.name, method: entry.method)
        }
        let file = try ZipFile(url: url)
        defer { file.close() }
        let dataOffset = try Self.dataOffset(of: entry, in: file)
        guard dataOffset <= file.size, entry.compressedSize <= file.size - dataOffset else {
            throw ZipError.truncated
        }
        try file.seek(to: dataOffset)
        let chunk = max(4096, chunkSize)
        var verifier = EntryVerifier(entry: entry)
        let finished: Bool
        if entry.method == 0 {
            finished = try readStored(entry, file: file, chunkSize: chunk, verifier: &verifier, consumer: consumer)
        } else {
            finished = try readDeflated(entry, file: file, chunkSize: chunk, verifier: &verifier, consumer: consumer)
        }
        if finished { try verifier.verify() }
        return finished
    }

    /// Local headers are read only for their name and extra lengths; their sizes may be zero.
    private static func dataOffset(of entry: ZipEntry, in file: ZipFile) throws(ZipError) -> UInt64 {
        let header = LittleEndianReader(bytes: try file.read(at: entry.localHeaderOffset, count: 30))
        guard header.u32(0) == localHeaderSignature, let nameLength = header.u16(26),
              let extraLength = header.u16(28) else { throw .notAZip }
        return entry.localHeaderOffset + 30 + UInt64(nameLength) + UInt64(extraLength)
    }

    private func readStored(
        _ entry: ZipEntry, file: ZipFile, chunkSize: Int, verifier: inout EntryVerifier,
        consumer: (UnsafeRawBufferPointer, UInt64) throws -> Bool
    ) throws -> Bool {
        var consumed: UInt64 = 0
        while consumed < entry.compressedSize {
            let data = try file.readChunk(upTo: Int(min(UInt64(chunkSize), entry.compressedSize - consumed)))
            guard !data.isEmpty else { throw ZipError.truncated }
            consumed += UInt64(data.count)
            let keepGoing = try data.withUnsafeBytes { buffer in
                verifier.add(buffer)
                return try consumer(buffer, consumed)
            }
            if !keepGoing { return false }
        }
        return true
    }

    private func readDeflated(
        _ entry: ZipEntry, file: ZipFile, chunkSize: Int, verifier: inout EntryVerifier,
        consumer: (UnsafeRawBufferPointer, UInt64) throws -> Bool
    ) throws -> Bool {
        let inflater = try Inflater(entryName: entry.name, outputSize: chunkSize)
        var consumed: UInt64 = 0
        while consumed < entry.compressedSize {
            let data = try file.readChunk(upTo: Int(min(UInt64(chunkSize), entry.compressedSize - consumed)))
            guard !data.isEmpty else { throw ZipError.truncated }
            consumed += UInt64(data.count)
            let progress = consumed
            let outcome = try data.withUnsafeBytes { input in
                try inflater.inflate(input) { output in
                    verifier.add(output)
                    return try consumer(output, progress)
                }
            }
            switch outcome {
            case .stopped: return false
            case .streamEnded: return true
            case .needsInput: continue
            }
        }
        // All the compressed bytes the directory promised, and still no end of stream.
        throw ZipError.corrupt(entry: entry.name)
    }
}

/// Running CRC-32 and length of an entry's uncompressed bytes.
struct EntryVerifier {
    let entry: ZipEntry
    private var crc: uLong = crc32(0, nil, 0)
    private var length: UInt64 = 0

    init(entry: ZipEntry) { self.entry = entry }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        crc = crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
        length += UInt64(bytes.count)
    }

    func verify() throws(ZipError) {
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32, length == entry.uncompressedSize else {
            throw .crcMismatch(entry: entry.name)
        }
    }
}
