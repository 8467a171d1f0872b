import CHeif
import FullBleedColor
import FullBleedImage

/// Decodes the primary image of a HEIC or AVIF file with libheif (libde265 for HEVC, dav1d or
/// libaom for AV1), transformations (`irot`, `imir`, `clap`) and grid tiles applied by libheif.
///
/// Output: interleaved RGB, or RGBA with straight alpha when the file has an alpha plane, encoded
/// with the file's transfer curve and tagged with its colour space. 8-bit files give `.uint8`
/// samples; 10- and 12-bit files give `.uint16`, scaled to the full 16-bit range by bit replication
/// (`v << (16 - b) | v >> (2b - 16)`, within 1/65535 of `v * 65535 / (2^b - 1)`), so no precision is
/// lost before resampling or a 16-bit PNG.
enum HEIFDecoder {
    static func decode(_ bytes: [UInt8], format: ImageFormat, options: DecodeOptions) throws -> DecodedImage {
        try HEIFFile.open(bytes, format: format, stage: .decode, limits: options) { file in
            let highBitDepth = file.info.bitDepth > 8
            let chroma: heif_chroma
            switch (file.info.hasAlpha, highBitDepth) {
            case (false, false): chroma = heif_chroma_interleaved_RGB
            case (true, false): chroma = heif_chroma_interleaved_RGBA
            case (false, true): chroma = heif_chroma_interleaved_RRGGBB_LE
            case (true, true): chroma = heif_chroma_interleaved_RRGGBBAA_LE
            }
            guard let decodingOptions = heif_decoding_options_alloc() else {
                throw CodecError(stage: .decode, format: format, reason: .unsupported("libheif could not allocate decoding options"))
            }
            defer { heif_decoding_options_free(decodingOptions) }
            decodingOptions.pointee.ignore_transformations = 0
            decodingOptions.pointee.convert_hdr_to_8bit = 0

            var decoded: OpaquePointer?
            try HEIFError.check(heif_decode_image(file.handle, &decoded, heif_colorspace_RGB, chroma, decodingOptions),
                                stage: .decode, format: format, context: "decoding the primary image")
            guard let decoded else { throw CodecError(stage: .decode, format: format, reason: .corrupt("libheif returned no image")) }
            defer { heif_image_release(decoded) }

            var image = try copyPixels(of: decoded, file: file, highBitDepth: highBitDepth)
            if file.info.hasAlpha && heif_image_is_premultiplied_alpha(decoded) != 0 {
                image = image.retagged(PixelFormat(layout: image.layout, sampleType: image.format.sampleType, alphaMode: .premultiplied))
                    .unpremultiplied()
            }
            var result = DecodedImage(image: image, info: file.info, warnings: file.warnings + decodingWarnings(of: decoded))
            if options.readsGainMap {
                let gainMap = HEIFGainMapReader.read(primary: file.handle, displayedSize: file.info.size, options: options, decodePixels: true)
                result.gainMap = gainMap.gainMap
                result.info.gainMap = gainMap.info
                result.warnings += gainMap.warnings
            }
            return result
        }
    }

    /// The interleaved plane of `decoded` copied row by row (libheif pads rows) into a new `Image`,
    /// 8-bit samples as they are, deeper samples scaled to 16 bits.
    private static func copyPixels(of decoded: OpaquePointer, file: HEIFFile, highBitDepth: Bool) throws -> Image {
        let format = file.info.format
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        guard width == file.info.size.width && height == file.info.size.height else {
            throw CodecError(stage: .decode, format: format, reason: .corrupt(
                "decoded image is \(width)x\(height), the header says \(file.info.size)"))
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride) else {
            throw CodecError(stage: .decode, format: format, reason: .corrupt("libheif returned no interleaved plane"))
        }
        let layout: ChannelLayout = file.info.hasAlpha ? .rgba : .rgb
        var image = Image(width: width, height: height,
                          format: PixelFormat(layout: layout, sampleType: highBitDepth ? .uint16 : .uint8),
                          colorSpace: file.info.colorSpace)
        let rowBytes = image.bytesPerRow
        let sourceStride = Int(stride)
        guard sourceStride >= rowBytes else {
            throw CodecError(stage: .decode, format: format, reason: .corrupt("plane stride \(sourceStride) is below \(rowBytes) bytes"))
        }
        if highBitDepth {
            let bits = Int(heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved))
            guard (9...16).contains(bits) else {
                throw CodecError(stage: .decode, format: format, reason: .unsupported("\(bits)-bit samples"))
            }
            let samplesPerRow = image.samplesPerRow
            image.withUnsafeMutableSamples(as: UInt16.self) { destination in
                for y in 0..<height {
                    let row = UnsafeRawPointer(plane + y * sourceStride)
                    widenRow(from: row, count: samplesPerRow, bits: bits,
                             into: UnsafeMutableBufferPointer(rebasing: destination[(y * samplesPerRow)..<((y + 1) * samplesPerRow)]))
                }
            }
        } else {
            image.withUnsafeMutableBytes { destination in
                for y in 0..<height {
                    (destination.baseAddress! + y * rowBytes).copyMemory(from: plane + y * sourceStride, byteCount: rowBytes)
                }
            }
        }
        return image
    }

    /// `count` little-endian `bits`-bit samples at `source` (any alignment) widened to 16 bits by bit replication.
    @inline(__always)
    static func widenRow(from source: UnsafeRawPointer, count: Int, bits: Int, into destination: UnsafeMutableBufferPointer<UInt16>) {
        let up = UInt16(16 - bits), down = UInt16(2 * bits - 16)
        let bytes = source.assumingMemoryBound(to: UInt8.self)
        for i in 0..<count {
            let value = UInt16(bytes[2 * i]) | UInt16(bytes[2 * i + 1]) << 8
            destination[i] = value << up | value >> down
        }
    }

    /// libheif's non-fatal decoding warnings (it decodes leniently), on one line.
    ///
    /// libheif 1.15's `heif_image_get_decoding_warnings` writes every warning from the first asked for,
    /// whatever the buffer size, and all their messages share one string that each entry overwrites
    /// (earlier message pointers dangle: found by FuzzHEIF). So the buffer is sized from the count and
    /// only the last message is read.
    private static func decodingWarnings(of decoded: OpaquePointer) -> [String] {
        let count = Int(heif_image_get_decoding_warnings(decoded, 0, nil, 0))
        guard count > 0 else { return [] }
        var errors = [heif_error](repeating: heif_error(), count: count)
        let written = Int(heif_image_get_decoding_warnings(decoded, 0, &errors, Int32(count)))
        guard written == count else { return ["libheif: \(count) decoding warnings"] }
        let last = errors[count - 1]
        let message = last.message.map { String(cString: $0) } ?? "warning \(last.code.rawValue)"
        return [count == 1 ? "libheif: \(message)" : "libheif: \(count) decoding warnings, the last: \(message)"]
    }
}
