/// Why an import could not be done, as one line a user can act on.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case zip(path: String, ZipError)
    /// A zip or folder without an XML whose root is `<HealthData>`, or a file that is neither.
    case noHealthXML(path: String)
    /// A file of 0 bytes, whatever its name says it is (an `export.zip` cut off before it began).
    case emptyFile(path: String)
    /// No records at all (a zip with no files, a `<HealthData>` without `<Record>`).
    case emptyExport(path: String)
    /// The XML stops inside a tag or before `</HealthData>`: the file is cut short.
    case xmlBrokenMidway(path: String, recordsRead: Int, bytesRead: UInt64)
    case cancelled

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or folder"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .zip(let path, let error):
            return "\(path): \(error)"
        case .noHealthXML(let path):
            return "\(path): no Apple Health export found (expected export.zip, its folder, or export.xml)"
        case .emptyFile(let path):
            return "\(path): the file is empty (0 bytes); export it again"
        case .emptyExport(let path):
            return "\(path): the export contains no health records"
        case .xmlBrokenMidway(let path, let records, let bytes):
            return "\(path): the export XML is cut short after \(bytes) bytes (\(records) records); export it again"
        case .cancelled:
            return "import cancelled; nothing was changed"
        }
    }
}
