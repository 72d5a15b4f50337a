import FoundationEssentials
import HealthDomain
import Platform

/// Progress of a running import, reported once per chunk.
public struct ImportProgress: Sendable, Equatable {
    /// Bytes of the file on disk read so far, and in all (compressed sizes for a zip).
    public var fileBytesRead: UInt64
    public var fileBytesTotal: UInt64
    public var xmlBytesRead: UInt64
    public var recordsImported: Int

    public var fraction: Double {
        fileBytesTotal == 0 ? 0 : min(1, Double(fileBytesRead) / Double(fileBytesTotal))
    }
}

public struct ImportOptions: Sendable {
    public var chunkSize: Int
    /// Read what can be read from an XML that stops midway instead of refusing it.
    public var acceptTruncatedXML: Bool

    public init(chunkSize: Int = 256 * 1024, acceptTruncatedXML: Bool = false) {
        self.chunkSize = chunkSize
        self.acceptTruncatedXML = acceptTruncatedXML
    }
}

/// Streams an export end to end: file or zip entry → XML scanner → validation →
/// duplicate filter → `onRecord`. Memory stays flat whatever the file size.
public enum HealthExportReader {
    /// - Throws: `ImportError` (`.cancelled` when `isCancelled` turns true), or what `onRecord` throws.
    public static func read(
        _ location: HealthExportLocation,
        options: ImportOptions = ImportOptions(),
        isCancelled: () -> Bool = { false },
        progress: (ImportProgress) -> Void = { _ in },
        onRecord: (ImportedRecord) throws -> Void
    ) throws -> ImportSummary {
        var scanner = HealthXMLScanner()
        var pipeline = ImportPipeline()
        let total = location.fileBytes
        var fileBytesRead: UInt64 = 0

        let consume = { (chunk: UnsafeRawBufferPointer, fileOffset: UInt64) throws -> Bool in
            if isCancelled() { throw ImportError.cancelled }
            // Records reach the pipeline through a pointer: `pipeline` is captured by a closure
            // that may escape, so each record's access to it was checked for exclusivity at
            // run time (swift_beginAccess, ≈ 130 instructions a record); now once a chunk.
            try withUnsafeMutablePointer(to: &pipeline) { pipeline in
                try scanner.feed(chunk) { scanned, sourceNumber in
                    if let record = pipeline.pointee.accept(scanned, sourceNumber: sourceNumber) { try onRecord(record) }
                }
            }
            fileBytesRead = fileOffset
            progress(ImportProgress(
                fileBytesRead: fileOffset, fileBytesTotal: total, xmlBytesRead: scanner.stats.bytesScanned,
                recordsImported: pipeline.importedRecords))
            return true
        }

        switch location.container {
        case .zip(let archive, let entry):
            do {
                try archive.read(entry, chunkSize: options.chunkSize, consumer: consume)
            } catch let error as ZipError {
                throw ImportError.zip(path: location.path, error)
            }
        case .xmlFile(let url):
            try readFile(url, path: location.path, chunkSize: options.chunkSize, consumer: consume)
        }

        scanner.finish()
        pipeline.finish(xml: scanner.stats)
        var summary = pipeline.summary
        summary.path = location.path
        summary.xmlName = location.xmlName
        summary.fileBytesRead = fileBytesRead
        // An export date no phone could have written (year 9999, 1970) is not shown as the export's day.
        if let date = summary.exportDate, !RecordMapper.plausibleDates.contains(date) {
            summary.implausibleExportDate = date
            summary.exportDate = nil
        }

        if summary.xml.isBrokenMidway, !options.acceptTruncatedXML {
            throw ImportError.xmlBrokenMidway(
                path: location.path, recordsRead: summary.xml.recordElements, bytesRead: summary.xmlBytesRead)
        }
        if summary.xml.recordElements == 0 { throw ImportError.emptyExport(path: location.path) }
        return summary
    }

    /// Convenience: locate then read.
    public static func read(
        path: String,
        options: ImportOptions = ImportOptions(),
        isCancelled: () -> Bool = { false },
        progress: (ImportProgress) -> Void = { _ in },
        onRecord: (ImportedRecord) throws -> Void
    ) throws -> ImportSummary {
        try read(HealthExportLocation.locate(path), options: options, isCancelled: isCancelled,
                 progress: progress, onRecord: onRecord)
    }

    private static func readFile(
        _ url: URL, path: String, chunkSize: Int, consumer: (UnsafeRawBufferPointer, UInt64) throws -> Bool
    ) throws {
        let handle: PosixFile
        do { handle = try PosixFile(readingAt: url.path) } catch {
            throw ImportError.unreadable(path: path, reason: error.description)
        }
        defer { handle.close() }
        // One buffer for every chunk (a fresh one each time was zeroed first: 3% of an import).
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(4096, chunkSize), alignment: 64)
        defer { buffer.deallocate() }
        var offset: UInt64 = 0
        while true {
            let count: Int
            do { count = try handle.read(into: buffer) } catch {
                throw ImportError.unreadable(path: path, reason: error.description)
            }
            if count == 0 { return }
            offset += UInt64(count)
            let keepGoing = try consumer(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), offset)
            if !keepGoing { return }
        }
    }
}
