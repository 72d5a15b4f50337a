/// Why a zip archive could not be read, in words a user can act on.
public enum ZipError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No zip directory at the end of the file: it is some other kind of file.
    case notAZip
    /// The file ends before the data its directory promises (an incomplete download or copy).
    case truncated
    /// An entry decompressed to bytes whose checksum differs from the directory's.
    case crcMismatch(entry: String)
    /// Deflate data that zlib rejects.
    case corrupt(entry: String)
    /// A compression method other than stored (0) and deflate (8), or an encrypted entry.
    case unsupportedMethod(entry: String, method: UInt16)
    case encrypted(entry: String)
    case ioError(String)

    public var description: String {
        switch self {
        case .notAZip:
            return "not a zip archive"
        case .truncated:
            return "the zip archive is truncated (an incomplete download or copy?)"
        case .crcMismatch(let entry):
            return "“\(entry)” in the zip archive is damaged (checksum mismatch)"
        case .corrupt(let entry):
            return "“\(entry)” in the zip archive is damaged (invalid compressed data)"
        case .unsupportedMethod(let entry, let method):
            return "“\(entry)” uses zip compression method \(method); only stored and deflate are supported"
        case .encrypted(let entry):
            return "“\(entry)” in the zip archive is encrypted"
        case .ioError(let reason):
            return "could not read the zip archive: \(reason)"
        }
    }
}
