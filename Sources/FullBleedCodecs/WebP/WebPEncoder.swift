import CWebP
import FullBleedColor
import FullBleedImage

/// WebP encoding with libwebp's advanced API (`WebPConfig` + `WebPPicture` + a memory writer), and
/// `WebPMux` to embed the image's ICC profile in an `ICCP` chunk (which makes the file VP8X).
///
/// Input: any `Image`. 16-bit and float samples are encoded to 8 bits with the sRGB curve
/// (`encoded(as: .uint8)`, unpremultiplying first); gray becomes RGB (R = G = B); alpha is kept as
/// straight alpha. No EXIF or XMP is ever written. Output bytes are deterministic: libwebp runs
/// single-threaded (`thread_level = 0`), so the same image and options give the same bytes.
enum WebPEncoder {
    static func encode(_ image: Image, options: WebPEncodeOptions) throws -> [UInt8] {
        try validate(options)
        let source = prepared(image)
        guard source.width <= Int(WEBP_MAX_DIMENSION) && source.height <= Int(WEBP_MAX_DIMENSION) else {
            throw CodecError(stage: .encode, format: .webp, reason: .unsupported(
                "\(source.width)x\(source.height) exceeds WebP's maximum of \(WEBP_MAX_DIMENSION) pixels per side"))
        }
        let bitstream = try encodeBitstream(source, options: options)
        // An ICC profile describes RGB data only when its data colour space is RGB (a gray profile
        // does not fit the RGB samples WebP stores).
        if let profile = source.colorSpace.icc, !profile.bytes.isEmpty, profile.dataColorSpace == "RGB" {
            return try embeddingICC(profile.bytes, in: bitstream)
        }
        return bitstream
    }

    /// Throws `.invalidOption` naming the value for quality outside 0...100 (or NaN) and method outside 0...6.
    static func validate(_ options: WebPEncodeOptions) throws {
        guard options.quality.isFinite && (0...100).contains(options.quality) else {
            throw CodecError(stage: .encode, format: .webp, reason: .invalidOption("WebP quality \(options.quality) is outside 0...100"))
        }
        guard (0...6).contains(options.method) else {
            throw CodecError(stage: .encode, format: .webp, reason: .invalidOption("WebP method \(options.method) is outside 0...6"))
        }
    }

    /// The image as 8-bit encoded straight-alpha RGB or RGBA: what `WebPPictureImportRGB(A)` takes.
    static func prepared(_ image: Image) -> Image {
        var source = image.encoded(as: .uint8)
        if !source.layout.isColor { source = source.converted(toLayout: source.hasAlpha ? .rgba : .rgb) }
        return source
    }

    /// A plain (`VP8 ` or `VP8L`, or VP8X + `ALPH` for lossy alpha) WebP file of `source` (RGB8 or RGBA8).
    private static func encodeBitstream(_ source: Image, options: WebPEncodeOptions) throws -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInitInternal(&config, WEBP_PRESET_DEFAULT, options.quality, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw CodecError(stage: .encode, format: .webp, reason: .unsupported("libwebp encoder ABI version mismatch"))
        }
        config.lossless = options.lossless ? 1 : 0
        config.method = Int32(options.method)
        config.exact = options.exact ? 1 : 0
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw CodecError(stage: .encode, format: .webp, reason: .invalidOption(
                "libwebp rejected quality \(options.quality), method \(options.method), lossless \(options.lossless)"))
        }

        var picture = WebPPicture()
        guard WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION) != 0 else {
            throw CodecError(stage: .encode, format: .webp, reason: .unsupported("libwebp encoder ABI version mismatch"))
        }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(source.width)
        picture.height = Int32(source.height)
        // Lossless needs ARGB input to stay exact; lossy converts to YUV on import.
        picture.use_argb = options.lossless ? 1 : 0
        let stride = Int32(source.bytesPerRow)
        let imported = source.withUnsafeBytes { raw -> Int32 in
            let samples = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return source.hasAlpha ? WebPPictureImportRGBA(&picture, samples, stride) : WebPPictureImportRGB(&picture, samples, stride)
        }
        guard imported != 0 else {
            throw CodecError(stage: .encode, format: .webp, reason: .corrupt("importing pixels: \(WebPStatus.words(picture.error_code))"))
        }

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            defer { picture.custom_ptr = nil }
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else {
            throw CodecError(stage: .encode, format: .webp, reason: .corrupt("encoding: \(WebPStatus.words(picture.error_code))"))
        }
        return Array(UnsafeBufferPointer(start: memory, count: writer.size))
    }

    /// `bitstream` re-assembled by `WebPMux` with an `ICCP` chunk holding `profile` (a VP8X file).
    private static func embeddingICC(_ profile: [UInt8], in bitstream: [UInt8]) throws -> [UInt8] {
        try bitstream.withUnsafeBufferPointer { file in
            try profile.withUnsafeBufferPointer { icc in
                var fileData = WebPData(bytes: file.baseAddress, size: file.count)
                guard let mux = WebPMuxCreateInternal(&fileData, 0, WEBP_MUX_ABI_VERSION) else {
                    throw CodecError(stage: .encode, format: .webp, reason: .corrupt("WebPMux could not read the encoded bitstream"))
                }
                defer { WebPMuxDelete(mux) }
                var iccData = WebPData(bytes: icc.baseAddress, size: icc.count)
                let setStatus = WebPMuxSetChunk(mux, "ICCP", &iccData, 1)
                guard setStatus == WEBP_MUX_OK else {
                    throw CodecError(stage: .encode, format: .webp, reason: .corrupt("adding the ICCP chunk: \(WebPStatus.words(setStatus))"))
                }
                var assembled = WebPData(bytes: nil, size: 0)
                defer { WebPFree(UnsafeMutableRawPointer(mutating: assembled.bytes)) }
                let assembleStatus = WebPMuxAssemble(mux, &assembled)
                guard assembleStatus == WEBP_MUX_OK, let bytes = assembled.bytes else {
                    throw CodecError(stage: .encode, format: .webp, reason: .corrupt("assembling the WebP file: \(WebPStatus.words(assembleStatus))"))
                }
                return Array(UnsafeBufferPointer(start: bytes, count: assembled.size))
            }
        }
    }
}
