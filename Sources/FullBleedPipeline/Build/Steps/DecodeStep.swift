import FullBleedCodecs
import FullBleedColor
import FullBleedImage

/// The decoded source every later step works from.
struct DecodedSource: Sendable {
    /// Upright (EXIF orientation applied), at `loadScale` of the displayed size.
    var image: Image
    /// Decoder warnings, one line each.
    var warnings: [String]
    /// 1, 1/2, 1/4 or 1/8 (shrink-on-load).
    var loadScale: Double
}

/// `.decode`: the one decode of a source, at the smallest size that feeds every produced tier.
enum DecodeStep {
    static func run(_ bytes: [UInt8], plan: AssetPlan) throws -> DecodedSource {
        do {
            let decoded = try Codecs.decode(bytes, options: plan.decode)
            return DecodedSource(image: decoded.image, warnings: decoded.warnings, loadScale: decoded.loadScale)
        } catch let error as CodecError {
            throw error.at(path: plan.source.relativePath)
        }
    }
}

/// `.color`: derivatives in sRGB when the pipeline says `"color": "srgb"` (lcms2, relative colorimetric
/// with black point compensation). nil when the source already is sRGB (nothing to do).
enum ColorStep {
    static func run(_ image: Image, plan: AssetPlan) throws -> Image? {
        guard plan.spec.colorOutput == .sRGB, image.colorSpace.family != .sRGB else { return nil }
        do { return try image.convertedToSRGB() } catch {
            throw ProcessingError(path: plan.source.relativePath, stage: .color, reason: "\(error)")
        }
    }
}
