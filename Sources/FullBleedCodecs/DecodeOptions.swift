import FullBleedImage

/// Options common to every decoder.
public struct DecodeOptions: Sendable, Hashable {
    /// sharp's default pixel limit (16383 x 16383): width x height above this is refused before allocation.
    public static let defaultMaxPixels = 268_402_689

    /// Largest `width * height` (stored pixels) a decoder may allocate; checked overflow-safe from the header.
    public var maxPixels: Int
    /// Apply the EXIF / container orientation so pixels come out upright (default true).
    public var applyOrientation: Bool
    /// Shrink-on-load: the smallest size (display orientation, pixels) the caller needs. Decoders that can
    /// decode at reduced scale (JPEG DCT scaling by 1/2, 1/4, 1/8) pick the strongest reduction that still
    /// covers this size in both dimensions. nil decodes at full size.
    public var minimumSize: PixelSize?
    /// Wall-clock seconds (> 0) a decode may take before it is abandoned with `CodecError.Reason.timedOut`;
    /// nil for no limit. JPEG and PNG stop between rows; WebP, HEIC and AVIF report it when libwebp or
    /// libheif return (they cannot be interrupted).
    public var timeLimitSeconds: Double?
    /// Read the HDR gain map (Ultra HDR / ISO 21496-1 JPEG, Apple HEIC) into `DecodedImage.gainMap` and
    /// `ImageInfo.gainMap` (default true). The gain map obeys `maxPixels` too and must not be larger than
    /// the image; a malformed one is a warning, never a failure.
    public var readsGainMap: Bool

    public init(maxPixels: Int = DecodeOptions.defaultMaxPixels, applyOrientation: Bool = true, minimumSize: PixelSize? = nil,
                timeLimitSeconds: Double? = nil, readsGainMap: Bool = true) {
        self.maxPixels = maxPixels
        self.applyOrientation = applyOrientation
        self.minimumSize = minimumSize
        self.timeLimitSeconds = timeLimitSeconds
        self.readsGainMap = readsGainMap
    }

    /// Throws `pixelLimitExceeded` / `invalidDimensions` for a header size, before any allocation.
    public func checkLimits(width: Int, height: Int, format: ImageFormat, stage: CodecError.Stage = .decode) throws {
        guard width > 0, height > 0 else {
            throw CodecError(stage: stage, format: format, reason: .invalidDimensions(width: width, height: height))
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw CodecError(stage: stage, format: format, reason: .pixelLimitExceeded(width: width, height: height, limit: maxPixels))
        }
    }
}
