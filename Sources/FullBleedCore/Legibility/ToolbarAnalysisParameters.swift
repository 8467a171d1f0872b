/// When the inline navigation title is drawn over a device hero.
public enum InlineTitlePlacement: String, Sendable, Hashable, Codable {
    /// Past `collapseOffsetPoints`, as the recipe and the generated `HeroHeader` show it (default): the
    /// title is then over the hero's bottom rows, not over the band at rest, and does not size the scrim.
    case afterCollapse = "after-collapse"
    /// Always, over the band at rest (an app that keeps a standard inline title): the scrim serves it too.
    case atRest = "at-rest"
}

/// Settings of `ToolbarAnalyzer` and `ScrimBaker`. Lengths are in **points**; defaults are SPEC values or
/// engineering estimates [E] (SPEC 2.5-2.7).
public struct ToolbarAnalysisParameters: Sendable, Hashable, Codable {
    /// The contrast every glyph region must reach: WCAG ratio (default 4.5:1) or APCA `|Lc|`.
    public var target: LegibilityTarget
    /// Where the recommended scrim is composited: on gamma-encoded values (default; what UIKit, SwiftUI
    /// and CSS overlays do) or in linear light.
    public var compositing: ScrimCompositing
    /// Gaussian sigma of the Liquid Glass blur behind the back button and the trailing capsules [E: 10 pt].
    public var glassSigmaPoints: Double
    /// Pipeline text boxes measured besides (or, without a device, instead of) the toolbar regions.
    public var textBoxes: [TextBox]
    /// Gaussian sigma for glyphs drawn on the photo (status bar, title, text boxes): about one stroke
    /// width of blur, so that isolated specular pixels do not dominate [E: 1.5 pt].
    public var glyphSigmaPoints: Double
    /// Opacity added to the closed-form minimum for 8-bit rounding and display flare [SPEC 2.5: 0.02-0.05].
    public var opacityMargin: Double
    /// Distance over which a scrim eases from a region's opacity to 0, beyond the region [E: 48 pt, about
    /// two lines of the inline title]; the eased part uses smootherstep sampled at `fadeStopCount` stops.
    public var scrimFadePoints: Double
    /// Stops sampled along each fade (piecewise-linear gradient stops, what SwiftUI and CSS draw) [E: 8].
    public var fadeStopCount: Int
    /// Step by which `ScrimBaker` raises the opacity when the baked pixels miss the target [E: 0.01].
    public var bakeOpacityStep: Double
    /// Above this mean CIE L* change (0-100) of the top scrim over the band the band gets the `.hard` scroll
    /// edge effect: above it no scrim stays subtle; see `ScrollEdgeStyle` [default `subtleScrimLightnessChange`].
    public var hardEdgeLightnessChange: Double
    /// The largest mean CIE L* change (0-100) over the band that a white (light) scrim under black glyphs may
    /// make, measured as the baked file's `bandLightnessChange`: black glyphs are chosen only where the band
    /// is already light enough that they need no scrim, or a white scrim this subtle; everywhere else the
    /// glyphs are white over a dark gradient (the recipe's "subtle dark gradient at the top") [E: 5 L*].
    public var lightScrimLightnessChange: Double
    /// RMS contrast (std of L*) of a photo-drawn band region above which, with edge density above
    /// `metrics.edgeDensityThreshold`, the band gets the `.hard` edge [SPEC 2.6: "plate if > 20"].
    public var hardEdgeRMSContrast: Double
    /// Where the glyphs of the status bar and navigation bar sit.
    public var geometry: ToolbarGeometry
    /// When the inline title is on screen, which sets the hero rows it is measured on.
    public var inlineTitle: InlineTitlePlacement
    /// Width in points at which a hero without a device (web) is shown, to convert the blurs to pixels
    /// [E: 430 pt, the corpus web job's 1290/860/430-px tiers].
    public var webWidthPoints: Double
    /// Percentiles and busy thresholds of the region metrics; its `wcagRatio`, `apcaLc` and
    /// `pixelsPerPoint` are replaced by the target and the analysis resolution.
    public var metrics: RegionMetricsParameters

    /// The largest mean CIE L* change (0-100) over the band that a scrim may make and still be subtle: the
    /// recipe's "subtle dark gradient", a tenth of the lightness scale (a sky at L* 80 darkened to 70). The
    /// default of `hardEdgeLightnessChange`, and the limit above which a baked scrim is reported not subtle.
    public static let subtleScrimLightnessChange = 10.0

    public init(target: LegibilityTarget = .wcag(ratio: 4.5), compositing: ScrimCompositing = .gammaEncoded,
                glassSigmaPoints: Double = 10, textBoxes: [TextBox] = [], glyphSigmaPoints: Double = 1.5,
                opacityMargin: Double = 0.02, scrimFadePoints: Double = 48, fadeStopCount: Int = 8,
                bakeOpacityStep: Double = 0.01, hardEdgeLightnessChange: Double = subtleScrimLightnessChange, lightScrimLightnessChange: Double = 5, hardEdgeRMSContrast: Double = 20,
                geometry: ToolbarGeometry = .iOS26, inlineTitle: InlineTitlePlacement = .afterCollapse, webWidthPoints: Double = 430, metrics: RegionMetricsParameters = .default) {
        switch target {
        case .wcag(let ratio): precondition(ratio >= 1 && ratio.isFinite, "WCAG target must be a finite ratio >= 1, got \(ratio)")
        case .apca(let lc): precondition(lc >= 0 && lc.isFinite, "APCA target must be a finite Lc >= 0, got \(lc)")
        }
        precondition(glassSigmaPoints >= 0 && glyphSigmaPoints >= 0 && glassSigmaPoints.isFinite && glyphSigmaPoints.isFinite,
                     "blur sigmas must be finite and >= 0")
        precondition((0...1).contains(opacityMargin) && scrimFadePoints >= 0 && fadeStopCount >= 1,
                     "opacity margin must be in 0...1, fade length >= 0, fade stops >= 1")
        precondition(bakeOpacityStep > 0 && bakeOpacityStep <= 1 && (0...100).contains(hardEdgeLightnessChange),
                     "bake step must be in (0, 1], hard-edge L* change in 0...100")
        precondition((0...100).contains(lightScrimLightnessChange), "light-scrim L* change must be in 0...100")
        precondition(webWidthPoints > 0 && webWidthPoints.isFinite, "web width must be positive")
        self.target = target
        self.compositing = compositing
        self.glassSigmaPoints = glassSigmaPoints
        self.textBoxes = textBoxes
        self.glyphSigmaPoints = glyphSigmaPoints
        self.opacityMargin = opacityMargin
        self.scrimFadePoints = scrimFadePoints
        self.fadeStopCount = fadeStopCount
        self.bakeOpacityStep = bakeOpacityStep
        self.hardEdgeLightnessChange = hardEdgeLightnessChange
        self.lightScrimLightnessChange = lightScrimLightnessChange
        self.hardEdgeRMSContrast = hardEdgeRMSContrast
        self.geometry = geometry
        self.inlineTitle = inlineTitle
        self.webWidthPoints = webWidthPoints
        self.metrics = metrics
    }

    /// The blur sigma in points that glyphs on `surface` see.
    public func sigmaPoints(for surface: GlyphSurface) -> Double {
        surface == .glass ? glassSigmaPoints : glyphSigmaPoints
    }

    /// `metrics` with the target's ratio or `Lc` and the analysis resolution filled in.
    func regionMetricsParameters(pixelsPerPoint: Double) -> RegionMetricsParameters {
        var parameters = metrics
        switch target {
        case .wcag(let ratio): parameters.wcagRatio = ratio
        case .apca(let lc): parameters.apcaLc = lc
        }
        parameters.pixelsPerPoint = pixelsPerPoint
        return parameters
    }
}
