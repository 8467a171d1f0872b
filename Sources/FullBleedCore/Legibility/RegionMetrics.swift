import Foundation
import FullBleedColor
import FullBleedImage

/// Legibility measurements of one rectangle of a luminance plane (SPEC 2.6), for white and black
/// glyphs. All luminances are linear relative luminance `Y` (0...1); the plane should already carry
/// the blur the glyphs really see (glass, scroll-edge blur), which is the caller's job.
///
/// Percentiles are nearest-rank: `P_p` is the `ceil(p/100 · n)`-th smallest value (the smallest for
/// `p = 0`), always an actual pixel value, independent of evaluation order.
public struct RegionMetrics: Sendable, Hashable, Codable {
    /// The measured rectangle, in device pixels of the plane.
    public var rect: PixelRect
    /// The parameters used.
    public var parameters: RegionMetricsParameters

    /// Mean `Y` over the rectangle.
    public var meanLuminance: Double
    /// `Y_min`: the `lowPercentile` of `Y` (P0.5 by default).
    public var lowLuminance: Double
    /// `Y_max`: the `highPercentile` of `Y` (P99.5 by default).
    public var highLuminance: Double

    /// WCAG ratio of white glyphs against the brightest background, `1.05 / (Y_max + 0.05)`.
    public var whiteGlyphContrast: Double
    /// WCAG ratio of black glyphs against the darkest background, `(Y_min + 0.05) / 0.05`.
    public var blackGlyphContrast: Double
    /// APCA `Lc` of white glyphs on the brightest background (negative: light on dark), with the
    /// background taken as the neutral grey of `Y_max`.
    public var whiteGlyphLc: Double
    /// APCA `Lc` of black glyphs on the darkest background (positive), neutral grey of `Y_min`.
    public var blackGlyphLc: Double
    /// `Y_max > Y_w(T)` and `Y_min < Y_k(T)` for `T = wcagRatio`: neither white nor black glyphs pass
    /// WCAG, so a scrim or plate is mandatory.
    public var polarityConflict: Bool
    /// The same for APCA: `|whiteGlyphLc| < apcaLc` and `blackGlyphLc < apcaLc`.
    public var apcaPolarityConflict: Bool

    /// RMS contrast: population standard deviation of CIE L* (0...100) over the rectangle.
    public var rmsContrast: Double
    /// Fraction of pixels whose Sobel gradient of L* exceeds `edgeThresholdPerPoint / pixelsPerPoint`
    /// L* per pixel (neighbours outside the rectangle but inside the plane are used; the plane's own
    /// edges are replicated).
    public var edgeDensity: Double

    /// SPEC 2.6 rule: `polarityConflict || (rmsContrast > rmsContrastThreshold && edgeDensity > edgeDensityThreshold)`.
    public var isBusy: Bool
    /// The glyph tone with the better WCAG contrast at its worst pixel.
    public var preferredGlyph: GlyphTone
    /// Whether a scrim is needed under `preferredGlyph` (the region is busy, or that tone fails WCAG).
    public var needsScrim: Bool

    /// Measures `rect` of `plane` (the rectangle must lie inside the plane and be non-empty).
    public init(plane: LuminancePlane, rect: PixelRect, parameters: RegionMetricsParameters = .default) {
        precondition(!rect.isEmpty && plane.bounds.contains(rect), "region \(rect) outside plane \(plane.width)x\(plane.height)")
        self.rect = rect
        self.parameters = parameters
        let region = plane.cropped(to: rect).values
        meanLuminance = region.withUnsafeBufferPointer { values in
            var sum = 0.0
            for v in values { sum += Double(v) }
            return sum / Double(values.count)
        }
        let (low, high) = NearestRankPercentiles.values(region, lowPercentile: parameters.lowPercentile,
                                                        highPercentile: parameters.highPercentile)
        lowLuminance = Double(low)
        highLuminance = Double(high)

        whiteGlyphContrast = WCAG.contrastRatio(1, highLuminance)
        blackGlyphContrast = WCAG.contrastRatio(0, lowLuminance)
        whiteGlyphLc = APCA.contrast(textLuminance: APCA.greyLuminance(relativeLuminance: 1),
                                     backgroundLuminance: APCA.greyLuminance(relativeLuminance: highLuminance))
        blackGlyphLc = APCA.contrast(textLuminance: APCA.greyLuminance(relativeLuminance: 0),
                                     backgroundLuminance: APCA.greyLuminance(relativeLuminance: lowLuminance))
        let whitePasses = whiteGlyphContrast >= parameters.wcagRatio
        let blackPasses = blackGlyphContrast >= parameters.wcagRatio
        polarityConflict = highLuminance > WCAG.maximumBackgroundLuminance(ratio: parameters.wcagRatio)
            && lowLuminance < WCAG.minimumBackgroundLuminance(ratio: parameters.wcagRatio)
        apcaPolarityConflict = abs(whiteGlyphLc) < parameters.apcaLc && blackGlyphLc < parameters.apcaLc

        let texture = LightnessTexture(plane: plane, rect: rect,
                                       edgeThresholdPerPixel: parameters.edgeThresholdPerPoint / parameters.pixelsPerPoint)
        rmsContrast = texture.rmsContrast
        edgeDensity = texture.edgeDensity

        isBusy = polarityConflict
            || (rmsContrast > parameters.rmsContrastThreshold && edgeDensity > parameters.edgeDensityThreshold)
        preferredGlyph = whiteGlyphContrast >= blackGlyphContrast ? .white : .black
        needsScrim = isBusy || !(preferredGlyph == .white ? whitePasses : blackPasses)
    }

    /// Measures `rect` of an image's luminance (`LuminancePlane(image:model:)`).
    public init(image: Image, rect: PixelRect, model: LuminanceModel? = nil, parameters: RegionMetricsParameters = .default) {
        self.init(plane: LuminancePlane(image: image, model: model), rect: rect, parameters: parameters)
    }
}

/// Exact nearest-rank percentiles in linear time: a 4096-bucket histogram of the clamped values finds
/// the bucket holding each rank; only that bucket is sorted.
enum NearestRankPercentiles {
    /// The 0-based index of percentile `p` (0...100) among `count` sorted values.
    static func index(percentile p: Double, count: Int) -> Int {
        let rank = Int((p / 100 * Double(count) - 1e-9).rounded(.up))
        return max(0, min(count - 1, rank - 1))
    }

    static func values(_ values: [Float], lowPercentile: Double, highPercentile: Double) -> (Float, Float) {
        let bucketCount = 4096
        let scale = Float(bucketCount - 1)
        func bucket(_ v: Float) -> Int { Int(max(0, min(1, v)) * scale) }
        var histogram = [Int](repeating: 0, count: bucketCount)
        values.withUnsafeBufferPointer { values in
            histogram.withUnsafeMutableBufferPointer { h in for v in values { h[bucket(v)] += 1 } }
        }
        func select(_ target: Int) -> Float {
            var before = 0, chosen = 0
            for b in 0..<bucketCount {
                if before + histogram[b] > target { chosen = b; break }
                before += histogram[b]
            }
            let members = values.filter { bucket($0) == chosen }.sorted()
            return members[target - before]
        }
        return (select(index(percentile: lowPercentile, count: values.count)),
                select(index(percentile: highPercentile, count: values.count)))
    }
}
