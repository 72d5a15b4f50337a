import FoundationEssentials
import HealthDomain
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Where the health XML of an export is: an entry of a zip, or a file on disk.
public struct HealthExportLocation: Sendable {
    public enum Container: Sendable {
        case zip(ZipArchive, ZipEntry)
        case xmlFile(URL)
    }

    /// The path the user gave.
    public let path: String
    public let container: Container

    /// The XML's name inside the zip, or its path.
    public var xmlName: String {
        switch container {
        case .zip(_, let entry): return entry.name
        case .xmlFile(let url): return url.path
        }
    }

    /// Bytes of the file on disk that reading will go through (the compressed size for a zip entry).
    public var fileBytes: UInt64 {
        switch container {
        case .zip(_, let entry): return entry.compressedSize
        case .xmlFile(let url):
            return fileSize(atPath: url.path) ?? 0
        }
    }

    /// Finds the health XML for `path`: an export.zip (the XML is found by its
    /// content, whatever its localized name), an unzipped folder, or the XML itself.
    public static func locate(_ path: String, fileManager: FileManager = .default) throws(ImportError) -> HealthExportLocation {
        // One non-blocking open tells a missing path, a link loop, a folder and a
        // FIFO, socket or device apart; nothing here ever waits on a pipe.
        let isDirectory: Bool
        do {
            let probe = try PosixFile(readingAt: path, allowDirectory: true)
            defer { probe.close() }
            isDirectory = try probe.status().isDirectory
        } catch {
            if error.code == ENOENT || error.code == ENOTDIR { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: error.description)
        }
        let url = URL(fileURLWithPath: path)
        if isDirectory { return try locateInFolder(url, path: path) }

        let head = try readPrefix(url, path: path, count: 4)
        if head.isEmpty { throw .emptyFile(path: path) }
        if ZipArchive.hasZipSignature(head) || url.pathExtension.lowercased() == "zip" {
            return try locateInZip(url, path: path)
        }
        if try isHealthXML(url, path: path) { return HealthExportLocation(path: path, container: .xmlFile(url)) }
        throw .noHealthXML(path: path)
    }

    // MARK: - Zip

    private static func locateInZip(_ url: URL, path: String) throws(ImportError) -> HealthExportLocation {
        let archive: ZipArchive
        do { archive = try ZipArchive(url: url) } catch { throw .zip(path: path, error) }
        let files = archive.entries.filter { !$0.isDirectory && !$0.name.hasPrefix("__MACOSX/") }
        if files.isEmpty { throw .emptyExport(path: path) }
        // Content decides; names ending in .xml are only tried first, as they are the likely ones.
        let candidates = files.filter { isXMLName($0.name) } + files.filter { !isXMLName($0.name) }
        var firstError: ZipError?
        for entry in candidates {
            do {
                if try sniff(archive, entry) { return HealthExportLocation(path: path, container: .zip(archive, entry)) }
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw .zip(path: path, firstError) }
        throw .noHealthXML(path: path)
    }

    private static func sniff(_ archive: ZipArchive, _ entry: ZipEntry) throws(ZipError) -> Bool {
        var prefix: [UInt8] = []
        var verdict = HealthXMLSniffer.Verdict.needMoreBytes
        do {
            try archive.read(entry, chunkSize: 64 * 1024) { chunk, _ in
                prefix.append(contentsOf: chunk.prefix(HealthXMLSniffer.window - prefix.count))
                verdict = HealthXMLSniffer.classify(prefix)
                return verdict == .needMoreBytes
            }
        } catch let error as ZipError {
            // A damaged entry that is not the health XML must not hide the one that is.
            if verdict == .healthData { return true }
            throw error
        } catch {
            throw .ioError(String(describing: error))
        }
        if verdict == .needMoreBytes { verdict = HealthXMLSniffer.classify(prefix + [0x20]) }
        return verdict == .healthData
    }

    // MARK: - Folder

    /// Prefers `apple_health_export/*.xml`, then shallower paths, then names in order.
    /// When no candidate is a health XML and one of them could not be read (a FIFO
    /// named export.xml, a link loop, no permission), that is the error reported.
    private static func locateInFolder(_ folder: URL, path: String) throws(ImportError) -> HealthExportLocation {
        var candidates: [URL] = []
        guard FolderWalk.xmlFiles(in: folder.path, maxDepth: folderDepth, into: &candidates) else {
            throw .unreadable(path: path, reason: "cannot list the folder")
        }
        let ranked = candidates.sorted { lhs, rhs in
            let lhsPreferred = lhs.deletingLastPathComponent().lastPathComponent == "apple_health_export"
            let rhsPreferred = rhs.deletingLastPathComponent().lastPathComponent == "apple_health_export"
            if lhsPreferred != rhsPreferred { return lhsPreferred }
            if lhs.pathComponents.count != rhs.pathComponents.count {
                return lhs.pathComponents.count < rhs.pathComponents.count
            }
            return lhs.path < rhs.path
        }
        var firstProblem: ImportError?
        for url in ranked {
            do {
                if try isHealthXML(url, path: url.path) { return HealthExportLocation(path: path, container: .xmlFile(url)) }
            } catch {
                if firstProblem == nil { firstProblem = error }
            }
        }
        if let firstProblem { throw firstProblem }
        throw .noHealthXML(path: path)
    }

    /// How deep below the given folder the XML is looked for (an export's is one level down).
    static let folderDepth = 4

    // MARK: - Files

    private static func isXMLName(_ name: String) -> Bool { name.lowercased().hasSuffix(".xml") }

    private static func isHealthXML(_ url: URL, path: String) throws(ImportError) -> Bool {
        var length = 64 * 1024
        while true {
            let prefix = try readPrefix(url, path: path, count: length)
            switch HealthXMLSniffer.classify(prefix) {
            case .healthData: return true
            case .other: return false
            case .needMoreBytes:
                if prefix.count < length { return HealthXMLSniffer.classify(prefix + [0x20]) == .healthData }
                length *= 4
            }
        }
    }

    private static func readPrefix(_ url: URL, path: String, count: Int) throws(ImportError) -> [UInt8] {
        do {
            let handle = try PosixFile(readingAt: url.path)
            defer { handle.close() }
            return [UInt8](try handle.read(upToCount: count))
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }
}
