import FullBleedImage

/// Measures where the status bar, navigation bar and app text glyphs sit on a hero, each region with the
/// blur its glyphs really see (SPEC 2.7), and recommends the toolbar tone, scrim and scroll edge effect.
///
/// - Regions are placed in points (`ToolbarGeometry`, `TextBox`) and converted with the hero's pixels per
///   point (hero width / device width). Glass regions (back button, trailing capsules) are measured after a
///   Gaussian of `glassSigmaPoints`, photo regions (status bar, title, text boxes) after `glyphSigmaPoints`.
/// - Measurement runs on a linear-luminance plane of the rows the regions need, reduced by an integer box
///   to about 1 pixel per point, in the hero's colour space (`LuminanceModel(family:)`; other ICC profiles
///   as `LuminancePlane(image:)` reads them by default). Alpha is ignored.
/// - Deterministic: the same hero and parameters give the same analysis, whatever the thread count.
public enum ToolbarAnalyzer {
    /// Analyses `hero`.
    /// - Parameters:
    ///   - hero: the final cropped hero at any tier (encoded or linear, any layout and sample type).
    ///   - device: the device whose toolbar covers the hero; nil for web targets (then only the text boxes
    ///     are measured, the recommendation comes from them, and `layout` is nil).
    ///   - deliveredPixelSize: the largest produced derivative, for `HeroLayout.maximumStretch`; nil uses
    ///     the hero's own size.
    ///   - subjectSpan: the vertical extent of the hero's subject, fractions of the hero's height (0 = top
    ///     edge); a scrim's fade ends where the subject starts (`ScrimProfile.clearance`). nil: no subject.
    ///   - glyphTone: the status bar and toolbar tone when a person chose it (nil: the rules on
    ///     `ToolbarRecommendation` choose). The top scrim is then fitted for that tone (opacity 1 when no
    ///     scrim reaches the target) and `recommendedGlyphTone` keeps the rules' choice; low text boxes keep theirs.
    public static func analyze(hero: Image, device: DeviceClass?, deliveredPixelSize: PixelSize?,
                               subjectSpan: ClosedRange<Double>? = nil, glyphTone: GlyphTone? = nil,
                               parameters: ToolbarAnalysisParameters) -> ToolbarAnalysis {
        let layout = HeroGlyphLayout(hero: hero, device: device, parameters: parameters)
        let (reports, analysisPPP) = GlyphRegionMeasurer(parameters: parameters)
            .measure(hero: hero, regions: layout.regions, pixelsPerPoint: layout.pixelsPerPoint)
        // Each edge's band, from the edge to the far side of its glyph regions at rest, at the hero's own
        // resolution, as the baked file's `bandLightnessChange` is measured: the tone choice compares the
        // candidate gradients on it, and holds a white veil to `lightScrimLightnessChange` on it. Each candidate
        // is measured as it will be baked: raised until the composited pixels reach the target (gamma-space
        // compositing over fine detail can need more than the closed form on the blurred luminance says).
        let bands = [ScrimEdge.top, .bottom].compactMap { edge -> ScrimBandPreview? in
            guard let extent = ToolbarAnalysis.glyphExtentPoints(of: reports.map(\.region), from: edge,
                                                                 heroHeightPoints: layout.heroHeightPoints) else { return nil }
            return ScrimBandPreview(hero: hero, heroPixelsPerPoint: layout.pixelsPerPoint, edge: edge, extentPoints: extent,
                                    pixelsPerPoint: layout.pixelsPerPoint)
        }
        let recommendation = ToolbarRecommender.recommend(reports, heroHeightPoints: layout.heroHeightPoints,
                                                        subjectSpanPoints: subjectSpan.map { ($0.lowerBound * layout.heroHeightPoints)...($0.upperBound * layout.heroHeightPoints) },
                                                        glyphTone: glyphTone,
                                                        measuredChange: { scrim in
                                                            bands.first { $0.edge == scrim.edge }?.change(asBaked(scrim, hero: hero, device: device, parameters: parameters)) ?? 0
                                                        },
                                                        parameters: parameters)
        return ToolbarAnalysis(regions: reports, recommendation: recommendation,
                               layout: device.map { HeroLayout(device: $0, deliveredPixelSize: deliveredPixelSize ?? hero.size) },
                               deviceID: device?.id, heroPixelSize: hero.size, pixelsPerPoint: layout.pixelsPerPoint,
                               heroHeightPoints: layout.heroHeightPoints, analysisPixelsPerPoint: analysisPPP,
                               parameters: parameters)
    }

    /// `scrim` as `ScrimBaker` bakes it into `hero` for the glyph tone it serves: raised in
    /// `bakeOpacityStep`s until that tone reaches the target on the composited pixels.
    static func asBaked(_ scrim: ScrimRecommendation, hero: Image, device: DeviceClass?, parameters: ToolbarAnalysisParameters) -> ScrimRecommendation {
        let tone = scrim.color.glyphTone
        let candidate = scrim.edge == .top
            ? ToolbarRecommendation(glyphTone: tone, scrim: scrim, scrollEdgeEffect: .soft, regionNames: [], busyRegions: [], lowerText: nil)
            : ToolbarRecommendation(glyphTone: .white, scrim: nil, scrollEdgeEffect: .soft, regionNames: [], busyRegions: [],
                                    lowerText: LowerTextRecommendation(glyphTone: tone, scrim: scrim, regionNames: [], busyRegions: []))
        return ScrimBaker.bake(hero: hero, recommendation: candidate, device: device, parameters: parameters).scrims.first ?? scrim
    }
}
