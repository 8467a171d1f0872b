import CWebP
import FullBleedImage

/// WebP decoding with libwebp's advanced API: `WebPDecoderConfig` with external memory, so libwebp
/// writes straight into the `Image` buffer (no intermediate full-size copy).
///
/// Output: 8-bit encoded (sRGB-curve) samples, `.rgba` with straight alpha when the file has
/// transparency, else `.rgb`; tagged with the file's ICC colour space. Animated files give their first
/// displayed frame composited onto a transparent canvas.
enum WebPDecoder {
    /// Shrink-on-load factors libwebp's scaled decode is asked for, strongest first.
    static let shrinkFactors = [8, 4, 2]

    static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedImage {
        try bytes.withUnsafeBufferPointer { buffer in
            try WebPContainer.parse(buffer, stage: .decode, limits: options) { container in
                // Refuse truncated input before allocating the canvas.
                guard container.isComplete else {
                    throw WebPStatus.decodeError(VP8_STATUS_NOT_ENOUGH_DATA, stage: .decode)
                }
                var image: Image
                var loadScale = 1.0
                var warnings: [String] = []
                if container.isAnimated {
                    image = try decodeFirstFrame(of: container)
                    warnings.append("animated WebP: decoded the first of \(container.frameCount) frames")
                } else {
                    let factor = shrinkFactor(stored: container.canvasSize, orientation: container.orientation,
                                              minimumDisplaySize: options.minimumSize)
                    image = try decodeStill(container, shrinkFactor: factor)
                    loadScale = 1 / Double(factor)
                }
                if options.applyOrientation { image = image.applyingOrientation(container.orientation) }
                return DecodedImage(image: image, info: container.info, loadScale: loadScale, warnings: warnings)
            }
        }
    }

    /// The strongest factor in `shrinkFactors` whose reduced size, `ceil(stored / factor)` in stored
    /// pixels, still covers `minimumDisplaySize` (display orientation, pixels) in both dimensions; 1 when
    /// none does or no minimum is given.
    static func shrinkFactor(stored: PixelSize, orientation: Orientation, minimumDisplaySize: PixelSize?) -> Int {
        guard let minimumDisplaySize else { return 1 }
        let needed = orientation.swapsDimensions ? minimumDisplaySize.transposed : minimumDisplaySize
        for factor in shrinkFactors {
            let reduced = reducedSize(stored, by: factor)
            if reduced.width >= needed.width && reduced.height >= needed.height { return factor }
        }
        return 1
    }

    /// `ceil(size / factor)` in both dimensions.
    static func reducedSize(_ size: PixelSize, by factor: Int) -> PixelSize {
        PixelSize(width: (size.width + factor - 1) / factor, height: (size.height + factor - 1) / factor)
    }

    /// A still image, decoded at `1 / shrinkFactor` of its size with libwebp's scaler when the factor is above 1.
    private static func decodeStill(_ container: WebPContainer, shrinkFactor: Int) throws -> Image {
        let size = reducedSize(container.canvasSize, by: shrinkFactor)
        var image = Image(width: size.width, height: size.height, format: container.hasAlpha ? .rgba8 : .rgb8,
                          colorSpace: container.colorSpace)
        let stride = image.bytesPerRow
        try image.withUnsafeMutableBytes { pixels in
            try decodeBitstream(container.bytes, into: pixels, stride: stride, size: size, scaled: shrinkFactor > 1,
                                alpha: container.hasAlpha, context: nil)
        }
        return image
    }

    /// The first frame of an animation at its offset on a transparent canvas: what a viewer shows
    /// first (blending onto a fully transparent canvas leaves the frame's own pixels).
    private static func decodeFirstFrame(of container: WebPContainer) throws -> Image {
        guard let frame = container.firstFrame else {
            throw CodecError(stage: .decode, format: .webp, reason: .corrupt("animated WebP without frames"))
        }
        guard frame.isComplete else {
            throw WebPStatus.decodeError(VP8_STATUS_NOT_ENOUGH_DATA, stage: .decode, context: "first animation frame")
        }
        let canvas = container.canvasSize
        guard PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height).contains(frame.rect), !frame.rect.isEmpty else {
            throw CodecError(stage: .decode, format: .webp, reason: .corrupt("first animation frame \(frame.rect) outside the canvas \(canvas)"))
        }
        var image = Image(width: canvas.width, height: canvas.height, format: container.hasAlpha ? .rgba8 : .rgb8,
                          colorSpace: container.colorSpace)
        let stride = image.bytesPerRow
        let bytesPerPixel = image.format.bytesPerPixel
        try image.withUnsafeMutableBytes { pixels in
            let start = frame.rect.y * stride + frame.rect.x * bytesPerPixel
            try decodeBitstream(frame.bitstream, into: UnsafeMutableRawBufferPointer(rebasing: pixels[start...]),
                                stride: stride, size: frame.rect.size, scaled: false, alpha: container.hasAlpha,
                                context: "first animation frame")
        }
        return image
    }

    /// Decodes a whole file or one frame's chunks into `destination` (rows `stride` bytes apart), as
    /// RGBA (straight alpha) or RGB, scaled to `size` when `scaled`, else checked to be `size`.
    private static func decodeBitstream(_ bitstream: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableRawBufferPointer,
                                        stride: Int, size: PixelSize, scaled: Bool, alpha: Bool, context: String?) throws {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION) != 0 else {
            throw CodecError(stage: .decode, format: .webp, reason: .unsupported("libwebp decoder ABI version mismatch"))
        }
        // Safe with external memory: frees only what libwebp allocated itself.
        defer { WebPFreeDecBuffer(&config.output) }
        config.options.use_threads = 0
        if scaled {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(size.width)
            config.options.scaled_height = Int32(size.height)
        }
        config.output.colorspace = alpha ? MODE_RGBA : MODE_RGB
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = destination.baseAddress?.assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(stride)
        config.output.u.RGBA.size = destination.count
        let status = WebPDecode(bitstream.baseAddress, bitstream.count, &config)
        guard status == VP8_STATUS_OK else { throw WebPStatus.decodeError(status, stage: .decode, context: context) }
        guard Int(config.output.width) == size.width && Int(config.output.height) == size.height else {
            throw CodecError(stage: .decode, format: .webp, reason: .corrupt(
                "bitstream is \(config.output.width)x\(config.output.height), the container says \(size)"))
        }
    }
}
