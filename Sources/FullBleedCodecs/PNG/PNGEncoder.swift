import CFullBleedShims
import FullBleedColor
import FullBleedImage

/// Writes PNG through libpng (`fbs_png_encode`): IHDR, iCCP when the image carries ICC bytes, IDAT, IEND.
/// No eXIf, text or time chunks, so the same image and options always give the same bytes.
///
/// - Sample depth: `bitDepth` 8 or 16; nil keeps 16-bit images 16-bit and writes everything else
///   (8-bit and float) as 8-bit. Samples are written transfer-encoded with straight alpha
///   (`Image.encoded(as:)`: linear or premultiplied input is converted; 16 -> 8 bits rounds to nearest,
///   `round(v / 257)`).
/// - Channels as stored: gray, gray+alpha, RGB, RGBA. A gray image carrying an RGB profile is written
///   as RGB (PNG forbids an RGB iCCP on gray data), so the profile is kept.
/// - The iCCP name is the profile's description (reduced to a valid Latin-1 keyword) or "ICC profile".
struct PNGEncoder {
    let bitDepth: Int?
    let compressionLevel: Int

    /// Validates `options`: `bitDepth` nil, 8 or 16; `compressionLevel` 0...9.
    init(options: PNGEncodeOptions) throws {
        if let depth = options.bitDepth, depth != 8 && depth != 16 {
            throw CodecError(stage: .encode, format: .png, reason: .invalidOption("PNG bitDepth must be 8 or 16, got \(depth)"))
        }
        guard (0...9).contains(options.compressionLevel) else {
            throw CodecError(stage: .encode, format: .png,
                             reason: .invalidOption("PNG compressionLevel must be 0...9, got \(options.compressionLevel)"))
        }
        bitDepth = options.bitDepth
        compressionLevel = options.compressionLevel
    }

    /// The sample type written for `image`.
    func sampleType(for image: Image) -> SampleType {
        switch bitDepth {
        case 16: return .uint16
        case 8: return .uint8
        default: return image.format.sampleType == .uint16 ? .uint16 : .uint8
        }
    }

    func encode(_ image: Image) throws -> [UInt8] {
        var pixels = image.encoded(as: sampleType(for: image))
        let profile = image.colorSpace.icc.flatMap { $0.bytes.isEmpty ? nil : $0 }
        if let profile {
            switch profile.dataColorSpace {
            case "RGB":
                if !pixels.layout.isColor { pixels = pixels.converted(toLayout: pixels.layout == .grayAlpha ? .rgba : .rgb) }
            case "GRAY":
                guard !pixels.layout.isColor else {
                    throw CodecError(stage: .encode, format: .png, reason: .unsupported("a GRAY ICC profile on an RGB image"))
                }
            default:
                throw CodecError(stage: .encode, format: .png,
                                 reason: .unsupported("an ICC profile of colour space '\(profile.dataColorSpace)' in PNG"))
            }
        }
        return try write(pixels, profile: profile)
    }

    /// Hands `pixels` (8- or 16-bit, encoded, straight alpha) to libpng.
    private func write(_ pixels: Image, profile: ICCProfile?) throws -> [UInt8] {
        let name = Self.iccKeyword(profile?.name)
        let iccBytes = profile?.bytes ?? []
        var message = [CChar](repeating: 0, count: Int(FBS_MESSAGE_CAPACITY))
        var output: UnsafeMutablePointer<UInt8>?
        var outputLength = 0
        let status = pixels.withUnsafeBytes { raw in
            iccBytes.withUnsafeBufferPointer { icc in
                name.withUnsafeBufferPointer { keyword in
                    var params = fbs_png_encode_params()
                    params.width = UInt32(pixels.width)
                    params.height = UInt32(pixels.height)
                    params.channels = Int32(pixels.channelCount)
                    params.bit_depth = Int32(pixels.format.sampleType.bitDepth)
                    params.pixels = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    params.stride = pixels.bytesPerRow
                    params.compression_level = Int32(compressionLevel)
                    if profile != nil {
                        params.icc = icc.baseAddress
                        params.icc_length = UInt32(icc.count)
                        params.icc_name = keyword.baseAddress
                    }
                    return fbs_png_encode(&params, &output, &outputLength, &message)
                }
            }
        }
        defer { fbs_png_free(output) }
        guard status == FBS_OK, let output else {
            throw PNGShimFailure(status: status, message: PNGShimFailure.string(message))
        }
        return Array(UnsafeBufferPointer(start: output, count: outputLength))
    }

    /// A valid PNG keyword (Latin-1 printable, 1...79 bytes, no leading, trailing or double spaces) from
    /// `name`, NUL-terminated; "ICC profile" when nothing usable remains.
    static func iccKeyword(_ name: String?) -> [CChar] {
        var bytes: [UInt8] = []
        for scalar in (name ?? "").unicodeScalars {
            let value = scalar.value
            let printable = (0x21...0x7E).contains(value) || (0xA1...0xFF).contains(value)
            if printable {
                bytes.append(UInt8(value))
            } else if value == 0x20 || value == 0xA0, let last = bytes.last, last != 0x20 {
                bytes.append(0x20)
            }
            if bytes.count == 79 { break }
        }
        while bytes.last == 0x20 { bytes.removeLast() }
        if bytes.isEmpty { bytes = Array("ICC profile".utf8) }
        return bytes.map { CChar(bitPattern: $0) } + [0]
    }
}
