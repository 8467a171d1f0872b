import Foundation
import FullBleedCodecs
import FullBleedColor
import FullBleedCore
import FullBleedImage

/// `.placeholders`: ThumbHash, BlurHash, average colour and palette from small reductions of the first
/// target's crop (largest first, so each reuses the last).
enum PlaceholderStep {
    static func run(_ cascade: inout ReductionCascade, plan: AssetPlan) throws -> PlaceholderRecord? {
        guard plan.steps.contains(.placeholders) else { return nil }
        let spec = plan.spec.placeholders
        let crop = cascade.region
        func fitted(_ side: Int) -> Image {
            let scale = min(1, Double(side) / Double(max(crop.width, crop.height)))
            let size = PixelSize(width: max(1, Int((Double(crop.width) * scale).rounded())), height: max(1, Int((Double(crop.height) * scale).rounded())))
            return cascade.picture(size: size)
        }
        var record = PlaceholderRecord()
        do {
            let analysis = fitted(256)
            let hundred = fitted(100)
            if spec.thumbHash { record.thumbHash = try ThumbHash(image: hundred) }
            if let components = spec.blurHashComponents {
                record.blurHash = try BlurHash(image: fitted(64), xComponents: components[0], yComponents: components[1])
            }
            if spec.averageColor { record.averageColor = AverageColor(image: analysis).color.hex }
            if spec.paletteSize > 0 {
                record.palette = DominantPalette(image: analysis, maximumColorCount: spec.paletteSize).entries.map {
                    PaletteColorRecord(color: $0.color.hex, share: ($0.share * 1e4).rounded() / 1e4)
                }
            }
            if spec.dataURL { record.dataURL = try dataURL(of: fitted(dataURLSide)) }
        } catch {
            throw ProcessingError(path: plan.source.relativePath, stage: .placeholders, reason: "\(error)")
        }
        return record
    }

    /// Long side of the data-URL placeholder, pixels (next/image's `blurDataURL` is of this order: a few
    /// hundred bytes that the browser blurs when it stretches them).
    static let dataURLSide = 8

    /// `image` as an 8-bit sRGB PNG without a profile (converted when it is in another space), base64 in a
    /// `data:` URI. Deterministic.
    static func dataURL(of image: Image) throws -> String {
        var srgb = image.colorSpace.family == .sRGB ? image : try image.convertedToSRGB()
        srgb = srgb.encoded(as: .uint8)
        srgb.colorSpace = .sRGB
        let png = try Codecs.encode(srgb, as: .png(PNGEncodeOptions(bitDepth: 8, compressionLevel: 9)))
        return "data:image/png;base64," + Data(png).base64EncodedString()
    }
}

/// `.previewThumbnail`: the preview page's source thumbnail from the build's own decode (no second read
/// or decode of the source): upright, sRGB, long side at most 480 px, JPEG quality 80.
enum PreviewThumbnailStep {
    static func run(_ image: Image, plan: AssetPlan) throws -> [UInt8]? {
        guard plan.steps.contains(.previewThumbnail) else { return nil }
        return try SourceThumbnail.jpeg(from: image, displayedSize: plan.info.size)
    }
}
