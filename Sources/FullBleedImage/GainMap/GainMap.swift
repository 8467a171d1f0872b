/// A gain map: an 8-bit image of stored recovery codes at its own resolution, plus the metadata that
/// says what the codes mean (Ultra HDR v1.0 "Gain map generation": `encoded_recovery = floor(recovery *
/// 255 + 0.5)`).
///
/// The image is `.gray8` (one code for all colour channels) or `.rgb8` (one code per channel); its
/// samples are codes, not colours, so its `colorSpace` tag means nothing (decoders leave it `.sRGB`).
/// It covers the whole base image whatever its size (commonly 1/4 of each side) and has the same
/// orientation: readers apply the base image's EXIF orientation to both, so a decoded gain map is as
/// upright as its decoded base. Alpha: none.
public struct GainMap: Sendable, Equatable {
    public private(set) var image: Image
    public var metadata: GainMapMetadata

    /// Throws `.invalidImage` unless `image` is 8-bit gray or RGB without alpha.
    public init(image: Image, metadata: GainMapMetadata) throws(GainMapError) {
        guard image.format.sampleType == .uint8, image.layout == .gray || image.layout == .rgb else {
            throw .invalidImage("\(image.format) (8-bit gray or RGB expected)")
        }
        self.image = image
        self.metadata = metadata
    }

    /// Size in pixels.
    public var size: PixelSize { image.size }

    /// One code per colour channel (an RGB map) rather than one for all.
    public var isColor: Bool { image.layout == .rgb }

    /// The same map turned like its base image: `image.applyingOrientation(orientation)`.
    public func applyingOrientation(_ orientation: Orientation) -> GainMap {
        var copy = self
        copy.image = image.applyingOrientation(orientation)
        return copy
    }

    /// Whether this map can describe a base image of `baseSize` pixels: not larger than it in either
    /// dimension, and of the same shape within one gain map pixel (a transposed map, e.g. one left in
    /// the stored orientation of a turned photo, is refused). Throws `.invalidImage` naming the sizes.
    public func checkFits(baseSize: PixelSize) throws(GainMapError) {
        let w = image.width, h = image.height
        guard w <= baseSize.width, h <= baseSize.height else {
            throw .invalidImage("\(w)x\(h) is larger than the \(baseSize.width)x\(baseSize.height) image")
        }
        // Cross-multiplied aspect ratios: |w * H - h * W| is at most one map pixel's worth of the image side.
        let mismatch = abs(w * baseSize.height - h * baseSize.width)
        guard mismatch <= max(baseSize.width, baseSize.height) else {
            throw .invalidImage("\(w)x\(h) does not have the shape of the \(baseSize.width)x\(baseSize.height) image")
        }
    }
}
