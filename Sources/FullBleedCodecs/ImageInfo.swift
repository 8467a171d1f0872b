import FullBleedImage

/// What a probe learns from the header alone, and what a decode reports about its source.
public struct ImageInfo: Sendable, Equatable {
    public var format: ImageFormat
    /// Displayed size in pixels (after orientation).
    public var size: PixelSize
    /// Size of the stored pixels (before orientation).
    public var storedSize: PixelSize
    /// Orientation from EXIF (JPEG APP1, PNG eXIf, WebP EXIF chunk); `.up` when absent.
    public var orientation: Orientation
    /// Colour model of the stored samples, e.g. "rgb", "gray", "cmyk", "ycck", "palette".
    public var colorModel: String
    /// Bits per sample in the file (1...16).
    public var bitDepth: Int
    /// Whether the file has an alpha channel or transparency (tRNS).
    public var hasAlpha: Bool
    /// sRGB (untagged or tagged), Display P3, or another embedded profile.
    public var colorSpace: ColorSpace
    /// Frames in the file (1 for still images).
    public var frameCount: Int
    /// Format details worth reporting: "progressive", "arithmetic", "interlaced", "lossless", "lossy".
    public var details: [String]
    /// The HDR gain map the file carries and FullBleed can read (Ultra HDR / ISO 21496-1 JPEG, Apple HEIC),
    /// when `DecodeOptions.readsGainMap`; nil otherwise and for a malformed one (the decode warns).
    public var gainMap: GainMapInfo?
    /// Non-fatal findings of the header read, one line each (a PNG whose iCCP profile libpng refused is
    /// read as sRGB, and says so here); a decode repeats them in `DecodedImage.warnings`.
    public var warnings: [String] = []

    public init(format: ImageFormat, size: PixelSize, storedSize: PixelSize, orientation: Orientation, colorModel: String,
                bitDepth: Int, hasAlpha: Bool, colorSpace: ColorSpace, frameCount: Int = 1, details: [String] = [],
                gainMap: GainMapInfo? = nil) {
        self.format = format
        self.size = size
        self.storedSize = storedSize
        self.orientation = orientation
        self.colorModel = colorModel
        self.bitDepth = bitDepth
        self.hasAlpha = hasAlpha
        self.colorSpace = colorSpace
        self.frameCount = frameCount
        self.details = details
        self.gainMap = gainMap
    }
}

/// The result of a decode: upright pixels plus what was learned on the way.
public struct DecodedImage: Sendable {
    /// The pixels: 8-bit, or 16-bit for 16-bit PNG sources; straight alpha; upright when
    /// `DecodeOptions.applyOrientation` (the default). Tagged with the source's colour space.
    public var image: Image
    /// The source as probed (sizes are the full-resolution ones, even after shrink-on-load).
    public var info: ImageInfo
    /// The DCT or container scale that was applied on load (1 = full size, 1/2, 1/4, 1/8 for JPEG).
    public var loadScale: Double
    /// Non-fatal findings, one line each (e.g. "animated WebP: decoded the first of 2 frames"; a malformed
    /// gain map: "gain map ignored: ...").
    public var warnings: [String]
    /// The HDR gain map, oriented like `image` (upright when `DecodeOptions.applyOrientation`), at its own
    /// resolution (never shrunk on load); nil when the file has none, it is malformed (see `warnings`) or
    /// `DecodeOptions.readsGainMap` is off. `info.gainMap` describes it.
    public var gainMap: GainMap?

    public init(image: Image, info: ImageInfo, loadScale: Double = 1, warnings: [String] = [], gainMap: GainMap? = nil) {
        self.image = image
        self.info = info
        self.loadScale = loadScale
        self.warnings = warnings
        self.gainMap = gainMap
    }
}
