import FoundationEssentials
import HealthDomain
import Platform

/// Positioned reads of a file; every failure becomes a ZipError.
struct ZipFile {
    let handle: PosixFile
    let size: UInt64

    init(url: URL) throws(ZipError) {
        do {
            handle = try PosixFile(readingAt: url.path)
            size = UInt64(try handle.status().size)
        } catch {
            throw .ioError(Self.reason(error))
        }
    }

    /// Exactly `count` bytes at `offset`, or `.truncated` when the file is shorter.
    func read(at offset: UInt64, count: Int) throws(ZipError) -> [UInt8] {
        guard count >= 0 else { return [] }
        guard offset <= size, UInt64(count) <= size - offset else { throw .truncated }
        do {
            try handle.seek(toOffset: offset)
            let data = try handle.read(upToCount: count)
            guard data.count == count else { throw ZipError.truncated }
            return [UInt8](data)
        } catch let error as ZipError {
            throw error
        } catch {
            throw .ioError(Self.reason(error))
        }
    }

    /// Up to `count` bytes from the current position (fewer only at end of file).
    func readChunk(upTo count: Int) throws(ZipError) -> Data {
        do {
            return try handle.read(upToCount: count)
        } catch {
            throw .ioError(Self.reason(error))
        }
    }

    func seek(to offset: UInt64) throws(ZipError) {
        do { try handle.seek(toOffset: offset) } catch { throw .ioError(Self.reason(error)) }
    }

    func close() { handle.close() }

    static func reason(_ error: Error) -> String { "\(error)" }
}
