import CHeif
import FullBleedColor
import FullBleedImage

/// What `HEIFEncoder` writes: the codec (AV1 for AVIF output, HEVC through x265 for HEIC output and
/// test files), its settings, and the orientation recorded as `irot`/`imir` boxes.
struct HEIFEncodeRequest: Sendable {
    enum Compression: Sendable { case av1, hevc }

    var compression: Compression
    /// 0...100, libheif's lossy quality.
    var quality: Int
    /// libaom `cpu-used` 0...9 (AV1 only).
    var speed: Int
    var lossless: Bool
    var chromaSubsampling: AVIFEncodeOptions.ChromaSubsampling
    /// 8 or 10 bits per sample in the bitstream; 10 only for HEVC (see `HEIFEncoder.validate`).
    var bitDepth: Int
    /// Written as `irot`/`imir` transformations: the pixels given are the stored ones, a reader shows
    /// them turned by this orientation. `.up` writes none.
    var orientation: Orientation = .up

    var format: ImageFormat { compression == .av1 ? .avif : .heic }

    init(avif options: AVIFEncodeOptions) {
        compression = .av1
        quality = options.quality
        speed = options.speed
        lossless = options.lossless
        chromaSubsampling = options.chromaSubsampling
        bitDepth = 8
    }

    init(compression: Compression, quality: Int, lossless: Bool = false, chromaSubsampling: AVIFEncodeOptions.ChromaSubsampling = .yuv420,
         bitDepth: Int = 8, orientation: Orientation = .up) {
        self.compression = compression
        self.quality = quality
        self.speed = AVIFEncodeOptions().speed
        self.lossless = lossless
        self.chromaSubsampling = chromaSubsampling
        self.bitDepth = bitDepth
        self.orientation = orientation
    }
}

/// HEIF encoding with libheif: an `heif_image` filled from the `Image`, encoded into a fresh context,
/// written through a memory writer.
///
/// Input: any `Image`. It becomes straight-alpha encoded RGB(A) at 8 bits (`encoded(as: .uint8)`) or,
/// for 10-bit output, 16 bits rounded to 10; gray becomes RGB. Colour: an RGB ICC profile is embedded
/// (`colr` `prof`) byte for byte; an untagged Display P3 image gets nclx P3 primaries; sRGB gets nclx
/// BT.709 primaries with the sRGB transfer. The RGB -> YCbCr matrix is BT.601 full range (what
/// libheif and browsers use for AVIF), or the identity for lossless. No EXIF or XMP is written.
/// Deterministic: libaom runs with one thread and no realtime mode, so equal inputs give equal bytes.
enum HEIFEncoder {
    static func encode(_ image: Image, request: HEIFEncodeRequest) throws -> [UInt8] {
        let format = request.format
        try validate(request)
        let compression = request.compression == .av1 ? heif_compression_AV1 : heif_compression_HEVC
        guard heif_have_encoder_for_format(compression) != 0 else {
            throw CodecError(stage: .encode, format: format, reason: .unsupported("libheif has no \(format.rawValue) encoder here"))
        }
        guard let context = heif_context_alloc() else {
            throw CodecError(stage: .encode, format: format, reason: .unsupported("libheif could not allocate a context"))
        }
        defer { heif_context_free(context) }

        let picture = try makePicture(from: image, request: request)
        defer { heif_image_release(picture) }

        var encoder: OpaquePointer?
        try HEIFError.check(heif_context_get_encoder_for_format(context, compression, &encoder),
                            stage: .encode, format: format, context: "getting the encoder")
        guard let encoder else { throw CodecError(stage: .encode, format: format, reason: .unsupported("libheif returned no encoder")) }
        defer { heif_encoder_release(encoder) }
        try configure(encoder, request: request)

        guard let encodingOptions = heif_encoding_options_alloc() else {
            throw CodecError(stage: .encode, format: format, reason: .unsupported("libheif could not allocate encoding options"))
        }
        defer { heif_encoding_options_free(encodingOptions) }
        encodingOptions.pointee.save_alpha_channel = 1
        // libheif leaves the nclx box out of HEVC files by default (an old macOS quirk); write it.
        encodingOptions.pointee.macOS_compatibility_workaround_no_nclx_profile = 0
        encodingOptions.pointee.image_orientation = heif_orientation(rawValue: UInt32(request.orientation.rawValue))

        try HEIFError.check(heif_context_encode_image(context, picture, encoder, encodingOptions, nil),
                            stage: .encode, format: format, context: "encoding")
        return try write(context, format: format)
    }

    /// Throws `.invalidOption` naming the value for quality outside 0...100, speed outside 0...9, a bit
    /// depth other than 8 or 10, and 10-bit AV1: libaom 3.6 under libheif 1.15 hits an assertion that
    /// aborts the process (or fails) on 10-bit input, so it is refused before libaom sees it.
    static func validate(_ request: HEIFEncodeRequest) throws {
        let format = request.format
        guard (0...100).contains(request.quality) else {
            throw CodecError(stage: .encode, format: format, reason: .invalidOption("\(format.rawValue) quality \(request.quality) is outside 0...100"))
        }
        guard (0...9).contains(request.speed) else {
            throw CodecError(stage: .encode, format: format, reason: .invalidOption("\(format.rawValue) speed \(request.speed) is outside 0...9"))
        }
        guard request.bitDepth == 8 || request.bitDepth == 10 else {
            throw CodecError(stage: .encode, format: format, reason: .invalidOption("\(format.rawValue) bit depth \(request.bitDepth) is not 8 or 10"))
        }
        guard request.bitDepth == 8 || request.compression == .hevc else {
            throw CodecError(stage: .encode, format: format, reason: .unsupported("10-bit AVIF (libaom 3.6 with libheif 1.15 aborts on it)"))
        }
    }

    private static func configure(_ encoder: OpaquePointer, request: HEIFEncodeRequest) throws {
        let format = request.format
        func check(_ error: heif_error, _ what: String) throws {
            try HEIFError.check(error, stage: .encode, format: format, context: what)
        }
        try check(heif_encoder_set_lossy_quality(encoder, Int32(request.quality)), "setting quality \(request.quality)")
        try check(heif_encoder_set_lossless(encoder, request.lossless ? 1 : 0), "setting lossless")
        let chroma = request.lossless || request.chromaSubsampling == .yuv444 ? "444" : "420"
        switch request.compression {
        case .av1:
            try check(heif_encoder_set_parameter_integer(encoder, "speed", Int32(request.speed)), "setting speed \(request.speed)")
            try check(heif_encoder_set_parameter_integer(encoder, "threads", 1), "setting one thread")
            try check(heif_encoder_set_parameter_string(encoder, "chroma", chroma), "setting chroma \(chroma)")
        case .hevc:
            // x265's "ultrafast" preset (its default takes a minute for 12 MP on two cores, "veryfast" 25 s).
            try check(heif_encoder_set_parameter_string(encoder, "preset", "ultrafast"), "setting the x265 preset")
            try check(heif_encoder_set_parameter_string(encoder, "chroma", chroma), "setting chroma \(chroma)")
        }
    }

    /// An interleaved RGB(A) `heif_image` holding `image`, with its colour profile set. The caller releases it.
    private static func makePicture(from image: Image, request: HEIFEncodeRequest) throws -> OpaquePointer {
        let format = request.format
        var source = request.bitDepth == 8 ? image.encoded(as: .uint8) : image.encoded(as: .uint16)
        if !source.layout.isColor { source = source.converted(toLayout: source.hasAlpha ? .rgba : .rgb) }
        let chroma: heif_chroma
        switch (source.hasAlpha, request.bitDepth == 8) {
        case (false, true): chroma = heif_chroma_interleaved_RGB
        case (true, true): chroma = heif_chroma_interleaved_RGBA
        case (false, false): chroma = heif_chroma_interleaved_RRGGBB_LE
        case (true, false): chroma = heif_chroma_interleaved_RRGGBBAA_LE
        }
        var created: OpaquePointer?
        try HEIFError.check(heif_image_create(Int32(source.width), Int32(source.height), heif_colorspace_RGB, chroma, &created),
                            stage: .encode, format: format, context: "creating the image")
        guard let picture = created else { throw CodecError(stage: .encode, format: format, reason: .unsupported("libheif returned no image")) }
        do {
            try HEIFError.check(heif_image_add_plane(picture, heif_channel_interleaved, Int32(source.width), Int32(source.height),
                                                     Int32(request.bitDepth)),
                                stage: .encode, format: format, context: "adding the pixel plane")
            try fill(picture, from: source, bitDepth: request.bitDepth, format: format)
            try setColorProfile(of: picture, colorSpace: source.colorSpace, lossless: request.lossless, format: format)
        } catch {
            heif_image_release(picture)
            throw error
        }
        return picture
    }

    /// Copies `source` (8-bit, or 16-bit narrowed to 10 bits with rounding) into the interleaved plane.
    private static func fill(_ picture: OpaquePointer, from source: Image, bitDepth: Int, format: ImageFormat) throws {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(picture, heif_channel_interleaved, &stride) else {
            throw CodecError(stage: .encode, format: format, reason: .corrupt("libheif gave no interleaved plane"))
        }
        let rowBytes = source.bytesPerRow, planeStride = Int(stride)
        if bitDepth == 8 {
            source.withUnsafeBytes { samples in
                for y in 0..<source.height {
                    (plane + y * planeStride).update(from: samples.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * rowBytes, count: rowBytes)
                }
            }
            return
        }
        let samplesPerRow = source.samplesPerRow
        source.withUnsafeSamples(as: UInt16.self) { samples in
            for y in 0..<source.height {
                let row = plane + y * planeStride
                for i in 0..<samplesPerRow {
                    let value = (UInt32(samples[y * samplesPerRow + i]) * 1023 + 32767) / 65535
                    row[2 * i] = UInt8(truncatingIfNeeded: value)
                    row[2 * i + 1] = UInt8(truncatingIfNeeded: value >> 8)
                }
            }
        }
    }

    /// Embeds an RGB ICC profile, and always sets nclx (primaries, sRGB transfer, matrix, full range) so the
    /// bitstream's YCbCr matrix is stated. libheif writes the ICC `colr` box when there is a profile, else the nclx one.
    private static func setColorProfile(of picture: OpaquePointer, colorSpace: ColorSpace, lossless: Bool, format: ImageFormat) throws {
        if let profile = colorSpace.icc, !profile.bytes.isEmpty, profile.dataColorSpace == "RGB" {
            try HEIFError.check(profile.bytes.withUnsafeBytes { heif_image_set_raw_color_profile(picture, "prof", $0.baseAddress, $0.count) },
                                stage: .encode, format: format, context: "embedding the ICC profile")
        }
        guard let nclx = heif_nclx_color_profile_alloc() else {
            throw CodecError(stage: .encode, format: format, reason: .unsupported("libheif could not allocate an nclx profile"))
        }
        defer { heif_nclx_color_profile_free(nclx) }
        nclx.pointee.color_primaries = colorSpace.family == .displayP3 ? heif_color_primaries_SMPTE_EG_432_1 : heif_color_primaries_ITU_R_BT_709_5
        nclx.pointee.transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1
        nclx.pointee.matrix_coefficients = lossless ? heif_matrix_coefficients_RGB_GBR : heif_matrix_coefficients_ITU_R_BT_601_6
        nclx.pointee.full_range_flag = 1
        try HEIFError.check(heif_image_set_nclx_color_profile(picture, nclx), stage: .encode, format: format, context: "setting nclx colour")
    }

    /// The whole file, collected from libheif's writer callback.
    private static func write(_ context: OpaquePointer, format: ImageFormat) throws -> [UInt8] {
        var output: [UInt8] = []
        var writer = heif_writer(writer_api_version: 1, write: { _, data, size, userdata in
            if let data, let userdata, size > 0 {
                userdata.assumingMemoryBound(to: [UInt8].self).pointee.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
            }
            return HEIFError.success
        })
        try withUnsafeMutablePointer(to: &output) { pointer in
            try HEIFError.check(heif_context_write(context, &writer, pointer), stage: .encode, format: format, context: "writing the file")
        }
        return output
    }
}
