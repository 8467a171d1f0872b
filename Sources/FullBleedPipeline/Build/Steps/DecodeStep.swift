import FullBleedCodecs
import FullBleedColor
import FullBleedCore
import FullBleedImage

/// The decoded source every later step works from.
struct DecodedSource: Sendable {
    /// Upright (EXIF orientation applied), at `loadScale` of the displayed size.
    var image: Image
    /// Decoder warnings, one line each.
    var warnings: [String]
    /// 1, 1/2, 1/4 or 1/8 (shrink-on-load).
    var loadScale: Double
    /// The source's gain map as log gains, covering `image` whatever its size (upright like it), with
    /// `"hdr": "keep"`; nil for SDR sources and for maps the pipeline cannot carry (a warning says why).
    var gainMap: GainMapField?
}

/// `.decode`: the decode of a source, at the smallest size that feeds every produced tier (`plan.decode`,
/// or `plan.decode(zoom:)` when a crop zooms in).
enum DecodeStep {
    static func run(_ bytes: [UInt8], plan: AssetPlan, options: DecodeOptions? = nil) throws -> DecodedSource {
        do {
            let decoded = try Codecs.decode(bytes, options: options ?? plan.decode)
            var warnings = decoded.warnings
            var field: GainMapField?
            if let map = decoded.gainMap {
                if map.metadata.baseRenditionIsHDR {
                    warnings.append("gain map ignored: its base rendition is the HDR one (only SDR bases are carried); outputs are SDR")
                } else {
                    field = GainMapField(map)
                }
            }
            return DecodedSource(image: decoded.image, warnings: warnings, loadScale: decoded.loadScale, gainMap: field)
        } catch let error as CodecError {
            throw error.at(path: plan.source.relativePath)
        }
    }
}

/// `.color`: derivatives in sRGB when the pipeline says `"color": "srgb"` (lcms2, relative colorimetric
/// with black point compensation). nil when the source already is sRGB (nothing to do).
///
/// A gain map stays as it is: its math then runs in sRGB rather than the source space. For a gray map
/// (one gain per pixel) that is exact for in-gamut colours, since a white-preserving 3x3 conversion
/// commutes with `(base + offset) * gain - offset`; an RGB map's per-channel gains are applied to the
/// converted channels, a close approximation.
enum ColorStep {
    static func run(_ image: Image, plan: AssetPlan) throws -> Image? {
        guard plan.spec.colorOutput == .sRGB, image.colorSpace.family != .sRGB else { return nil }
        do { return try image.convertedToSRGB() } catch {
            throw ProcessingError(path: plan.source.relativePath, stage: .color, reason: "\(error)")
        }
    }
}
