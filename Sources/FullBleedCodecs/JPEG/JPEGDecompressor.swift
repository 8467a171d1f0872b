import CFullBleedShims
import FullBleedImage

/// One libjpeg decompression of in-memory bytes, driven step by step through the `fbs_jpeg_decoder_*`
/// shim so that every setjmp stays in C: `readHeader()`, then (after the caller's pixel-limit check)
/// `start(scaleDenominator:)`, then `readPixels(into:rowBytes:)`.
///
/// Only available inside `JPEGDecompressor.run(_:stage:_:)`, which creates the C decoder, keeps the
/// bytes pinned for libjpeg's memory source, and destroys the decoder on every path.
struct JPEGDecompressor {
    private let decoder: OpaquePointer
    private let input: UnsafeBufferPointer<UInt8>
    private let deadline: DecodeDeadline?
    /// The stage errors are reported under (probe or decode).
    let stage: CodecError.Stage

    /// What `start(scaleDenominator:)` reports: the decoded (possibly DCT-scaled) size in pixels and
    /// the samples per pixel (1 gray, 3 RGB, 4 CMYK as stored).
    struct Output {
        var size: PixelSize
        var channels: Int
    }

    /// Runs `body` with a fresh decompressor over `bytes` (wraps `fbs_jpeg_decoder_create` / `_destroy`).
    /// With a `deadline`, libjpeg's progress monitor abandons the decode once it has passed.
    static func run<R>(_ bytes: [UInt8], stage: CodecError.Stage, deadline: DecodeDeadline? = nil,
                       _ body: (JPEGDecompressor) throws -> R) throws -> R {
        guard let decoder = fbs_jpeg_decoder_create() else {
            throw CodecError(stage: stage, format: .jpeg, reason: .unsupported("not enough memory for a JPEG decoder"))
        }
        defer { fbs_jpeg_decoder_destroy(decoder) }
        if let deadline { fbs_jpeg_decoder_set_deadline(decoder, deadline.monotonicNanoseconds) }
        return try bytes.withUnsafeBufferPointer { input in
            try body(JPEGDecompressor(decoder: decoder, input: input, deadline: deadline, stage: stage))
        }
    }

    /// Throws unless `status` is `FBS_OK`; a passed deadline becomes `.timedOut`.
    private func check(_ status: Int32, _ message: [CChar]) throws {
        if status == Int32(FBS_ERROR_TIMEOUT.rawValue), let deadline { throw deadline.error(format: .jpeg) }
        try JPEGShimError.check(status, message, stage: stage)
    }

    /// Reads the markers up to the first scan (wraps `fbs_jpeg_decoder_read_header`) and copies the
    /// gain-map-related segments; allocates no pixels.
    func readHeader() throws -> JPEGHeader {
        var raw = fbs_jpeg_header()
        var message = JPEGShimError.messageBuffer()
        let status = fbs_jpeg_decoder_read_header(decoder, input.baseAddress, input.count, &raw, &message)
        try check(status, message)
        return JPEGHeader(raw, segments: (0..<max(0, raw.segment_count)).compactMap(segment(at:)))
    }

    /// Segment `index` of the header just read, copied (wraps `fbs_jpeg_decoder_get_segment`).
    private func segment(at index: Int32) -> JPEGSegment? {
        var raw = fbs_jpeg_segment()
        guard fbs_jpeg_decoder_get_segment(decoder, index, &raw) == 0, let data = raw.data else { return nil }
        let kind: JPEGSegment.Kind
        switch UInt32(bitPattern: raw.kind) {
        case FBS_JPEG_SEGMENT_XMP.rawValue: kind = .xmp
        case FBS_JPEG_SEGMENT_MPF.rawValue: kind = .mpf
        case FBS_JPEG_SEGMENT_ISO21496.rawValue: kind = .iso21496
        default: return nil
        }
        let skip = JPEGSegment.identifierLength(kind)
        guard raw.size >= skip else { return nil }
        return JPEGSegment(kind: kind, payload: Array(UnsafeBufferPointer(start: data + skip, count: raw.size - skip)))
    }

    /// Starts decompression at scale `1 / scaleDenominator` (1, 2, 4 or 8; wraps `fbs_jpeg_decoder_start`).
    /// Call only after the header size passed the pixel limit.
    func start(scaleDenominator: Int) throws -> Output {
        var raw = fbs_jpeg_output()
        var message = JPEGShimError.messageBuffer()
        let status = fbs_jpeg_decoder_start(decoder, Int32(scaleDenominator), &raw, &message)
        try check(status, message)
        return Output(size: PixelSize(width: Int(raw.width), height: Int(raw.height)), channels: Int(raw.channels))
    }

    /// Decodes every row into `buffer` (rows `rowBytes` apart) and checks the file up to its end
    /// (wraps `fbs_jpeg_decoder_read_pixels`). Corrupt or truncated data throws `.corrupt`.
    func readPixels(into buffer: UnsafeMutableRawBufferPointer, rowBytes: Int) throws {
        var message = JPEGShimError.messageBuffer()
        let status = fbs_jpeg_decoder_read_pixels(decoder, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), rowBytes, &message)
        try check(status, message)
    }
}
