import Foundation
import Testing
import FullBleedCodecs
import FullBleedImage
import FullBleedTestSupport
@testable import FullBleedColor
@testable import FullBleedCore

/// Real photos, cropped to the iPhone 17 Pro hero at @3x (1206 x 1200 px: 402 x 400 pt): the analysis
/// recommends, the baker composites, and the composited 8-bit pixels must reach WCAG 4.5:1 - checked by
/// the baker's own re-measurement and again by an independent full-resolution measurement.
/// Prints one table row per photo (scheme, scrim, scroll edge, busy regions, worst baked contrast, timings).
@Suite(.serialized, .enabled(if: TestPaths.hasCorpus, Comment(rawValue: TestPaths.corpusMissingMessage)))
struct ScrimBakerCorpusTests {
    static let device = DeviceClass.iPhone17Pro
    static let heroSize = HeroTarget.device(device).tiers.last!.pixelSize()

    /// The photo's attention crop for the iPhone 17 Pro hero, resampled to @3x (small photos are enlarged).
    static func hero(_ file: String) throws -> Image {
        let bytes = try TestPaths.bytes(TestPaths.corpusFile("photos/" + file))
        let info = try Codecs.probe(bytes)
        let target = HeroTarget.device(device)
        let crop = CropPlanner.cropSize(for: info.size, aspectRatio: target.aspectRatio)
        let reduction = min(1, 2 * max(Double(heroSize.width) / Double(crop.width), Double(heroSize.height) / Double(crop.height)))
        let minimum = PixelSize(width: Int((Double(info.size.width) * reduction).rounded(.up)),
                                height: Int((Double(info.size.height) * reduction).rounded(.up)))
        let image = try Codecs.decode(bytes, options: DecodeOptions(minimumSize: minimum)).image
        let plan = CropPlanner.plan(image, for: target)
        return image.resized(to: heroSize, from: plan.rect)
    }

    static func milliseconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    @Test(arguments: TestPaths.corpusFiles("photos"))
    func bakedHeroMeetsTheTarget(file: String) throws {
        let hero = try Self.hero(file)
        // Every gradient recommended and baked, however far from subtle (a build leaves those over the
        // system's bars to the hard scroll edge): the baker must reach the target on every photo.
        let parameters = ToolbarAnalysisParameters(hardEdgeLightnessChange: 100)
        var analysis: ToolbarAnalysis?
        let analysisMs = Self.milliseconds { analysis = ToolbarAnalyzer.analyze(hero: hero, device: Self.device, deliveredPixelSize: nil, parameters: parameters) }
        let result = try #require(analysis)
        var baked: BakedScrim?
        let bakeMs = Self.milliseconds { baked = ScrimBaker.bake(hero: hero, recommendation: result.recommendation, device: Self.device, parameters: parameters) }
        let bake = try #require(baked)
        let recommendation = result.recommendation

        #expect(bake.meetsTarget, "\(file): \(bake.verification)")
        #expect(bake.image.format == hero.format && bake.image.size == hero.size && bake.image.colorSpace == hero.colorSpace)
        #expect(bake.opacity >= (recommendation.scrim?.opacity ?? 0))
        for (name, achieved) in bake.verification { #expect(achieved >= 4.5, "\(file) \(name): \(achieved)") }
        if recommendation.scrim == nil { #expect(bake.image == hero) }

        // Independent check at full resolution: blur the baked colour image in linear light (not the
        // reduced luminance plane) and measure each region's hero-pixel rectangle.
        let model = LuminanceModel(family: hero.colorSpace.family) ?? .sRGB
        var planes: [GlyphSurface: LuminancePlane] = [:]
        var fullResolutionWorst = Double.infinity
        for report in result.regions where report.region.isAtRest {
            let plane = planes[report.surface] ?? LuminancePlane(image: bake.image.blurred(sigma: report.blurSigmaPixels), model: model)
            planes[report.surface] = plane
            let metrics = RegionMetrics(plane: plane, rect: report.rect, parameters: RegionMetricsParameters(pixelsPerPoint: result.pixelsPerPoint))
            let contrast = GlyphRegionVerdict.contrast(of: recommendation.glyphTone, metrics: metrics, target: parameters.target)
            fullResolutionWorst = min(fullResolutionWorst, contrast)
            // The full-resolution plane keeps detail the 1-px-per-point plane averages: allow 1 %.
            #expect(contrast >= 4.5 * 0.99, "\(file) \(report.name): \(contrast) at full resolution")
        }

        let scrim = recommendation.scrim.map { s in
            String(format: "%@ %.2f (min %.3f, baked %.2f), %.0f pt", s.color.rawValue, s.opacity, s.minimumOpacity, bake.opacity, s.heightPoints)
        } ?? "none"
        let worst = bake.verification.values.min() ?? 0
        print(String(format: "toolbar | %@ | %@ | scrim %@ | %@ | busy %@ | worst %.2f (full resolution %.2f) | analysis %.1f ms | bake %.1f ms",
                     file, recommendation.glyphTone.rawValue, scrim, recommendation.scrollEdgeEffect.rawValue,
                     recommendation.busyRegions.isEmpty ? "-" : recommendation.busyRegions.joined(separator: ","),
                     worst, fullResolutionWorst, analysisMs, bakeMs))
    }
}
