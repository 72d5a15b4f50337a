import CZlib

/// A raw-deflate (zip) decompressor over zlib that hands out fixed-size output chunks.
final class Inflater {
    enum Outcome { case needsInput, streamEnded, stopped }

    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutableRawBufferPointer
    private let entryName: String

    init(entryName: String, outputSize: Int) throws(ZipError) {
        self.entryName = entryName
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(byteCount: outputSize, alignment: 16)
        guard tmm_inflate_init_raw(stream) == Z_OK else {
            stream.deallocate()
            output.deallocate()
            throw .ioError("zlib could not start (out of memory?)")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        output.deallocate()
    }

    /// Inflates all of `input`, passing each filled output chunk to `sink` (false = stop).
    func inflate(_ input: UnsafeRawBufferPointer, sink: (UnsafeRawBufferPointer) throws -> Bool) throws -> Outcome {
        guard let inputBase = input.baseAddress, let outputBase = output.baseAddress else { return .needsInput }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBase.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        while true {
            stream.pointee.next_out = outputBase.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(output.count)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_OK, Z_STREAM_END, Z_BUF_ERROR: break
            default: throw ZipError.corrupt(entry: entryName)
            }
            let produced = output.count - Int(stream.pointee.avail_out)
            if produced > 0, try !sink(UnsafeRawBufferPointer(start: outputBase, count: produced)) {
                return .stopped
            }
            if status == Z_STREAM_END { return .streamEnded }
            // Input used up and the output not full: zlib needs the next chunk.
            if stream.pointee.avail_in == 0, stream.pointee.avail_out != 0 { return .needsInput }
            if status == Z_BUF_ERROR, produced == 0 { return .needsInput }
        }
    }
}
