import FullBleedColor
import FullBleedCodecs
import FullBleedCore
import FullBleedImage

/// A small JPEG of a source photo for the preview page, where the chosen crops are drawn over it.
public enum SourceThumbnail {
    /// Default long side of the thumbnail, pixels.
    public static let defaultLongSidePixels = 480

    /// The source's encoded bytes as an upright sRGB JPEG (quality 80) whose long side is at most
    /// `longSidePixels` (never upscaled). Decodes with shrink-on-load, converts to sRGB, resamples with
    /// the default Lanczos3 in linear light. Deterministic. Throws `CodecError` / `ColorManagementError`.
    public static func jpeg(fromSource bytes: [UInt8], longSidePixels: Int = defaultLongSidePixels,
                            maxPixels: Int = DecodeOptions.defaultMaxPixels) throws -> [UInt8] {
        precondition(longSidePixels > 0, "thumbnail long side must be positive")
        let limits = DecodeOptions(maxPixels: maxPixels)
        let displayed = try Codecs.probe(bytes, options: limits).size
        var options = limits
        options.minimumSize = fittedSize(displayed, longSidePixels: longSidePixels)
        return try jpeg(from: try Codecs.decode(bytes, options: options).image, displayedSize: displayed, longSidePixels: longSidePixels)
    }

    /// The thumbnail of an already decoded source (`image`, upright, at any shrink-on-load scale of the
    /// source's `displayedSize`): what `build --preview` makes from the build's own decode.
    public static func jpeg(from image: Image, displayedSize: PixelSize, longSidePixels: Int = defaultLongSidePixels) throws -> [UInt8] {
        precondition(longSidePixels > 0, "thumbnail long side must be positive")
        let size = fittedSize(displayedSize, longSidePixels: longSidePixels)
        var image = image
        if image.colorSpace.family != .sRGB { image = try image.convertedToSRGB() }
        if image.width != size.width || image.height != size.height { image = image.resized(to: size) }
        return try Codecs.encode(image, as: .jpeg(JPEGEncodeOptions(quality: 80)))
    }

    /// `size` scaled to fit `longSidePixels` on its long side (aspect kept, at least 1 px, never larger).
    public static func fittedSize(_ size: PixelSize, longSidePixels: Int) -> PixelSize {
        let long = max(size.width, size.height)
        guard long > longSidePixels else { return size }
        let scale = Double(longSidePixels) / Double(long)
        return PixelSize(width: max(1, Int((Double(size.width) * scale).rounded())),
                         height: max(1, Int((Double(size.height) * scale).rounded())))
    }
}
