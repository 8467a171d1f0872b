import FullBleedImage

/// A hero with its recommended scrim gradients baked in, and the contrast re-measured on the result.
public struct BakedScrim: Sendable, Equatable {
    /// The composited hero, in the input's format and colour space (8-bit stays 8-bit).
    public var image: Image
    /// Final strongest opacity of the top scrim (0 when there is none); at least the recommended one.
    public var opacity: Double
    /// Final strongest opacity of the lower text boxes' bottom scrim, when there is one.
    public var lowerOpacity: Double?
    /// The scrims as baked (the recommended ones, scaled up when the opacity had to be raised).
    public var scrims: [ScrimRecommendation]
    /// Per region, the lowest contrast its group's glyph tone reaches on the composited pixels and on every
    /// delivered rendering of them (the files as decoded), measured like the analysis (same blurs and
    /// percentiles): WCAG ratio, or `|Lc|` for an APCA target.
    public var verification: [String: Double]
    /// Whether every region reaches the target.
    public var meetsTarget: Bool
    /// How many times an opacity was raised by `bakeOpacityStep` beyond the recommendation.
    public var raiseSteps: Int

    public init(image: Image, opacity: Double, lowerOpacity: Double?, scrims: [ScrimRecommendation],
                verification: [String: Double], meetsTarget: Bool, raiseSteps: Int) {
        self.image = image
        self.opacity = opacity
        self.lowerOpacity = lowerOpacity
        self.scrims = scrims
        self.verification = verification
        self.meetsTarget = meetsTarget
        self.raiseSteps = raiseSteps
    }
}

/// Bakes a `ToolbarRecommendation`'s scrims into the hero, as a derivative of its own, and re-verifies
/// the contrast on the composited pixels rather than trusting the closed form (SPEC 2.5, 7.3).
///
/// The gradients are composited as recommended (gamma-encoded or linear light, `ScrimCompositor`), then
/// every glyph region is measured again exactly as `ToolbarAnalyzer` measures it, on the composited pixels
/// and on each rendering `delivered` returns (the caller's encode-then-decode of the files it will write, so
/// the codec's loss is included: a gradient fitted to exactly the target leaves nothing for JPEG). While a
/// group (the top scrim's regions, or the lower text boxes) misses the target on any of them, its scrim's
/// opacity is raised by `parameters.bakeOpacityStep` (every stop scaled) and the original hero composited
/// again, up to opacity 1 (at most `1 / bakeOpacityStep` rounds). A group without a scrim is not given one:
/// call the analyzer on the same hero first. Deterministic when `delivered` is.
public enum ScrimBaker {
    /// - Parameters:
    ///   - hero: the hero the recommendation was made for, at any tier (the gradient is in points).
    ///   - device: the device the analysis used (nil for web targets).
    ///   - delivered: the composited hero as each delivered file will decode (same size); empty when only
    ///     the composited pixels are verified.
    public static func bake(hero: Image, recommendation: ToolbarRecommendation, device: DeviceClass?,
                            parameters: ToolbarAnalysisParameters,
                            delivered: (Image) -> [Image] = { _ in [] }) -> BakedScrim {
        let layout = HeroGlyphLayout(hero: hero, device: device, parameters: parameters)
        let measurer = GlyphRegionMeasurer(parameters: parameters)
        let threshold = parameters.target.threshold
        var top = recommendation.scrim, bottom = recommendation.lowerText?.scrim
        var steps = 0
        while true {
            let scrims = [top, bottom].compactMap { $0 }
            let image = ScrimCompositor.composite(hero, scrims: scrims, pixelsPerPoint: layout.pixelsPerPoint,
                                                  heroHeightPoints: layout.heroHeightPoints)
            let reports = ([image] + delivered(image)).flatMap { picture in
                measurer.measure(hero: picture, regions: layout.regions.filter(\.isAtRest), pixelsPerPoint: layout.pixelsPerPoint).reports
            }
            var verification: [String: Double] = [:]
            var failing: Set<ScrimEdge> = []
            for report in reports {
                let edge = report.region.scrimEdge
                let achieved = report.verdict.contrast(of: recommendation.glyphTone(for: edge))
                verification[report.name] = min(verification[report.name] ?? .infinity, achieved)
                if achieved < threshold { failing.insert(edge) }
            }
            func raised(_ scrim: ScrimRecommendation?, _ edge: ScrimEdge) -> ScrimRecommendation? {
                guard failing.contains(edge), let scrim, scrim.opacity < 1 else { return nil }
                return scrim.scaled(toOpacity: min(1, scrim.opacity + parameters.bakeOpacityStep))
            }
            let raisedTop = raised(top, .top), raisedBottom = raised(bottom, .bottom)
            if raisedTop == nil && raisedBottom == nil {
                return BakedScrim(image: image, opacity: top?.opacity ?? 0, lowerOpacity: bottom?.opacity, scrims: scrims,
                                  verification: verification, meetsTarget: failing.isEmpty, raiseSteps: steps)
            }
            top = raisedTop ?? top
            bottom = raisedBottom ?? bottom
            steps += 1
        }
    }
}
