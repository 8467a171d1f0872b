import FullBleedColor
import FullBleedImage

/// Measures glyph regions on a hero: one luminance plane of the rows the regions (and their blur
/// support) cover, reduced by an integer box to about `targetPixelsPerPoint`, blurred once per surface
/// (glass, photo), then `RegionMetrics` and a verdict per region.
///
/// Luminance is linear light, so the box reduction and the blur are exact averages of it (the same as
/// blurring the colour image in linear light and taking its luminance). sRGB, Display P3, Adobe RGB and
/// gray images use `LuminanceModel(family:)`; other ICC profiles use `LuminancePlane(image:)`'s default
/// reading. Alpha is ignored (pixels are measured as if opaque). Single-threaded apart from the blur, and deterministic.
struct GlyphRegionMeasurer {
    /// Analysis resolution aimed at [E]: one pixel per point, where SPEC 2.6's edge threshold
    /// (8 L* per pixel at 1x) is defined; finer detail is below a stroke width.
    static let targetPixelsPerPoint = 1.0
    /// Rows of blur support kept below and above each region, in sigmas (the Gaussian's own support).
    static let supportSigmas = SampledGaussian.supportSigmas

    let parameters: ToolbarAnalysisParameters

    /// Reports for `regions` (points) on `hero` shown at `pixelsPerPoint` hero pixels per point, and the
    /// analysis resolution used (pixels per point of the measured plane).
    func measure(hero: Image, regions: [GlyphRegion], pixelsPerPoint: Double) -> (reports: [GlyphRegionReport], analysisPixelsPerPoint: Double) {
        let factor = max(1, min(Int((pixelsPerPoint / Self.targetPixelsPerPoint).rounded(.down)), hero.width, hero.height))
        let analysisPPP = pixelsPerPoint / Double(factor)
        guard !regions.isEmpty else { return ([], analysisPPP) }
        let reducedSize = PixelSize(width: hero.width / factor, height: hero.height / factor)

        // Rows (in reduced pixels) of each region with its blur support; regions whose rows overlap share one
        // plane (the toolbar band at the top, a title measured at the hero's bottom gets its own).
        let rows: [Range<Int>] = regions.map { region in
            let margin = Int((Self.supportSigmas * parameters.sigmaPoints(for: region.surface) * analysisPPP).rounded(.up))
            let rect = region.pixelRect(pixelsPerPoint: analysisPPP, bounds: reducedSize)
            return max(0, rect.y - margin)..<min(reducedSize.height, rect.maxY + margin)
        }
        var groups: [(rows: Range<Int>, members: [Int])] = []
        for i in regions.indices.sorted(by: { rows[$0].lowerBound < rows[$1].lowerBound }) {
            if let last = groups.last, rows[i].lowerBound <= last.rows.upperBound {
                groups[groups.count - 1] = (last.rows.lowerBound..<max(last.rows.upperBound, rows[i].upperBound), last.members + [i])
            } else {
                groups.append((rows[i], [i]))
            }
        }
        // The family's standard model; for other ICC profiles LuminancePlane's own default (nil).
        let model = LuminanceModel(family: hero.colorSpace.family)
        let metricsParameters = parameters.regionMetricsParameters(pixelsPerPoint: analysisPPP)
        var reports = [GlyphRegionReport?](repeating: nil, count: regions.count)
        for group in groups {
            let firstRow = group.rows.lowerBound
            let heroRows = PixelRect(x: 0, y: firstRow * factor, width: reducedSize.width * factor, height: group.rows.count * factor)
            let plane = Self.boxReduced(LuminancePlane(image: hero.cropped(to: heroRows), model: model), by: factor)
            var blurred: [GlyphSurface: LuminancePlane] = [:]
            for i in group.members {
                let region = regions[i]
                let sigmaPoints = parameters.sigmaPoints(for: region.surface)
                let surfacePlane: LuminancePlane
                if let cached = blurred[region.surface] {
                    surfacePlane = cached
                } else {
                    surfacePlane = Self.blurred(plane, sigma: sigmaPoints * analysisPPP)
                    blurred[region.surface] = surfacePlane
                }
                let rect = region.pixelRect(pixelsPerPoint: analysisPPP, bounds: reducedSize)
                var metrics = RegionMetrics(plane: surfacePlane, rect: PixelRect(x: rect.x, y: rect.y - firstRow, width: rect.width, height: rect.height),
                                            parameters: metricsParameters)
                metrics.rect = rect   // in the reduced hero's pixels, not the band's
                let verdict = GlyphRegionVerdict(metrics: metrics, target: parameters.target, compositing: parameters.compositing)
                // Named as measured: the region snapped to the analysis pixels, so the report's rectangle is
                // the one its metrics describe (at 1.25 pixels per point the layout's points fall between pixels).
                let measured = region.snapped(pixelsPerPoint: analysisPPP, bounds: reducedSize)
                let heroRect = PixelRect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
                reports[i] = GlyphRegionReport(region: measured, rect: heroRect,
                                               blurSigmaPoints: sigmaPoints, blurSigmaPixels: sigmaPoints * pixelsPerPoint,
                                               metrics: metrics, verdict: verdict)
            }
        }
        let measured = reports.compactMap { $0 }
        return (measured, analysisPPP)
    }

    /// `plane` blurred by a true sampled Gaussian of `sigma` plane pixels (mirrored edges), the SPEC 2.7
    /// measurement blur: `SampledGaussian`, not the fast extended box the decorative extension uses.
    static func blurred(_ plane: LuminancePlane, sigma: Double) -> LuminancePlane {
        SampledGaussian.blurred(plane, sigma: sigma)
    }

    /// The mean of each `factor x factor` block (a partial last row or column of blocks is dropped).
    static func boxReduced(_ plane: LuminancePlane, by factor: Int) -> LuminancePlane {
        guard factor > 1 else { return plane }
        let width = plane.width / factor, height = plane.height / factor
        var out = [Float](repeating: 0, count: width * height)
        let scale = 1 / Float(factor * factor)
        plane.values.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = y * width
                    for dy in 0..<factor {
                        let from = (y * factor + dy) * plane.width
                        for x in 0..<width {
                            var sum: Float = 0
                            let start = from + x * factor
                            for dx in 0..<factor { sum += src[start + dx] }
                            dst[row + x] += sum
                        }
                    }
                    for x in 0..<width { dst[row + x] *= scale }
                }
            }
        }
        return LuminancePlane(width: width, height: height, values: out)
    }
}
