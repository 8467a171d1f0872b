import CFullBleedShims
import FullBleedImage

/// A `fbs_png_*` status other than `FBS_OK` with libpng's message; `PNGCodec` turns it into a `CodecError`.
struct PNGShimFailure: Error {
    var status: fbs_status_code
    var message: String

    /// The text of a shim message buffer.
    static func string(_ message: [CChar]) -> String {
        message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// What a PNG's chunks before the first IDAT say (`fbs_png_header`), in Swift types.
struct PNGHeader {
    /// The IHDR colour type.
    enum ColorType: Int {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// The `ImageInfo.colorModel` name.
        var modelName: String {
            switch self {
            case .gray: return "gray"
            case .rgb: return "rgb"
            case .palette: return "palette"
            case .grayAlpha: return "gray+alpha"
            case .rgba: return "rgba"
            }
        }

        var hasAlphaChannel: Bool { self == .grayAlpha || self == .rgba }
    }

    /// Stored size in pixels (before orientation).
    var size: PixelSize
    /// IHDR bits per sample (per palette index for palette images): 1, 2, 4, 8 or 16.
    var bitDepth: Int
    var colorType: ColorType
    var interlaced: Bool
    /// A tRNS chunk: the decoder adds an alpha channel for it.
    var hasTransparencyChunk: Bool
    /// The decompressed iCCP profile.
    var iccProfile: [UInt8]?
    /// The eXIf payload (a TIFF block).
    var exif: [UInt8]?
    /// The format `PNGReader.read` produces: palette -> RGB, tRNS -> alpha, 1/2/4-bit gray -> 8-bit,
    /// 16-bit kept (native byte order), samples as stored (no gamma correction), straight alpha.
    var outputFormat: PixelFormat

    /// Whether the decoded image has alpha (an alpha channel or a tRNS chunk).
    var hasAlpha: Bool { colorType.hasAlphaChannel || hasTransparencyChunk }

    /// The iCCP profile (its bytes carried), else sRGB: an sRGB chunk, gAMA and cHRM are not read.
    var colorSpace: ColorSpace {
        if let iccProfile { return ICCInspector.colorSpace(forProfile: iccProfile) }
        return .sRGB
    }

    init(_ raw: fbs_png_header) throws {
        guard let colorType = ColorType(rawValue: Int(raw.color_type)),
              let layout = Self.layout(channels: Int(raw.output_channels)) else {
            throw PNGShimFailure(status: FBS_ERROR_UNSUPPORTED, message: "colour type \(raw.color_type) with \(raw.output_channels) channels")
        }
        size = PixelSize(width: Int(raw.width), height: Int(raw.height))
        bitDepth = Int(raw.bit_depth)
        self.colorType = colorType
        interlaced = raw.interlaced != 0
        hasTransparencyChunk = raw.has_trns != 0
        iccProfile = Self.copy(raw.icc, count: raw.icc_length)
        exif = Self.copy(raw.exif, count: raw.exif_length)
        outputFormat = PixelFormat(layout: layout, sampleType: raw.output_bytes_per_sample == 2 ? .uint16 : .uint8)
    }

    static func layout(channels: Int) -> ChannelLayout? {
        ChannelLayout.allCases.first { $0.channelCount == channels }
    }

    static func copy(_ pointer: UnsafePointer<UInt8>?, count: UInt32) -> [UInt8]? {
        guard let pointer, count > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
    }
}

/// A libpng decoder (the `fbs_png_reader_*` shim) opened on a byte buffer: the header is read on open,
/// the pixels only by `read(into:)`, so callers can check the pixel limit in between.
/// Lent to the closure of `PNGReader.open`; do not let it escape.
final class PNGReader {
    private let handle: OpaquePointer
    let header: PNGHeader

    private init(handle: OpaquePointer, header: PNGHeader) {
        self.handle = handle
        self.header = header
    }

    /// Opens `bytes` (signature, IHDR and the chunks before IDAT), runs `body`, then frees the reader.
    static func open<R>(_ bytes: [UInt8], _ body: (PNGReader) throws -> R) throws -> R {
        try bytes.withUnsafeBufferPointer { buffer in
            var handle: OpaquePointer?
            var raw = fbs_png_header()
            var message = [CChar](repeating: 0, count: Int(FBS_MESSAGE_CAPACITY))
            let status = fbs_png_reader_open(buffer.baseAddress, buffer.count, &handle, &raw, &message)
            guard status == FBS_OK, let handle else { throw PNGShimFailure(status: status, message: PNGShimFailure.string(message)) }
            defer { fbs_png_reader_close(handle) }
            return try body(PNGReader(handle: handle, header: try PNGHeader(raw)))
        }
    }

    /// Decodes every row into `image`, which must have the header's size and `outputFormat`; with a
    /// `deadline`, gives up with `.timedOut` once it has passed (checked after every row).
    func read(into image: inout Image, deadline: DecodeDeadline? = nil) throws {
        precondition(image.size == header.size && image.format == header.outputFormat, "PNG destination \(image) does not match the header")
        if let deadline { fbs_png_reader_set_deadline(handle, deadline.monotonicNanoseconds) }
        let stride = image.bytesPerRow
        var message = [CChar](repeating: 0, count: Int(FBS_MESSAGE_CAPACITY))
        let status = image.withUnsafeMutableBytes { destination in
            fbs_png_reader_read(handle, destination.baseAddress?.assumingMemoryBound(to: UInt8.self), stride, destination.count, &message)
        }
        if status == FBS_ERROR_TIMEOUT, let deadline { throw deadline.error(format: .png) }
        guard status == FBS_OK else { throw PNGShimFailure(status: status, message: PNGShimFailure.string(message)) }
    }

    /// The eXIf payload; after `read(into:)` this includes an eXIf chunk placed after IDAT.
    var exif: [UInt8]? {
        var length: UInt32 = 0
        return PNGHeader.copy(fbs_png_reader_exif(handle, &length), count: length)
    }

    /// libpng's warnings so far, in order, without repeats.
    var warnings: [String] {
        var result: [String] = []
        for index in 0..<fbs_png_reader_warning_count(handle) {
            guard let text = fbs_png_reader_warning(handle, index) else { continue }
            let line = String(cString: text)
            if !result.contains(line) { result.append(line) }
        }
        return result
    }
}
