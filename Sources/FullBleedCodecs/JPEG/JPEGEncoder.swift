import CFullBleedShims
import FullBleedColor
import FullBleedImage

/// JPEG encoding through libjpeg-turbo (`fbs_jpeg_encode`): prepares any `Image` as the 8-bit, opaque
/// gray or RGB samples JPEG stores, and writes a JFIF file with the image's ICC profile and no EXIF/GPS.
enum JPEGEncoder {
    /// Largest width or height a JPEG can have (libjpeg's `JPEG_MAX_DIMENSION`), pixels.
    static let maxDimension = 65500

    /// Throws `.invalidOption` for a quality outside 1...100 or a background that is not three encoded
    /// values in 0...1.
    static func validate(_ options: JPEGEncodeOptions) throws {
        guard (1...100).contains(options.quality) else {
            throw CodecError(stage: .encode, format: .jpeg, reason: .invalidOption("quality must be 1...100, got \(options.quality)"))
        }
        guard options.background.count == 3, options.background.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
            throw CodecError(stage: .encode, format: .jpeg,
                             reason: .invalidOption("background must be three encoded RGB values in 0...1, got \(options.background)"))
        }
    }

    /// `image` as JPEG stores it: encoded (sRGB curve) 8-bit samples, straight colour, no alpha.
    ///
    /// Alpha is composited onto `background` (encoded RGB 0...1) in encoded values, as browsers do; gray
    /// images stay gray and are flattened onto the background's Rec. 709 luma. 16-bit and float images
    /// are converted first (float linear or premultiplied input is encoded and unpremultiplied).
    static func encodablePixels(_ image: Image, background: [Double]) -> Image {
        var pixels = image
        if pixels.hasAlpha {
            // Flatten at float precision unless the samples already are 8-bit.
            let working: SampleType = pixels.format.sampleType == .uint8 ? .uint8 : .float32
            pixels = pixels.encoded(as: working)
            if pixels.layout.isColor {
                pixels = pixels.converted(toLayout: .rgb, background: background)
            } else {
                let luma = 0.2126 * background[0] + 0.7152 * background[1] + 0.0722 * background[2]
                pixels = pixels.converted(toLayout: .gray, background: [luma])
            }
        }
        return pixels.encoded(as: .uint8)
    }

    /// The ICC profile to embed: the image's own, when its data colour space matches the written
    /// components ("GRAY" for 1, "RGB" for 3). A mismatched profile would make the file invalid and is left out.
    static func embeddableProfile(of pixels: Image) -> [UInt8]? {
        guard let icc = pixels.colorSpace.icc, !icc.bytes.isEmpty else { return nil }
        return icc.dataColorSpace == (pixels.layout == .gray ? "GRAY" : "RGB") ? icc.bytes : nil
    }

    /// Encodes `image` with `options`; see `encodablePixels(_:background:)` for the sample conversion.
    static func encode(_ image: Image, options: JPEGEncodeOptions) throws -> [UInt8] {
        try validate(options)
        guard image.width <= maxDimension, image.height <= maxDimension else {
            throw CodecError(stage: .encode, format: .jpeg,
                             reason: .unsupported("\(image.width)x\(image.height): JPEG allows at most \(maxDimension) pixels per side"))
        }
        let pixels = encodablePixels(image, background: options.background)
        let profile = embeddableProfile(of: pixels) ?? []
        var message = JPEGShimError.messageBuffer()
        var outData: UnsafeMutablePointer<UInt8>?
        var outSize = 0
        let status = pixels.withUnsafeBytes { raw in
            profile.withUnsafeBufferPointer { icc in
                var params = fbs_jpeg_encode_params(
                    width: UInt32(pixels.width), height: UInt32(pixels.height), components: Int32(pixels.channelCount),
                    quality: Int32(options.quality), progressive: options.progressive ? 1 : 0,
                    optimize_huffman: options.optimizeHuffman ? 1 : 0,
                    subsample_420: options.chromaSubsampling == .yuv420 ? 1 : 0,
                    icc: profile.isEmpty ? nil : icc.baseAddress, icc_size: icc.count)
                return fbs_jpeg_encode(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), pixels.bytesPerRow, &params,
                                       &outData, &outSize, &message)
            }
        }
        defer { fbs_jpeg_free(outData) }
        try JPEGShimError.check(status, message, stage: .encode)
        guard let outData else {
            throw CodecError(stage: .encode, format: .jpeg, reason: .corrupt("libjpeg returned no output"))
        }
        return Array(UnsafeBufferPointer(start: outData, count: outSize))
    }
}
